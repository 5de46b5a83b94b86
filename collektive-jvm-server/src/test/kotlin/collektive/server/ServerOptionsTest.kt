package collektive.server

import collektive.protocol.ServerOptions
import org.junit.jupiter.api.Test
import java.net.InetAddress
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class ServerOptionsTest {
    @Test
    fun `defaults bind loopback on the reference port with the budgets of docs-protocol-md`() {
        val options = ServerOptions.parse(emptyArray())
        assertEquals("127.0.0.1", options.host)
        assertEquals(9090, options.port)
        assertEquals(8 shl 20, options.maxMessageBytes)
        assertEquals(64, options.maxConnections)
        assertEquals(300_000L, options.idleTimeoutMs)
        assertEquals(16, options.maxSessions)
        assertEquals(400_000L, options.maxDevices)
        assertEquals(100_000, options.maxStepCount)
        assertEquals(null, options.csv)
        assertEquals(50, options.spinMicros)
    }

    @Test
    fun `every option is parsed`() {
        val options = ServerOptions.parse(
            arrayOf("--host", "::1", "--port", "0", "--csv", "out.csv", "--max-message", "4096", "--max-nodes", "50",
                "--max-steps", "7", "--warmup", "0", "--quiet", "--max-buffered-input", "100000", "--max-pending-reply", "2048",
                "--max-connections", "3", "--idle-timeout", "1500", "--max-sessions", "2", "--max-devices", "99",
                "--step-time-budget", "40", "--max-links", "1234", "--max-reply", "4321", "--spin-us", "0"),
        )
        val expected = ServerOptions(
            host = "::1", port = 0, csv = "out.csv", maxMessageBytes = 4096, maxBufferedInputBytes = 100_000,
            maxPendingReplyBytes = 2048, maxConnections = 3, idleTimeoutMs = 1500, maxSessions = 2, maxNodes = 50,
            maxDevices = 99, maxStepCount = 7, stepTimeBudgetMs = 40, maxLinks = 1234, maxReplyBytes = 4321,
            warmupRounds = 0, spinMicros = 0, quiet = true,
        )
        assertEquals(expected, options)
        assertEquals(4096, ServerOptions.parse(arrayOf("--max-line", "4096")).maxMessageBytes, "--max-line stays an alias")
    }

    @Test
    fun `bad options are refused with the option's name`() {
        for ((args, word) in listOf(
            arrayOf("--port") to "--port needs a value",
            arrayOf("--port", "70000") to "--port must be <= 65535",
            arrayOf("--port", "-1") to "--port must be >= 0",
            arrayOf("--max-line", "ten") to "--max-line must be an integer",
            arrayOf("--max-connections", "0") to "--max-connections must be >= 1",
            arrayOf("--verbose") to "unknown option \"--verbose\"",
        )) {
            val e = assertFailsWith<IllegalArgumentException> { ServerOptions.parse(args) }
            assertTrue(e.message!!.contains(word), "${args.toList()}: ${e.message}")
        }
    }

    @Test
    fun `the server listens on loopback only by default`() {
        GradientServer(ServerOptions(port = 0, warmupRounds = 0)) {}.use {
            assertTrue(it.start() > 0)
            assertEquals(InetAddress.getByName("127.0.0.1"), it.address)
        }
    }
}
