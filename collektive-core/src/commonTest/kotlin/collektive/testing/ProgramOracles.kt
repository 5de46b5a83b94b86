package collektive.testing

/**
 * What each program of the suite must converge to, computed by brute force over the unit-disk graph (written
 * independently of the engine, the aggregate runtime and the floors: whole-graph searches, not device rounds).
 */
object ProgramOracles {
    /** The connected component of every device, as the list of its members. */
    fun components(adjacency: Array<IntArray>): Array<List<Int>> {
        val n = adjacency.size
        val result = arrayOfNulls<List<Int>>(n)
        for (start in 0 until n) {
            if (result[start] != null) continue
            val members = ArrayList<Int>()
            val queue = ArrayDeque(listOf(start))
            val seen = HashSet(listOf(start))
            while (queue.isNotEmpty()) {
                val u = queue.removeFirst()
                members.add(u)
                for (v in adjacency[u]) if (seen.add(v)) queue.addLast(v)
            }
            for (m in members) result[m] = members
        }
        @Suppress("UNCHECKED_CAST")
        return result as Array<List<Int>>
    }

    /** gossipMax of the ids: the largest id of each device's component. */
    fun gossipMax(adjacency: Array<IntArray>): DoubleArray {
        val components = components(adjacency)
        return DoubleArray(adjacency.size) { components[it].max().toDouble() }
    }

    /**
     * boundedElection with strength = id: the strongest device not yet taken leads every untaken device within
     * [bound] hops through untaken devices; repeat with the next strongest untaken device.
     */
    fun boundedElection(adjacency: Array<IntArray>, bound: Int): DoubleArray {
        val n = adjacency.size
        val leader = IntArray(n) { -1 }
        for (candidate in n - 1 downTo 0) {
            if (leader[candidate] >= 0) continue
            leader[candidate] = candidate
            var frontier = listOf(candidate)
            repeat(bound) {
                val next = ArrayList<Int>()
                for (u in frontier) for (v in adjacency[u]) if (leader[v] < 0) {
                    leader[v] = candidate
                    next.add(v)
                }
                frontier = next
            }
        }
        return DoubleArray(n) { leader[it].toDouble() }
    }

    /**
     * countDevices towards [sources]: hop distances, each device's parent the lowest-id neighbour of least hop
     * distance below its own, and each device's value the size of its subtree.
     */
    fun countDevices(adjacency: Array<IntArray>, sources: Set<Int>): DoubleArray {
        val n = adjacency.size
        val hops = ShortestPaths.hops(adjacency, sources)
        val children = Array(n) { ArrayList<Int>() }
        for (i in 0 until n) {
            val best = adjacency[i].filter { hops[it] < hops[i] }.minWithOrNull(compareBy<Int>({ hops[it] }, { it }))
            if (best != null) children[best].add(i)
        }
        fun size(u: Int): Int = 1 + children[u].sumOf { size(it) }
        return DoubleArray(n) { size(it).toDouble() }
    }

    /**
     * channel from [source] to [destination] of [width] (one source): 1 where d(source, x) + d(x, destination) ≤
     * d(source, destination) + width, all finite. Devices within [margin] of the threshold are reported as null
     * (rounding may legitimately put them on either side).
     */
    fun channel(xyz: DoubleArray, adjacency: Array<IntArray>, source: Int, destination: Int, width: Double, margin: Double = 1e-9): Array<Double?> {
        val fromSource = ShortestPaths.dijkstra(xyz, adjacency, setOf(source))
        val fromDestination = ShortestPaths.dijkstra(xyz, adjacency, setOf(destination))
        val between = fromDestination[source]
        return Array(adjacency.size) { i ->
            val detour = fromSource[i] + fromDestination[i]
            when {
                !fromSource[i].isFinite() || !fromDestination[i].isFinite() || !between.isFinite() -> 0.0
                kotlin.math.abs(detour - (between + width)) < margin -> null
                detour <= between + width -> 1.0
                else -> 0.0
            }
        }
    }

    /** neighborCounter: every device's degree. */
    fun degrees(adjacency: Array<IntArray>): DoubleArray = DoubleArray(adjacency.size) { adjacency[it].size.toDouble() }
}
