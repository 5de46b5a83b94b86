package collektive.server.transport.shm

import collektive.protocol.Replies
import collektive.protocol.ServerOptions
import collektive.protocol.ShmChannel
import collektive.protocol.ShmLayout
import collektive.server.Server
import collektive.server.connection.ServerBudgets
import collektive.server.protocol.Protocol
import collektive.server.timing.TimingLog
import collektive.server.transport.Link
import collektive.server.transport.UnixListener
import java.io.IOException
import java.nio.file.Path

/**
 * The shared-memory server: one channel (request slot + reply slot) in the file [ServerOptions.path], serving
 * one client at a time. A client attaches by connecting to the wake-up socket `PATH.sock`; the server resets the
 * file's header and answers [ShmLayout.READY], or, when another client still holds the channel after a 1 s grace,
 * refuses with [ShmLayout.REFUSED] and an error line (`maxConnections`). When the client leaves (its socket closes, e.g. the process died),
 * the server returns its simulation to the budgets, resets the file and takes the next client.
 */
public class ShmServer(
    private val options: ServerOptions,
    private val timing: TimingLog? = null,
    private val log: (String) -> Unit = { System.err.println("[jvm-server] $it") },
) : Server {
    /** What a fatal JVM error in a server thread does (the process entry point exits non-zero); default: rethrow. */
    @Volatile
    override var onFatal: (Throwable) -> Unit = { throw it }

    private val path: Path = Path.of(requireNotNull(options.path) { "--transport shm needs --path" })
    private val wakeListener = UnixListener(Path.of(ShmLayout.wakeSocketOf(path.toString())), POLL_MS)
    private val budgets = ServerBudgets(options)
    private val acceptor = Thread(::acceptLoop, "shm-accept").apply { isDaemon = true }
    private var file: ShmFile? = null

    @Volatile
    private var client: Thread? = null

    @Volatile
    private var clientLink: Link? = null

    @Volatile
    private var closing = false

    /** True once [close] has been called. */
    override val closed: Boolean get() = closing

    /** True while a client holds the channel. */
    public val attached: Boolean get() = client != null

    /** Devices over the attached client's simulation (0 once the channel is freed). */
    public val deviceCount: Long get() = budgets.deviceCount

    /** What the listening line names: `shm:PATH`. */
    public val listeningOn: String get() = "shm:$path"

    /** Creates and maps the file, binds the wake-up socket. */
    public fun bind() {
        if (file == null) file = ShmFile.create(path, options.maxMessageBytes, options.maxReplyBytes)
        wakeListener.bind()
    }

    override fun listen(): String {
        bind()
        return listeningOn
    }

    override fun serve() {
        bind()
        acceptor.start()
    }

    /** Blocks until the accept thread ends (after [close], or a fatal error). */
    override fun awaitClose() {
        acceptor.join()
    }

    private fun acceptLoop() {
        try {
            while (!closing) {
                val link = try {
                    wakeListener.accept()
                } catch (e: IOException) {
                    if (!closing) {
                        log("accept failed: ${e.message}")
                        Thread.sleep(10)
                    }
                    continue
                }
                // A client that just left (e.g. the same process opening a new channel) frees the slot within
                // moments: its socket's end-of-stream wakes the serving thread at once. Wait that long, then refuse.
                client?.join(ATTACH_GRACE_MS)
                if (client != null) refuse(link) else attach(link)
            }
        } catch (e: Throwable) {
            if (e is VirtualMachineError) onFatal(e) else if (!closing) log("shm accept thread failed: $e")
        }
    }

    private fun attach(link: Link) {
        val file = checkNotNull(file)
        file.reset()
        try {
            link.output.write(ShmLayout.READY)
        } catch (e: IOException) {
            link.close()
            return
        }
        clientLink = link
        val thread = Thread({ serve(file, link) }, "shm-client").apply { isDaemon = true }
        client = thread
        thread.start()
    }

    private fun serve(file: ShmFile, link: Link) {
        try {
            if (!options.quiet) log("shm client attached")
            val how = try {
                ShmChannel(ShmConnection(file, link), Protocol.IDENTITY, options, budgets, timing, System::nanoTime, { log("shm: $it") }) { closing }.serve()
            } catch (e: IOException) {
                "wake-up socket failed: ${e.message ?: e.javaClass.simpleName}"
            }
            if (!options.quiet || !how.startsWith("client left")) log("shm client (pid ${file.clientPid()}): $how")
        } catch (e: Throwable) {
            log("shm client: failed: $e")
            if (e is VirtualMachineError) onFatal(e)
        } finally {
            link.close()
            file.reset() // the channel is free: a stale request of the old client is never read by the next one
            clientLink = null
            client = null
        }
    }

    private fun refuse(link: Link) {
        try {
            link.output.write(ShmLayout.REFUSED)
            link.output.write(Replies.errorLine("this server's shared-memory channel is in use by another client (maxConnections 1 on shm); closing", null, null, "maxConnections"))
        } catch (_: IOException) {
            // the peer is gone already
        } finally {
            link.close()
        }
    }

    /** Stops accepting, lets the client's request in progress finish (bounded), then frees the file. Idempotent. */
    override fun close() {
        closing = true
        wakeListener.close()
        client?.join(STOP_MS)
        clientLink?.close()
        client?.join(1000)
        file?.close()
    }

    private companion object {
        const val POLL_MS = ShmChannel.POLL_MS
        const val STOP_MS = 3000L
        const val ATTACH_GRACE_MS = 1000L
    }
}
