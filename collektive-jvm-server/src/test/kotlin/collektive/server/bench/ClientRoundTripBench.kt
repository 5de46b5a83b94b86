package collektive.server.bench

import collektive.engine.Scenarios
import collektive.server.Client
import collektive.server.ReferenceScenario
import java.net.Socket

/**
 * Not a test: round trips from a JVM client (the tests' [Client]: blocking socket, TCP_NODELAY, reply read as a
 * line) against a running server at N = 10, median and p95 in µs for: a reference frame (ten `newPosition` lines written with the `step`), a `positions` +
 * `step` frame, and an `echo` line (the loopback floor). Args: port [rounds].
 */
fun main(args: Array<String>) {
    val port = args[0].toInt()
    val rounds = args.getOrNull(1)?.toInt() ?: 3000
    Client(Socket("127.0.0.1", port)).use { client ->
        val out = client.output
        out.write("${ReferenceScenario.CREATE}\n${ReferenceScenario.SET_SOURCE_0}\n".toByteArray())
        val xyz = Scenarios.referencePositions(10, 3.0)
        val frame = ReferenceScenario.frame(xyz).joinToString("") { "$it\n" }
        val positions = """{"op":"positions","data":{"xyz":[${xyz.joinToString(",")}]}}""" + "\n"
        val kinds = listOf("reference frame (10 newPosition + step)", "positions + step", "echo (floor)")
        val samples = Array(3) { LongArray(rounds) }
        for (r in 0 until rounds) {
            for (k in 0 until 3) {
                val request = when (k) {
                    0 -> frame + ReferenceScenario.step(r.toLong()) + "\n"
                    1 -> positions + ReferenceScenario.step(r.toLong()) + "\n"
                    else -> """{"op":"echo","data":{"r":$r}}""" + "\n"
                }.toByteArray()
                val t = System.nanoTime()
                out.write(request)
                out.flush()
                checkNotNull(client.readLine()) { "server closed" }
                samples[k][r] = System.nanoTime() - t
            }
        }
        for (k in 0 until 3) {
            val s = samples[k].copyOfRange(30, rounds).also { it.sort() }
            println("%-42s median %7.1f µs  p95 %7.1f µs".format("JVM client RTT ${kinds[k]}", s[s.size / 2] / 1e3, s[s.size * 95 / 100] / 1e3))
        }
    }
}
