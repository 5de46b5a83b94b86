package collektive.codec

import collektive.engine.EngineState
import collektive.engine.Scenarios
import kotlin.test.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class StateCodecTest {
    private val small = EngineState(
        doubleArrayOf(0.0, Double.POSITIVE_INFINITY, 1.5),
        arrayOf(intArrayOf(2), intArrayOf(), intArrayOf(0)),
    )

    @Test
    fun `the buffer is little-endian int32 n then value, count and ids per node`() {
        val bytes = StateCodec.encode(small)
        val expected = byteArrayOf(
            3, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0xF0.toByte(), 0x7F, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0xF8.toByte(), 0x3F, 1, 0, 0, 0, 0, 0, 0, 0,
        )
        assertContentEquals(expected, bytes)
        assertEquals(bytes.size, StateCodec.encodedSize(small))
    }

    @Test
    fun `engine states round-trip, infinities included`() {
        val engine = Scenarios.reference()
        engine.step(3)
        val state = engine.snapshot()
        assertTrue(state.values.any { it == Double.POSITIVE_INFINITY })
        assertEquals(state, StateCodec.decode(StateCodec.encode(state)))
        val big = Scenarios.random(500, 9L)
        big.step(40)
        assertEquals(big.snapshot(), StateCodec.decode(StateCodec.encode(big.snapshot())))
        val odd = EngineState(doubleArrayOf(-0.0, Double.NEGATIVE_INFINITY, Double.MIN_VALUE), arrayOf(intArrayOf(), intArrayOf(), intArrayOf()))
        assertEquals(odd, StateCodec.decode(StateCodec.encode(odd)))
        assertEquals(EngineState(DoubleArray(0), emptyArray()), StateCodec.decode(byteArrayOf(0, 0, 0, 0)))
    }

    @Test
    fun `an engine encodes from its views exactly as its snapshot does`() {
        val fresh = Scenarios.random(50, 3L)
        val reference = Scenarios.reference().also { it.step(3) }
        val big = Scenarios.random(500, 9L).also { it.step(40) }
        for (engine in listOf(fresh, reference, big)) {
            assertContentEquals(StateCodec.encode(engine.snapshot()), StateCodec.encode(engine))
            assertEquals(StateCodec.encodedSize(engine.snapshot()), StateCodec.encodedSize(engine))
        }
    }

    @Test
    fun `every truncation of a buffer is an IllegalArgumentException`() {
        val bytes = StateCodec.encode(small)
        for (length in 0 until bytes.size) {
            val e = assertFailsWith<IllegalArgumentException>("length $length") { StateCodec.decode(bytes.copyOf(length)) }
            assertTrue("truncated" in e.message!!, e.message)
        }
    }

    @Test
    fun `garbage is an IllegalArgumentException`() {
        assertFailsWith<IllegalArgumentException> { StateCodec.decode(StateCodec.encode(small) + byteArrayOf(1)) }
        assertFailsWith<IllegalArgumentException> { StateCodec.decode(byteArrayOf(-1, -1, -1, -1)) } // n = -1
        assertFailsWith<IllegalArgumentException> { StateCodec.decode(byteArrayOf(-1, -1, -1, 0x7F)) } // huge n
        val badId = StateCodec.encode(small).also { it[16] = 9 } // neighbour id 9 of 3 nodes
        assertFailsWith<IllegalArgumentException> { StateCodec.decode(badId) }
        val negativeCount = StateCodec.encode(small).also { it[12] = -1; it[13] = -1; it[14] = -1; it[15] = -1 }
        assertFailsWith<IllegalArgumentException> { StateCodec.decode(negativeCount) }
    }

    @Test
    fun `an engine state needs one neighbour list per value`() {
        assertFailsWith<IllegalArgumentException> { EngineState(DoubleArray(2), arrayOf(intArrayOf())) }
    }
}
