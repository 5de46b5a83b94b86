package collektive.server

import collektive.protocol.ServerOptions
import collektive.protocol.Transport
import collektive.server.connection.Connection
import collektive.server.connection.ServerBudgets
import collektive.server.protocol.ErrorReply
import collektive.server.protocol.Protocol
import collektive.server.timing.TimingLog
import collektive.server.transport.Link
import collektive.server.transport.Listener
import collektive.server.transport.TcpListener
import collektive.server.transport.UnixListener
import java.io.IOException
import java.net.InetAddress
import java.net.SocketTimeoutException
import java.nio.file.Path
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger

/**
 * The stream server, over TCP or a Unix domain socket ([ServerOptions.transport]; the same framing and
 * encodings on both, docs/protocol.md "Transports"): one platform thread accepts, one platform thread per connection serves it (blocking I/O, so a
 * request is read, computed and answered on one thread with no hand-off). Each connection has its own engine; a
 * failing connection is logged and closed without touching the others. The budgets of docs/protocol.md bound
 * connections (`maxConnections`, refused with an error reply), their idle time, simulations, devices and input
 * ([ServerBudgets]); a watchdog closes a connection whose reply the peer has not taken for `idleTimeoutMs`.
 * A fatal JVM error ([VirtualMachineError], e.g. out of memory) in any server thread goes to [onFatal].
 */
public class GradientServer(
    private val options: ServerOptions,
    private val timing: TimingLog? = null,
    private val log: (String) -> Unit = { System.err.println("[jvm-server] $it") },
) : Server {
    /** What a fatal JVM error in a server thread does (the process entry point exits non-zero); default: rethrow. */
    @Volatile
    override var onFatal: (Throwable) -> Unit = { throw it }

    private class Live(val socket: Link, val connection: Connection) {
        @Volatile
        var thread: Thread? = null
    }

    private val listener: Listener = when (options.transport) {
        Transport.UDS -> UnixListener(Path.of(requireNotNull(options.path) { "--transport uds needs --path" }), POLL_MS)
        Transport.TCP -> TcpListener(options.host, options.port, POLL_MS)
        Transport.SHM -> throw IllegalArgumentException("the shm transport is served by ShmServer")
    }
    private val connections = ConcurrentHashMap<Int, Live>()
    private val counter = AtomicInteger()
    private val budgets = ServerBudgets(options)
    private val acceptor = Thread(::acceptLoop, "accept").apply { isDaemon = true }
    private val watchdog = Thread(::watchLoop, "write-watchdog").apply { isDaemon = true }

    @Volatile
    private var closing = false

    /** True once [close] has been called (a deliberate stop, as opposed to the accept thread dying). */
    override val closed: Boolean get() = closing

    /** The bound TCP port (the actual one when [ServerOptions.port] is 0), 0 on a Unix socket; valid after [start]. */
    public val port: Int get() = listener.port

    /** The bound TCP address (loopback unless [ServerOptions.host] says otherwise); valid after [start] over TCP. */
    public val address: InetAddress get() = (listener as TcpListener).inetAddress

    /** What the listening line names: `HOST:PORT` or `unix:PATH`; valid after [bind]. */
    public val listeningOn: String get() = listener.address

    /** Number of connections being served. */
    public val connectionCount: Int get() = connections.size

    /** Number of connections holding a simulation. */
    public val sessionCount: Int get() = budgets.sessionCount

    /** Devices over every connection's simulation. */
    public val deviceCount: Long get() = budgets.deviceCount

    /** Binds the listening socket (connections queue in the backlog until [start]); returns the bound port. */
    public fun bind(): Int {
        listener.bind()
        return port
    }

    /** Binds if not yet bound and starts accepting; returns the bound port. */
    public fun start(): Int {
        bind()
        acceptor.start()
        watchdog.start()
        return port
    }

    override fun listen(): String {
        bind()
        return listeningOn
    }

    override fun serve() {
        start()
    }

    /** Blocks until the accept thread ends (after [close], or a fatal error). */
    override fun awaitClose() {
        acceptor.join()
    }

    private fun acceptLoop() {
        try {
            while (!closing) {
                val socket = try {
                    listener.accept()
                } catch (e: IOException) {
                    if (!closing) {
                        log("accept failed: ${e.message}")
                        Thread.sleep(10)
                    }
                    continue
                }
                if (connections.size >= options.maxConnections) {
                    refuse(socket)
                    continue
                }
                val id = counter.incrementAndGet()
                val name = "conn $id ${socket.peer}"
                val live = Live(socket, Connection(name, socket.input, socket.output, options, timing, budgets, log) { closing })
                connections[id] = live
                val thread = Thread({ serve(id, name, live) }, "conn-$id").apply { isDaemon = true }
                live.thread = thread
                thread.start()
            }
        } catch (e: Throwable) {
            if (e is VirtualMachineError) onFatal(e) else log("accept thread failed: $e")
        }
    }

    /** Over `maxConnections`: one error line, then closed, from the accept thread (no thread is started). */
    private fun refuse(socket: Link) {
        try {
            val reply = ErrorReply("this server already has ${options.maxConnections} connections (maxConnections); closing", null, null, "maxConnections")
            socket.output.write((Protocol.json.encodeToString(ErrorReply.serializer(), reply) + "\n").toByteArray())
            socket.shutdownOutput()
        } catch (_: IOException) {
            // the peer is gone already
        } finally {
            closeQuietly(socket)
        }
        if (!options.quiet) log("refused ${socket.peer}: maxConnections ${options.maxConnections} reached")
    }

    private fun serve(id: Int, name: String, live: Live) {
        try {
            if (!options.quiet) log("$name: opened")
            val how = live.connection.serve()
            if (!options.quiet || !how.startsWith("closed by peer")) log("$name: $how")
            if (how == "server stopping" || live.connection.endedMidStream) finishGracefully(live.socket)
        } catch (e: Throwable) {
            log("$name: failed: $e")
            if (e is VirtualMachineError) onFatal(e)
        } finally {
            connections.remove(id)
            closeQuietly(live.socket)
        }
    }

    /**
     * On shutdown, or when a connection ended while its peer may still be sending: sends FIN after the replies already
     * written, then reads and discards what the peer still sends until it closes (bounded), so closing does not reset
     * the connection and drop replies the peer has not read.
     */
    private fun finishGracefully(socket: Link) {
        try {
            socket.shutdownOutput()
            val input = socket.input
            val scratch = ByteArray(8192)
            val deadline = System.nanoTime() + DRAIN_MS * 1_000_000
            while (System.nanoTime() < deadline) {
                try {
                    if (input.read(scratch) < 0) return
                } catch (_: SocketTimeoutException) {
                    // keep draining until the deadline
                }
            }
        } catch (_: IOException) {
            // gone already
        }
    }

    /** Closes connections whose current write has not progressed for `idleTimeoutMs` (the peer takes nothing). */
    private fun watchLoop() {
        try {
            while (!closing) {
                Thread.sleep(POLL_MS.toLong())
                val now = System.nanoTime()
                for (live in connections.values) {
                    val since = live.connection.writes.writingSinceNs
                    if (since != 0L && now - since > options.idleTimeoutMs * 1_000_000) {
                        log("closing a connection whose peer took no reply bytes for ${options.idleTimeoutMs} ms (idleTimeoutMs)")
                        closeQuietly(live.socket)
                    }
                }
            }
        } catch (_: InterruptedException) {
            // stopping
        } catch (e: Throwable) {
            if (e is VirtualMachineError) onFatal(e) else log("watchdog failed: $e")
        }
    }

    /**
     * Stops accepting, lets every connection finish the request in progress (each stops at its next request
     * boundary, its replies flushed and their timings recorded, then closes gracefully), waits for them (bounded),
     * then closes whatever is left. Idempotent. When it returns, no connection records timings any more.
     */
    override fun close() {
        closing = true
        closeQuietly(listener)
        val deadline = System.nanoTime() + STOP_MS * 1_000_000
        for (live in connections.values) live.thread?.join(maxOf(1, (deadline - System.nanoTime()) / 1_000_000))
        for (live in connections.values) closeQuietly(live.socket)
        for (live in connections.values) live.thread?.join(1000)
        watchdog.interrupt()
    }

    private companion object {
        /** Read timeout of connection sockets: how often a waiting connection checks for idleness and shutdown. */
        const val POLL_MS = 200
        const val DRAIN_MS = 1000L
        const val STOP_MS = 3000L

        fun closeQuietly(c: AutoCloseable) {
            try {
                c.close()
            } catch (_: Exception) {
                // already closed
            }
        }
    }
}
