package collektive.server.protocol

import collektive.codec.StateCodec
import collektive.engine.EngineState
import java.io.EOFException
import java.io.IOException
import java.io.InputStream
import java.io.OutputStream

/**
 * The binary reply to `step` with `"encoding": "binary"`, all integers little-endian:
 *
 * | offset | size | field |
 * | --- | --- | --- |
 * | 0 | 1 | marker `0x00` (a JSON reply line always starts with `{`, so a reader can tell the two apart) |
 * | 1 | 4 | int32 `length`: bytes after this field = 8 + state buffer size |
 * | 5 | 8 | int64 `rid` (-1 when the request had none) |
 * | 13 | length − 8 | the docs/reference-study.md state buffer ([StateCodec]): int32 n, per node float64 value, int32 k, k × int32 ids |
 */
public object BinaryStateFrame {
    /** First byte of every frame. */
    public const val MARKER: Int = 0x00

    /** Bytes before the state buffer. */
    public const val HEADER_BYTES: Int = 13

    /** rid written when the request had none. */
    public const val NO_RID: Long = -1L

    /** Writes one frame for [rid] around the already encoded [state] buffer (not flushed). */
    public fun write(out: OutputStream, rid: Long, state: ByteArray) {
        val header = ByteArray(HEADER_BYTES)
        header[0] = MARKER.toByte()
        putInt(header, 1, 8 + state.size)
        for (i in 0 until 8) header[5 + i] = (rid ushr (8 * i)).toByte()
        out.write(header)
        out.write(state)
    }

    /** A decoded frame: the request id and the state it carries. */
    public class Frame(public val rid: Long, public val state: EngineState)

    /** Reads one frame whose marker byte has not been consumed yet; throws [IOException] on a bad marker or EOF. */
    public fun read(input: InputStream): Frame {
        val marker = input.read()
        if (marker != MARKER) throw IOException("not a binary state frame: first byte $marker")
        val header = readFully(input, 12)
        val length = getInt(header, 0)
        if (length < 12) throw IOException("binary state frame too short: length $length")
        var rid = 0L
        for (i in 0 until 8) rid = rid or ((header[4 + i].toLong() and 0xff) shl (8 * i))
        return Frame(rid, StateCodec.decode(readFully(input, length - 8)))
    }

    private fun readFully(input: InputStream, n: Int): ByteArray {
        val bytes = ByteArray(n)
        var off = 0
        while (off < n) {
            val r = input.read(bytes, off, n - off)
            if (r < 0) throw EOFException("binary state frame truncated after $off of $n bytes")
            off += r
        }
        return bytes
    }

    private fun putInt(b: ByteArray, at: Int, v: Int) {
        for (i in 0 until 4) b[at + i] = (v ushr (8 * i)).toByte()
    }

    private fun getInt(b: ByteArray, at: Int): Int =
        (0 until 4).fold(0) { acc, i -> acc or ((b[at + i].toInt() and 0xff) shl (8 * i)) }
}
