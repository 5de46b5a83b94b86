package collektive.server

import collektive.engine.Scenarios
import collektive.protocol.ServerOptions
import collektive.server.connection.Connection
import collektive.server.connection.ServerBudgets
import collektive.server.protocol.BinaryPositionsFrame
import collektive.server.protocol.CreateSim
import collektive.server.protocol.NewPosition
import collektive.server.protocol.Positions
import collektive.server.protocol.Protocol
import collektive.server.protocol.SetSource
import collektive.server.protocol.Step
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.OutputStream

/**
 * Runs a scripted reference session (N = 10: per round ten `newPosition` lines and a `step`, plus some batched
 * positions, binary positions frames and binary steps) through the same [Connection] code the sockets use, in memory
 * and untimed, so the JIT has compiled the request path before the first client connects. The steady state is what the benchmark compares with the
 * ahead-of-time compiled native library.
 */
internal object Warmup {
    fun run(rounds: Int, options: ServerOptions) {
        if (rounds <= 0) return
        val n = 10
        val xyz = Scenarios.referencePositions(n, 3.0)
        val script = ByteArrayOutputStream()
        fun line(s: String) = script.write((s + "\n").toByteArray(Charsets.UTF_8))
        line(Protocol.requestLine("createSim", CreateSim.serializer(), CreateSim(n, 3.0)))
        line(Protocol.requestLine("setSource", SetSource.serializer(), SetSource(0)))
        val positions = (0 until n).map { i ->
            Protocol.requestLine("newPosition", NewPosition.serializer(), NewPosition(i, xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]))
        }
        for (r in 0 until rounds) {
            when (r % 8) {
                5 -> {
                    BinaryPositionsFrame.write(script, xyz)
                    line(Protocol.requestLine("step", Step.serializer(), Step(rid = r.toLong(), encoding = "binary")))
                }
                6 -> line(Protocol.requestLine("positions", Positions.serializer(), Positions(xyz)))
                7 -> line(Protocol.requestLine("step", Step.serializer(), Step(rid = r.toLong(), encoding = "binary")))
                else -> {
                    positions.forEach(::line)
                    line(Protocol.requestLine("step", Step.serializer(), Step(rid = r.toLong(), stepCount = 1)))
                }
            }
            if (r % 64 == 0) line(Protocol.requestLine("echo"))
        }
        val input = ByteArrayInputStream(script.toByteArray())
        val sink = object : OutputStream() {
            override fun write(b: Int) = Unit
            override fun write(b: ByteArray, off: Int, len: Int) = Unit
        }
        Connection("warm-up", input, sink, options, null, ServerBudgets(options), { System.err.println("[jvm-server] $it") }).serve()
    }
}
