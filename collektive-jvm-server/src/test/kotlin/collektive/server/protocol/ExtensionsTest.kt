package collektive.server.protocol

import collektive.engine.AggregateEngine
import collektive.engine.Program
import collektive.engine.Scenarios
import collektive.protocol.ServerOptions
import collektive.protocol.Transport
import collektive.server.ReferenceScenario
import collektive.server.TestServer
import kotlinx.serialization.json.jsonObject
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The opt-in extensions: batched positions (JSON and the binary positions frame), positions inside step, binary state
 * frames, clearSources, echo, hello.
 */
class ExtensionsTest {
    private val server = TestServer()

    @AfterEach
    fun stop() = server.close()

    private val n = 40
    private val xyz = Scenarios.randomPositions(n, seed = 7, meanDegree = 6.0, maxDistance = 3.0)
    private val create = Protocol.requestLine("createSim", CreateSim.serializer(), CreateSim(n, 3.0))
    private val source = Protocol.requestLine("setSource", SetSource.serializer(), SetSource(3))

    private fun local(): AggregateEngine = AggregateEngine(n, 3.0).also {
        it.setSource(3, true)
        it.updatePositions(xyz)
    }

    private fun assertSame(engine: AggregateEngine, reply: StepReply) {
        val state = engine.snapshot()
        assertContentEquals(state.values, reply.values.map { it.value }.toDoubleArray())
        state.neighbors.forEachIndexed { i, ids -> assertContentEquals(ids, reply.values[i].neighbors, "neighbours of $i") }
    }

    @Test
    fun `positions sets every device at once like one newPosition per device`() {
        val engine = local()
        server.connect().use { client ->
            client.send(create, source, Protocol.requestLine("positions", Positions.serializer(), Positions(xyz)))
            repeat(20) { engine.step(1) }
            assertSame(engine, Protocol.decodeStepReply(client.request("""{"op":"step","data":{"rid":1,"stepCount":20}}""")))
        }
    }

    /** Request lines (strings, each given its newline) and binary frames (byte arrays) as the bytes of one write. */
    private fun requests(vararg parts: Any): ByteArray = java.io.ByteArrayOutputStream().apply {
        for (p in parts) write(if (p is String) "$p\n".toByteArray() else p as ByteArray)
    }.toByteArray()

    @Test
    fun `a binary positions frame sets every device like positions, between JSON lines of the same write`() {
        val engine = local()
        server.connect().use { client ->
            client.sendBytes(requests(create, source, BinaryPositionsFrame.encode(xyz), """{"op":"step","data":{"rid":1,"stepCount":20}}"""))
            repeat(20) { engine.step(1) }
            assertSame(engine, Protocol.decodeStepReply(checkNotNull(client.readLine())))
        }
    }

    @Test
    fun `a frame cut into many writes, its header too, is read whole, frame after frame`() {
        val engine = local()
        server.connect().use { client ->
            client.send(create, source)
            for (round in 1..5) {
                val moved = xyz.copyOf().also { for (i in it.indices step 3) it[i] += 0.5 * round }
                val frame = BinaryPositionsFrame.encode(moved)
                var at = 0
                for (size in generateSequence(1) { if (it < 4) 4 else 100 }) { // 1 byte, 4 bytes (the header cut twice), then 100s
                    if (at >= frame.size) break
                    client.sendBytes(frame.copyOfRange(at, minOf(frame.size, at + size)))
                    at += size
                    Thread.sleep(1)
                }
                client.send(Protocol.requestLine("step", Step.serializer(), Step(rid = round.toLong(), encoding = "binary")))
                engine.updatePositions(moved)
                engine.step(1)
                val reply = client.readFrame()
                assertEquals(round.toLong(), reply.rid)
                assertContentEquals(engine.snapshot().values, reply.state.values, "round $round")
            }
        }
    }

    @Test
    fun `a frame over a Unix socket is read as over TCP`() {
        val engine = local()
        TestServer(ServerOptions(transport = Transport.UDS, warmupRounds = 0)).use { uds ->
            uds.connect().use { client ->
                client.sendBytes(requests(create, source, BinaryPositionsFrame.encode(xyz), """{"op":"step","data":{"rid":1,"stepCount":20}}"""))
                repeat(20) { engine.step(1) }
                assertSame(engine, Protocol.decodeStepReply(checkNotNull(client.readLine())))
            }
        }
    }

    @Test
    fun `step with xyz moves the devices before the round`() {
        val engine = local()
        val moved = xyz.copyOf().also { for (i in it.indices step 3) it[i] += 1.25 }
        server.connect().use { client ->
            client.send(create, source)
            client.request(Protocol.requestLine("step", Step.serializer(), Step(rid = 1, stepCount = 10, xyz = xyz)))
            engine.step(10)
            val reply = Protocol.decodeStepReply(client.request(Protocol.requestLine("step", Step.serializer(), Step(rid = 2, xyz = moved))))
            engine.updatePositions(moved)
            engine.step(1)
            assertEquals(2L, reply.rid)
            assertSame(engine, reply)
        }
    }

    @Test
    fun `binary step answers with a frame holding the state buffer and the rid`() {
        val engine = local()
        server.connect().use { client ->
            client.send(create, source, Protocol.requestLine("positions", Positions.serializer(), Positions(xyz)))
            for (round in 1..10) {
                client.send(Protocol.requestLine("step", Step.serializer(), Step(rid = round * 1000L, encoding = "binary")))
                assertEquals(BinaryStateFrame.MARKER, client.peek())
                val frame = client.readFrame()
                engine.step(1)
                assertEquals(round * 1000L, frame.rid)
                val expected = engine.snapshot()
                assertContentEquals(expected.values, frame.state.values)
                expected.neighbors.forEachIndexed { i, ids -> assertContentEquals(ids, frame.state.neighbors[i]) }
            }
            // JSON and binary replies interleave on one connection.
            val json = Protocol.decodeStepReply(client.request(Protocol.requestLine("step", Step.serializer(), Step(rid = 11))))
            engine.step(1)
            assertSame(engine, json)
            client.send("""{"op":"step","data":{"encoding":"binary"}}""")
            assertEquals(BinaryStateFrame.NO_RID, client.readFrame().rid)
        }
    }

    @Test
    fun `a binary frame's length covers rid and state buffer`() {
        server.connect().use { client ->
            client.send("""{"op":"createSim","data":{"nodeCount":2,"maxDistance":3.0}}""", """{"op":"step","data":{"rid":3,"encoding":"binary"}}""")
            val bytes = ByteArray(13 + 4 + 2 * 12 + 2 * 4)
            var off = 0
            while (off < bytes.size) off += client.socket.getInputStream().read(bytes, off, bytes.size - off)
            assertEquals(0, bytes[0].toInt())
            assertEquals(8 + 4 + 2 * 12 + 2 * 4, bytes[1].toInt() and 0xff) // little-endian length, low byte
            assertEquals(3, bytes[5].toInt()) // rid, low byte
            assertEquals(2, bytes[13].toInt()) // state buffer: nodeCount
        }
    }

    @Test
    fun `clearSources and setSource with isSource false remove sources`() {
        val engine = ReferenceScenario.localEngine().also { it.updatePositions(ReferenceScenario.positions) }
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE, ReferenceScenario.SET_SOURCE_0, *ReferenceScenario.frame().toTypedArray())
            engine.step(5)
            assertSame(engine, Protocol.decodeStepReply(client.request("""{"op":"step","data":{"rid":1,"stepCount":5}}""")))
            client.send(Protocol.requestLine("clearSources"))
            engine.clearSources()
            engine.step(3)
            val cleared = Protocol.decodeStepReply(client.request("""{"op":"step","data":{"rid":2,"stepCount":3}}"""))
            assertTrue(cleared.values[0].value > 0.0, "device 0 is no longer a source")
            assertSame(engine, cleared)
            client.send("""{"op":"setSource","data":{"nodeId":4}}""", """{"op":"setSource","data":{"nodeId":5}}""", """{"op":"setSource","data":{"nodeId":4,"isSource":false}}""")
            engine.setSource(5, true)
            engine.step(5)
            val unset = Protocol.decodeStepReply(client.request("""{"op":"step","data":{"rid":3,"stepCount":5}}"""))
            assertEquals(0.0, unset.values[5].value)
            assertTrue(unset.values[4].value > 0.0, "source 4 was unset")
            assertSame(engine, unset)
        }
    }

    @Test
    fun `the hop program counts hops`() {
        val engine = AggregateEngine(n, 3.0, Program.HOP).also {
            it.setSource(3, true)
            it.updatePositions(xyz)
            it.step(30)
        }
        server.connect().use { client ->
            client.send(Protocol.requestLine("createSim", CreateSim.serializer(), CreateSim(n, 3.0, "hop")), source)
            client.send(Protocol.requestLine("positions", Positions.serializer(), Positions(xyz)))
            assertSame(engine, Protocol.decodeStepReply(client.request("""{"op":"step","data":{"stepCount":30}}""")))
        }
    }

    @Test
    fun `echo returns the request line unchanged, before and without a simulation`() {
        server.connect().use { client ->
            val line = """{"op":"echo","data":{"t":12345,"pad":"ünïcødé"}}"""
            assertEquals(line, client.request(line))
            assertEquals("""{"op":"echo"}""", client.request("""{"op":"echo"}"""))
        }
    }

    @Test
    fun `hello names the server, its ops and its limits`() {
        server.connect().use { client ->
            val hello = Protocol.json.decodeFromString(HelloReply.serializer(), client.request(Protocol.requestLine("hello")))
            assertEquals(Protocol.SERVER, hello.server)
            assertEquals(Protocol.OPS, hello.ops)
            assertEquals(listOf("json", "binary"), hello.encodings)
            val limits = hello.limits
            assertEquals(8 shl 20, limits.maxMessageBytes)
            assertEquals(100_000, limits.maxNodes)
            assertEquals(400_000L, limits.maxDevices)
            assertEquals(16, limits.maxSessions)
            assertEquals(64, limits.maxConnections)
            assertEquals(300_000L, limits.idleTimeoutMs)
            assertEquals(100_000, limits.maxSteps)
            assertEquals(5000L, limits.stepTimeBudgetMs)
            assertEquals(4_000_000, limits.maxLinks)
            assertEquals(64 shl 20, limits.maxReplyBytes)
            assertEquals(8 shl 20, limits.maxPendingReplyBytes)
            assertEquals(64L shl 20, limits.maxBufferedInputBytes)
            val raw = Protocol.json.parseToJsonElement(client.request(Protocol.requestLine("hello"))).jsonObject
            assertEquals(setOf("op", "server", "version", "ops", "encodings", "limits"), raw.keys, "no top-level maxLineBytes any more")
            assertEquals(12, raw["limits"]!!.jsonObject.size)
        }
    }
}
