package collektive.engine

import collektive.testing.ShortestPaths
import kotlin.test.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class GradientEngineTest {
    @Test
    fun `the Euclidean gradient equals Dijkstra distances on 60 random graphs`() {
        for (seed in 1L..60L) {
            val n = 20 + (seed.toInt() * 7) % 60
            val engine = Scenarios.random(n, seed, meanDegree = 5.0)
            val rng = SplitMix64(seed * 31)
            val sources = (0 until 1 + rng.nextInt(3)).map { rng.nextInt(n) }.toSet()
            engine.clearSources()
            sources.forEach { engine.setSource(it, true) }
            engine.step(n + 2)
            val xyz = Scenarios.randomPositions(n, seed, meanDegree = 5.0)
            val adjacency = ShortestPaths.unitDisk(xyz, 3.0)
            val expected = ShortestPaths.dijkstra(xyz, adjacency, sources)
            for (i in 0 until n) {
                assertContentEquals(adjacency[i], engine.neighbors(i), "neighbours of $i, seed $seed")
                val v = engine.value(i)
                val e = expected[i]
                assertTrue(
                    if (e.isInfinite()) v == e else kotlin.math.abs(v - e) <= 1e-9 * (1 + e),
                    "seed $seed node $i: engine $v, Dijkstra $e",
                )
            }
        }
    }

    @Test
    fun `the reference scenario has device 0 alone and a chain of unreachable devices`() {
        val engine = Scenarios.reference()
        engine.step(5)
        assertEquals(0.0, engine.value(0))
        for (i in 1 until 10) assertEquals(Double.POSITIVE_INFINITY, engine.value(i))
        assertContentEquals(intArrayOf(), engine.neighbors(0))
        assertContentEquals(intArrayOf(2), engine.neighbors(1))
        assertContentEquals(intArrayOf(4, 6), engine.neighbors(5))
    }
}
