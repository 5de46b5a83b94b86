package collektive.nativeserver

import collektive.protocol.CountingBudgets
import collektive.protocol.Replies
import collektive.protocol.ServerOptions
import collektive.protocol.ShmChannel
import collektive.protocol.ShmLayout
import collektive.protocol.StepTimings
import platform.posix.usleep
import kotlin.concurrent.AtomicInt

/**
 * The shared-memory server, as the JVM server's `ShmServer`: one channel (request slot + reply slot) in the file
 * [ServerOptions.path], serving one client at a time. A client attaches by connecting to the wake-up socket
 * `PATH.sock`; the server resets the file's header and answers [ShmLayout.READY], or, when another client still
 * holds the channel after a 1 s grace, refuses with [ShmLayout.REFUSED] and an error line (`maxConnections`). When
 * the client leaves (its socket closes, e.g. the process died), the server returns its simulation to the budgets,
 * resets the file and takes the next client.
 *
 * Threads: the caller's thread accepts ([acceptUntilStopped]); each attached client is served on a thread of its
 * own, so a second client is answered within its grace whatever the first one is doing.
 */
internal class ShmServer(
    private val options: ServerOptions,
    private val timing: StepTimings?,
    private val stopSignal: () -> Boolean,
) {
    private val path: String = requireNotNull(options.path) { "--transport shm needs --path" }
    private val listener = WakeListener(ShmLayout.wakeSocketOf(path))
    private val budgets = CountingBudgets(options) // one client at a time: single-threaded budgets suffice
    private var file: ShmFile? = null
    private var client: NativeThread? = null
    private val attached = AtomicInt(0)
    private val closing = AtomicInt(0)

    /** What the listening line names: `shm:PATH`. */
    val listeningOn: String get() = "shm:$path"

    /** Binds the wake-up socket (fails when another server holds it), then creates and maps the file. */
    fun bind() {
        listener.bind()
        if (file == null) {
            file = try {
                ShmFile.create(path, options.maxMessageBytes, options.maxReplyBytes)
            } catch (e: OsException) {
                listener.close()
                throw e
            }
        }
    }

    /** Accepts clients until a stop signal arrives (seen within one 200 ms poll). */
    fun acceptUntilStopped() {
        while (!stopSignal()) {
            val link = try {
                listener.accept(POLL_MS)
            } catch (e: OsException) {
                log("accept failed: ${e.message}")
                usleep(10_000u)
                continue
            } ?: continue
            // A client that just left (e.g. the same process opening a new channel) frees the slot within moments:
            // its socket's end of stream wakes the serving thread at once. Wait that long, then refuse.
            val graceEnd = monotonicNs() + ATTACH_GRACE_MS * 1_000_000
            while (attached.value != 0 && monotonicNs() - graceEnd < 0) usleep(1000u)
            if (attached.value != 0) refuse(link) else attach(link)
        }
    }

    private fun attach(link: WakeLink) {
        val file = checkNotNull(file)
        client?.join() // the previous client's thread is ending: it cleared `attached` last
        client = null
        file.reset()
        if (!link.send(ShmLayout.READY)) {
            link.close()
            return
        }
        attached.value = 1
        client = try {
            NativeThread("shm-client") { serve(file, link) }
        } catch (e: OsException) {
            log("shm client: ${e.message}")
            link.close()
            attached.value = 0
            null
        }
    }

    private fun serve(file: ShmFile, link: WakeLink) {
        try {
            if (!options.quiet) log("shm client attached")
            val how = try {
                ShmChannel(ShmChannelLink(file, link), NATIVE_SERVER, options, budgets, timing, ::monotonicNs, { log("shm: $it") }) { stopSignal() || closing.value != 0 }.serve()
            } catch (e: OsException) {
                "wake-up socket failed: ${e.message}"
            }
            if (!options.quiet || !how.startsWith("client left")) log("shm client (pid ${file.clientPid()}): $how")
        } catch (e: Throwable) {
            log("shm client: failed: $e")
        } finally {
            link.close()
            file.reset() // the channel is free: a stale request of the old client is never read by the next one
            attached.value = 0
        }
    }

    private fun refuse(link: WakeLink) {
        val reply = Replies.errorLine("this server's shared-memory channel is in use by another client (maxConnections 1 on shm); closing", null, null, "maxConnections")
        if (link.send(ShmLayout.REFUSED)) link.send(reply) // false: the peer is gone already
        link.close()
    }

    /**
     * Stops accepting, lets the client's request in progress finish (its thread sees the stop at the next request
     * boundary or 200 ms poll; bounded), then removes the file. A serving thread still inside a step after the
     * bound keeps the mapping: the process exits around it.
     */
    fun close() {
        closing.value = 1
        listener.close()
        val end = monotonicNs() + STOP_MS * 1_000_000
        while (attached.value != 0 && monotonicNs() - end < 0) usleep(1000u)
        val stuck = attached.value != 0
        if (stuck) log("the client's thread did not stop within $STOP_MS ms (a step still running); exiting without it") else client?.join()
        file?.close(keepMapped = stuck)
    }

    private companion object {
        const val POLL_MS = ShmChannel.POLL_MS
        const val STOP_MS = 4000L
        const val ATTACH_GRACE_MS = 1000L
    }
}
