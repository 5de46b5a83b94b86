package collektive.server.protocol

import collektive.protocol.PositionsFrame
import java.io.OutputStream
import java.nio.ByteBuffer
import java.nio.ByteOrder

/**
 * Writing the binary positions request ([PositionsFrame], docs/protocol.md "Binary positions frame") from the JVM:
 * what clients (tests, the warm-up, benchmark drivers) send. The server reads frames with the common [PositionsFrame].
 */
public object BinaryPositionsFrame {
    /** First byte of every request frame. */
    public const val MARKER: Int = PositionsFrame.MARKER

    /** The frame kind of positions. */
    public const val KIND_POSITIONS: Int = PositionsFrame.KIND_POSITIONS

    /** The op a positions frame is: its error replies name it. */
    public const val OP: String = PositionsFrame.OP

    /** Bytes before the coordinates: marker, kind, n. */
    public const val HEADER_BYTES: Int = PositionsFrame.HEADER_BYTES

    /** The whole frame's size for [n] devices. */
    public fun frameBytes(n: Int): Long = PositionsFrame.frameBytes(n)

    /** One frame of [xyz] (x0 y0 z0 x1 ...; a multiple of 3 numbers, any values: the server validates them). */
    public fun encode(xyz: DoubleArray): ByteArray {
        require(xyz.size % 3 == 0) { "xyz must hold whole devices (a multiple of 3 numbers), has ${xyz.size}" }
        val frame = ByteBuffer.allocate(HEADER_BYTES + 8 * xyz.size).order(ByteOrder.LITTLE_ENDIAN)
        frame.put(MARKER.toByte()).put(KIND_POSITIONS.toByte()).putInt(xyz.size / 3)
        for (v in xyz) frame.putDouble(v)
        return frame.array()
    }

    /** Writes one frame of [xyz] (not flushed). */
    public fun write(out: OutputStream, xyz: DoubleArray) {
        out.write(encode(xyz))
    }
}
