package collektive.bench

import collektive.engine.Program
import collektive.engine.SpatialGrid
import collektive.programs.BoundedElection
import collektive.programs.CalibratedWork
import collektive.programs.Channel
import collektive.programs.CountDevices
import collektive.programs.EuclideanGradient
import collektive.programs.GossipMax
import collektive.programs.HopGradient
import collektive.programs.NeighborCounter
import collektive.programs.SourceNeighbors
import collektive.programs.WithWork

/**
 * The plain floor of one engine round of a program: the same unit-disk neighbour search ([SpatialGrid]) and one
 * sweep of the same algorithm in the engine's order (reverse ids), over plain arrays, without the aggregate
 * runtime (no alignment, no messages, no boxing). What a hand-written simulation of the program would cost.
 */
public abstract class ProgramFloor(
    /** Number of devices. */
    public val nodeCount: Int,
    /** Neighbourhood radius. */
    public val maxDistance: Double,
) {
    protected val grid: SpatialGrid = SpatialGrid()
    protected val sources: BooleanArray = BooleanArray(nodeCount)

    /** Makes [node] a source or not. */
    public fun setSource(node: Int, isSource: Boolean) {
        require(node in 0 until nodeCount) { "node must be in 0 until $nodeCount, was $node" }
        sources[node] = isSource
    }

    /** Iterations of [CalibratedWork] per device and round: the same extra work as the engine's [WithWork]. */
    private var workIterations = 0

    /** One round over positions [xyz] (x0 y0 z0 x1 ...). */
    public fun step(xyz: DoubleArray) {
        grid.build(xyz, nodeCount, maxDistance)
        sweep(grid.offsets, grid.ids, grid.distances)
        if (workIterations > 0) repeat(nodeCount) { CalibratedWork.spend(workIterations) }
    }

    /** The program's sweep over this round's neighbourhoods (CSR: device i's neighbours are ids[offsets[i] until offsets[i+1]]). */
    protected abstract fun sweep(offsets: IntArray, ids: IntArray, distances: DoubleArray)

    /** The value of [node] after the last [step], as the engine encodes it. */
    public abstract fun value(node: Int): Double

    /** Mean number of neighbours in the last [step]. */
    public val meanDegree: Double get() = if (nodeCount == 0) 0.0 else grid.linkCount.toDouble() / nodeCount

    public companion object {
        /** The floor of [program], or null when the suite has none for it. */
        public fun of(program: Program, nodeCount: Int, maxDistance: Double): ProgramFloor? = when (program) {
            is WithWork -> of(program.program, nodeCount, maxDistance)?.also {
                it.workIterations = CalibratedWork.iterationsFor(program.workNs)
            }
            EuclideanGradient -> GradientSweep(nodeCount, maxDistance, hops = false)
            HopGradient -> GradientSweep(nodeCount, maxDistance, hops = true)
            GossipMax -> GossipSweep(nodeCount, maxDistance)
            is BoundedElection -> ElectionSweep(nodeCount, maxDistance, program.bound)
            CountDevices -> CountSweep(nodeCount, maxDistance)
            is Channel -> ChannelSweep(nodeCount, maxDistance, program.destination ?: (nodeCount - 1), program.width)
            NeighborCounter -> DegreeSweep(nodeCount, maxDistance)
            SourceNeighbors -> SourceNeighborSweep(nodeCount, maxDistance)
            else -> null
        }
    }
}

/** Bellman-Ford relaxation: Euclidean ([hops] false) or hop count. */
internal class GradientSweep(n: Int, d: Double, private val hops: Boolean) : ProgramFloor(n, d) {
    val values = DoubleArray(n) { Double.POSITIVE_INFINITY }

    override fun sweep(offsets: IntArray, ids: IntArray, distances: DoubleArray) {
        relax(values, sources, offsets, ids, distances, hops)
    }

    override fun value(node: Int): Double = values[node]
}

/** One in-place relaxation sweep of a gradient from [sources] over [values]. */
internal fun relax(values: DoubleArray, sources: BooleanArray, offsets: IntArray, ids: IntArray, distances: DoubleArray, hops: Boolean) {
    for (i in values.size - 1 downTo 0) {
        if (sources[i]) {
            values[i] = 0.0
            continue
        }
        var best = Double.POSITIVE_INFINITY
        for (p in offsets[i] until offsets[i + 1]) {
            val candidate = values[ids[p]] + (if (hops) 1.0 else distances[p])
            if (candidate < best) best = candidate
        }
        values[i] = best
    }
}

/**
 * Gossip of the largest id with the same loop-freedom as the program: each device keeps its best value and the
 * path it came along (as a fixed-capacity array per device), and ignores paths that went through itself.
 */
internal class GossipSweep(n: Int, d: Double) : ProgramFloor(n, d) {
    private val best = IntArray(n) { it }
    private var paths = Array(n) { intArrayOf(it) }

    override fun sweep(offsets: IntArray, ids: IntArray, distances: DoubleArray) {
        for (i in nodeCount - 1 downTo 0) {
            var value = i
            var from = -1
            var length = 1
            for (p in offsets[i] until offsets[i + 1]) {
                val j = ids[p]
                val path = paths[j]
                if (path.contains(i)) continue
                if (best[j] > value || (best[j] == value && path.size + 1 < length)) {
                    value = best[j]
                    from = j
                    length = path.size + 1
                }
            }
            best[i] = value
            paths[i] = if (from < 0) intArrayOf(i) else paths[from].copyOf(length).also { it[length - 1] = i }
        }
    }

    override fun value(node: Int): Double = best[node].toDouble()
}

/** Bounded election (strength = id) over plain arrays of (leader, hops). */
internal class ElectionSweep(n: Int, d: Double, private val bound: Int) : ProgramFloor(n, d) {
    private val leader = IntArray(n) { it }
    private val hops = IntArray(n)

    override fun sweep(offsets: IntArray, ids: IntArray, distances: DoubleArray) {
        for (i in nodeCount - 1 downTo 0) {
            var bestLeader = i
            var bestHops = 0
            for (p in offsets[i] until offsets[i + 1]) {
                val j = ids[p]
                val h = hops[j] + 1
                if (h > bound) continue
                val l = leader[j]
                if (l > bestLeader || (l == bestLeader && h < bestHops)) {
                    bestLeader = l
                    bestHops = h
                }
            }
            leader[i] = bestLeader
            hops[i] = bestHops
        }
    }

    override fun value(node: Int): Double = leader[node].toDouble()
}

/** Hop gradient, parent choice and subtree sums over plain arrays. */
internal class CountSweep(n: Int, d: Double) : ProgramFloor(n, d) {
    private val potential = DoubleArray(n) { Double.POSITIVE_INFINITY }
    private val parent = IntArray(n) { -1 }
    private val partial = IntArray(n) { 1 }

    override fun sweep(offsets: IntArray, ids: IntArray, distances: DoubleArray) {
        for (i in nodeCount - 1 downTo 0) {
            var best = if (sources[i]) 0.0 else Double.POSITIVE_INFINITY
            if (!sources[i]) for (q in offsets[i] until offsets[i + 1]) best = minOf(best, potential[ids[q]] + 1.0)
            var p = -1
            var lowest = best
            for (q in offsets[i] until offsets[i + 1]) {
                val j = ids[q]
                if (potential[j] < lowest) {
                    lowest = potential[j]
                    p = j
                }
            }
            var total = 1
            for (q in offsets[i] until offsets[i + 1]) {
                val j = ids[q]
                if (parent[j] == i) total += partial[j]
            }
            potential[i] = best
            parent[i] = p
            partial[i] = total
        }
    }

    override fun value(node: Int): Double = partial[node].toDouble()
}

/** Two Euclidean gradients and the broadcast of the source–destination distance over plain arrays. */
internal class ChannelSweep(n: Int, d: Double, private val destination: Int, private val width: Double) : ProgramFloor(n, d) {
    private val toSource = DoubleArray(n) { Double.POSITIVE_INFINITY }
    private val toDestination = DoubleArray(n) { Double.POSITIVE_INFINITY }
    private val castDistance = DoubleArray(n) { Double.POSITIVE_INFINITY }
    private val castValue = DoubleArray(n) { Double.POSITIVE_INFINITY }
    private val onChannel = BooleanArray(n)

    override fun sweep(offsets: IntArray, ids: IntArray, distances: DoubleArray) {
        for (i in nodeCount - 1 downTo 0) {
            var s = if (sources[i]) 0.0 else Double.POSITIVE_INFINITY
            var t = if (i == destination) 0.0 else Double.POSITIVE_INFINITY
            var cd = Double.POSITIVE_INFINITY
            var cv = Double.POSITIVE_INFINITY
            for (p in offsets[i] until offsets[i + 1]) {
                val j = ids[p]
                val hop = distances[p]
                if (!sources[i] && toSource[j] + hop < s) s = toSource[j] + hop
                if (i != destination && toDestination[j] + hop < t) t = toDestination[j] + hop
                if (castDistance[j] + hop < cd) {
                    cd = castDistance[j] + hop
                    cv = castValue[j]
                }
            }
            toSource[i] = s
            toDestination[i] = t
            if (sources[i]) {
                cd = 0.0
                cv = t
            } else if (cd == Double.POSITIVE_INFINITY) {
                cv = t
            }
            castDistance[i] = cd
            castValue[i] = cv
            onChannel[i] = s.isFinite() && t.isFinite() && cv.isFinite() && s + t <= cv + width
        }
    }

    override fun value(node: Int): Double = if (onChannel[node]) 1.0 else 0.0
}

/** The degree of every device. */
internal class DegreeSweep(n: Int, d: Double) : ProgramFloor(n, d) {
    private val degree = IntArray(n)

    override fun sweep(offsets: IntArray, ids: IntArray, distances: DoubleArray) {
        for (i in nodeCount - 1 downTo 0) degree[i] = offsets[i + 1] - offsets[i]
    }

    override fun value(node: Int): Double = degree[node].toDouble()
}

/** How many neighbours of every device are sources. */
internal class SourceNeighborSweep(n: Int, d: Double) : ProgramFloor(n, d) {
    private val count = IntArray(n)

    override fun sweep(offsets: IntArray, ids: IntArray, distances: DoubleArray) {
        for (i in nodeCount - 1 downTo 0) {
            var c = 0
            for (p in offsets[i] until offsets[i + 1]) if (sources[ids[p]]) c++
            count[i] = c
        }
    }

    override fun value(node: Int): Double = count[node].toDouble()
}
