package collektive.server.transport.shm

import collektive.server.ServerOptions
import collektive.server.connection.ServerBudgets
import collektive.server.connection.Session
import collektive.server.connection.TimingIds
import collektive.server.protocol.BinaryPositionsFrame
import collektive.server.protocol.ErrorReply
import collektive.server.protocol.Protocol
import collektive.server.timing.TimingLog
import collektive.server.transport.Link
import java.io.IOException
import java.io.OutputStream
import java.net.SocketTimeoutException

/**
 * Serves the client attached to the shared-memory file: waits for each request (spins [ServerOptions.spinMicros]
 * on the request sequence number, then blocks on the wake-up socket [wake]), runs its requests (JSON lines and
 * binary positions frames) through its own [Session] exactly as a stream connection would, and publishes the
 * replies. The wake-up socket is also how the client's death is seen: the kernel closes it when the client process
 * ends, however it ends, so the blocked read returns end-of-stream at once and the channel is freed
 * (docs/protocol.md, "Shared memory").
 *
 * `step.service` runs from the moment the step line is handled to the moment its reply is published and the client
 * woken, the counterpart of the stream connection's "line in hand → reply flushed".
 */
internal class ShmConnection(
    private val file: ShmFile,
    private val wake: Link,
    private val options: ServerOptions,
    private val timing: TimingLog?,
    private val budgets: ServerBudgets,
    private val log: (String) -> Unit,
    private val stopping: () -> Boolean,
) {
    private var request = ByteArray(1 shl 16)
    private val replies = SlotBuffer(file.replyCapacity)
    private val scratch = ByteArray(64)
    private val stepStarts = LongArray(256)

    @Volatile
    private var lastRequestNs = System.nanoTime()

    /** Serves until the client leaves, breaks the channel's rules, goes idle, or the server stops; returns how it ended. */
    fun serve(): String {
        val session = Session(options, timing, budgets, log)
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
                val length = file.requestLength()
                if (length < 0 || length > file.requestCapacity) return "protocol error: request length $length outside [0, ${file.requestCapacity}]; closed"
                handle(session, length, last)
                lastRequestNs = System.nanoTime()
            }
        } catch (e: IOException) {
            return "wake-up socket failed: ${e.message ?: e.javaClass.simpleName}"
        } finally {
            session.close()
        }
    }

    private fun handle(session: Session, length: Int, seq: Long) {
        replies.reset()
        var steps = 0
        if (!budgets.reserveInput(length)) {
            error(replies, "the server's received input is over its limit ${options.maxBufferedInputBytes} bytes (maxBufferedInputBytes); request skipped", "maxBufferedInputBytes")
        } else {
            try {
                if (request.size < length) request = ByteArray(maxOf(length, request.size * 2))
                file.readRequest(request, length)
                var start = 0
                while (start < length) {
                    if (request[start] == FRAME_MARKER) {
                        start = frame(session, start, length)
                        continue
                    }
                    var end = start
                    while (end < length && request[end] != NEWLINE) end++
                    val lineEnd = if (end > start && request[end - 1] == CR) end - 1 else end
                    val t = System.nanoTime()
                    val outcome = session.handle(String(request, start, lineEnd - start, Charsets.UTF_8), replies)
                    if (outcome == Session.Outcome.STEP_REPLY && steps < stepStarts.size) stepStarts[steps++] = t
                    start = end + 1
                }
            } finally {
                budgets.releaseInput(length.toLong())
            }
            if (replies.overflow > 0) {
                val total = replies.size + replies.overflow
                replies.reset()
                steps = 0
                error(replies, "the replies to this request are $total bytes, over the shared-memory reply slot of ${file.replyCapacity} bytes (maxReplyBytes)", "maxReplyBytes")
            }
        }
        file.publishReply(replies.bytes, replies.size, seq)
        if (file.clientWaiting()) ring()
        val end = System.nanoTime()
        for (i in 0 until steps) timing?.record(TimingIds.SERVICE, stepStarts[i], end - stepStarts[i])
    }

    /**
     * Handles the binary positions frame at [at] of the request's [length] bytes; returns where the next request
     * starts. A frame that does not fit the request, or whose end is unknown, gets its error reply and takes the rest
     * of the request with it (the next request starts clean).
     */
    private fun frame(session: Session, at: Int, length: Int): Int {
        val available = length - at
        if (available < BinaryPositionsFrame.HEADER_BYTES) {
            error(replies, "positions frame cut by the end of the request after $available of its ${BinaryPositionsFrame.HEADER_BYTES} header bytes", null, BinaryPositionsFrame.OP)
            return length
        }
        BinaryPositionsFrame.headerProblem(request, at)?.let {
            error(replies, "$it; the rest of this request is skipped", null)
            return length
        }
        val n = BinaryPositionsFrame.devices(request, at)
        val size = BinaryPositionsFrame.frameBytes(n)
        if (size > options.maxMessageBytes) {
            error(replies, BinaryPositionsFrame.tooLong(n, options.maxMessageBytes) + "; the rest of this request is skipped", "maxMessageBytes", BinaryPositionsFrame.OP)
            return length
        }
        if (size > available) {
            error(replies, "positions frame cut by the end of the request after $available of its $size bytes", null, BinaryPositionsFrame.OP)
            return length
        }
        session.handlePositionsFrame(request, at + BinaryPositionsFrame.HEADER_BYTES, n, replies)
        return at + size.toInt()
    }

    /**
     * The next request's sequence number, or [GONE] / [STOPPED] / [IDLE]. Spins first; then raises the waiting flag,
     * looks once more (the client reads the flag after publishing, so one of the two sees the other) and blocks.
     */
    private fun awaitRequest(last: Long): Long {
        val spinUntil = System.nanoTime() + options.spinMicros * 1000L
        while (true) {
            if (file.requestSeq() != last) return file.requestSeq()
            if (System.nanoTime() - spinUntil < 0) {
                Thread.onSpinWait()
                continue
            }
            file.serverWaiting(true)
            if (file.requestSeqVolatile() != last) {
                file.serverWaiting(false)
                continue
            }
            val n = try {
                wake.input.read(scratch)
            } catch (_: SocketTimeoutException) {
                0
            } finally {
                file.serverWaiting(false)
            }
            if (n < 0) return GONE
            if (n == 0) {
                if (stopping()) return STOPPED
                if (System.nanoTime() - lastRequestNs > options.idleTimeoutMs * 1_000_000) return IDLE
            }
        }
    }

    private fun ring() {
        try {
            wake.output.write(WAKE)
        } catch (_: IOException) {
            // the client is gone: the next wait sees its socket closed
        }
    }

    private fun error(out: OutputStream, message: String, limit: String?, op: String? = null) {
        out.write(Protocol.json.encodeToString(ErrorReply.serializer(), ErrorReply(message, op, null, limit)).toByteArray())
        out.write(NEWLINE.toInt())
    }

    /** The replies of one request, up to the reply slot's size; what goes over is counted in [overflow], not kept. */
    private class SlotBuffer(private val capacity: Int) : OutputStream() {
        var bytes = ByteArray(minOf(capacity, 1 shl 16))
            private set
        var size = 0
            private set
        var overflow = 0L
            private set

        fun reset() {
            size = 0
            overflow = 0
            if (bytes.size > 1 shl 20) bytes = ByteArray(1 shl 16)
        }

        override fun write(b: Int) = write(byteArrayOf(b.toByte()), 0, 1)

        override fun write(b: ByteArray, off: Int, len: Int) {
            if (overflow > 0 || size + len > capacity) {
                overflow += len
                return
            }
            if (size + len > bytes.size) bytes = bytes.copyOf(minOf(capacity, maxOf(size + len, bytes.size * 2)))
            System.arraycopy(b, off, bytes, size, len)
            size += len
        }
    }

    private companion object {
        const val GONE = -1L
        const val STOPPED = -2L
        const val IDLE = -3L
        const val NEWLINE: Byte = '\n'.code.toByte()
        const val CR: Byte = '\r'.code.toByte()
        const val FRAME_MARKER: Byte = BinaryPositionsFrame.MARKER.toByte()
        val WAKE = byteArrayOf(1)
    }
}
