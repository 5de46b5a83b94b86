package collektive.testing

import collektive.aggregate.api.Field
import collektive.engine.Device
import collektive.engine.Program

/**
 * [program] on devices 0 until [n] through the plain [Simulation], linked as the engine links them (unit disk of
 * [radius] over positions), each device a [Device] whose distances come from the positions: what the engine's
 * rounds are checked against.
 */
class UnitDiskSimulation(private val program: Program, private val n: Int, private val sources: Set<Int>, private val radius: Double = 3.0) {
    private var distances: Array<DoubleArray> = emptyArray()
    private val sim = Simulation {
        val id = localId
        val device = object : Device {
            override val id: Int get() = id
            override val nodeCount: Int get() = n
            override val isSource: Boolean get() = id in sources
            override val distances: Field<Int, Double>
                get() = neighborhoodField(0.0) { index, _ -> this@UnitDiskSimulation.distances[id][index] }
        }
        with(program) { run(device) }
    }

    /** One round of every device, in the engine's order, at positions [xyz] (x0 y0 z0 x1 ...): each device's value. */
    fun round(xyz: DoubleArray): Map<Int, Double> {
        val adjacency = ShortestPaths.unitDisk(xyz, radius)
        distances = Array(n) { i -> DoubleArray(adjacency[i].size) { k -> ShortestPaths.distance(xyz, i, adjacency[i][k]) } }
        sim.adjacency(adjacency)
        return sim.round(reverseOrder(n))
    }
}
