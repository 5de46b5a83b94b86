package collektive.server.transport.shm

import collektive.protocol.ServerOptions
import collektive.protocol.ShmLayout
import collektive.protocol.Transport
import collektive.server.awaitTrue
import collektive.server.protocol.BinaryPositionsFrame
import collektive.server.protocol.BinaryStateFrame
import collektive.server.protocol.Protocol
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.io.ByteArrayInputStream
import java.io.Closeable
import java.net.StandardProtocolFamily
import java.net.UnixDomainSocketAddress
import java.nio.ByteBuffer
import java.nio.ByteOrder
import java.nio.channels.FileChannel
import java.nio.channels.SocketChannel
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption
import java.util.Collections
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The shared-memory server in this JVM, driven by a minimal client written from docs/protocol.md ("Shared
 * memory") alone: replies are those of the stream transports, the budgets apply, a client that leaves frees the
 * channel and its simulation, and a stopping server wakes a blocked client with end-of-stream.
 */
class ShmServerTest {
    private val dir: Path = Files.createTempDirectory("collektive-shm")
    private val logLines: MutableList<String> = Collections.synchronizedList(mutableListOf())

    @AfterEach
    fun clean() {
        dir.toFile().deleteRecursively()
    }

    private fun server(options: ServerOptions = ServerOptions()): ShmServer =
        ShmServer(options.copy(transport = Transport.SHM, path = dir.resolve("ch.shm").toString(), warmupRounds = 0), null) { logLines += it }.also { it.serve() }

    /** A client of the documented layout: publishes a request, waits (polling, no spin tricks) for its reply. */
    private inner class ShmClient : Closeable {
        val wake: SocketChannel = SocketChannel.open(StandardProtocolFamily.UNIX).apply { connect(UnixDomainSocketAddress.of(dir.resolve("ch.shm.sock"))) }
        val first = ByteBuffer.allocate(1).also { wake.read(it) }.get(0).toInt()
        private val channel = FileChannel.open(dir.resolve("ch.shm"), StandardOpenOption.READ, StandardOpenOption.WRITE)
        private val buf = channel.map(FileChannel.MapMode.READ_WRITE, 0, channel.size()).order(ByteOrder.LITTLE_ENDIAN)
        private var seq = 0L

        fun request(vararg lines: String, timeoutMs: Long = 10_000): ByteArray =
            request(lines.joinToString("") { "$it\n" }.toByteArray(), timeoutMs)

        /** One request of exactly [bytes] (lines and binary frames). */
        fun request(bytes: ByteArray, timeoutMs: Long = 10_000): ByteArray {
            buf.put(buf.getInt(ShmLayout.REQUEST_OFFSET_AT), bytes)
            buf.putInt(ShmLayout.REQUEST_LENGTH_AT, bytes.size)
            seq += 1
            LONG.setVolatile(buf, ShmLayout.REQUEST_SEQ_AT, seq)
            if ((INT.getVolatile(buf, ShmLayout.SERVER_WAITING_AT) as Int) != 0) wake.write(ByteBuffer.wrap(byteArrayOf(1)))
            check(awaitTrue(timeoutMs) { (LONG.getVolatile(buf, ShmLayout.REPLY_SEQ_AT) as Long) == seq }) { "no reply to request $seq" }
            val reply = ByteArray(buf.getInt(ShmLayout.REPLY_LENGTH_AT))
            buf.get(buf.getInt(ShmLayout.REPLY_OFFSET_AT), reply)
            return reply
        }

        fun header(at: Int): Int = buf.getInt(at)

        override fun close() {
            wake.close()
            channel.close()
        }
    }

    @Test
    fun `a client is served the stream transports' replies, JSON and binary`() {
        server().use {
            ShmClient().use { c ->
                assertEquals(ShmLayout.READY, c.first)
                assertEquals(ShmLayout.MAGIC, c.header(ShmLayout.MAGIC_AT))
                assertEquals(0, c.request("""{"op":"createSim","data":{"nodeCount":3,"maxDistance":3.0}}""", """{"op":"setSource","data":{"nodeId":0}}""").size)
                val json = String(c.request("""{"op":"newPosition","data":{"nodeId":1,"x":2.0,"y":0.0,"z":0.0}}""", """{"op":"newPosition","data":{"nodeId":2,"x":50.0,"y":0.0,"z":0.0}}""",
                    """{"op":"step","data":{"rid":2,"stepCount":5}}"""))
                assertEquals("""{"rid":2,"values":[{"value":0.0,"neighbors":[1]},{"value":2.0,"neighbors":[0]},{"value":Infinity,"neighbors":[]}]}""" + "\n", json)
                val frame = BinaryStateFrame.read(ByteArrayInputStream(c.request("""{"op":"step","data":{"rid":3,"encoding":"binary"}}""")))
                assertEquals(3L, frame.rid)
                assertEquals(listOf(0.0, 2.0, Double.POSITIVE_INFINITY), frame.state.values.toList())
                val errors = String(c.request("""{"op":"setSource","data":{"nodeId":7}}""", """{"op":"echo"}""")).trim().lines()
                assertEquals(2, errors.size)
                assertTrue(Protocol.decodeErrorReply(errors[0]).error.contains("nodeId"))
                assertEquals("""{"op":"echo"}""", errors[1])
            }
        }
    }

    @Test
    fun `a request holding binary positions frames between its lines is served as the stream's, a broken frame takes the rest of its request`() {
        val create = """{"op":"createSim","data":{"nodeCount":3,"maxDistance":3.0}}""" + "\n" + """{"op":"setSource","data":{"nodeId":0}}""" + "\n"
        val step = """{"op":"step","data":{"rid":2,"stepCount":5}}""" + "\n"
        val frame = BinaryPositionsFrame.encode(doubleArrayOf(0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 50.0, 0.0, 0.0))
        server(ServerOptions(maxMessageBytes = 4096)).use {
            ShmClient().use { c ->
                val reply = String(c.request(create.toByteArray() + frame + step.toByteArray()))
                assertEquals("""{"rid":2,"values":[{"value":0.0,"neighbors":[1]},{"value":2.0,"neighbors":[0]},{"value":Infinity,"neighbors":[]}]}""" + "\n", reply)
                val errors = String(c.request(frame + BinaryPositionsFrame.encode(DoubleArray(6)) + frame.copyOf(20))).trim().lines()
                assertEquals(2, errors.size, "the good frame is silent")
                assertEquals("positions: xyz must have 3 × nodeCount = 9 numbers, got 6", Protocol.decodeErrorReply(errors[0]).error)
                assertEquals("positions frame cut by the end of the request after 20 of its 78 bytes", Protocol.decodeErrorReply(errors[1]).error)
                val over = Protocol.decodeErrorReply(String(c.request(BinaryPositionsFrame.encode(DoubleArray(3 * 200)).copyOf(100) + step.toByteArray())).trim())
                assertEquals("maxMessageBytes", over.limit)
                assertEquals("positions", over.op)
                val unknown = Protocol.decodeErrorReply(String(c.request(byteArrayOf(0, 5, 1, 0, 0, 0) + step.toByteArray())).trim())
                assertTrue(unknown.error.startsWith("unknown request frame kind 5") && unknown.error.endsWith("the rest of this request is skipped"), unknown.error)
                assertTrue(String(c.request(step.toByteArray())).startsWith("""{"rid":2,"values":[{"value":0.0,"""), "the channel goes on")
            }
        }
    }

    @Test
    fun `the step-time budget, maxSteps and the reply slot's size apply`() {
        server(ServerOptions(stepTimeBudgetMs = 50, maxStepCount = 1_000_000, maxReplyBytes = 4096)).use {
            ShmClient().use { c ->
                c.request("""{"op":"createSim","data":{"nodeCount":100,"maxDistance":3.0}}""")
                val slow = Protocol.decodeErrorReply(String(c.request("""{"op":"step","data":{"rid":1,"stepCount":1000000}}""")).trim())
                assertEquals("stepTimeBudgetMs", slow.limit)
                assertEquals(1L, slow.rid)
                val over = Protocol.decodeErrorReply(String(c.request("""{"op":"step","data":{"rid":2,"stepCount":2000000}}""")).trim())
                assertEquals("maxSteps", over.limit)
                val big = Protocol.decodeErrorReply(String(c.request(*Array(40) { """{"op":"step","data":{"rid":${10 + it}}}""" })).trim())
                assertEquals("maxReplyBytes", big.limit)
                assertEquals(4096, c.header(ShmLayout.REPLY_CAPACITY_AT))
            }
        }
    }

    @Test
    fun `a client that leaves frees the channel and its simulation, a second one waits or is refused`() {
        server(ServerOptions(maxSessions = 1, quiet = true)).use { server ->
            val first = ShmClient()
            first.request("""{"op":"createSim","data":{"nodeCount":500,"maxDistance":3.0}}""")
            assertEquals(500L, server.deviceCount)
            val refusedAt = System.nanoTime()
            ShmClient().use { second ->
                assertEquals(ShmLayout.REFUSED, second.first)
                assertTrue((System.nanoTime() - refusedAt) / 1_000_000 in 900..5000, "refused after the 1 s grace")
                val message = ByteBuffer.allocate(4096)
                second.wake.read(message)
                assertTrue(String(message.array(), 0, message.position()).contains("maxConnections"))
            }
            first.close() // as a killed process would: the kernel closes its socket
            assertTrue(awaitTrue(3000) { !server.attached && server.deviceCount == 0L }, "channel and devices freed: ${server.deviceCount}")
            ShmClient().use { third ->
                assertEquals(ShmLayout.READY, third.first)
                assertEquals(0, third.request("""{"op":"createSim","data":{"nodeCount":500,"maxDistance":3.0}}""").size)
                assertTrue(String(third.request("""{"op":"step","data":{"rid":1}}""")).startsWith("""{"rid":1,"""), "the session budget was returned")
            }
        }
    }

    @Test
    fun `a stopping server wakes its blocked client with end-of-stream within a bounded time`() {
        val server = server(ServerOptions(spinMicros = 0))
        ShmClient().use { c ->
            c.request("""{"op":"echo"}""")
            val t = System.nanoTime()
            server.close()
            c.wake.configureBlocking(true)
            val n = c.wake.read(ByteBuffer.allocate(16))
            assertEquals(-1, n, "end of stream on the wake-up socket")
            assertTrue((System.nanoTime() - t) / 1_000_000 < 5000)
        }
    }

    private companion object {
        val LONG = java.lang.invoke.MethodHandles.byteBufferViewVarHandle(LongArray::class.java, ByteOrder.LITTLE_ENDIAN)
        val INT = java.lang.invoke.MethodHandles.byteBufferViewVarHandle(IntArray::class.java, ByteOrder.LITTLE_ENDIAN)
    }
}
