package collektive.bench

import collektive.engine.Scenarios
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class EngineBenchmarkTest {
    @Test
    fun `the floor computes the same gradient as the engine`() {
        for (n in intArrayOf(10, 100, 700)) {
            val xyz = Scenarios.randomPositions(n, 3L)
            val engine = Scenarios.random(n, 3L)
            val floor = GradientFloor(n, 3.0)
            floor.setSource(0, true)
            repeat(n) {
                engine.step()
                floor.step(xyz)
            }
            for (i in 0 until n) assertEquals(engine.value(i), floor.value(i), "N = $n, node $i")
        }
    }

    @Test
    fun `the benchmark returns one row per size with positive medians`() {
        val rows = EngineBenchmark.run(intArrayOf(10, 50), samples = 5, warmupMillis = 5, minSampleMicros = 20.0)
        assertEquals(listOf(10, 50), rows.map { it.nodeCount })
        for (r in rows) {
            assertTrue(r.engineMedianMicros > 0 && r.floorMedianMicros > 0 && r.ratio > 0, "$r")
            assertTrue(r.engineP95Micros >= r.engineMedianMicros)
            assertTrue(r.meanDegree > 0)
        }
        val line = rows[0].csvLine().split(',')
        assertEquals(listOf("row", "10"), line.take(2))
        assertEquals(rows[0].floorP95Micros, line[7].toDouble())
        assertEquals(8, line.size)
        val table = EngineBenchmark.format(rows)
        assertEquals(3, table.trimEnd().lines().size)
        assertFailsWith<IllegalArgumentException> { EngineBenchmark.run(intArrayOf(0), 3) }
    }

    @Test
    fun `quantiles interpolate between order statistics and numbers format without platform APIs`() {
        assertEquals(2.5, EngineBenchmark.quantile(doubleArrayOf(4.0, 1.0, 3.0, 2.0), 0.5))
        assertEquals(3.85, EngineBenchmark.quantile(doubleArrayOf(4.0, 1.0, 3.0, 2.0), 0.95), 1e-12)
        assertEquals("12.35", EngineBenchmark.fixed(12.345678, 2))
        assertEquals("-0.50", EngineBenchmark.fixed(-0.5, 2))
        assertEquals("3", EngineBenchmark.fixed(3.0, 0))
    }
}
