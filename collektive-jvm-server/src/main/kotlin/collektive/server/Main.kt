package collektive.server

import collektive.server.connection.TimingIds
import collektive.server.protocol.Protocol
import collektive.server.timing.TimingLog
import java.io.IOException
import kotlin.system.exitProcess

/**
 * Entry point: `java -jar collektive-jvm-server.jar [options]` (see [ServerOptions.USAGE]). Prints one line
 * `collektive-jvm-server listening on HOST:PORT` on stdout when ready and serves until SIGTERM/SIGINT, whose
 * shutdown hook closes the connections and completes the timing CSV.
 */
public fun main(args: Array<String>) {
    if ("--help" in args || "-h" in args) {
        println(ServerOptions.USAGE)
        return
    }
    val options = try {
        ServerOptions.parse(args)
    } catch (e: IllegalArgumentException) {
        System.err.println("collektive-jvm-server: ${e.message}\n${ServerOptions.USAGE}")
        exitProcess(2)
    }
    val timing = try {
        options.csv?.let { TimingLog(it, TimingIds.NAMES) }
    } catch (e: IOException) {
        System.err.println("collektive-jvm-server: cannot write CSV ${options.csv}: $e")
        exitProcess(1)
    }
    val server = GradientServer(options, timing)
    val port = try {
        server.bind() // fail fast on a taken port, before the warm-up
    } catch (e: IOException) {
        System.err.println("collektive-jvm-server: cannot listen on ${options.host}:${options.port}: ${e.message}")
        timing?.close()
        exitProcess(1)
    }
    Runtime.getRuntime().addShutdownHook(
        Thread({
            server.close()
            timing?.close()
            System.err.println("[jvm-server] stopped" + (options.csv?.let { ", timings written to $it" } ?: ""))
        }, "shutdown"),
    )
    Warmup.run(options.warmupRounds, options)
    server.start()
    println("${Protocol.SERVER} listening on ${options.host}:$port")
    System.out.flush()
    server.awaitClose()
}
