package collektive.server.protocol

import java.io.OutputStream
import java.nio.ByteBuffer
import java.nio.ByteOrder

/**
 * The binary positions request (docs/protocol.md, "Binary positions frame"): the `positions` op without its JSON,
 * on the server's request stream (TCP, Unix socket, a shared-memory request slot), all integers little-endian:
 *
 * | offset | size | field |
 * | --- | --- | --- |
 * | 0 | 1 | marker `0x00` (no JSON request line starts with it, so a reader can tell the two apart at a request's first byte) |
 * | 1 | 1 | kind `0x01`: positions (the only kind) |
 * | 2 | 4 | int32 `n`: devices |
 * | 6 | 24 n | n × float64 x, y, z |
 *
 * No line end follows: the header says where the frame ends. Bytes 2 on are the Node server's binary positions
 * message ([collektive.codec.PositionsCodec]'s buffer).
 */
public object BinaryPositionsFrame {
    /** First byte of every request frame (as of every binary reply frame, [BinaryStateFrame.MARKER]). */
    public const val MARKER: Int = 0x00

    /** The frame kind of positions. */
    public const val KIND_POSITIONS: Int = 0x01

    /** The op a positions frame is: its error replies name it. */
    public const val OP: String = "positions"

    /** Bytes before the coordinates: marker, kind, n. */
    public const val HEADER_BYTES: Int = 6

    /** Bytes of one device's coordinates. */
    public const val DEVICE_BYTES: Int = 24

    /** The whole frame's size for [n] devices (a Long: 24 × n overflows an Int). */
    public fun frameBytes(n: Int): Long = HEADER_BYTES + DEVICE_BYTES.toLong() * n

    /** The device count of the header starting at [at] (the marker). */
    public fun devices(bytes: ByteArray, at: Int): Int = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(at + 2)

    /** The coordinates starting at [at] (the byte after the header), read as `getDouble(8 * k)` for x0 y0 z0 x1 ... */
    public fun coordinates(bytes: ByteArray, at: Int): ByteBuffer =
        ByteBuffer.wrap(bytes, at, bytes.size - at).slice().order(ByteOrder.LITTLE_ENDIAN)

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

    /**
     * Why the header starting at [at] cannot be followed to the frame's end, or null: an unknown kind or a negative
     * count leaves the frame's length unknown, so nothing after it can be read as a request.
     */
    internal fun headerProblem(bytes: ByteArray, at: Int): String? {
        val kind = bytes[at + 1].toInt() and 0xff
        if (kind != KIND_POSITIONS) return "unknown request frame kind $kind after byte 0x00 (known: $KIND_POSITIONS, positions)"
        val n = devices(bytes, at)
        if (n < 0) return "positions frame: device count $n is negative"
        return null
    }

    /** The error of a frame over `maxMessageBytes`, the same on every transport. */
    internal fun tooLong(n: Int, maxMessageBytes: Int): String =
        "positions frame of $n devices is ${frameBytes(n)} bytes, over this server's limit $maxMessageBytes (maxMessageBytes)"
}
