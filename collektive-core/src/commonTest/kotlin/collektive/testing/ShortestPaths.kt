package collektive.testing

import kotlin.math.sqrt

/** Reference graph algorithms written independently of the engine, for checking it. */
object ShortestPaths {
    /** Unit-disk adjacency by brute force (all pairs): neighbours within [radius], ascending, self excluded. */
    fun unitDisk(xyz: DoubleArray, radius: Double): Array<IntArray> {
        val n = xyz.size / 3
        return Array(n) { i ->
            (0 until n).filter { j -> j != i && distance(xyz, i, j) <= radius }.toIntArray()
        }
    }

    /** Euclidean distance between devices [i] and [j] of [xyz]. */
    fun distance(xyz: DoubleArray, i: Int, j: Int): Double {
        val dx = xyz[3 * j] - xyz[3 * i]
        val dy = xyz[3 * j + 1] - xyz[3 * i + 1]
        val dz = xyz[3 * j + 2] - xyz[3 * i + 2]
        return sqrt(dx * dx + dy * dy + dz * dz)
    }

    /** Multi-source Dijkstra (O(N²) selection, fine for tests): distance to the nearest source, +∞ if none. */
    fun dijkstra(xyz: DoubleArray, adjacency: Array<IntArray>, sources: Set<Int>): DoubleArray {
        val n = adjacency.size
        val dist = DoubleArray(n) { if (it in sources) 0.0 else Double.POSITIVE_INFINITY }
        val done = BooleanArray(n)
        repeat(n) {
            var u = -1
            for (v in 0 until n) if (!done[v] && (u < 0 || dist[v] < dist[u])) u = v
            if (u < 0 || dist[u] == Double.POSITIVE_INFINITY) return dist
            done[u] = true
            for (v in adjacency[u]) {
                val candidate = dist[u] + distance(xyz, u, v)
                if (candidate < dist[v]) dist[v] = candidate
            }
        }
        return dist
    }

    /** Multi-source BFS hop counts, +∞ if unreachable. */
    fun hops(adjacency: Array<IntArray>, sources: Set<Int>): DoubleArray {
        val n = adjacency.size
        val hops = DoubleArray(n) { Double.POSITIVE_INFINITY }
        val queue = ArrayDeque<Int>()
        for (s in sources) {
            hops[s] = 0.0
            queue.addLast(s)
        }
        while (queue.isNotEmpty()) {
            val u = queue.removeFirst()
            for (v in adjacency[u]) if (hops[v] == Double.POSITIVE_INFINITY) {
                hops[v] = hops[u] + 1
                queue.addLast(v)
            }
        }
        return hops
    }
}
