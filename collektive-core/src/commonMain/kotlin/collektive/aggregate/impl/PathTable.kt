package collektive.aggregate.impl

/**
 * A small insertion-ordered table from [Path] to value, used for both the per-device state and the entries of an
 * outbound message. Lookups take a hint (the position where a device evaluating the same program in the same
 * order finds the path) and fall back to a scan, so stable programs resolve each path in O(1).
 */
internal class PathTable {
    var paths: Array<Path?> = arrayOfNulls(4)
        private set
    var values: Array<Any?> = arrayOfNulls(4)
        private set
    var size: Int = 0
        private set

    fun indexOf(path: Path, hint: Int): Int {
        val ps = paths
        if (hint in 0 until size) {
            val p = ps[hint]!!
            if (p === path || p == path) return hint
        }
        for (k in 0 until size) {
            val p = ps[k]!!
            if (p === path || (p.hash == path.hash && p == path)) return k
        }
        return -1
    }

    /** Appends [path] with a placeholder value and returns its position. */
    fun reserve(path: Path): Int {
        if (size == paths.size) {
            paths = paths.copyOf(size * 2)
            values = values.copyOf(size * 2)
        }
        paths[size] = path
        values[size] = NoValue
        return size++
    }

    operator fun set(position: Int, value: Any?) {
        values[position] = value
    }

    fun clear() {
        paths.fill(null, 0, size)
        values.fill(null, 0, size)
        size = 0
    }
}
