package collektive.engine

import kotlin.test.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class ScenariosTest {
    @Test
    fun `the reference layout puts device 0 on top and the others one row below, 3 apart and centred`() {
        val xyz = Scenarios.referencePositions()
        val expected = DoubleArray(30)
        for (i in 1 until 10) {
            expected[3 * i] = -12.0 + 3.0 * (i - 1)
            expected[3 * i + 1] = -6.0
        }
        assertContentEquals(expected, xyz)
        val engine = Scenarios.reference()
        assertEquals(10, engine.nodeCount)
        assertEquals(3.0, engine.maxDistance)
        assertTrue(engine.isSource(0))
        assertFalse(engine.isSource(1))
        assertContentEquals(xyz.copyOfRange(6, 9), engine.position(2))
    }

    @Test
    fun `random positions are seeded, inside the square, and keep the mean degree about constant`() {
        assertContentEquals(Scenarios.randomPositions(50, 3L), Scenarios.randomPositions(50, 3L))
        assertFalse(Scenarios.randomPositions(50, 3L).contentEquals(Scenarios.randomPositions(50, 4L)))
        for (n in intArrayOf(500, 4000)) {
            val xyz = Scenarios.randomPositions(n, 1L)
            val side = Scenarios.randomSide(n)
            for (i in 0 until n) {
                assertTrue(xyz[3 * i] in 0.0..side && xyz[3 * i + 1] in 0.0..side && xyz[3 * i + 2] == 0.0)
            }
            val grid = SpatialGrid()
            grid.build(xyz, n, 3.0)
            val degree = grid.linkCount.toDouble() / n
            assertTrue(degree in 6.5..8.5, "mean degree $degree at N = $n")
        }
    }

    @Test
    fun `SplitMix64 produces the published sequence`() {
        // First outputs for seed 0 (reference implementation by Vigna).
        val rng = SplitMix64(0L)
        assertEquals(-0x1ddf57c684e23251L, rng.nextLong()) // 0xE220A8397B1DCDAF
        assertEquals(0x6E789E6AA1B965F4L, rng.nextLong())
        val d = SplitMix64(1L).nextDouble()
        assertTrue(d >= 0.0 && d < 1.0)
    }
}
