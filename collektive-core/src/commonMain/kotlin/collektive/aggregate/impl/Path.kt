package collektive.aggregate.impl

/**
 * An alignment path: the chain of (token, invocation index) frames from the root of a program to one operator
 * call. Two devices exchange a value only when they evaluated an operator at equal paths.
 *
 * Paths are interned per tree: [child] returns the same instance for the same (token, index) under the same
 * parent, so a device re-evaluating the same program gets identical objects round after round and lookups hit
 * by identity. Paths from different trees (different devices created independently) compare structurally,
 * with a precomputed hash rejecting most mismatches at once.
 */
internal class Path private constructor(
    val parent: Path?,
    val token: Any?,
    val index: Int,
    val depth: Int,
) {
    val hash: Int = if (parent == null) ROOT_HASH else mix(parent.hash, token.hashCode(), index)

    private var children: Array<Path?> = EMPTY
    private var childCount = 0

    /** The interned child frame ([token], [index]) of this path. */
    fun child(token: Any?, index: Int): Path {
        val kids = children
        for (k in 0 until childCount) {
            val c = kids[k]!!
            // Identity first: the tokens are operator enums and the programs' pivots (equals is a virtual call).
            if (c.index == index && (c.token === token || c.token == token)) return c
        }
        val created = Path(this, token, index, depth + 1)
        if (childCount < MAX_CACHED_CHILDREN) {
            if (childCount == kids.size) children = kids.copyOf(if (kids.isEmpty()) 2 else kids.size * 2)
            children[childCount++] = created
        }
        return created
    }

    override fun equals(other: Any?): Boolean {
        if (this === other) return true
        if (other !is Path || other.hash != hash || other.index != index || other.depth != depth) return false
        return other.token == token && other.parent == parent
    }

    override fun hashCode(): Int = hash

    override fun toString(): String =
        if (parent == null) "/" else "${if (parent.parent == null) "" else parent.toString()}/$token#$index"

    companion object {
        private const val ROOT_HASH = 0x2545F491
        // Beyond this many distinct children (e.g. alignment on unbounded pivots) new paths are not cached:
        // equality stays structural, only the identity fast path is lost.
        private const val MAX_CACHED_CHILDREN = 256
        private val EMPTY = arrayOfNulls<Path>(0)

        /** A new, empty path tree. */
        fun root(): Path = Path(null, null, 0, 0)

        private fun mix(parent: Int, token: Int, index: Int): Int {
            var h = parent * 31 + token
            h = h * 31 + index
            h = h xor (h ushr 16)
            h *= -0x7a143595
            return h xor (h ushr 13)
        }
    }
}
