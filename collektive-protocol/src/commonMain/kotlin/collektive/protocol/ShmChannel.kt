package collektive.protocol

/**
 * What a server's mapping of the shared-memory file and its wake-up socket give the common serving loop
 * ([ShmChannel]); each server implements it with its platform's memory accesses (docs/protocol.md, "Shared memory":
 * the orders below are the ones the layout's rules need).
 */
public interface ShmChannelIo {
    /** Bytes the request slot holds. */
    public val requestCapacity: Int

    /** Bytes the reply slot holds. */
    public val replyCapacity: Int

    /** The client's request sequence number, read with acquire order (the slot's bytes are visible after it). */
    public fun requestSeq(): Long

    /** The same, sequentially consistent: read after raising the waiting flag (Dekker with the client). */
    public fun requestSeqSeqCst(): Long

    /** Bytes of the request in the request slot. */
    public fun requestLength(): Int

    /** Copies [length] request bytes into [into]. */
    public fun readRequest(into: ByteArray, length: Int)

    /** Raises or lowers the server's waiting flag (sequentially consistent). */
    public fun serverWaiting(waiting: Boolean)

    /** Copies the replies into the reply slot, publishes [seq] (release) and wakes the client when its waiting flag is up. */
    public fun publishReply(bytes: ByteArray, length: Int, seq: Long)

    /** Blocks on the wake-up socket for at most [pollMs]: bytes read, 0 when none came in time, [END] when the client closed it. */
    public fun awaitWake(pollMs: Int): Int

    /** One turn of a spin wait (a pause instruction). */
    public fun spinPause()

    public companion object {
        /** [awaitWake]: the client's end of the wake-up socket is closed (it left or died). */
        public const val END: Int = -1
    }
}

/**
 * Serves the client attached to one shared-memory channel, the same on every server that serves the channel: waits
 * for each request (spins [ServerOptions.spinMicros] on the request sequence number, then raises the waiting flag,
 * looks once more and blocks on the wake-up socket in [POLL_MS] turns, so a stop or the idle budget is seen), runs
 * the request slot through the channel's own [Session] ([ShmRequests]), publishes the replies. The wake-up socket
 * is also how the client's death is seen: the kernel closes it when the client process ends, however it ends.
 *
 * `step.service` runs from the moment the step line is handled to the moment its reply is published and the client
 * woken, the counterpart of a stream connection's "line in hand → reply flushed".
 */
public class ShmChannel(
    private val io: ShmChannelIo,
    private val identity: ServerIdentity,
    private val options: ServerOptions,
    private val budgets: SharedBudgets,
    private val timing: StepTimings?,
    private val nanoTime: () -> Long,
    private val log: (String) -> Unit,
    private val stopping: () -> Boolean,
) {
    private var request = ByteArray(1 shl 16)
    private var lastRequestNs = nanoTime()

    /**
     * Serves until the client leaves, breaks the channel's rules, goes idle, or the server stops; returns how it
     * ended. A failing wake-up socket propagates its platform's exception (the caller names it).
     */
    public fun serve(): String {
        val session = Session(identity, options, budgets, timing, nanoTime, log)
        val requests = ShmRequests(session, options, budgets, nanoTime, io.replyCapacity)
        var last = 0L
        try {
            while (true) {
                if (stopping()) return "server stopping"
                when (val waited = awaitRequest(last)) {
                    GONE -> return "client left (its wake-up socket closed)"
                    STOPPED -> return "server stopping"
                    IDLE -> return "idle for ${options.idleTimeoutMs} ms (idleTimeoutMs): closed"
                    else -> if (waited != last + 1) return "protocol error: request sequence $waited after $last; closed"
                }
                last += 1
                val length = io.requestLength()
                if (length < 0 || length > io.requestCapacity) return "protocol error: request length $length outside [0, ${io.requestCapacity}]; closed"
                handle(requests, length, last)
                lastRequestNs = nanoTime()
            }
        } finally {
            session.close()
        }
    }

    private fun handle(requests: ShmRequests, length: Int, seq: Long) {
        if (request.size < length) request = ByteArray(maxOf(length, request.size * 2))
        io.readRequest(request, length)
        val steps = requests.handle(request, length)
        io.publishReply(requests.replies, requests.replyLength, seq)
        val end = nanoTime()
        if (timing != null) for (i in 0 until steps) timing.record(TimingIds.SERVICE, requests.stepStarts[i], end - requests.stepStarts[i])
    }

    /**
     * The next request's sequence number, or [GONE] / [STOPPED] / [IDLE]. Spins first; then raises the waiting flag,
     * looks once more (the client reads the flag after publishing, so one of the two sees the other) and blocks.
     */
    private fun awaitRequest(last: Long): Long {
        val spinUntil = nanoTime() + options.spinMicros * 1000L
        while (true) {
            val seq = io.requestSeq()
            if (seq != last) return seq
            if (nanoTime() - spinUntil < 0) {
                io.spinPause()
                continue
            }
            io.serverWaiting(true)
            if (io.requestSeqSeqCst() != last) {
                io.serverWaiting(false)
                continue
            }
            val n = try {
                io.awaitWake(POLL_MS)
            } finally {
                io.serverWaiting(false)
            }
            if (n == ShmChannelIo.END) return GONE
            if (n == 0) {
                if (stopping()) return STOPPED
                if (nanoTime() - lastRequestNs > options.idleTimeoutMs * 1_000_000) return IDLE
            }
        }
    }

    public companion object {
        /** Bound of one blocked wait: how soon a stop or the idle budget is seen. */
        public const val POLL_MS: Int = 200
        private const val GONE = -1L
        private const val STOPPED = -2L
        private const val IDLE = -3L
    }
}
