package collektive.programs

import collektive.engine.AggregateEngine
import collektive.engine.Program
import collektive.engine.ProgramOutput
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertSame
import kotlin.test.assertTrue

class ProgramsTest {
    @Test
    fun `every registered name parses to a program of that name, ignoring case, and its spec parses back to it`() {
        for (entry in Programs.entries) {
            val program = Programs.parse(entry.name.uppercase())
            assertEquals(entry.name, program.name)
            assertEquals(program.spec, Programs.parse(program.spec).spec)
        }
        assertSame(Program.EUCLIDEAN, Programs.parse("euclidean"))
        assertSame(Program.HOP, Programs.parse("HOP"))
    }

    @Test
    fun `parameters are read from the spec`() {
        val election = Programs.parse("boundedElection:bound=5") as BoundedElection
        assertEquals(5, election.bound)
        val channel = Programs.parse("channel:destination=3, width=0.25", nodeCount = 4) as Channel
        assertEquals(3, channel.destination)
        assertEquals(0.25, channel.width)
        assertEquals(ProgramOutput.BOOLEAN, channel.output)
    }

    @Test
    fun `bad names and parameters are errors naming the problem`() {
        fun message(spec: String, nodeCount: Int? = null) =
            assertFailsWith<IllegalArgumentException>(spec) { Programs.parse(spec, nodeCount) }.message!!
        assertTrue("known: euclidean, hop" in message("spiral"), message("spiral"))
        assertTrue("unknown parameter \"radius\"" in message("gossipMax:radius=2"))
        assertTrue("bound" in message("boundedElection:bound=0"))
        assertTrue("integer" in message("boundedElection:bound=1.5"))
        assertTrue("finite number" in message("channel:width=wide"))
        assertTrue("key=value" in message("channel:width"))
        assertTrue("given twice" in message("channel:width=1,width=2"))
        assertTrue("0 until 5" in message("channel:destination=9", 5), message("channel:destination=9", 5))
        assertFailsWith<IllegalArgumentException> { AggregateEngine(5, 3.0, Channel(9)) }
    }
}
