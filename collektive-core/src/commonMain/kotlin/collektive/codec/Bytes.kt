package collektive.codec

/** Little-endian writer over a fixed-size array. */
internal class LittleEndianWriter(size: Int) {
    val bytes = ByteArray(size)
    var position = 0
        private set

    fun int(v: Int) {
        bytes[position] = v.toByte()
        bytes[position + 1] = (v ushr 8).toByte()
        bytes[position + 2] = (v ushr 16).toByte()
        bytes[position + 3] = (v ushr 24).toByte()
        position += 4
    }

    fun double(v: Double) {
        val bits = v.toRawBits()
        int(bits.toInt())
        int((bits ushr 32).toInt())
    }
}

/** Little-endian reader that names what it was reading when the input ends early. */
internal class LittleEndianReader(private val bytes: ByteArray) {
    var position = 0
        private set

    val remaining: Int get() = bytes.size - position

    fun int(what: String): Int {
        require(remaining >= 4) { "truncated input: $what needs 4 bytes at offset $position, ${bytes.size} bytes in all" }
        val p = position
        position += 4
        return (bytes[p].toInt() and 0xFF) or
            ((bytes[p + 1].toInt() and 0xFF) shl 8) or
            ((bytes[p + 2].toInt() and 0xFF) shl 16) or
            ((bytes[p + 3].toInt() and 0xFF) shl 24)
    }

    fun double(what: String): Double {
        require(remaining >= 8) { "truncated input: $what needs 8 bytes at offset $position, ${bytes.size} bytes in all" }
        val lo = int(what).toLong() and 0xFFFFFFFFL
        val hi = int(what).toLong()
        return Double.fromBits((hi shl 32) or lo)
    }
}
