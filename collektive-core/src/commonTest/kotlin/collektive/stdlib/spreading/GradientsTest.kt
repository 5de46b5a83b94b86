package collektive.stdlib.spreading

import collektive.testing.ShortestPaths
import collektive.testing.Simulation
import collektive.testing.reverseOrder
import kotlin.test.Test
import kotlin.test.assertEquals

class GradientsTest {
    // A small fixed graph: 0-1 (1), 1-2 (2), 0-2 (4), 2-3 (1), and 4 isolated.
    private val xyz = doubleArrayOf(0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 3.0, 0.0, 0.0, 4.0, 0.0, 0.0, 50.0, 0.0, 0.0)
    private val adjacency = ShortestPaths.unitDisk(xyz, 3.0)

    @Test
    fun `the Euclidean gradient converges to shortest-path distances with plus infinity when unreachable`() {
        val sim = Simulation {
            euclideanGradient(localId == 0, neighborhoodField(0.0) { index, _ -> ShortestPaths.distance(xyz, localId, adjacency[localId][index]) })
        }
        sim.adjacency(adjacency)
        repeat(5) { sim.round(reverseOrder(5)) }
        assertEquals(mapOf(0 to 0.0, 1 to 1.0, 2 to 3.0, 3 to 4.0, 4 to Double.POSITIVE_INFINITY), sim.results)
    }

    @Test
    fun `the hop gradient counts hops`() {
        val sim = Simulation { hopGradient(localId == 3) }
        sim.adjacency(adjacency)
        repeat(5) { sim.round(reverseOrder(5)) }
        assertEquals(mapOf(0 to 2.0, 1 to 1.0, 2 to 1.0, 3 to 0.0, 4 to Double.POSITIVE_INFINITY), sim.results)
    }

    @Test
    fun `a gradient only uses neighbours running the same gradient at the same place`() {
        // A line 0 - 1 - 2 (spacing 2, radius 3: 0 and 2 are not neighbours). Device 1 runs the gradient inside
        // another alignment frame, so it cannot relay the source's value to 2.
        val line = doubleArrayOf(0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 4.0, 0.0, 0.0)
        val links = ShortestPaths.unitDisk(line, 3.0)
        val program: collektive.aggregate.api.Aggregate<Int>.(Boolean) -> Double = { apart ->
            val d = neighborhoodField(0.0) { index, _ -> ShortestPaths.distance(line, localId, links[localId][index]) }
            if (apart && localId == 1) alignedOn("elsewhere") { euclideanGradient(false, d) } else euclideanGradient(localId == 0, d)
        }
        val aligned = Simulation { program(false) }.apply { adjacency(links) }
        val apart = Simulation { program(true) }.apply { adjacency(links) }
        repeat(4) {
            aligned.round(reverseOrder(3))
            apart.round(reverseOrder(3))
        }
        assertEquals(mapOf(0 to 0.0, 1 to 2.0, 2 to 4.0), aligned.results)
        assertEquals(mapOf(0 to 0.0, 1 to Double.POSITIVE_INFINITY, 2 to Double.POSITIVE_INFINITY), apart.results)
    }
}
