package collektive.server.transport

import java.io.IOException
import java.io.InputStream
import java.io.OutputStream
import java.net.Socket

/**
 * One accepted stream connection, whatever carries it (TCP or a Unix domain socket). [input] reads block for at
 * most the transport's poll interval and then throw [java.net.SocketTimeoutException], so a serving thread can
 * check for idleness and shutdown between reads; [close] makes a blocked read or write end within that interval.
 */
internal interface Link : AutoCloseable {
    /** The peer, for logs. */
    val peer: String
    val input: InputStream
    val output: OutputStream

    /** Sends end-of-stream after what was written (the peer's reads see EOF), keeping the input open. */
    @Throws(IOException::class)
    fun shutdownOutput()

    override fun close()
}

/** A TCP connection: TCP_NODELAY, the read timeout set to [pollMs]. */
internal class SocketLink(private val socket: Socket, pollMs: Int) : Link {
    init {
        socket.tcpNoDelay = true
        socket.soTimeout = pollMs
    }

    override val peer: String = socket.remoteSocketAddress.toString()
    override val input: InputStream = socket.getInputStream()
    override val output: OutputStream = socket.getOutputStream()

    override fun shutdownOutput() = socket.shutdownOutput()

    override fun close() {
        try {
            socket.close()
        } catch (_: IOException) {
            // already closed
        }
    }
}
