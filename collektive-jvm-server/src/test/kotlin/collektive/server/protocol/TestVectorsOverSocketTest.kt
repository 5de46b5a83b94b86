package collektive.server.protocol

import collektive.protocol.ServerOptions
import collektive.protocol.Transport
import collektive.server.Client
import collektive.server.TestServer
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.boolean
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory
import org.junit.jupiter.api.TestInstance
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The committed cross-build test vectors (collektive-core/test-vectors) replayed through the socket protocol:
 * every round's values (bit for bit, through JSON text or the binary frame) and neighbour lists equal the vector's.
 * Each vector runs twice: as a reference client would (one `newPosition` line per device, JSON replies) and with
 * the extensions (`positions`, binary frames).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestVectorsOverSocketTest {
    private val server = TestServer()
    private val unixServer = TestServer(ServerOptions(transport = Transport.UDS, warmupRounds = 0))
    private val dir = File(System.getProperty("collektive.vectors.dir") ?: "../collektive-core/test-vectors")

    @AfterAll
    fun stop() {
        server.close()
        unixServer.close()
    }

    @TestFactory
    fun `every test vector replays exactly over the socket`(): List<DynamicTest> = replayAll(server)

    @TestFactory
    fun `every test vector replays exactly over a Unix domain socket`(): List<DynamicTest> = replayAll(unixServer)

    private fun replayAll(server: TestServer): List<DynamicTest> {
        val index = Json.parseToJsonElement(File(dir, "index.json").readText()).jsonObject
        val names = index.getValue("vectors").jsonArray.map { it.jsonPrimitive.content }
        assertTrue(names.size >= 5, "the vectors index lists vectors: $names")
        return names.flatMap { name ->
            val vector = Json.parseToJsonElement(File(dir, name).readText()).jsonObject
            listOf(false, true).map { extensions ->
                DynamicTest.dynamicTest("$name (${if (extensions) "positions + binary" else "reference messages"})") {
                    server.connect().use { replay(vector, it, extensions) }
                }
            }
        }
    }

    private fun replay(vector: JsonObject, client: Client, extensions: Boolean) {
        val n = vector.getValue("nodeCount").jsonPrimitive.int
        val maxDistance = vector.getValue("maxDistance").jsonPrimitive.content.toDouble()
        val program = vector.getValue("program").jsonPrimitive.content.lowercase()
        client.send(Protocol.requestLine("createSim", CreateSim.serializer(), CreateSim(n, maxDistance, program)))
        for ((r, roundElement) in vector.getValue("rounds").jsonArray.withIndex()) {
            val round = roundElement.jsonObject
            for (opElement in round.getValue("ops").jsonArray) {
                val op = opElement.jsonObject
                val xyz = op["xyz"]?.jsonArray?.map { it.jsonPrimitive.content.toDouble() }?.toDoubleArray()
                when (val kind = op.getValue("op").jsonPrimitive.content) {
                    "setSource" -> client.send(Protocol.requestLine("setSource", SetSource.serializer(), SetSource(op.getValue("node").jsonPrimitive.int, op.getValue("isSource").jsonPrimitive.boolean)))
                    "clearSources" -> client.send(Protocol.requestLine("clearSources"))
                    "updatePosition" -> client.send(Protocol.requestLine("newPosition", NewPosition.serializer(), NewPosition(op.getValue("node").jsonPrimitive.int, xyz!![0], xyz[1], xyz[2])))
                    "updatePositions" -> if (extensions) {
                        client.send(Protocol.requestLine("positions", Positions.serializer(), Positions(xyz!!)))
                    } else {
                        client.send(*Array(n) { i -> Protocol.requestLine("newPosition", NewPosition.serializer(), NewPosition(i, xyz!![3 * i], xyz[3 * i + 1], xyz[3 * i + 2])) })
                    }
                    else -> error("unknown vector op $kind")
                }
            }
            val steps = round.getValue("steps").jsonPrimitive.int
            val (values, neighbors) = if (extensions) {
                client.send(Protocol.requestLine("step", Step.serializer(), Step(rid = r.toLong(), stepCount = steps, encoding = "binary")))
                val frame = client.readFrame()
                assertEquals(r.toLong(), frame.rid)
                frame.state.values.toList() to frame.state.neighbors.map { it.toList() }
            } else {
                val reply = Protocol.decodeStepReply(client.request(Protocol.requestLine("step", Step.serializer(), Step(rid = r.toLong(), stepCount = steps))))
                assertEquals(r.toLong(), reply.rid)
                reply.values.map { it.value } to reply.values.map { it.neighbors.toList() }
            }
            val expectedValues = round.getValue("values").jsonArray.map { it.jsonPrimitive.content.toDouble() }
            val expectedNeighbors = round.getValue("neighbors").jsonArray.map { ids -> ids.jsonArray.map { it.jsonPrimitive.int } }
            assertEquals(expectedValues.map { it.toRawBits() }, values.map { it.toRawBits() }, "round $r values")
            assertEquals(expectedNeighbors, neighbors, "round $r neighbours")
        }
    }
}
