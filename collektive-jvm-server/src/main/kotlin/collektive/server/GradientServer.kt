package collektive.server

import collektive.server.connection.Connection
import collektive.server.timing.TimingLog
import java.io.IOException
import java.net.InetAddress
import java.net.InetSocketAddress
import java.net.ServerSocket
import java.net.Socket
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger

/**
 * The TCP server: one platform thread accepts, one platform thread per connection serves it (blocking I/O, so a
 * request is read, computed and answered on one thread with no hand-off). Each connection has its own engine; a
 * failing connection is logged and closed without touching the others.
 */
public class GradientServer(
    private val options: ServerOptions,
    private val timing: TimingLog? = null,
    private val log: (String) -> Unit = { System.err.println("[jvm-server] $it") },
) : AutoCloseable {
    private val serverSocket = ServerSocket()
    private val connections = ConcurrentHashMap<Int, Socket>()
    private val counter = AtomicInteger()
    private val acceptor = Thread(::acceptLoop, "accept").apply { isDaemon = true }

    @Volatile
    private var closing = false

    /** The bound port (the actual one when [ServerOptions.port] is 0); valid after [start]. */
    public val port: Int get() = serverSocket.localPort

    /** The bound address (loopback unless [ServerOptions.host] says otherwise); valid after [start]. */
    public val address: InetAddress get() = serverSocket.inetAddress

    /** Number of connections being served. */
    public val connectionCount: Int get() = connections.size

    /** Binds the listening socket (connections queue in the backlog until [start]); returns the bound port. */
    public fun bind(): Int {
        if (!serverSocket.isBound) {
            serverSocket.reuseAddress = true
            serverSocket.bind(InetSocketAddress(InetAddress.getByName(options.host), options.port), 128)
        }
        return port
    }

    /** Binds if not yet bound and starts accepting; returns the bound port. */
    public fun start(): Int {
        bind()
        acceptor.start()
        return port
    }

    /** Blocks until the server is closed. */
    public fun awaitClose() {
        acceptor.join()
    }

    private fun acceptLoop() {
        while (!closing) {
            val socket = try {
                serverSocket.accept()
            } catch (e: IOException) {
                if (!closing) {
                    log("accept failed: ${e.message}")
                    Thread.sleep(10)
                }
                continue
            }
            val id = counter.incrementAndGet()
            connections[id] = socket
            Thread({ serve(id, socket) }, "conn-$id").apply { isDaemon = true }.start()
        }
    }

    private fun serve(id: Int, socket: Socket) {
        val name = "conn $id ${socket.remoteSocketAddress}"
        try {
            socket.tcpNoDelay = true
            if (!options.quiet) log("$name: opened")
            val how = Connection(name, socket.getInputStream(), socket.getOutputStream(), options, timing, log).serve()
            if (!options.quiet || !how.startsWith("closed by peer")) log("$name: $how")
        } catch (e: Throwable) {
            log("$name: failed: $e")
        } finally {
            connections.remove(id)
            try {
                socket.close()
            } catch (_: IOException) {
                // already gone
            }
        }
    }

    /** Stops accepting and closes every connection (their threads end on the closed socket). Idempotent. */
    override fun close() {
        closing = true
        try {
            serverSocket.close()
        } catch (_: IOException) {
            // already closed
        }
        for (socket in connections.values) {
            try {
                socket.close()
            } catch (_: IOException) {
                // already closed
            }
        }
    }
}
