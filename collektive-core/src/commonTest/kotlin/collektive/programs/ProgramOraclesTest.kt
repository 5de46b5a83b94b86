package collektive.programs

import collektive.engine.AggregateEngine
import collektive.engine.Program
import collektive.engine.Scenarios
import collektive.engine.SplitMix64
import collektive.testing.ProgramOracles
import collektive.testing.ShortestPaths
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Every program of the suite against its brute-force oracle ([ProgramOracles]) on random graphs: after settling,
 * then again after a topology change (the largest id leaves, a third of the devices move), so each program must
 * forget what the change made stale.
 */
class ProgramOraclesTest {
    private class Case(val engine: AggregateEngine, val xyz: DoubleArray, val sources: Set<Int>)

    /** [program] on [n] random devices (sparse: some isolated), source 0 and a random second one. */
    private fun case(program: Program, seed: Long, n: Int): Case {
        val xyz = Scenarios.randomPositions(n, seed, meanDegree = 5.0)
        val engine = AggregateEngine(n, 3.0, program)
        engine.updatePositions(xyz)
        val rng = SplitMix64(seed * 17)
        val sources = setOf(0, rng.nextInt(n))
        sources.forEach { engine.setSource(it, true) }
        return Case(engine, xyz, sources)
    }

    /** Moves the largest id far away and a third of the others a little; the engine sees it from the next round. */
    private fun disturb(case: Case, seed: Long) {
        val n = case.engine.nodeCount
        val rng = SplitMix64(seed * 31 + 5)
        case.xyz[3 * (n - 1)] = 1000.0
        for (i in 0 until n - 1) if (rng.nextInt(3) == 0) case.xyz[3 * i] += (rng.nextDouble() - 0.5) * 3.0
        case.engine.updatePositions(case.xyz)
    }

    /** Settles, checks [oracle]; disturbs, settles, checks again; over many random graphs. */
    private fun checkAgainst(program: Program, seeds: LongRange, rounds: (Int) -> Int, oracle: (Case, Array<IntArray>) -> Array<Double?>) =
        checkAgainst(program, seeds, rounds, { _, _ -> { true } }, oracle)

    /** [checkAgainst] on the devices [checked] selects (by its case and the final adjacency). */
    private fun checkAgainst(
        program: Program,
        seeds: LongRange,
        rounds: (Int) -> Int,
        checked: (Case, Array<IntArray>) -> (Int) -> Boolean,
        oracle: (Case, Array<IntArray>) -> Array<Double?>,
    ) {
        var checked = 0
        for (seed in seeds) {
            val n = 15 + (seed.toInt() * 13) % 50
            val case = case(program, seed, n)
            for (phase in listOf("settled", "after the change")) {
                if (phase != "settled") disturb(case, seed)
                case.engine.step(rounds(n))
                val adjacency = ShortestPaths.unitDisk(case.xyz, 3.0)
                val expected = oracle(case, adjacency)
                val selected = checked(case, adjacency)
                for (i in 0 until n) {
                    if (!selected(i)) continue
                    val e = expected[i] ?: continue
                    assertEquals(e, case.engine.value(i), "${program.spec}, seed $seed, N = $n, $phase, node $i")
                    checked++
                }
            }
        }
        assertTrue(checked > 100, "too few devices checked: $checked")
    }

    private fun DoubleArray.boxed(): Array<Double?> = Array(size) { this[it] }

    @Test
    fun `gossipMax converges to the largest id of each component, and forgets it when that device leaves`() {
        checkAgainst(GossipMax, 1L..30L, { n -> 2 * n + 5 }) { _, adjacency -> ProgramOracles.gossipMax(adjacency).boxed() }
    }

    @Test
    fun `boundedElection elects the strongest device within the bound, greedily from the strongest`() {
        for (bound in intArrayOf(1, 2, 4)) {
            checkAgainst(BoundedElection(bound), 1L..20L, { n -> n + 2 * bound + 5 }) { _, adjacency ->
                ProgramOracles.boundedElection(adjacency, bound).boxed()
            }
        }
    }

    @Test
    fun `countDevices gives every device its subtree size and every source its tree's size`() {
        // Checked where a source is reachable: a component that loses its sources keeps a finite, rising hop
        // gradient (the gradient's count to infinity), so its collection does not settle (see convergeCast).
        val reachesSource = { case: Case, adjacency: Array<IntArray> ->
            val hops = ShortestPaths.hops(adjacency, case.sources);
            { i: Int -> hops[i].isFinite() }
        }
        checkAgainst(CountDevices, 1L..30L, { n -> 2 * n + 5 }, reachesSource) { case, adjacency ->
            ProgramOracles.countDevices(adjacency, case.sources).boxed()
        }
    }

    @Test
    fun `a source's countDevices is its component's size when it is the only source there`() {
        val case = case(CountDevices, 7L, 40)
        case.engine.clearSources()
        case.engine.setSource(0, true)
        case.engine.step(100)
        val adjacency = ShortestPaths.unitDisk(case.xyz, 3.0)
        assertEquals(ProgramOracles.components(adjacency)[0].size.toDouble(), case.engine.value(0))
    }

    @Test
    fun `channel marks the devices whose detour is within the width, one source`() {
        for (width in doubleArrayOf(0.5, 1.0, 2.0)) {
            var on = 0
            for (seed in 1L..20L) {
                val n = 15 + (seed.toInt() * 13) % 50
                val destination = n / 2
                val program = Channel(destination, width)
                val xyz = Scenarios.randomPositions(n, seed, meanDegree = 6.0)
                val engine = AggregateEngine(n, 3.0, program)
                engine.updatePositions(xyz)
                engine.setSource(0, true)
                engine.step(2 * n)
                val expected = ProgramOracles.channel(xyz, ShortestPaths.unitDisk(xyz, 3.0), 0, destination, width)
                for (i in 0 until n) {
                    val e = expected[i] ?: continue
                    assertEquals(e, engine.value(i), "channel width $width, seed $seed, node $i")
                    if (e == 1.0) on++
                }
            }
            assertTrue(on > 20, "width $width: too few devices on a channel ($on)")
        }
    }

    @Test
    fun `neighborCounter counts every neighbour from the second round on`() {
        checkAgainst(NeighborCounter, 1L..20L, { 2 }) { _, adjacency -> ProgramOracles.degrees(adjacency).boxed() }
    }
}
