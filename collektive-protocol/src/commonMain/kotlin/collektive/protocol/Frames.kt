package collektive.protocol

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
public object PositionsFrame {
    /** First byte of every request frame (as of every binary reply frame, [StateFrame.MARKER]). */
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
    public fun devices(bytes: ByteArray, at: Int): Int = int32(bytes, at + 2)

    /** Coordinate [k] (x0 y0 z0 x1 ...) of the coordinates starting at [at] (the byte after the header). */
    public fun coordinate(bytes: ByteArray, at: Int, k: Int): Double {
        val p = at + 8 * k
        return Double.fromBits((int32(bytes, p).toLong() and 0xFFFFFFFFL) or (int32(bytes, p + 4).toLong() shl 32))
    }

    /**
     * Why the header starting at [at] cannot be followed to the frame's end, or null: an unknown kind or a negative
     * count leaves the frame's length unknown, so nothing after it can be read as a request.
     */
    public fun headerProblem(bytes: ByteArray, at: Int): String? {
        val kind = bytes[at + 1].toInt() and 0xff
        if (kind != KIND_POSITIONS) return "unknown request frame kind $kind after byte 0x00 (known: $KIND_POSITIONS, positions)"
        val n = devices(bytes, at)
        if (n < 0) return "positions frame: device count $n is negative"
        return null
    }

    /** The error of a frame over `maxMessageBytes`, the same on every transport. */
    public fun tooLong(n: Int, maxMessageBytes: Int): String =
        "positions frame of $n devices is ${frameBytes(n)} bytes, over this server's limit $maxMessageBytes (maxMessageBytes)"

    private fun int32(b: ByteArray, at: Int): Int =
        (b[at].toInt() and 0xFF) or ((b[at + 1].toInt() and 0xFF) shl 8) or
            ((b[at + 2].toInt() and 0xFF) shl 16) or ((b[at + 3].toInt() and 0xFF) shl 24)
}

/**
 * The binary reply to `step` with `"encoding": "binary"`, all integers little-endian:
 *
 * | offset | size | field |
 * | --- | --- | --- |
 * | 0 | 1 | marker `0x00` (a JSON reply line always starts with `{`, so a reader can tell the two apart) |
 * | 1 | 4 | int32 `length`: bytes after this field = 8 + state buffer size |
 * | 5 | 8 | int64 `rid` (-1 when the request had none) |
 * | 13 | length − 8 | the docs/reference-study.md state buffer ([collektive.codec.StateCodec]): int32 n, per node float64 value, int32 k, k × int32 ids |
 */
public object StateFrame {
    /** First byte of every frame. */
    public const val MARKER: Int = 0x00

    /** Bytes before the state buffer. */
    public const val HEADER_BYTES: Int = 13

    /** rid written when the request had none. */
    public const val NO_RID: Long = -1L

    /** Writes one frame for [rid] around the already encoded [state] buffer. */
    public fun write(out: ReplySink, rid: Long, state: ByteArray) {
        val header = ByteArray(HEADER_BYTES)
        header[0] = MARKER.toByte()
        val length = 8 + state.size
        for (i in 0 until 4) header[1 + i] = (length ushr (8 * i)).toByte()
        for (i in 0 until 8) header[5 + i] = (rid ushr (8 * i)).toByte()
        out.write(header)
        out.write(state)
    }
}
