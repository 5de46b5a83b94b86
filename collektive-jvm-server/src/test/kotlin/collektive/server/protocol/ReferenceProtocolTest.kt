package collektive.server.protocol

import collektive.engine.EngineState
import collektive.server.ReferenceScenario
import collektive.server.TestServer
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** A client written for the reference study works unchanged: same request lines, same reply shape. */
class ReferenceProtocolTest {
    private val server = TestServer()

    @AfterEach
    fun stop() = server.close()

    private fun assertStateEquals(expected: EngineState, reply: StepReply, round: Int) {
        assertEquals(expected.values.size, reply.values.size, "round $round: node count")
        reply.values.forEachIndexed { i, node ->
            assertEquals(expected.values[i], node.value, "round $round: value of node $i")
            assertContentEquals(expected.neighbors[i], node.neighbors, "round $round: neighbours of node $i")
        }
    }

    @Test
    fun `the reference session gets the engine's values and links every round`() {
        val engine = ReferenceScenario.localEngine()
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE, ReferenceScenario.SET_SOURCE_0)
            for (round in 1..100) {
                client.send(*ReferenceScenario.frame().toTypedArray())
                val line = client.request(ReferenceScenario.step(round.toLong()))
                engine.updatePositions(ReferenceScenario.positions)
                engine.step(1)
                val reply = Protocol.decodeStepReply(line)
                assertEquals(round.toLong(), reply.rid)
                assertStateEquals(engine.snapshot(), reply, round)
            }
        }
    }

    @Test
    fun `a step without rid gets the reference reply shape without rid`() {
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE, ReferenceScenario.SET_SOURCE_0, *ReferenceScenario.frame().toTypedArray())
            val line = client.request(ReferenceScenario.STEP)
            assertTrue(line.startsWith("""{"values":[{"value":0.0,"neighbors":["""), line)
            assertNull(Protocol.decodeStepReply(line).rid)
        }
    }

    @Test
    fun `the reply has the documented shape with rid first and bare Infinity for unreachable devices`() {
        server.connect().use { client ->
            client.send(
                """{"op":"createSim","data":{"nodeCount":3,"maxDistance":3.0}}""",
                """{"op":"setSource","data":{"nodeId":0}}""",
                """{"op":"newPosition","data":{"nodeId":0,"x":0.0,"y":0.0,"z":0.0}}""",
                """{"op":"newPosition","data":{"nodeId":1,"x":2.0,"y":0.0,"z":0.0}}""",
                """{"op":"newPosition","data":{"nodeId":2,"x":50.0,"y":0.0,"z":0.0}}""",
            )
            client.request("""{"op":"step","data":{"rid":1,"stepCount":5}}""")
            val line = client.request("""{"op":"step","data":{"rid":2,"stepCount":1}}""")
            assertEquals(
                """{"rid":2,"values":[{"value":0.0,"neighbors":[1]},{"value":2.0,"neighbors":[0]},{"value":Infinity,"neighbors":[]}]}""",
                line,
            )
        }
    }

    @Test
    fun `non-step reference ops are silent and the next step answers them all`() {
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE, ReferenceScenario.SET_SOURCE_0, *ReferenceScenario.frame().toTypedArray())
            val line = client.request(ReferenceScenario.step(7))
            assertTrue(line.startsWith("""{"rid":7,"""), "the first line back is the step reply: $line")
        }
    }

    @Test
    fun `stepCount runs that many rounds and defaults to one`() {
        val engine = ReferenceScenario.localEngine()
        engine.updatePositions(ReferenceScenario.positions)
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE, ReferenceScenario.SET_SOURCE_0, *ReferenceScenario.frame().toTypedArray())
            engine.step(4)
            assertStateEquals(engine.snapshot(), Protocol.decodeStepReply(client.request("""{"op":"step","data":{"stepCount":4}}""")), 4)
            engine.step(1)
            assertStateEquals(engine.snapshot(), Protocol.decodeStepReply(client.request("""{"op":"step","data":{}}""")), 5)
            engine.step(1)
            assertStateEquals(engine.snapshot(), Protocol.decodeStepReply(client.request("""{"op":"step"}""")), 6)
        }
    }

    @Test
    fun `unknown keys are ignored and key order does not matter, as in the reference`() {
        server.connect().use { client ->
            client.send(
                """{"data":{"maxDistance":3,"nodeCount":2,"comment":"x"},"op":"createSim","extra":[1,2]}""",
                """{"data":{"nodeId":0},"op":"setSource"}""",
                """{"op":"newPosition","data":{"z":0,"y":0,"x":1.5,"nodeId":1}}""",
            )
            val reply = Protocol.decodeStepReply(client.request("""{"data":{"stepCount":2,"rid":9},"op":"step"}"""))
            assertEquals(9L, reply.rid)
            assertEquals(listOf(0.0, 1.5), reply.values.map { it.value })
        }
    }

    @Test
    fun `createSim again replaces the engine`() {
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE, ReferenceScenario.SET_SOURCE_0)
            client.request(ReferenceScenario.step(1))
            client.send("""{"op":"createSim","data":{"nodeCount":4,"maxDistance":1.0}}""")
            val reply = Protocol.decodeStepReply(client.request(ReferenceScenario.step(2)))
            assertEquals(4, reply.values.size)
            assertTrue(reply.values.all { it.value == Double.POSITIVE_INFINITY }, "no source in the new engine")
        }
    }

    @Test
    fun `request lines built with the protocol classes equal the reference client's lines`() {
        assertEquals(ReferenceScenario.CREATE, Protocol.requestLine("createSim", CreateSim.serializer(), CreateSim(10, 3.0)))
        assertEquals(ReferenceScenario.SET_SOURCE_0, Protocol.requestLine("setSource", SetSource.serializer(), SetSource(0)))
        assertEquals(
            """{"op":"newPosition","data":{"nodeId":3,"x":-1.5,"y":-6.0,"z":0.0}}""",
            Protocol.requestLine("newPosition", NewPosition.serializer(), NewPosition(3, -1.5, -6.0, 0.0)),
        )
        assertEquals("""{"op":"step","data":{"rid":5,"stepCount":2}}""", Protocol.requestLine("step", Step.serializer(), Step(rid = 5, stepCount = 2)))
        assertEquals("""{"op":"hello"}""", Protocol.requestLine("hello"))
    }
}
