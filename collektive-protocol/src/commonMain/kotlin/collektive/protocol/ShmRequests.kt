package collektive.protocol

/**
 * One shared-memory channel's request handling, common to both servers that serve the channel (docs/protocol.md,
 * "Shared memory"): a request slot holds one or more requests (JSON lines and binary positions frames) that run
 * through the channel's [session] in order; their replies are collected up to the reply slot's [replyCapacity] bytes.
 * A reply set over it becomes one error reply (`maxReplyBytes`), a request over the input budget one error reply
 * (`maxBufferedInputBytes`). The transport copies the request in, calls [handle], publishes [replies].
 */
public class ShmRequests(
    private val session: Session,
    private val options: ServerOptions,
    private val budgets: SharedBudgets,
    private val nanoTime: () -> Long,
    private val replyCapacity: Int,
) {
    private val slot = SlotReplies(replyCapacity)

    /** When each step answered by the last [handle] was taken in hand (host clock), for `step.service`. */
    public val stepStarts: LongArray = LongArray(256)

    /** The replies of the last [handle], valid up to [replyLength]. */
    public val replies: ByteArray get() = slot.bytes

    /** Bytes of [replies]. */
    public val replyLength: Int get() = slot.size

    /** Handles the [length] request bytes of [request]; returns how many steps were answered (their starts: [stepStarts]). */
    public fun handle(request: ByteArray, length: Int): Int {
        slot.reset()
        var steps = 0
        if (!budgets.reserveInput(length)) {
            error("the server's received input is over its limit ${options.maxBufferedInputBytes} bytes (maxBufferedInputBytes); request skipped", "maxBufferedInputBytes")
            return 0
        }
        try {
            var start = 0
            while (start < length) {
                if (request[start] == FRAME_MARKER) {
                    start = frame(request, start, length)
                    continue
                }
                var end = start
                while (end < length && request[end] != NEWLINE) end++
                val lineEnd = if (end > start && request[end - 1] == CR) end - 1 else end
                val t = nanoTime()
                val outcome = session.handle(request.decodeToString(start, lineEnd), slot)
                if (outcome == Session.Outcome.STEP_REPLY && steps < stepStarts.size) stepStarts[steps++] = t
                start = end + 1
            }
        } finally {
            budgets.releaseInput(length.toLong())
        }
        if (slot.overflow > 0) {
            val total = slot.size + slot.overflow
            slot.reset()
            error("the replies to this request are $total bytes, over the shared-memory reply slot of $replyCapacity bytes (maxReplyBytes)", "maxReplyBytes")
            return 0
        }
        return steps
    }

    /**
     * Handles the binary positions frame at [at] of the request's [length] bytes; returns where the next request
     * starts. A frame that does not fit the request, or whose end is unknown, gets its error reply and takes the rest
     * of the request with it (the next request starts clean).
     */
    private fun frame(request: ByteArray, at: Int, length: Int): Int {
        val available = length - at
        if (available < PositionsFrame.HEADER_BYTES) {
            error("positions frame cut by the end of the request after $available of its ${PositionsFrame.HEADER_BYTES} header bytes", null, PositionsFrame.OP)
            return length
        }
        PositionsFrame.headerProblem(request, at)?.let {
            error("$it; the rest of this request is skipped", null)
            return length
        }
        val n = PositionsFrame.devices(request, at)
        val size = PositionsFrame.frameBytes(n)
        if (size > options.maxMessageBytes) {
            error(PositionsFrame.tooLong(n, options.maxMessageBytes) + "; the rest of this request is skipped", "maxMessageBytes", PositionsFrame.OP)
            return length
        }
        if (size > available) {
            error("positions frame cut by the end of the request after $available of its $size bytes", null, PositionsFrame.OP)
            return length
        }
        session.handlePositionsFrame(request, at + PositionsFrame.HEADER_BYTES, n, slot)
        return at + size.toInt()
    }

    private fun error(message: String, limit: String?, op: String? = null) {
        slot.write(Replies.errorLine(message, op, null, limit))
    }

    /** The replies of one request, up to the reply slot's size; what goes over is counted in [overflow], not kept. */
    private class SlotReplies(private val capacity: Int) : ReplySink {
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

        override fun write(bytes: ByteArray, offset: Int, length: Int) {
            if (overflow > 0 || size + length > capacity) {
                overflow += length
                return
            }
            if (size + length > this.bytes.size) this.bytes = this.bytes.copyOf(minOf(capacity, maxOf(size + length, this.bytes.size * 2)))
            bytes.copyInto(this.bytes, size, offset, offset + length)
            size += length
        }
    }

    private companion object {
        const val NEWLINE: Byte = '\n'.code.toByte()
        const val CR: Byte = '\r'.code.toByte()
        const val FRAME_MARKER: Byte = PositionsFrame.MARKER.toByte()
    }
}
