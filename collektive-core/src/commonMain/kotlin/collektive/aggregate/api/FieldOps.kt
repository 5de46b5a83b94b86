package collektive.aggregate.api

/** The smallest neighbour value (the local one too if [includeSelf]), or null when there is none. */
public fun <ID : Any, T : Comparable<T>> Field<ID, T>.min(includeSelf: Boolean = false): T? {
    var best: T? = if (includeSelf) local else null
    for (k in 0 until neighborCount) {
        val v = valueAt(k)
        if (best == null || v < best) best = v
    }
    return best
}

/** The largest neighbour value (the local one too if [includeSelf]), or null when there is none. */
public fun <ID : Any, T : Comparable<T>> Field<ID, T>.max(includeSelf: Boolean = false): T? {
    var best: T? = if (includeSelf) local else null
    for (k in 0 until neighborCount) {
        val v = valueAt(k)
        if (best == null || v > best) best = v
    }
    return best
}

/**
 * The smallest neighbour value (the local one too if [includeSelf]), or [ifEmpty] when there is none; like
 * [min] for fields of doubles, without boxing.
 */
public fun <ID : Any> Field<ID, Double>.minValue(ifEmpty: Double, includeSelf: Boolean = false): Double {
    if (!includeSelf && neighborCount == 0) return ifEmpty
    // The first value taken as it is, then a plain `if (v < best)`: a min instruction, no branch on the data.
    var best = if (includeSelf) local else doubleAt(0)
    for (k in (if (includeSelf) 0 else 1) until neighborCount) {
        val v = doubleAt(k)
        if (v < best) best = v
    }
    return best
}

/**
 * The smallest of neighbour value + [other]'s value for that neighbour, over the neighbours present in both
 * fields, or [ifEmpty] when there is none. Equivalent to `alignedMap(other) { a, b -> a + b }.min() ?: ifEmpty`
 * without building the intermediate field.
 */
public fun <ID : Any> Field<ID, Double>.minOfSums(other: Field<ID, Double>, ifEmpty: Double): Double {
    var best = ifEmpty
    var found = false
    val a = doubles
    val b = other.doubles
    if (a != null && b != null && other.table === table && slots == null && other.slots == null && other.index == null) {
        // Both fields unboxed over the same table's first positions (the gradient's field and the distances, every
        // neighbour aligned): the same neighbours sit at the same indices, a plain loop over the two arrays (the
        // gradient's field read through its index when it views the engine's message columns).
        val offB = other.doublesOffset
        val count = minOf(neighborCount, other.neighborCount)
        if (count == 0) return ifEmpty
        // The first sum taken as it is, then a plain `if (s < best)`: a min instruction, no branch on the data.
        val ia = index
        if (ia == null) {
            val offA = doublesOffset
            best = a[offA] + b[offB]
            for (k in 1 until count) {
                val s = a[offA + k] + b[offB + k]
                if (s < best) best = s
            }
        } else {
            val iaOffset = indexOffset
            best = a[ia[iaOffset]] + b[offB]
            for (k in 1 until count) {
                val s = a[ia[iaOffset + k]] + b[offB + k]
                if (s < best) best = s
            }
        }
        return best
    }
    forEachAligned(other) { a, b ->
        val s = doubleAt(a) + other.doubleAt(b)
        if (!found || s < best) {
            best = s
            found = true
        }
    }
    return best
}

/** Device-by-device sum over the devices present in both fields. */
public operator fun <ID : Any> Field<ID, Double>.plus(other: Field<ID, Double>): Field<ID, Double> =
    alignedMap(other) { a, b -> a + b }

/** [value] added to every value, the local one included. */
public operator fun <ID : Any> Field<ID, Double>.plus(value: Double): Field<ID, Double> = map { it + value }

/** The [k]-th neighbour's value without boxing when the field is backed by doubles. */
// Inline: read per neighbour in hot loops, where a call (and its frame and safepoint on Native) costs more than the read.
@Suppress("NOTHING_TO_INLINE")
internal inline fun Field<*, Double>.doubleAt(k: Int): Double {
    val at = positionOf(k)
    val d = doubles
    return if (d != null) d[doublesOffset + at] else values!![at] as Double
}
