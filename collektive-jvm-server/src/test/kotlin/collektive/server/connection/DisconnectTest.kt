package collektive.server.connection

import collektive.server.ReferenceScenario
import collektive.server.TestServer
import collektive.engine.Scenarios
import collektive.server.protocol.Positions
import collektive.server.protocol.Protocol
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.net.Socket
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Abrupt disconnects are logged, free the connection, and never disturb other clients. */
class DisconnectTest {
    private val server = TestServer()

    @AfterEach
    fun stop() = server.close()

    @Test
    fun `a peer that closes in the middle of a line is logged and released`() {
        server.connect().use { survivor ->
            survivor.send(ReferenceScenario.CREATE, ReferenceScenario.SET_SOURCE_0)
            val victim = server.connect()
            victim.send(ReferenceScenario.CREATE)
            victim.output.write("""{"op":"newPosition","data":{"nodeId":1,"x":""".toByteArray())
            victim.output.flush()
            victim.close()
            assertTrue(server.awaitLog { log -> log.any { it.contains("mid-line") } }, "logged: ${server.logText()}")
            assertTrue(awaitConnections(1), "the victim's connection is released")
            assertEquals(3L, Protocol.decodeStepReply(survivor.request(ReferenceScenario.step(3))).rid)
        }
        assertTrue(awaitConnections(0))
    }

    @Test
    fun `a reset connection is logged and released`() {
        server.connect().use { survivor ->
            survivor.send(ReferenceScenario.CREATE)
            val victim = server.connect()
            victim.send(ReferenceScenario.CREATE, ReferenceScenario.SET_SOURCE_0)
            victim.request(ReferenceScenario.step(1))
            victim.socket.setSoLinger(true, 0) // close with RST
            victim.close()
            assertTrue(awaitConnections(1), "the reset connection is released")
            assertTrue(server.awaitLog { log -> log.count { it.contains("opened") } == 2 && log.any { it.contains("closed by peer") || it.contains("connection lost") } })
            assertEquals(10, Protocol.decodeStepReply(survivor.request(ReferenceScenario.STEP)).values.size)
        }
    }

    @Test
    fun `a peer that leaves while its step reply is being written does not disturb the server`() {
        val positions = Protocol.requestLine("positions", Positions.serializer(), Positions(Scenarios.randomPositions(2000, seed = 3)))
        repeat(20) {
            val victim = server.connect()
            victim.send("""{"op":"createSim","data":{"nodeCount":2000,"maxDistance":3.0}}""", positions)
            victim.send(*Array(5) { """{"op":"step","data":{"stepCount":1}}""" })
            victim.socket.setSoLinger(true, 0)
            victim.close()
        }
        assertTrue(awaitConnections(0), "all released")
        server.connect().use { client ->
            assertEquals("""{"op":"echo"}""", client.request("""{"op":"echo"}"""))
        }
    }

    @Test
    fun `a silent connection that never sends a byte does not block others`() {
        Socket("127.0.0.1", server.port).use {
            server.connect().use { client ->
                client.send(ReferenceScenario.CREATE)
                assertEquals(10, Protocol.decodeStepReply(client.request(ReferenceScenario.STEP)).values.size)
            }
        }
    }

    private fun awaitConnections(n: Int): Boolean = collektive.server.awaitTrue(10_000) { server.server.connectionCount == n }
}
