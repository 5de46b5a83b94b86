package collektive.server.transport

import java.io.IOException
import java.io.InputStream
import java.io.OutputStream
import java.net.SocketTimeoutException
import java.nio.ByteBuffer
import java.nio.channels.ClosedSelectorException
import java.nio.channels.SelectionKey
import java.nio.channels.Selector
import java.nio.channels.SocketChannel

/**
 * A Unix domain socket connection (Java 16+ `SocketChannel` of the UNIX family). A channel ignores socket read
 * timeouts, so the channel is non-blocking and each stream waits on its own [Selector] for at most [pollMs]: reads
 * then throw [SocketTimeoutException] exactly as a TCP socket with `soTimeout` does, and the serving code is the
 * same for both transports. [InputStream.available] reads what is ready into a small buffer (a channel has no
 * other way to tell), so the server's spin before a blocking read works here too.
 */
internal class UnixLink(private val channel: SocketChannel, private val pollMs: Long) : Link {
    private val readSelector = Selector.open()
    private val writeSelector = Selector.open()

    init {
        channel.configureBlocking(false)
        channel.register(readSelector, SelectionKey.OP_READ)
        channel.register(writeSelector, SelectionKey.OP_WRITE)
    }

    override val peer: String = "unix socket"

    override val input: InputStream = object : InputStream() {
        private val ahead = ByteBuffer.allocate(1 shl 12).flip()
        private var eof = false

        override fun read(): Int {
            val one = ByteArray(1)
            return if (read(one, 0, 1) < 0) -1 else one[0].toInt() and 0xff
        }

        override fun read(b: ByteArray, off: Int, len: Int): Int {
            if (len == 0) return 0
            if (ahead.hasRemaining()) {
                val n = minOf(len, ahead.remaining())
                ahead.get(b, off, n)
                return n
            }
            if (eof) return -1
            val target = ByteBuffer.wrap(b, off, len)
            while (true) {
                val n = guarded { channel.read(target) }
                if (n != 0) return n
                if (guarded { readSelector.select(pollMs) } == 0) throw SocketTimeoutException("no input for $pollMs ms")
                readSelector.selectedKeys().clear()
            }
        }

        override fun available(): Int {
            if (ahead.hasRemaining() || eof) return ahead.remaining()
            ahead.clear()
            val n = guarded { channel.read(ahead) }
            ahead.flip()
            if (n < 0) eof = true
            return ahead.remaining()
        }
    }

    override val output: OutputStream = object : OutputStream() {
        override fun write(b: Int) = write(byteArrayOf(b.toByte()), 0, 1)

        override fun write(b: ByteArray, off: Int, len: Int) {
            val source = ByteBuffer.wrap(b, off, len)
            while (source.hasRemaining()) {
                if (guarded { channel.write(source) } == 0) {
                    guarded { writeSelector.select(pollMs) }
                    writeSelector.selectedKeys().clear()
                }
            }
        }
    }

    override fun shutdownOutput() {
        guarded { channel.shutdownOutput() }
    }

    /**
     * Closes the channel and both selectors: a non-blocking channel's descriptor is released only when its keys
     * are deregistered, so without closing the selectors the peer would not see the end of the stream.
     */
    override fun close() {
        for (c in listOf(channel, readSelector, writeSelector)) {
            try {
                c.close()
            } catch (_: IOException) {
                // already closed
            }
        }
    }

    /** A selector closed by [close] from another thread is an I/O failure of this link, not a programming error. */
    private inline fun <T> guarded(block: () -> T): T = try {
        block()
    } catch (e: ClosedSelectorException) {
        throw IOException("connection closed", e)
    }
}
