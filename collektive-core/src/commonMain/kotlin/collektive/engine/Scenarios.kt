package collektive.engine

import kotlin.math.PI
import kotlin.math.sqrt

/** The scenarios every host and benchmark uses, identical on all targets. */
public object Scenarios {
    /** Horizontal spacing of the reference layout. */
    public const val REFERENCE_HORIZONTAL_SPACING: Double = 3.0

    /** Vertical spacing of the reference layout. */
    public const val REFERENCE_VERTICAL_SPACING: Double = 6.0

    /**
     * The reference study's layout (docs/reference-study.md): a BFS tree rooted at device 0 over the neighbourhoods of the
     * first round (all devices start at the origin, so all are neighbours of device 0), one row per BFS level
     * (y = −level × 6), devices of a row spaced by 3 along x and centred on x = 0, unreachable devices on an
     * extra bottom row; z = 0. Returns x0 y0 z0 x1 ... For 10 devices: device 0 at (0, 0, 0), devices 1..9 at
     * x = −12, −9, ..., 12 and y = −6.
     */
    public fun referencePositions(nodeCount: Int = 10, maxDistance: Double = 3.0): DoubleArray {
        require(nodeCount >= 0) { "nodeCount must be >= 0, was $nodeCount" }
        require(maxDistance > 0.0 && maxDistance.isFinite()) { "maxDistance must be > 0 and finite, was $maxDistance" }
        val out = DoubleArray(3 * nodeCount)
        if (nodeCount == 0) return out
        val grid = SpatialGrid()
        grid.build(DoubleArray(3 * nodeCount), nodeCount, maxDistance) // the first round: everyone at the origin
        val level = IntArray(nodeCount) { -1 }
        val layers = ArrayList<MutableList<Int>>()
        level[0] = 0
        layers.add(mutableListOf(0))
        val queue = IntArray(nodeCount)
        var head = 0
        var tail = 0
        queue[tail++] = 0
        while (head < tail) {
            val current = queue[head++]
            for (n in grid.neighborsOf(current)) {
                if (level[n] >= 0) continue
                level[n] = level[current] + 1
                if (layers.size <= level[n]) layers.add(mutableListOf())
                layers[level[n]].add(n)
                queue[tail++] = n
            }
        }
        val unreachable = (0 until nodeCount).filter { level[it] < 0 }
        if (unreachable.isNotEmpty()) layers.add(unreachable.toMutableList())
        for ((row, members) in layers.withIndex()) {
            val startX = -((members.size - 1) * REFERENCE_HORIZONTAL_SPACING) / 2.0
            for ((k, node) in members.withIndex()) {
                out[3 * node] = startX + k * REFERENCE_HORIZONTAL_SPACING
                out[3 * node + 1] = -row * REFERENCE_VERTICAL_SPACING
                out[3 * node + 2] = 0.0
            }
        }
        return out
    }

    /** The side of the square holding [nodeCount] devices at [meanDegree] expected neighbours within [maxDistance]. */
    public fun randomSide(nodeCount: Int, meanDegree: Double = 8.0, maxDistance: Double = 3.0): Double {
        require(nodeCount >= 0) { "nodeCount must be >= 0, was $nodeCount" }
        require(meanDegree > 0.0 && meanDegree.isFinite()) { "meanDegree must be > 0 and finite, was $meanDegree" }
        require(maxDistance > 0.0 && maxDistance.isFinite()) { "maxDistance must be > 0 and finite, was $maxDistance" }
        return sqrt(nodeCount * PI * maxDistance * maxDistance / meanDegree)
    }

    /**
     * [nodeCount] devices uniformly at random (SplitMix64 seeded with [seed]) in the square [0, side)² at z = 0,
     * side = [randomSide] so that the expected degree (ignoring borders) is [meanDegree] for every N.
     */
    public fun randomPositions(nodeCount: Int, seed: Long, meanDegree: Double = 8.0, maxDistance: Double = 3.0): DoubleArray {
        val side = randomSide(nodeCount, meanDegree, maxDistance)
        val rng = SplitMix64(seed)
        val out = DoubleArray(3 * nodeCount)
        for (i in 0 until nodeCount) {
            out[3 * i] = rng.nextDouble() * side
            out[3 * i + 1] = rng.nextDouble() * side
        }
        return out
    }

    /** The reference scenario: 10 devices, maxDistance 3, source 0, [referencePositions], Euclidean gradient. */
    public fun reference(): AggregateEngine {
        val engine = AggregateEngine(10, 3.0, Program.EUCLIDEAN)
        engine.updatePositions(referencePositions(10, 3.0))
        engine.setSource(0, true)
        return engine
    }

    /** A [randomPositions] scenario with device 0 as the source. */
    public fun random(nodeCount: Int, seed: Long, meanDegree: Double = 8.0, maxDistance: Double = 3.0, program: Program = Program.EUCLIDEAN): AggregateEngine {
        val engine = AggregateEngine(nodeCount, maxDistance, program)
        engine.updatePositions(randomPositions(nodeCount, seed, meanDegree, maxDistance))
        if (nodeCount > 0) engine.setSource(0, true)
        return engine
    }
}
