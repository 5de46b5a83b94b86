package collektive.programs

import collektive.engine.AggregateEngine
import collektive.engine.Program
import collektive.engine.Scenarios
import collektive.engine.SplitMix64
import kotlin.test.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertSame
import kotlin.test.assertTrue

class WorkTest {
    @Test
    fun `every program with work shows the values and links it shows without, round after round, devices moving`() {
        val n = 40
        for (entry in Programs.entries) {
            for (seed in 1L..3L) {
                val plain = Scenarios.random(n, seed, program = Programs.parse(entry.name, n))
                val worked = Scenarios.random(n, seed, program = Programs.parse("${entry.name}:work=1500", n))
                assertTrue(worked.program is WithWork, entry.name)
                val rng = SplitMix64(seed)
                val xyz = Scenarios.randomPositions(n, seed)
                repeat(15) { round ->
                    for (k in xyz.indices) xyz[k] += (rng.nextDouble() - 0.5) * 0.6
                    plain.updatePositions(xyz)
                    worked.updatePositions(xyz)
                    plain.step()
                    worked.step()
                    val what = "${entry.name}, seed $seed, round $round"
                    assertContentEquals(plain.values(), worked.values(), what)
                    for (i in 0 until n) assertContentEquals(plain.neighbors(i), worked.neighbors(i), "$what, device $i")
                }
            }
        }
    }

    @Test
    fun `work is a parameter of every spec, and its spec parses back to it`() {
        val worked = Programs.parse("euclidean:work=16500") as WithWork
        assertSame(Program.EUCLIDEAN, worked.program)
        assertEquals(16_500.0, worked.workNs)
        assertEquals("euclidean:work=16500", worked.spec)
        assertEquals("euclidean", worked.name)
        val channel = Programs.parse("channel:WORK=2.5,width=2", nodeCount = 10)
        assertEquals("channel:width=2.0,work=2.5", channel.spec)
        assertEquals(channel.spec, Programs.parse(channel.spec).spec)
        assertSame(Program.EUCLIDEAN, Programs.parse("euclidean:work=0"))
    }

    @Test
    fun `bad work values are the registry's errors naming the value`() {
        fun message(spec: String, nodeCount: Int? = null) =
            assertFailsWith<IllegalArgumentException>(spec) { Programs.parse(spec, nodeCount) }.message!!
        assertTrue("work must be a number of ns in 0..1000000, was -1.0" in message("hop:work=-1"), message("hop:work=-1"))
        assertTrue("0..1000000" in message("hop:work=1000001"))
        assertTrue("finite number" in message("hop:work=Infinity"))
        assertTrue("finite number" in message("hop:work=lots"))
        assertTrue("over the limit 100000000 ns" in message("hop:work=200000", 1000), message("hop:work=200000", 1000))
        assertFailsWith<IllegalArgumentException> { AggregateEngine(1000, 3.0, WithWork(Program.HOP, 200_000.0)) }
        assertTrue("work: extra CPU work" in message("gossipMax:radius=2"), message("gossipMax:radius=2"))
    }

    @Test
    fun `the calibrated work counts iterations in proportion to the time asked`() {
        val perNs = CalibratedWork.iterationsPerNs
        assertTrue(perNs > 0.0 && perNs.isFinite(), "iterations per ns: $perNs")
        assertEquals(0, CalibratedWork.iterationsFor(0.0))
        val thousand = CalibratedWork.iterationsFor(1_000.0)
        assertTrue(CalibratedWork.iterationsFor(100_000.0) in 99 * thousand..101 * thousand + 100)
    }
}
