package collektive.server.connection

import collektive.protocol.ServerOptions
import collektive.server.Client
import collektive.server.ReferenceScenario
import collektive.server.TestServer
import collektive.server.protocol.BinaryPositionsFrame
import collektive.server.protocol.ErrorReply
import collektive.server.protocol.Protocol
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import java.nio.ByteBuffer
import java.nio.ByteOrder
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** Every bad request gets one error line naming the problem, and the connection keeps working. */
class BadInputTest {
    private val server = TestServer(ServerOptions(port = 0, warmupRounds = 0, maxMessageBytes = 4096, maxNodes = 5000, maxStepCount = 1000))

    @AfterEach
    fun stop() = server.close()

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        textBlock = """
        not json at all                                                       | malformed request         | 
        '{"op":"step","data":{'                                               | malformed request         | 
        '[1,2,3]'                                                             | malformed request         | 
        '{"op":42}'                                                           | missing "op"              | 
        '{"data":{"nodeId":1}}'                                               | missing "op"              | 
        '{"op":"teleport","data":{}}'                                         | unknown op "teleport"     | teleport
        '{"op":"setSource","data":{}}'                                        | nodeId                    | setSource
        '{"op":"setSource","data":{"nodeId":10}}'                             | 10                        | setSource
        '{"op":"setSource","data":{"nodeId":-1}}'                             | -1                        | setSource
        '{"op":"setSource","data":{"nodeId":"zero"}}'                         | nodeId must be an integer | setSource
        '{"op":"setSource","data":{"nodeId":"1"}}'                            | nodeId must be an integer | setSource
        '{"op":"setSource","data":{"nodeId":null}}'                           | nodeId must be an integer | setSource
        '{"op":"setSource","data":{"nodeId":1,"isSource":"yes"}}'             | isSource                  | setSource
        '{"op":"createSim","data":{"nodeCount":"3","maxDistance":3.0}}'       | nodeCount must be an integer | createSim
        '{"op":"createSim","data":{"nodeCount":0,"maxDistance":3.0}}'         | in [1, 5000]              | createSim
        '{"op":"createSim","data":{"nodeCount":3.0,"maxDistance":3.0}}'       | nodeCount must be an integer | createSim
        '{"op":"createSim","data":{"nodeCount":3,"maxDistance":"3"}}'         | maxDistance must be a finite | createSim
        '{"op":"createSim","data":{"nodeCount":3,"maxDistance":Infinity}}'    | maxDistance must be a finite | createSim
        '{"op":"step","data":{"rid":4,"stepCount":"2"}}'                      | stepCount must be an integer | step
        '{"op":"newPosition","data":{"nodeId":1,"x":"1","y":2.0,"z":0.0}}'    | x must be a finite        | newPosition
        '{"op":"newPosition","data":{"nodeId":1,"x":1e999,"y":2.0,"z":0.0}}'  | x must be a finite        | newPosition
        '{"op":"setSource","data":[0]}'                                       | must be a JSON object     | setSource
        '{"op":"newPosition","data":{"nodeId":1,"x":1.0,"y":2.0}}'            | z                         | newPosition
        '{"op":"newPosition","data":{"nodeId":99,"x":1.0,"y":2.0,"z":0.0}}'   | 99                        | newPosition
        '{"op":"newPosition","data":{"nodeId":1,"x":NaN,"y":2.0,"z":0.0}}'    | newPosition               | newPosition
        '{"op":"newPosition","data":{"nodeId":1.5,"x":1,"y":2.0,"z":0.0}}'    | nodeId must be an integer | newPosition
        '{"op":"positions","data":{"xyz":[1,2,3]}}'                           | positions                 | positions
        '{"op":"step","data":{"rid":4,"stepCount":-1}}'                       | -1                        | step
        '{"op":"step","data":{"rid":4,"stepCount":100000}}'                   | limit                     | step
        '{"op":"step","data":{"rid":4,"encoding":"xml"}}'                     | encoding                  | step
        '{"op":"createSim","data":{"nodeCount":-3,"maxDistance":3.0}}'        | -3                        | createSim
        '{"op":"createSim","data":{"nodeCount":9999999,"maxDistance":3.0}}'   | limit                     | createSim
        '{"op":"createSim","data":{"nodeCount":3,"maxDistance":-1.0}}'        | maxDistance               | createSim
        '{"op":"createSim","data":{"nodeCount":3,"maxDistance":1,"program":"x"}}' | program               | createSim""",
    )
    fun `a bad request gets an error reply and the connection keeps working`(line: String, expected: String, op: String?) {
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE, ReferenceScenario.SET_SOURCE_0)
            val reply = client.request(line)
            val error = Protocol.decodeErrorReply(reply)
            assertTrue(error.error.contains(expected), "error \"${error.error}\" should mention \"$expected\"")
            assertEquals(op, error.op)
            if (op == "step") assertEquals(4L, error.rid, "a failed step's error carries its rid")
            val ok = Protocol.decodeStepReply(client.request(ReferenceScenario.step(77)))
            assertEquals(77L, ok.rid)
            assertEquals(0.0, ok.values[0].value)
        }
    }

    @Test
    fun `ops that need a simulation say so before createSim`() {
        server.connect().use { client ->
            for (op in listOf("""{"op":"step","data":{"rid":1}}""", ReferenceScenario.SET_SOURCE_0, ReferenceScenario.newPosition(0), """{"op":"clearSources"}""")) {
                val error = Protocol.decodeErrorReply(client.request(op))
                assertTrue(error.error.contains("createSim first"), error.error)
            }
            client.send(ReferenceScenario.CREATE)
            assertEquals(10, Protocol.decodeStepReply(client.request(ReferenceScenario.STEP)).values.size)
        }
    }

    @Test
    fun `blank lines and CRLF line ends are accepted silently`() {
        server.connect().use { client ->
            client.output.write("\n\r\n   \n${ReferenceScenario.CREATE}\r\n".toByteArray())
            val reply = Protocol.decodeStepReply(client.request(ReferenceScenario.step(1)))
            assertEquals(1L, reply.rid)
        }
    }

    @Test
    fun `an oversized line gets an error, is skipped whole, and the next line works`() {
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE)
            val huge = """{"op":"echo","data":{"pad":"${"x".repeat(100_000)}"}}"""
            val error = Protocol.decodeErrorReply(client.request(huge))
            assertTrue(error.error.startsWith("line too long: ${huge.length} bytes, limit 4096"), error.error)
            assertNull(error.op)
            assertEquals(1L, Protocol.decodeStepReply(client.request(ReferenceScenario.step(1))).rid)
            assertTrue(server.awaitLog { log -> log.any { it.contains("line too long") } }, "the oversized line is logged")
        }
    }

    @Test
    fun `a line of exactly the limit is accepted`() {
        server.connect().use { client ->
            val prefix = """{"op":"echo","data":{"pad":""""
            val line = prefix + "y".repeat(4096 - prefix.length - 3) + "\"}}"
            assertEquals(4096, line.length)
            assertEquals(line, client.request(line))
        }
    }

    @Test
    fun `the default limit is 8 MiB and a longer line is refused without buffering it`() {
        TestServer().use { defaults ->
            defaults.connect().use { client ->
                val line = """{"op":"echo","data":{"pad":"${"z".repeat(9 shl 20)}"}}"""
                val error = Protocol.decodeErrorReply(client.request(line))
                assertTrue(error.error.contains("limit 8388608"), error.error)
                assertEquals("maxMessageBytes", error.limit)
                val ok = """{"op":"echo","data":{"pad":"${"z".repeat(512 * 1024)}"}}"""
                assertNotNull(client.request(ok).takeIf { it == ok }, "a 512 KiB line is echoed")
            }
        }
    }

    @Test
    fun `rid is an integer in 0 to 2^53 - 1, echoed exactly, and an invalid rid is never echoed`() {
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE)
            val max = (1L shl 53) - 1
            assertEquals(max, Protocol.decodeStepReply(client.request("""{"op":"step","data":{"rid":$max}}""")).rid)
            assertTrue(client.request("""{"op":"step","data":{"rid":$max}}""").startsWith("""{"rid":9007199254740991,"""))
            for (bad in listOf("9223372036854775807", "9007199254740992", "-1", "\"5\"", "1.5", "null", "99999999999999999999999")) {
                val reply = client.request("""{"op":"step","data":{"rid":$bad}}""")
                val error = Protocol.decodeErrorReply(reply)
                assertTrue(error.error.contains("rid must be an integer in [0, 9007199254740991]"), "$bad: ${error.error}")
                assertNull(error.rid, "rid $bad is not echoed: $reply")
                assertTrue(!reply.contains("\"rid\""), reply)
            }
            assertEquals(0L, Protocol.decodeStepReply(client.request("""{"op":"step","data":{"rid":0}}""")).rid)
        }
    }

    @Test
    fun `JSON nested 3000 deep in a 6 KB line gets an error reply, not a stack overflow`() {
        TestServer().use { defaults -> defaults.connect().use { client ->
            client.send(ReferenceScenario.CREATE)
            val deep = """{"op":"step","data":{"rid":3,"x":""" + "[".repeat(3000) + "]".repeat(3000) + "}}"
            assertTrue(deep.length in 6000..6100)
            val error = Protocol.decodeErrorReply(client.request(deep))
            assertTrue(error.error.contains("nested deeper than 64"), error.error)
            val objects = """{"op":"echo","data":""" + "{\"a\":".repeat(3000) + "1" + "}".repeat(3000) + "}"
            assertTrue(Protocol.decodeErrorReply(client.request(objects)).error.contains("nested deeper"))
            val fine = """{"op":"echo","data":{"s":"${"[".repeat(3000)}"}}""" // brackets inside a string do not count
            assertEquals(fine, client.request(fine))
            assertEquals(5L, Protocol.decodeStepReply(client.request(ReferenceScenario.step(5))).rid)
        } }
    }

    /** A frame header with any [kind] and [n] (and no coordinates). */
    private fun header(kind: Int, n: Int): ByteArray =
        ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN).put(0.toByte()).put(kind.toByte()).putInt(n).array()

    private fun Client.error(): ErrorReply = Protocol.decodeErrorReply(checkNotNull(readLine()) { "closed before an error reply" })

    @Test
    fun `a frame is the positions op, the wrong device count and non-finite numbers get its error replies and move nothing`() {
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE, ReferenceScenario.SET_SOURCE_0)
            client.sendBytes(BinaryPositionsFrame.encode(ReferenceScenario.positions))
            val nine = DoubleArray(9) { it + 1.0 }
            val json = Protocol.decodeErrorReply(client.request("""{"op":"positions","data":{"xyz":[1,2,3,4,5,6,7,8,9]}}"""))
            client.sendBytes(BinaryPositionsFrame.encode(nine))
            val binary = client.error()
            assertEquals(json, binary, "the JSON request's error reply")
            assertEquals("positions: xyz must have 3 × nodeCount = 30 numbers, got 9", binary.error)
            for ((k, bad) in listOf(4 to Double.NaN, 0 to Double.POSITIVE_INFINITY, 29 to Double.NEGATIVE_INFINITY)) {
                client.sendBytes(BinaryPositionsFrame.encode(ReferenceScenario.positions.copyOf().also { it[k] = bad }))
                val error = client.error()
                assertEquals("positions: xyz[$k] must be a finite number, got $bad", error.error)
                assertEquals("positions", error.op)
                assertNull(error.limit)
            }
            val engine = ReferenceScenario.localEngine().also { it.updatePositions(ReferenceScenario.positions); it.step(3) }
            val reply = Protocol.decodeStepReply(client.request("""{"op":"step","data":{"rid":5,"stepCount":3}}"""))
            assertContentEquals(engine.snapshot().values, reply.values.map { it.value }.toDoubleArray(), "the refused frames moved nothing")
        }
    }

    @Test
    fun `a frame before createSim is told to create a simulation first`() {
        server.connect().use { client ->
            client.sendBytes(BinaryPositionsFrame.encode(DoubleArray(3)))
            val error = client.error()
            assertEquals("positions", error.op)
            assertTrue(error.error.contains("createSim first"), error.error)
        }
    }

    @Test
    fun `a frame over maxMessageBytes is refused from its header and skipped to its end, the connection goes on`() {
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE)
            client.sendBytes(BinaryPositionsFrame.encode(DoubleArray(3 * 200)) + ReferenceScenario.step(1).toByteArray() + '\n'.code.toByte())
            val error = client.error()
            assertEquals("positions frame of 200 devices is 4806 bytes, over this server's limit 4096 (maxMessageBytes); skipped", error.error)
            assertEquals("maxMessageBytes", error.limit)
            assertEquals("positions", error.op)
            assertEquals(1L, Protocol.decodeStepReply(checkNotNull(client.readLine())).rid, "the step written behind it")
            server.connect().use { other ->
                // A count no client could send: refused as soon as the header is in, before any coordinate.
                other.sendBytes(header(1, Int.MAX_VALUE))
                val huge = other.error()
                assertEquals("maxMessageBytes", huge.limit)
                assertTrue(huge.error.startsWith("positions frame of 2147483647 devices is 51539607534 bytes"), huge.error)
            }
            assertEquals(2L, Protocol.decodeStepReply(client.request(ReferenceScenario.step(2))).rid, "other connections unaffected")
        }
    }

    @Test
    fun `a frame cut by the end of the stream gets an error reply and is logged`() {
        server.connect().use { client ->
            client.send(ReferenceScenario.CREATE)
            client.sendBytes(BinaryPositionsFrame.encode(ReferenceScenario.positions).copyOf(30))
            client.socket.shutdownOutput()
            val error = client.error()
            assertEquals("positions frame cut by the end of the stream after 30 of its 246 bytes", error.error)
            assertEquals("positions", error.op)
            assertNull(client.readLine(), "then closed")
            assertTrue(server.awaitLog { log -> log.any { it.contains("peer disconnected mid-frame") } }, "logged")
        }
        server.connect().use { client ->
            client.sendBytes(byteArrayOf(0, 1))
            client.socket.shutdownOutput()
            assertEquals("positions frame cut by the end of the stream after 2 of its 6 header bytes", client.error().error)
        }
    }

    @Test
    fun `a frame of an unknown kind or a negative count gets an error reply and closes the connection, whose next request cannot be found`() {
        for ((bytes, expected) in listOf(header(7, 1) to "unknown request frame kind 7", header(1, -3) to "positions frame: device count -3 is negative")) {
            server.connect().use { client ->
                client.send(ReferenceScenario.CREATE)
                client.sendBytes(bytes + ReferenceScenario.step(1).toByteArray() + '\n'.code.toByte())
                val error = client.error()
                assertTrue(error.error.startsWith(expected) && error.error.endsWith("closing: the requests after it cannot be found"), error.error)
                assertNull(error.op)
                assertNull(client.readLine(), "closed")
            }
        }
        server.connect().use { assertEquals("""{"op":"echo"}""", it.request("""{"op":"echo"}"""), "the server goes on") }
    }

    @Test
    fun `a 0x00 inside a line is the line's, only a request's first byte can start a frame`() {
        server.connect().use { client ->
            val error = Protocol.decodeErrorReply(client.request("{\"op\":\"echo\u0000\"}"))
            assertTrue(error.error.startsWith("malformed request") || error.error.contains("unknown op"), error.error)
            assertEquals("""{"op":"echo"}""", client.request("""{"op":"echo"}"""))
        }
    }
}
