package collektive.engine

import collektive.programs.Programs
import kotlin.test.Test
import kotlin.test.assertEquals

class ReuseFieldBuffersTest {
    @Test
    fun `an engine reusing its fields' buffers computes what one allocating them computes, every program, moving devices`() {
        for (entry in Programs.entries) {
            for (seed in 1L..4L) {
                val n = 40 + 20 * seed.toInt()
                val engines = listOf(false, true).map { reuse ->
                    AggregateEngine(n, 3.0, Programs.parse(entry.name, n)).also {
                        it.reuseFieldBuffers = reuse
                        it.setSource(0, true)
                        it.setSource(n / 2, seed % 2 == 0L)
                    }
                }
                for (round in 0 until 12) {
                    // New positions every few rounds: neighbours come and go, fields lose and gain aligned devices.
                    if (round % 4 == 0) {
                        val xyz = Scenarios.randomPositions(n, seed * 100 + round)
                        engines.forEach { it.updatePositions(xyz) }
                    }
                    engines.forEach { it.step() }
                    for (i in 0 until n) {
                        assertEquals(engines[0].value(i), engines[1].value(i), "${entry.name}, seed $seed, round $round, device $i")
                    }
                }
            }
        }
    }
}
