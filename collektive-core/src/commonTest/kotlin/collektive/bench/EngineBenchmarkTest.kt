package collektive.bench

import collektive.engine.AggregateEngine
import collektive.engine.Scenarios
import collektive.programs.Programs
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

class EngineBenchmarkTest {
    @Test
    fun `every program's floor computes what the engine computes, round after round`() {
        for (entry in Programs.entries) {
            val program = Programs.parse(entry.name)
            for (n in intArrayOf(10, 100, 300)) {
                val xyz = Scenarios.randomPositions(n, 3L)
                val engine = AggregateEngine(n, 3.0, program)
                val floor = assertNotNull(ProgramFloor.of(program, n, 3.0), "${entry.name} has no floor")
                for (s in intArrayOf(0, n / 2)) {
                    engine.setSource(s, true)
                    floor.setSource(s, true)
                }
                engine.updatePositions(xyz)
                for (round in 1..30) {
                    engine.step()
                    floor.step(xyz)
                    // Round 1 differs for programs that count aligned neighbours (devices not yet run are unaligned).
                    if (round == 1) continue
                    for (i in 0 until n) {
                        assertEquals(engine.value(i), floor.value(i), "${entry.name}, N = $n, round $round, node $i")
                    }
                }
            }
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
    fun `one side measures that side only, the other's figures NaN`() {
        val engine = EngineBenchmark.run(intArrayOf(30), samples = 3, warmupMillis = 1, minSampleMicros = 10.0, side = BenchSide.ENGINE).single()
        assertTrue(engine.engineMedianMicros > 0 && engine.floorMedianMicros.isNaN() && engine.meanDegree > 0, "$engine")
        val floor = EngineBenchmark.run(intArrayOf(30), samples = 3, warmupMillis = 1, minSampleMicros = 10.0, side = BenchSide.FLOOR).single()
        assertTrue(floor.floorMedianMicros > 0 && floor.engineMedianMicros.isNaN() && floor.meanDegree == engine.meanDegree, "$floor")
        assertEquals(BenchSide.FLOOR, BenchSide.parse("Floor"))
        assertFailsWith<IllegalArgumentException> { BenchSide.parse("sideways") }
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
