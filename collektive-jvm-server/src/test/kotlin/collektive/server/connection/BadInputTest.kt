package collektive.server.connection

import collektive.server.ReferenceScenario
import collektive.server.ServerOptions
import collektive.server.TestServer
import collektive.server.protocol.Protocol
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** Every bad request gets one error line naming the problem, and the connection keeps working. */
class BadInputTest {
    private val server = TestServer(ServerOptions(port = 0, warmupRounds = 0, maxLineBytes = 4096, maxNodes = 5000, maxStepCount = 1000))

    @AfterEach
    fun stop() = server.close()

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        textBlock = """
        not json at all                                                       | malformed request         | 
        '{"op":"step","data":{'                                               | malformed request         | 
        '[1,2,3]'                                                             | malformed request         | 
        '{"op":42}'                                                           | malformed request         | 
        '{"data":{"nodeId":1}}'                                               | missing "op"              | 
        '{"op":"teleport","data":{}}'                                         | unknown op "teleport"     | teleport
        '{"op":"setSource","data":{}}'                                        | nodeId                    | setSource
        '{"op":"setSource","data":{"nodeId":10}}'                             | 10                        | setSource
        '{"op":"setSource","data":{"nodeId":-1}}'                             | -1                        | setSource
        '{"op":"setSource","data":{"nodeId":"zero"}}'                         | invalid data for setSource | setSource
        '{"op":"setSource","data":[0]}'                                       | must be a JSON object     | setSource
        '{"op":"newPosition","data":{"nodeId":1,"x":1.0,"y":2.0}}'            | z                         | newPosition
        '{"op":"newPosition","data":{"nodeId":99,"x":1.0,"y":2.0,"z":0.0}}'   | 99                        | newPosition
        '{"op":"newPosition","data":{"nodeId":1,"x":NaN,"y":2.0,"z":0.0}}'    | newPosition               | newPosition
        '{"op":"newPosition","data":{"nodeId":1.5,"x":1,"y":2.0,"z":0.0}}'    | invalid data for newPosition | newPosition
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
    fun `the default limit is one MiB and a longer line is refused without buffering it`() {
        TestServer().use { defaults ->
            defaults.connect().use { client ->
                val line = """{"op":"echo","data":{"pad":"${"z".repeat(2 shl 20)}"}}"""
                val error = Protocol.decodeErrorReply(client.request(line))
                assertTrue(error.error.contains("limit 1048576"), error.error)
                val ok = """{"op":"echo","data":{"pad":"${"z".repeat(512 * 1024)}"}}"""
                assertNotNull(client.request(ok).takeIf { it == ok }, "a 512 KiB line is echoed")
            }
        }
    }
}
