package collektive.server

import collektive.protocol.ServerOptions
import collektive.protocol.TimingIds
import collektive.protocol.Transport
import collektive.server.protocol.Protocol
import collektive.server.timing.TimingLog
import java.io.IOException
import java.nio.file.Path
import kotlin.system.exitProcess

/** Exit code after a fatal JVM error (out of memory, ...) in any thread: never 0 (docs/protocol.md, "Process"). */
public const val EXIT_FATAL: Int = 70

/** Exit code when the timing CSV could not be written completely (disk full, file-size limit): docs/protocol.md, "Process". */
public const val EXIT_CSV_INCOMPLETE: Int = 74

/**
 * Entry point: `java -jar collektive-jvm-server.jar [options]` (see [ServerOptions.usage]). Prints one line
 * `collektive-jvm-server listening on HOST:PORT` on stdout when ready and serves until SIGTERM/SIGINT, whose
 * shutdown hook stops the connections at a request boundary and then completes the timing CSV (exit 143 for
 * SIGTERM). Over a Unix socket the line names `unix:PATH`, over shared memory `shm:PATH`. Bad options exit 2, a
 * port or path that cannot be bound 1, a fatal JVM error [EXIT_FATAL], a timing CSV that could not be written
 * completely [EXIT_CSV_INCOMPLETE] (at the shutdown that would have completed it).
 */
public fun main(args: Array<String>) {
    if ("--help" in args || "-h" in args) {
        println(ServerOptions.usage(Protocol.SERVER))
        return
    }
    val options = try {
        ServerOptions.parse(args)
    } catch (e: IllegalArgumentException) {
        System.err.println("collektive-jvm-server: ${e.message}\n${ServerOptions.usage(Protocol.SERVER)}")
        exitProcess(2)
    }
    Thread.setDefaultUncaughtExceptionHandler { thread, e ->
        if (e is VirtualMachineError) fatal(e, thread.name) else System.err.println("[jvm-server] ${thread.name}: uncaught $e")
    }
    val timing = try {
        options.csv?.let { TimingLog(Path.of(it), TimingIds.NAMES) }
    } catch (e: IOException) {
        System.err.println("collektive-jvm-server: cannot write CSV ${options.csv}: $e")
        exitProcess(1)
    }
    val server = Server.of(options, timing)
    server.onFatal = { fatal(it, Thread.currentThread().name) }
    val listening = try {
        server.listen() // fail fast on a taken port or path, before the warm-up
    } catch (e: IOException) {
        val where = if (options.transport == Transport.TCP) "${options.host}:${options.port}" else "${options.transport.flag}:${options.path}"
        System.err.println("collektive-jvm-server: cannot listen on $where: ${e.message}")
        timing?.close()
        exitProcess(1)
    }
    Runtime.getRuntime().addShutdownHook(
        Thread({
            server.close() // connections stop at a request boundary: every reply written has its row
            timing?.close()
            val failure = timing?.failure
            if (failure != null) {
                System.err.println("[jvm-server] stopped; the timing CSV ${options.csv} is INCOMPLETE: writing it failed ($failure); exiting with code $EXIT_CSV_INCOMPLETE")
                System.err.flush()
                Runtime.getRuntime().halt(EXIT_CSV_INCOMPLETE) // from the hook: the exit status must say the CSV is incomplete
            }
            System.err.println("[jvm-server] stopped" + (options.csv?.let { ", timings written to $it" } ?: ""))
        }, "shutdown"),
    )
    Warmup.run(options.warmupRounds, options)
    server.serve()
    println("${Protocol.SERVER} listening on $listening")
    System.out.flush()
    server.awaitClose()
    // The accept thread ends only on close (the shutdown hook, which then exits 143) or on a failure: never exit 0.
    if (!server.closed) {
        System.err.println("[jvm-server] the accept thread ended unexpectedly; exiting with code $EXIT_FATAL")
        exitProcess(EXIT_FATAL)
    }
}

@Volatile
private var fatalSeen = false
private val fatalLock = Any()

/**
 * A fatal JVM error: logged, then the process exits with [EXIT_FATAL] through the shutdown hook (which completes
 * the CSV), from a fresh thread so the failing one is not needed; halted after 10 s if the hook hangs.
 */
private fun fatal(e: Throwable, where: String) {
    synchronized(fatalLock) {
        if (fatalSeen) return
        fatalSeen = true
    }
    try {
        System.err.println("[jvm-server] fatal error in $where: $e; exiting with code $EXIT_FATAL")
    } catch (_: Throwable) {
        // nothing left to log with
    }
    val halt = Thread({
        try {
            Thread.sleep(10_000)
        } finally {
            Runtime.getRuntime().halt(EXIT_FATAL)
        }
    }, "fatal-halt").apply { isDaemon = true }
    try {
        halt.start()
        Thread({ exitProcess(EXIT_FATAL) }, "fatal-exit").start()
    } catch (_: Throwable) {
        Runtime.getRuntime().halt(EXIT_FATAL) // not even a thread can be started: no hook, but never exit 0
    }
}
