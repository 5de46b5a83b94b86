package collektive.server.transport

import java.io.IOException
import java.net.InetAddress
import java.net.InetSocketAddress
import java.net.ServerSocket
import java.net.StandardProtocolFamily
import java.net.UnixDomainSocketAddress
import java.nio.channels.ServerSocketChannel
import java.nio.channels.SocketChannel
import java.nio.file.Files
import java.nio.file.Path

/** Where the server accepts stream connections: TCP ([TcpListener]) or a Unix domain socket ([UnixListener]). */
internal interface Listener : AutoCloseable {
    /** Binds (idempotent); throws [IOException] when the address cannot be had. */
    fun bind()

    /** Blocks for the next connection; throws [IOException] once closed. */
    fun accept(): Link

    /** What the "listening on" line names: `HOST:PORT` or `unix:PATH`. */
    val address: String

    /** The bound TCP port, 0 for a Unix socket. */
    val port: Int

    override fun close()
}

internal class TcpListener(private val host: String, private val requestedPort: Int, private val pollMs: Int) : Listener {
    private val socket = ServerSocket()

    override fun bind() {
        if (socket.isBound) return
        socket.reuseAddress = true
        socket.bind(InetSocketAddress(InetAddress.getByName(host), requestedPort), 128)
    }

    override fun accept(): Link {
        val s = socket.accept()
        return try {
            SocketLink(s, pollMs)
        } catch (e: IOException) {
            s.close()
            throw e
        }
    }

    val inetAddress: InetAddress get() = socket.inetAddress

    override val address: String get() = "$host:$port"
    override val port: Int get() = socket.localPort

    override fun close() {
        try {
            socket.close()
        } catch (_: IOException) {
            // already closed
        }
    }
}

/**
 * A Unix domain socket at [path] (docs/protocol.md, "Transports"). A socket file left by a server that died is
 * replaced; one that still answers is not (bind fails: another server is using it). The file is removed on close.
 */
internal class UnixListener(private val path: Path, private val pollMs: Int) : Listener {
    private val channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX)
    private var bound = false

    override fun bind() {
        if (bound) return
        if (Files.exists(path)) {
            val alive = try {
                SocketChannel.open(UnixDomainSocketAddress.of(path)).close()
                true
            } catch (_: IOException) {
                false
            }
            if (alive) throw IOException("$path is in use by a running server")
            Files.delete(path)
        }
        channel.bind(UnixDomainSocketAddress.of(path), 128)
        bound = true
    }

    override fun accept(): Link {
        val c = channel.accept()
        return try {
            UnixLink(c, pollMs.toLong())
        } catch (e: IOException) {
            c.close()
            throw e
        }
    }

    override val address: String get() = "unix:$path"
    override val port: Int get() = 0

    override fun close() {
        try {
            channel.close()
        } catch (_: IOException) {
            // already closed
        }
        if (bound) {
            try {
                Files.deleteIfExists(path)
            } catch (_: IOException) {
                // left behind: the next bind replaces it
            }
        }
    }
}
