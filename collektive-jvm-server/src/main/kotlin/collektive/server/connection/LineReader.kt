package collektive.server.connection

import java.io.InputStream
import java.net.SocketTimeoutException

/**
 * Splits a byte stream into `\n`-terminated lines (a trailing `\r` is dropped) without ever holding more than
 * [maxLineBytes] of one line: a longer line is skipped up to its newline and reported as [TOO_LONG].
 * [readLine] returns the line's length (its bytes are `line[0 until length]`), or one of the negative codes.
 *
 * The bytes of a line in progress are reserved in the server-wide [budgets] (`maxBufferedInputBytes`); a line
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

    /** Length of the last oversized line (bytes before its newline, counted while skipping) or partial line at EOF. */
    var skippedBytes = 0L
        private set

    /** Returns the reserved input bytes to the server budget (the previous line is handled, or the connection ends). */
    fun release() {
        budgets?.releaseInput(reserved)
        reserved = 0
        if (line.size > 1 shl 16) line = ByteArray(8192) // a long line's array is not kept for the connection's life
    }

    fun readLine(): Int {
        release()
        var length = 0
        var tooLong = false
        var skipped = 0L
        while (true) {
            if (pos == limit) {
                if (spinNanos > 0) spin()
                val n = try {
                    input.read(buf, 0, buf.size)
                } catch (e: SocketTimeoutException) {
                    val code = onWait()
                    if (code != 0) {
                        skippedBytes = if (tooLong) skipped else length.toLong()
                        return code
                    }
                    continue
                }
                if (n < 0) {
                    skippedBytes = if (tooLong) skipped else length.toLong()
                    return if (length == 0 && !tooLong) EOF else EOF_MID_LINE
                }
                pos = 0
                limit = n
                continue
            }
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
        private const val NEWLINE = '\n'.code.toByte()
        private const val CR = '\r'.code.toByte()
    }
}
