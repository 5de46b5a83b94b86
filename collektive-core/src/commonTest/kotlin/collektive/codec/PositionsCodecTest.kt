package collektive.codec

import collektive.engine.Scenarios
import kotlin.test.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertFailsWith

class PositionsCodecTest {
    @Test
    fun `positions round-trip bit for bit in one buffer`() {
        val xyz = Scenarios.randomPositions(1000, 5L).also { it[2] = -0.0; it[5] = Double.MAX_VALUE }
        val bytes = PositionsCodec.encode(xyz)
        assertContentEquals(byteArrayOf(-24, 3, 0, 0), bytes.copyOf(4))
        assertContentEquals(xyz, PositionsCodec.decode(bytes))
        assertContentEquals(DoubleArray(0), PositionsCodec.decode(PositionsCodec.encode(DoubleArray(0))))
    }

    @Test
    fun `truncated, padded or malformed buffers are IllegalArgumentExceptions`() {
        val bytes = PositionsCodec.encode(doubleArrayOf(1.0, 2.0, 3.0, 4.0, 5.0, 6.0))
        for (length in 0 until bytes.size) assertFailsWith<IllegalArgumentException> { PositionsCodec.decode(bytes.copyOf(length)) }
        assertFailsWith<IllegalArgumentException> { PositionsCodec.decode(bytes + byteArrayOf(0)) }
        assertFailsWith<IllegalArgumentException> { PositionsCodec.decode(byteArrayOf(-1, -1, -1, -1)) }
        assertFailsWith<IllegalArgumentException> { PositionsCodec.encode(DoubleArray(4)) }
    }
}
