package collektive.bench

import collektive.engine.SpatialGrid

/**
 * The algorithmic floor of one [collektive.engine.GradientEngine] round: the same unit-disk neighbour search
 * ([SpatialGrid]) followed by one in-place Bellman-Ford relaxation sweep in the engine's order (reverse ids),
 * with plain arrays and no aggregate runtime: a source gets 0, any other device the minimum of (neighbour's value
 * + distance), +∞ when none is finite.
 */
public class GradientFloor(
    /** Number of devices. */
    public val nodeCount: Int,
    /** Neighbourhood radius. */
    public val maxDistance: Double,
) {
    private val grid = SpatialGrid()
    private val values = DoubleArray(nodeCount) { Double.POSITIVE_INFINITY }
    private val sources = BooleanArray(nodeCount)

    init {
        require(nodeCount >= 0) { "nodeCount must be >= 0, was $nodeCount" }
        require(maxDistance > 0.0 && maxDistance.isFinite()) { "maxDistance must be > 0 and finite, was $maxDistance" }
    }

    /** Makes [node] a source or not. */
    public fun setSource(node: Int, isSource: Boolean) {
        require(node in 0 until nodeCount) { "node must be in 0 until $nodeCount, was $node" }
        sources[node] = isSource
    }

    /** One round over positions [xyz] (x0 y0 z0 x1 ...). */
    public fun step(xyz: DoubleArray) {
        grid.build(xyz, nodeCount, maxDistance)
        val offsets = grid.offsets
        val ids = grid.ids
        val distances = grid.distances
        for (i in nodeCount - 1 downTo 0) {
            if (sources[i]) {
                values[i] = 0.0
                continue
            }
            var best = Double.POSITIVE_INFINITY
            for (p in offsets[i] until offsets[i + 1]) {
                val candidate = values[ids[p]] + distances[p]
                if (candidate < best) best = candidate
            }
            values[i] = best
        }
    }

    /** The value of [node] after the last [step]. */
    public fun value(node: Int): Double = values[node]

    /** Mean number of neighbours in the last [step]. */
    public val meanDegree: Double get() = if (nodeCount == 0) 0.0 else grid.linkCount.toDouble() / nodeCount
}
