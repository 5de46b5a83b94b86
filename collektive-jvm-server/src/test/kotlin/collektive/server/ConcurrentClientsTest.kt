package collektive.server

import collektive.engine.AggregateEngine
import collektive.engine.Scenarios
import collektive.server.protocol.CreateSim
import collektive.server.protocol.Positions
import collektive.server.protocol.Protocol
import collektive.server.protocol.SetSource
import collektive.server.protocol.Step
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.util.concurrent.CyclicBarrier
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals

/** Each connection has its own engine; clients running at the same time never see each other's state. */
class ConcurrentClientsTest {
    private val server = TestServer()

    @AfterEach
    fun stop() = server.close()

    /** Runs a seeded session on its own connection, checking every reply against a local engine; returns rounds run. */
    private fun session(seed: Long, n: Int, sourceNode: Int, rounds: Int, barrier: CyclicBarrier?): Int {
        val xyz = Scenarios.randomPositions(n, seed, 6.0, 3.0)
        val engine = AggregateEngine(n, 3.0).also {
            it.setSource(sourceNode, true)
            it.updatePositions(xyz)
        }
        server.connect().use { client ->
            client.send(
                Protocol.requestLine("createSim", CreateSim.serializer(), CreateSim(n, 3.0)),
                Protocol.requestLine("setSource", SetSource.serializer(), SetSource(sourceNode)),
                Protocol.requestLine("positions", Positions.serializer(), Positions(xyz)),
            )
            barrier?.await(10, TimeUnit.SECONDS)
            for (round in 1..rounds) {
                if (round % 10 == 0) { // move a device, as a scene would
                    xyz[0] += 0.5
                    engine.updatePositions(xyz)
                    client.send(Protocol.requestLine("positions", Positions.serializer(), Positions(xyz)))
                }
                val reply = Protocol.decodeStepReply(client.request(Protocol.requestLine("step", Step.serializer(), Step(rid = round.toLong()))))
                engine.step(1)
                assertEquals(round.toLong(), reply.rid)
                assertContentEquals(engine.values(), reply.values.map { it.value }.toDoubleArray(), "seed $seed round $round")
                for (i in 0 until n) assertContentEquals(engine.neighbors(i), reply.values[i].neighbors)
            }
        }
        return rounds
    }

    @Test
    fun `two concurrent clients get results of their own independent engines`() {
        val pool = Executors.newFixedThreadPool(2)
        try {
            val barrier = CyclicBarrier(2)
            val a = pool.submit<Int> { session(seed = 1, n = 30, sourceNode = 0, rounds = 200, barrier = barrier) }
            val b = pool.submit<Int> { session(seed = 2, n = 12, sourceNode = 5, rounds = 200, barrier = barrier) }
            assertEquals(200, a.get(60, TimeUnit.SECONDS))
            assertEquals(200, b.get(60, TimeUnit.SECONDS))
        } finally {
            pool.shutdownNow()
        }
    }

    @Test
    fun `sixteen clients at once, one of them misbehaving, all get correct answers`() {
        val pool = Executors.newFixedThreadPool(17)
        try {
            val barrier = CyclicBarrier(16)
            val sessions = (1..16).map { k -> pool.submit<Int> { session(seed = 100L + k, n = 5 + k, sourceNode = k % 5, rounds = 50, barrier = barrier) } }
            val vandal = pool.submit {
                repeat(30) {
                    server.connect().use { c ->
                        c.send("garbage", """{"op":"step"}""", """{"op":"createSim","data":{"nodeCount":2,"maxDistance":1}}""")
                        c.output.write("""{"op":"newPos""".toByteArray())
                        c.output.flush()
                    }
                }
            }
            sessions.forEach { assertEquals(50, it.get(120, TimeUnit.SECONDS)) }
            vandal.get(60, TimeUnit.SECONDS)
        } finally {
            pool.shutdownNow()
        }
        assertEquals(true, awaitTrue(5000) { server.server.connectionCount == 0 })
    }
}
