package collektive.codec

/**
 * All positions in one buffer (the batched alternative to one `update_position` call per device),
 * little-endian: int32 n, then n × (float64 x, float64 y, float64 z).
 */
public object PositionsCodec {
    /** Encodes [xyz] (x0 y0 z0 x1 ...; size a multiple of 3). */
    public fun encode(xyz: DoubleArray): ByteArray {
        require(xyz.size % 3 == 0) { "xyz size must be a multiple of 3, was ${xyz.size}" }
        val n = xyz.size / 3
        val w = LittleEndianWriter(4 + 8 * xyz.size)
        w.int(n)
        for (v in xyz) w.double(v)
        return w.bytes
    }

    /** Decodes a buffer made by [encode]; throws [IllegalArgumentException] on truncated or trailing bytes. */
    public fun decode(bytes: ByteArray): DoubleArray {
        val r = LittleEndianReader(bytes)
        val n = r.int("position count")
        require(n >= 0) { "position count must be >= 0, was $n" }
        require(n.toLong() * 24 == r.remaining.toLong()) {
            "buffer of $n positions must hold ${n.toLong() * 24} bytes after the count, holds ${r.remaining}"
        }
        return DoubleArray(3 * n) { k -> r.double("coordinate ${k % 3} of position ${k / 3}") }
    }
}
