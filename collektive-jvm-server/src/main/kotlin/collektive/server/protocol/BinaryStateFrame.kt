package collektive.server.protocol

import collektive.codec.StateCodec
import collektive.engine.EngineState
import collektive.protocol.ReplySink
import collektive.protocol.StateFrame
import java.io.EOFException
import java.io.IOException
import java.io.InputStream
import java.io.OutputStream

/**
 * Reading the binary reply to `step` ([StateFrame], docs/protocol.md) on the JVM: what clients (tests, benchmark
 * drivers) receive. The server writes frames with the common [StateFrame].
 */
public object BinaryStateFrame {
    /** First byte of every frame. */
    public const val MARKER: Int = StateFrame.MARKER

    /** Bytes before the state buffer. */
    public const val HEADER_BYTES: Int = StateFrame.HEADER_BYTES

    /** rid written when the request had none. */
    public const val NO_RID: Long = StateFrame.NO_RID

    /** Writes one frame for [rid] around the already encoded [state] buffer (not flushed). */
    public fun write(out: OutputStream, rid: Long, state: ByteArray) {
        StateFrame.write(ReplySink { b, off, len -> out.write(b, off, len) }, rid, state)
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


    private fun getInt(b: ByteArray, at: Int): Int =
        (0 until 4).fold(0) { acc, i -> acc or ((b[at + i].toInt() and 0xff) shl (8 * i)) }
}
