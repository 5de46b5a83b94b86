package collektive.engine

import collektive.aggregate.api.Aggregate
import collektive.aggregate.api.minOfSums
import collektive.programs.Programs
import collektive.testing.UnitDiskSimulation
import kotlin.test.Test
import kotlin.test.assertEquals

/**
 * The engine's fields read neighbours from message columns when every neighbour's message has the layout the
 * columns keep, and from the messages otherwise (docs/profiles.md, "Third pass"). Both must give what the plain
 * simulation over the in-memory network gives, whatever the mix: devices moving (new neighbours whose messages are
 * not visible yet), programs whose layout differs between devices and changes between rounds.
 */
class MessageColumnsTest {
    /** Runs [program] on the engine and on the plain simulation, devices moving, and compares every value. */
    private fun assertEngineMatchesSimulation(program: Program, n: Int, seed: Long) {
        val rng = SplitMix64(seed)
        val xyz = Scenarios.randomPositions(n, seed)
        val sources = setOf(0, n / 3)
        val engine = AggregateEngine(n, 3.0, program)
        sources.forEach { engine.setSource(it, true) }
        val sim = UnitDiskSimulation(program, n, sources)
        repeat(24) { round ->
            // Still for a few rounds (every message visible: the columns), then a few devices move (some are not).
            if (round % 6 == 5) {
                for (i in 0 until n) if (rng.nextInt(4) == 0) xyz[3 * i] += (rng.nextDouble() - 0.5) * 3.0
            }
            engine.updatePositions(xyz)
            engine.step()
            val expected = sim.round(xyz)
            for (i in 0 until n) assertEquals(expected.getValue(i), engine.value(i), "${program.spec}, seed $seed, round $round, device $i")
        }
    }

    @Test
    fun `every program gives the plain simulation's values while devices move`() {
        for (entry in Programs.entries) {
            for (seed in 1L..3L) assertEngineMatchesSimulation(Programs.parse(entry.name, 50), 50, seed)
        }
    }

    @Test
    fun `programs whose layout differs between devices and rounds give the plain simulation's values`() {
        for (seed in 1L..3L) {
            assertEngineMatchesSimulation(Branching, 50, seed)
            assertEngineMatchesSimulation(Growing, 50, seed)
            assertEngineMatchesSimulation(Exchanging, 50, seed)
        }
    }

    /** Sends each neighbour its own value (an exchanged field): the receiver's value depends on the sender's field. */
    private object Exchanging : Program("exchanging", ProgramOutput.COUNT) {
        override fun Aggregate<Int>.run(device: Device): Double {
            val field = exchange(device.id) { received -> received.mapWithId { id, v -> (v + id * 7 + device.id) % 1000 } }
            return field.fold(field.local.toDouble()) { acc, v -> acc + v }
        }
    }

    @Test
    fun `columns switched off and on between rounds give what the messages give`() {
        for (entry in Programs.entries) {
            val n = 60
            val engines = listOf(true, false).map { columns ->
                AggregateEngine(n, 3.0, Programs.parse(entry.name, n)).also {
                    it.readMessageColumns = columns
                    it.setSource(0, true)
                    it.updatePositions(Scenarios.randomPositions(n, 5L))
                }
            }
            for (round in 0 until 12) {
                if (round % 3 == 2) engines[0].readMessageColumns = !engines[0].readMessageColumns
                if (round == 7) engines.forEach { it.updatePositions(Scenarios.randomPositions(n, 6L)) }
                engines.forEach { it.step() }
                for (i in 0 until n) assertEquals(engines[1].value(i), engines[0].value(i), "${entry.name}, round $round, device $i")
            }
        }
    }

    /** Even and odd devices share on different branches; a source also shares a gradient (a longer message). */
    private object Branching : Program("branching", ProgramOutput.COUNT) {
        override fun Aggregate<Int>.run(device: Device): Double {
            val same = alignedOn(device.id % 2 == 0) { neighboring(device.id).count() }
            val extra = if (device.isSource) share(0.0) { it.minOfSums(device.distances, 0.0) } else 0.0
            return same * 100.0 + extra
        }
    }

    /** One more shared value every few rounds, up to a layout longer than the columns keep. */
    private object Growing : Program("growing", ProgramOutput.COUNT) {
        override fun Aggregate<Int>.run(device: Device): Double {
            val round = evolve(0) { it + 1 }
            var total = 0.0
            for (k in 0 until minOf(1 + round / 3, 10)) total += neighboring(k + device.id % 3).count { it % 3 == 0 }
            return total
        }
    }
}
