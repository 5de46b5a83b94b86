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
    // A Double stored with [setDouble] stays unboxed here; its slot in [values] holds [UNBOXED] ([valueAt] boxes it).
    var doubles: DoubleArray = DoubleArray(4)
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
            doubles = doubles.copyOf(size * 2)
        }
        paths[size] = path
        values[size] = NoValue
        return size++
    }

    operator fun set(position: Int, value: Any?) {
        values[position] = value
    }

    /** Stores [value] at [position] unboxed. */
    fun setDouble(position: Int, value: Double) {
        values[position] = UNBOXED
        doubles[position] = value
    }

    /** The value at [position] (a Double stored with [setDouble] boxed anew). */
    fun valueAt(position: Int): Any? {
        val v = values[position]
        return if (v === UNBOXED) doubles[position] else v
    }

    fun clear() {
        // A plain loop: tables hold a few entries, where fill's range check and memset calls cost more than the stores.
        val ps = paths
        val vs = values
        for (k in 0 until size) {
            ps[k] = null
            vs[k] = null
        }
        size = 0
    }

    companion object {
        /** Marks a value kept unboxed in [doubles]. */
        val UNBOXED: Any = Any()
    }
}
