package collektive.server.connection

import collektive.protocol.PositionsFrame
import collektive.server.protocol.BinaryPositionsFrame
import java.io.InputStream
import java.net.SocketTimeoutException

/**
 * Splits a byte stream into requests: `\n`-terminated lines (a trailing `\r` is dropped) and binary positions
 * frames (docs/protocol.md, "Binary positions frame"), told apart by a request's first byte (`0x00` starts a frame,
 * which no JSON line does), without ever holding more than [maxLineBytes] of one request: a longer line is skipped up
 * to its newline and reported as [TOO_LONG], a longer frame is reported as [FRAME_TOO_LONG] from its header and
 * skipped to its end. [readLine] returns the line's length (its bytes are `line[0 until length]`), [POSITIONS_FRAME]
 * (the frame's [frameDevices] devices' coordinates are `line[0 until 24 × frameDevices]`), or one of the other
 * negative codes.
 *
 * The bytes of a request in progress are reserved in the server-wide [budgets] (`maxBufferedInputBytes`); a request
 * that cannot get them ends with [OVER_BUDGET]. On a socket with a read timeout, each timeout asks [onWait]
 * whether to go on waiting: it returns 0 to wait, or the code [readLine] returns ([IDLE], [STOPPED]).
 *
 * With [spinNanos] > 0, an empty buffer is first polled with `available()` for up to that long before the blocking
 * read: a request that arrives within the spin is read without the thread parking and being woken (docs/profiles.md,
 * "The fixes": the wake-up and the cold path after it cost the socket path's service time tens of µs per step).
 */
internal class LineReader(
    private val input: InputStream,
    private val maxLineBytes: Int,
    bufferSize: Int = 1 shl 16,
    private val budgets: ServerBudgets? = null,
    private val onWait: () -> Int = { 0 },
    private val spinNanos: Long = 0,
) {
    private val buf = ByteArray(bufferSize)
    private var pos = 0
    private var limit = 0
    private var reserved = 0L

    /** The current line's bytes (valid up to the length [readLine] returned). */
    var line = ByteArray(minOf(8192, maxLineBytes))
        private set

    /**
     * Length of the last oversized line (bytes before its newline, counted while skipping) or partial line at EOF;
     * of a frame, the bytes received of it (after [FRAME_TOO_LONG], the whole frame's size).
     */
    var skippedBytes = 0L
        private set

    /** The last frame's device count (valid after [POSITIONS_FRAME], [FRAME_TOO_LONG], and [EOF_MID_FRAME] past its header). */
    var frameDevices = 0
        private set

    /** The last frame's size in bytes, header included; -1 while its header is incomplete. */
    var frameBytes = 0L
        private set

    /** After [BAD_FRAME]: why the frame's end cannot be found. */
    var frameProblem: String? = null
        private set

    private val header = ByteArray(BinaryPositionsFrame.HEADER_BYTES)

    /** Bytes of a frame refused as too long still to be discarded before the next request. */
    private var skipping = 0L

    /** Returns the reserved input bytes to the server budget (the previous line is handled, or the connection ends). */
    fun release() {
        budgets?.releaseInput(reserved)
        reserved = 0
        if (line.size > 1 shl 16) line = ByteArray(8192) // a long line's array is not kept for the connection's life
    }

    fun readLine(): Int {
        release()
        if (skipping > 0) {
            val code = skipRefusedFrame()
            if (code != 0) return code
        }
        var length = 0
        var tooLong = false
        var skipped = 0L
        while (true) {
            if (pos == limit) {
                val code = fill()
                if (code < 0) {
                    skippedBytes = if (tooLong) skipped else length.toLong()
                    return if (code != EOF) code else if (length == 0 && !tooLong) EOF else EOF_MID_LINE
                }
                continue
            }
            if (length == 0 && !tooLong && buf[pos] == FRAME_MARKER) return readFrame()
            var end = pos
            while (end < limit && buf[end] != NEWLINE) end++
            val segment = end - pos
            if (tooLong) {
                skipped += segment
            } else if (length + segment > maxLineBytes) {
                tooLong = true
                skipped = length.toLong() + segment
                release()
            } else {
                if (budgets != null && segment > 0) {
                    if (!budgets.reserveInput(segment)) {
                        skippedBytes = length.toLong() + segment
                        release()
                        return OVER_BUDGET
                    }
                    reserved += segment
                }
                if (length + segment > line.size) line = line.copyOf(minOf(maxLineBytes, maxOf(line.size * 2, length + segment)))
                System.arraycopy(buf, pos, line, length, segment)
                length += segment
            }
            if (end < limit) { // found the newline
                pos = end + 1
                if (tooLong) {
                    skippedBytes = skipped
                    return TOO_LONG
                }
                if (length > 0 && line[length - 1] == CR) length--
                return length
            }
            pos = limit
        }
    }

    /**
     * Reads the frame whose marker is at `buf[pos]`: its header, then its coordinates into [line], reserved in the
     * budget as they arrive (as a line's bytes are).
     */
    private fun readFrame(): Int {
        frameBytes = -1
        var got = 0
        while (got < header.size) {
            if (pos == limit) {
                val code = fill()
                if (code < 0) {
                    skippedBytes = got.toLong()
                    return if (code == EOF) EOF_MID_FRAME else code
                }
                continue
            }
            val take = minOf(header.size - got, limit - pos)
            System.arraycopy(buf, pos, header, got, take)
            pos += take
            got += take
        }
        frameProblem = PositionsFrame.headerProblem(header, 0)
        if (frameProblem != null) return BAD_FRAME
        frameDevices = PositionsFrame.devices(header, 0)
        frameBytes = BinaryPositionsFrame.frameBytes(frameDevices)
        val coordinates = frameBytes - header.size
        if (frameBytes > maxLineBytes) {
            // Refused from its header, so the peer hears of it at once; the next read discards the coordinates.
            skipping = coordinates
            skippedBytes = frameBytes
            return FRAME_TOO_LONG
        }
        var received = 0
        while (received < coordinates) {
            if (pos == limit) {
                val code = fill()
                if (code < 0) {
                    skippedBytes = header.size + received.toLong()
                    return if (code == EOF) EOF_MID_FRAME else code
                }
                continue
            }
            val take = minOf(coordinates.toInt() - received, limit - pos)
            if (budgets != null) {
                if (!budgets.reserveInput(take)) {
                    skippedBytes = header.size + received.toLong() + take
                    release()
                    return OVER_BUDGET
                }
                reserved += take
            }
            if (received + take > line.size) line = line.copyOf(minOf(coordinates.toInt(), maxOf(line.size * 2, received + take)))
            System.arraycopy(buf, pos, line, received, take)
            pos += take
            received += take
        }
        return POSITIONS_FRAME
    }

    /** Discards the rest of a frame refused as too long: 0 when done, else [EOF_MID_FRAME] or the code [onWait] returned. */
    private fun skipRefusedFrame(): Int {
        while (skipping > 0) {
            if (pos == limit) {
                val code = fill()
                if (code < 0) {
                    skippedBytes = frameBytes - skipping
                    return if (code == EOF) EOF_MID_FRAME else code
                }
                continue
            }
            val take = minOf(skipping, (limit - pos).toLong()).toInt()
            pos += take
            skipping -= take
        }
        return 0
    }

    /** Reads into the empty buffer: the bytes read, [EOF] at the end of the stream, or the code [onWait] returned. */
    private fun fill(): Int {
        while (true) {
            if (spinNanos > 0) spin()
            val n = try {
                input.read(buf, 0, buf.size)
            } catch (e: SocketTimeoutException) {
                val code = onWait()
                if (code != 0) return code
                continue
            }
            if (n < 0) return EOF
            pos = 0
            limit = n
            return n
        }
    }

    /** Busy-polls until input is available or [spinNanos] have passed (then the read blocks as usual). */
    private fun spin() {
        val deadline = System.nanoTime() + spinNanos
        while (input.available() == 0 && System.nanoTime() - deadline < 0) Thread.onSpinWait()
    }

    /** Whether bytes already received are waiting in the buffer (a next request may be complete without reading). */
    val hasBuffered: Boolean get() = pos < limit

    companion object {
        const val EOF = -1
        const val EOF_MID_LINE = -2
        const val TOO_LONG = -3
        const val OVER_BUDGET = -4
        const val IDLE = -5
        const val STOPPED = -6

        /** A binary positions frame: [frameDevices] devices, their coordinates in [line]. */
        const val POSITIONS_FRAME = -7

        /** A frame over [maxLineBytes] ([frameDevices], [frameBytes]), told from its header; the next read skips its coordinates. */
        const val FRAME_TOO_LONG = -8

        /** A frame whose end cannot be found ([frameProblem]): nothing after it can be read as a request. */
        const val BAD_FRAME = -9

        /** The stream ended inside a frame ([skippedBytes] of [frameBytes] received; a refused one included). */
        const val EOF_MID_FRAME = -10
        private const val FRAME_MARKER = BinaryPositionsFrame.MARKER.toByte()
        private const val NEWLINE = '\n'.code.toByte()
        private const val CR = '\r'.code.toByte()
    }
}
