package collektive.server.connection

import java.io.InputStream

/**
 * Splits a byte stream into `\n`-terminated lines (a trailing `\r` is dropped) without ever holding more than
 * [maxLineBytes] of one line: a longer line is skipped up to its newline and reported as [TOO_LONG].
 * [readLine] returns the line's length (its bytes are `line[0 until length]`), or one of the negative codes.
 */
internal class LineReader(private val input: InputStream, private val maxLineBytes: Int, bufferSize: Int = 1 shl 16) {
    private val buf = ByteArray(bufferSize)
    private var pos = 0
    private var limit = 0

    /** The current line's bytes (valid up to the length [readLine] returned). */
    var line = ByteArray(minOf(8192, maxLineBytes))
        private set

    /** Length of the last oversized line (bytes before its newline, counted while skipping) or partial line at EOF. */
    var skippedBytes = 0L
        private set

    fun readLine(): Int {
        var length = 0
        var tooLong = false
        var skipped = 0L
        while (true) {
            if (pos == limit) {
                val n = input.read(buf, 0, buf.size)
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
            } else {
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

    companion object {
        const val EOF = -1
        const val EOF_MID_LINE = -2
        const val TOO_LONG = -3
        private const val NEWLINE = '\n'.code.toByte()
        private const val CR = '\r'.code.toByte()
    }
}
