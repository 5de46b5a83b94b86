package collektive.engine

import collektive.testing.ShortestPaths
import collektive.testing.UnitDiskSimulation
import kotlin.test.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class AggregateEngineTest {
    private fun assertValues(expected: DoubleArray, engine: AggregateEngine, context: String) {
        for (i in expected.indices) {
            assertEquals(expected[i], engine.value(i), "$context, node $i")
        }
    }

    /** A random graph with a random source set (1–3 sources), [n] devices, sparse enough to leave some isolated. */
    private fun randomCase(seed: Long, program: Program): Triple<AggregateEngine, DoubleArray, Set<Int>> {
        val n = 20 + (seed.toInt() * 7) % 60
        val xyz = Scenarios.randomPositions(n, seed, meanDegree = 4.0)
        val engine = AggregateEngine(n, 3.0, program)
        engine.updatePositions(xyz)
        val rng = SplitMix64(seed * 31)
        val sources = (0 until 1 + rng.nextInt(3)).map { rng.nextInt(n) }.toSet()
        sources.forEach { engine.setSource(it, true) }
        return Triple(engine, xyz, sources)
    }

    @Test
    fun `the Euclidean gradient equals Dijkstra distances on 60 random graphs, several sources and unreachable devices included`() {
        var unreachable = 0
        var multiSource = 0
        for (seed in 1L..60L) {
            val (engine, xyz, sources) = randomCase(seed, Program.EUCLIDEAN)
            engine.step(engine.nodeCount + 1)
            val adjacency = ShortestPaths.unitDisk(xyz, 3.0)
            val expected = ShortestPaths.dijkstra(xyz, adjacency, sources)
            for (i in 0 until engine.nodeCount) assertContentEquals(adjacency[i], engine.neighbors(i), "neighbours of $i, seed $seed")
            assertValues(expected, engine, "seed $seed")
            unreachable += expected.count { it.isInfinite() }
            if (sources.size > 1) multiSource++
        }
        assertTrue(unreachable > 0, "the cases must include unreachable devices")
        assertTrue(multiSource > 10, "the cases must include several sources")
    }

    @Test
    fun `the hop gradient equals BFS hop counts on 50 random graphs`() {
        for (seed in 100L..149L) {
            val (engine, xyz, sources) = randomCase(seed, Program.HOP)
            engine.step(engine.nodeCount + 1)
            assertValues(ShortestPaths.hops(ShortestPaths.unitDisk(xyz, 3.0), sources), engine, "seed $seed")
        }
    }

    @Test
    fun `devices are evaluated in reverse id order, in place`() {
        // A line 0-1-2-3 with spacing 1: with the source at 3 the value crosses the line in one round (3 runs
        // first); with the source at 0 it advances one hop per round.
        val engine = AggregateEngine(4, 1.0)
        engine.updatePositions(doubleArrayOf(0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.0, 0.0))
        engine.setSource(3, true)
        engine.step()
        assertContentEquals(doubleArrayOf(3.0, 2.0, 1.0, 0.0), engine.values())
        val other = AggregateEngine(4, 1.0)
        other.updatePositions(doubleArrayOf(0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.0, 0.0))
        other.setSource(0, true)
        other.step()
        assertContentEquals(doubleArrayOf(0.0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY), other.values())
        other.step()
        assertContentEquals(doubleArrayOf(0.0, 1.0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY), other.values())
        other.step(2)
        assertContentEquals(doubleArrayOf(0.0, 1.0, 2.0, 3.0), other.values())
        assertEquals(4L, other.roundsRun)
    }

    @Test
    fun `the engine matches a plain simulation over the in-memory network while devices move`() {
        val n = 40
        val rng = SplitMix64(77)
        val xyz = Scenarios.randomPositions(n, 77L)
        val engine = AggregateEngine(n, 3.0)
        val sim = UnitDiskSimulation(Program.EUCLIDEAN, n, setOf(0, 7))
        engine.setSource(0, true)
        engine.setSource(7, true)
        repeat(40) { round ->
            for (i in 0 until n) if (rng.nextInt(2) == 0) {
                xyz[3 * i] += (rng.nextDouble() - 0.5) * 2.0
                xyz[3 * i + 1] += (rng.nextDouble() - 0.5) * 2.0
            }
            engine.updatePositions(xyz)
            engine.step()
            val expected = sim.round(xyz)
            for (i in 0 until n) assertEquals(expected.getValue(i), engine.value(i), "round $round node $i")
        }
    }

    @Test
    fun `the gradient re-converges after devices move`() {
        val n = 60
        val engine = Scenarios.random(n, 5L)
        engine.step(n)
        val moved = Scenarios.randomPositions(n, 6L)
        engine.updatePositions(moved)
        engine.step(20 * n)
        assertValues(ShortestPaths.dijkstra(moved, ShortestPaths.unitDisk(moved, 3.0), setOf(0)), engine, "after the move")
    }

    @Test
    fun `the gradient re-converges after a source is removed`() {
        val n = 50
        val xyz = Scenarios.randomPositions(n, 8L)
        val engine = AggregateEngine(n, 3.0)
        engine.updatePositions(xyz)
        engine.setSource(0, true)
        engine.setSource(30, true)
        engine.step(n)
        val adjacency = ShortestPaths.unitDisk(xyz, 3.0)
        assertValues(ShortestPaths.dijkstra(xyz, adjacency, setOf(0, 30)), engine, "two sources")
        engine.setSource(30, false)
        assertTrue(!engine.isSource(30))
        // Rising values climb slowly (the classic share-gradient rising problem): give it enough rounds.
        engine.step(20 * n)
        assertValues(ShortestPaths.dijkstra(xyz, adjacency, setOf(0)), engine, "after removing source 30")
    }

    @Test
    fun `neighbour lists are ascending, symmetric, exclude self and equal brute force in 3D`() {
        for (seed in 1L..20L) {
            val rng = SplitMix64(seed)
            val n = 1 + rng.nextInt(150)
            val radius = 0.5 + rng.nextDouble() * 4
            val xyz = DoubleArray(3 * n) { (rng.nextDouble() - 0.5) * 20 }
            val grid = SpatialGrid()
            grid.build(xyz, n, radius)
            val brute = ShortestPaths.unitDisk(xyz, radius)
            for (i in 0 until n) {
                assertContentEquals(brute[i], grid.neighborsOf(i), "seed $seed node $i")
                assertContentEquals(DoubleArray(brute[i].size) { ShortestPaths.distance(xyz, i, brute[i][it]) }, grid.distancesOf(i))
            }
        }
    }

    @Test
    fun `neighbour lists equal brute force where grid cells saturate at the ends of Int`() {
        val r = 3.0
        val top = Int.MAX_VALUE.toDouble() * r // cells Int.MAX_VALUE - 1 | Int.MAX_VALUE (and beyond: saturated)
        val bottom = Int.MIN_VALUE.toDouble() * r // cells Int.MIN_VALUE (and below: saturated)
        val big = Double.MAX_VALUE
        val xyz = doubleArrayOf(
            top - 1, top - 1, top - 1, /**/ top + 1, top - 1, top + 1, /**/ top + 2.5, top + 1, top - 1,
            1e300, top, top, /**/ 1e300, top, top + 2, /**/ big, big, big, /**/ big, big, big,
            0.0, 0.0, 0.0, /**/ 1.0, 0.0, 0.0, /**/ top - 1, bottom + 1, 0.0, /**/ top + 1, bottom + 1, 0.0,
            bottom + 1, bottom + 1, bottom + 1, /**/ bottom - 1, bottom + 1, bottom - 1,
            -1e300, -1e300, -1e300, /**/ -1e300, -1e300, -1e300, /**/ -big, -big, -big, /**/ -big, 0.0, big,
        )
        val n = xyz.size / 3
        val grid = SpatialGrid()
        grid.build(xyz, n, r)
        val brute = ShortestPaths.unitDisk(xyz, r)
        var links = 0
        for (i in 0 until n) {
            assertContentEquals(brute[i], grid.neighborsOf(i), "node $i")
            links += brute[i].size
        }
        assertEquals(14, links, "directed links of the 7 close pairs")
    }

    @Test
    fun `devices exactly at maxDistance are neighbours`() {
        val engine = AggregateEngine(3, 3.0)
        engine.updatePositions(doubleArrayOf(0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 3.0, 0.0, 3.0000001))
        engine.step()
        assertContentEquals(intArrayOf(1), engine.neighbors(0))
        assertContentEquals(intArrayOf(0), engine.neighbors(1))
        assertContentEquals(intArrayOf(), engine.neighbors(2))
    }

    @Test
    fun `before the first round values are infinite and neighbourhoods empty`() {
        val engine = Scenarios.reference()
        assertEquals(0L, engine.roundsRun)
        assertTrue(engine.values().all { it == Double.POSITIVE_INFINITY })
        assertContentEquals(intArrayOf(), engine.neighbors(3))
        engine.step(0)
        assertEquals(0L, engine.roundsRun)
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

    @Test
    fun `snapshots and accessors return copies`() {
        val engine = Scenarios.random(30, 2L)
        engine.step(10)
        val snapshot = engine.snapshot()
        assertContentEquals(engine.values(), snapshot.values)
        for (i in 0 until 30) assertContentEquals(engine.neighbors(i), snapshot.neighbors[i])
        snapshot.values[0] = 42.0
        engine.values()[1] = 42.0
        engine.position(2)[0] = 42.0
        assertEquals(0.0, engine.value(0))
        assertTrue(engine.value(1) != 42.0)
        assertTrue(engine.position(2)[0] != 42.0)
        assertEquals(engine.snapshot(), engine.snapshot())
    }

    @Test
    fun `a smaller maxDistance applies from the next round`() {
        val engine = AggregateEngine(2, 3.0)
        engine.updatePosition(1, 2.0, 0.0, 0.0)
        engine.step()
        assertContentEquals(intArrayOf(1), engine.neighbors(0))
        engine.maxDistance = 1.5
        engine.step()
        assertContentEquals(intArrayOf(), engine.neighbors(0))
    }

    @Test
    fun `an engine without devices steps`() {
        val engine = AggregateEngine(0, 1.0)
        engine.step(3)
        assertEquals(0, engine.snapshot().nodeCount)
    }

    @Test
    fun `a round over the link budget is refused and leaves the engine as it was`() {
        val n = 40
        val engine = AggregateEngine(n, 3.0)
        engine.updatePositions(DoubleArray(3 * n) { if (it % 3 == 0) 2.0 * (it / 3) else 0.0 }) // a line: 78 links
        engine.setSource(0, true)
        engine.maxLinks = 100
        engine.step(n)
        val before = engine.snapshot()
        engine.updatePositions(DoubleArray(3 * n)) // every device at the origin: 40 × 39 = 1560 links
        val refused = kotlin.runCatching { engine.step(1) }.exceptionOrNull()
        assertTrue(refused is BudgetExceededException, "refused with $refused")
        assertTrue(refused.message!!.contains("100"), refused.message)
        assertEquals(n.toLong(), engine.roundsRun)
        val after = engine.snapshot()
        assertContentEquals(before.values, after.values)
        for (i in 0 until n) assertContentEquals(before.neighbors[i], after.neighbors[i], "neighbours of $i")
        engine.maxLinks = 1560
        engine.step(1)
        assertEquals(39, engine.neighborCount(7))
        assertTrue(kotlin.runCatching { engine.maxLinks = 0 }.isFailure)
    }
}
