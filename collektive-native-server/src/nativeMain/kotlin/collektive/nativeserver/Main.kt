@file:OptIn(ExperimentalForeignApi::class)

package collektive.nativeserver

import collektive.nativeserver.sys.ck_install_stop_handlers
import collektive.nativeserver.sys.ck_stop_signal
import collektive.protocol.ServerIdentity
import collektive.protocol.ServerOptions
import collektive.protocol.TimingIds
import collektive.protocol.Transport
import kotlinx.cinterop.ExperimentalForeignApi
import platform.posix.fflush
import platform.posix.stdout
import kotlin.system.exitProcess

/** Exit code when the timing CSV could not be written completely (docs/protocol.md, "Process"), as the JVM server's. */
internal const val EXIT_CSV_INCOMPLETE: Int = 74

/** Who answers `hello` (docs/protocol.md, "hello") and names itself in the listening line and errors. */
internal val NATIVE_SERVER = ServerIdentity("collektive-native-server")

private val NAME = NATIVE_SERVER.name

/** `--help`: the flags both servers share, and what differs here. */
internal fun usage(): String = ServerOptions.usage(NAME) + """
$NAME serves the shared-memory channel only: --transport shm --path FILE is required (tcp and uds: the JVM
server). --warmup is accepted and ignored: Kotlin/Native is compiled ahead of time, there is no JIT to warm up."""

/**
 * Entry point: `collektive-native-server.kexe --transport shm --path FILE [options]` (see [usage]). Prints one line
 * `collektive-native-server listening on shm:PATH` on stdout when ready and serves until SIGTERM/SIGINT, which stop
 * the client at a request boundary, then complete the timing CSV (exit 128 + the signal: 143 for SIGTERM, as the
 * JVM server). Bad options exit 2 (any transport but shm too), a path that cannot be bound 1, a timing CSV that
 * could not be written completely [EXIT_CSV_INCOMPLETE].
 */
fun main(args: Array<String>) {
    if ("--help" in args || "-h" in args) {
        println(usage())
        return
    }
    val options = try {
        ServerOptions.parse(args)
    } catch (e: IllegalArgumentException) {
        errorLine("$NAME: ${e.message}\n${usage()}")
        exitProcess(2)
    }
    if (options.transport != Transport.SHM) {
        errorLine("$NAME: only --transport shm is served (shared memory, docs/protocol.md), was --transport ${options.transport.flag}; tcp and uds: the JVM server")
        exitProcess(2)
    }
    if (ck_install_stop_handlers() != 0) {
        errorLine("$NAME: ${osFailure("cannot install the signal handlers").message}")
        exitProcess(1)
    }
    val timing = options.csv?.let {
        try {
            TimingLog.open(it, TimingIds.NAMES)
        } catch (e: OsException) {
            errorLine("$NAME: ${e.message}")
            exitProcess(1)
        }
    }
    val server = ShmServer(options, timing) { ck_stop_signal() != 0 }
    try {
        server.bind()
    } catch (e: OsException) {
        errorLine("$NAME: cannot listen on shm:${options.path}: ${e.message}")
        timing?.close()
        exitProcess(1)
    }
    println("$NAME listening on ${server.listeningOn}")
    fflush(stdout)
    server.acceptUntilStopped()
    server.close() // the client stops at a request boundary: every reply published has its row
    timing?.close()
    timing?.failure?.let {
        log("stopped; the timing CSV ${options.csv} is INCOMPLETE: writing it failed ($it); exiting with code $EXIT_CSV_INCOMPLETE")
        exitProcess(EXIT_CSV_INCOMPLETE)
    }
    log("stopped" + (options.csv?.let { ", timings written to $it" } ?: ""))
    exitProcess(128 + ck_stop_signal())
}
