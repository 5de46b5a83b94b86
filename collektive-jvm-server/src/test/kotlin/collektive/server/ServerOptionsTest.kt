package collektive.server

import org.junit.jupiter.api.Test
import java.net.InetAddress
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class ServerOptionsTest {
    @Test
    fun `defaults bind loopback on the reference port with a one MiB line limit`() {
        val options = ServerOptions.parse(emptyArray())
        assertEquals("127.0.0.1", options.host)
        assertEquals(9090, options.port)
        assertEquals(1 shl 20, options.maxLineBytes)
        assertEquals(null, options.csv)
    }

    @Test
    fun `every option is parsed`() {
        val options = ServerOptions.parse(
            arrayOf("--host", "::1", "--port", "0", "--csv", "out.csv", "--max-line", "4096", "--max-nodes", "50",
                "--max-steps", "7", "--warmup", "0", "--quiet"),
        )
        assertEquals(ServerOptions("::1", 0, Path.of("out.csv"), 4096, 50, 7, 0, true), options)
    }

    @Test
    fun `bad options are refused with the option's name`() {
        for ((args, word) in listOf(
            arrayOf("--port") to "--port needs a value",
            arrayOf("--port", "70000") to "--port must be <= 65535",
            arrayOf("--port", "-1") to "--port must be >= 0",
            arrayOf("--max-line", "ten") to "--max-line must be an integer",
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
