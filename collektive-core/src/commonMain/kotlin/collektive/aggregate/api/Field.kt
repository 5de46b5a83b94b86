package collektive.aggregate.api

import collektive.network.InboundMessages

/**
 * The values of one expression across a device's neighbourhood in one round: the [local] value of the device
 * itself ([localId]) plus one value for each aligned neighbour (a neighbour that evaluated the same operator at the
 * same alignment path and sent a value there). Neighbours are kept in the order of the round's
 * [InboundMessages] (ascending ids in [collektive.engine.AggregateEngine]).
 *
 * Fields are immutable. Operations that combine a field with neighbour values ([fold], [all], [any], [count],
 * [min], [max]) range over the neighbours only unless they take `includeSelf = true`.
 */
public class Field<ID : Any, out T> internal constructor(
    /** The device evaluating this field. */
    public val localId: ID,
    /** The value of [localId] itself. */
    public val local: T,
    internal val table: InboundMessages<ID>,
    // Positions in [table] of the neighbours, ascending; null means 0 until neighborCount.
    internal val slots: IntArray?,
    // Neighbour values: boxed in [values], or unboxed in [doubles] for fields of doubles built from primitive
    // arrays (exactly one of the two is non-null). Published (not public): the inline folds below read them.
    @PublishedApi internal val values: Array<Any?>?,
    /** Number of neighbours in this field (the local device excluded). */
    public val neighborCount: Int,
    @PublishedApi internal val doubles: DoubleArray? = null,
    // Position in [doubles] of the first neighbour's value (fields viewing a host array or a shared buffer).
    @PublishedApi internal val doublesOffset: Int = 0,
    // A field viewing values kept by sender id (the engine's message columns, valid during the round it was built
    // for): the k-th neighbour's value is at position index[indexOffset + k] of [values] or [doubles]; null: at k.
    @PublishedApi internal val index: IntArray? = null,
    @PublishedApi internal val indexOffset: Int = 0,
) {
    /** Where the [k]-th neighbour's value is in [values], or in [doubles] after [doublesOffset]. */
    @Suppress("NOTHING_TO_INLINE")
    @PublishedApi
    internal inline fun positionOf(k: Int): Int {
        val i = index
        return if (i == null) k else i[indexOffset + k]
    }

    @Suppress("NOTHING_TO_INLINE") // read per neighbour: a call (and its frame on Native) costs more than the read
    @PublishedApi
    internal inline fun raw(k: Int): Any? {
        val at = positionOf(k)
        val d = doubles
        return if (d != null) d[doublesOffset + at] else values!![at]
    }

    @Suppress("NOTHING_TO_INLINE") // read per neighbour in the merge of forEachAligned
    internal inline fun slotAt(k: Int): Int {
        val s = slots
        return if (s == null) k else s[k]
    }

    /** The id of the [k]-th neighbour (0 until [neighborCount]). */
    @Suppress("UNCHECKED_CAST")
    public fun neighborAt(k: Int): ID {
        checkIndex(k)
        return table.ids[slotAt(k)] as ID
    }

    /** The value of the [k]-th neighbour (0 until [neighborCount]). */
    @Suppress("UNCHECKED_CAST")
    public fun valueAt(k: Int): T {
        checkIndex(k)
        return raw(k) as T
    }

    /**
     * [valueAt] without the index check and the call, for loops over 0 until [neighborCount] (the stdlib's blocks
     * and the inline folds below read every neighbour's value every round; on Kotlin/Native a call per neighbour,
     * with its frame, was a few per cent of a light program's round).
     */
    @Suppress("NOTHING_TO_INLINE", "UNCHECKED_CAST")
    @PublishedApi
    internal inline fun valueIn(k: Int): T = raw(k) as T

    /** The neighbours' ids, in field order. */
    public val neighbors: List<ID> get() = List(neighborCount) { neighborAt(it) }

    /** Whether [id] is the local device or one of the neighbours. */
    public operator fun contains(id: ID): Boolean = id == localId || indexOfNeighbor(id) >= 0

    /** The value of [id]: the local value for [localId], else the neighbour's value. */
    @Suppress("UNCHECKED_CAST")
    public operator fun get(id: ID): T {
        if (id == localId) return local
        val k = indexOfNeighbor(id)
        require(k >= 0) { "device $id is neither the local device $localId nor an aligned neighbour (neighbours: $neighbors)" }
        return raw(k) as T
    }

    /** The value of [id], or [default] when [id] is not in this field. */
    @Suppress("UNCHECKED_CAST")
    public fun getOrElse(id: ID, default: @UnsafeVariance T): T {
        if (id == localId) return local
        val k = indexOfNeighbor(id)
        return if (k >= 0) raw(k) as T else default
    }

    /** A field with the same devices and [transform] applied to every value (the local one included). */
    public fun <R> map(transform: (T) -> R): Field<ID, R> =
        build(transform(local)) { k -> transform(valueAt(k)) }

    /** Like [map], with the device id. */
    public fun <R> mapWithId(transform: (ID, T) -> R): Field<ID, R> =
        build(transform(localId, local)) { k -> transform(neighborAt(k), valueAt(k)) }

    /**
     * Combines this field with [other] device by device: the result holds the devices present in both (the local
     * one always), each with [transform] of the two values.
     */
    @Suppress("UNCHECKED_CAST")
    public fun <U, R> alignedMap(other: Field<ID, U>, transform: (T, U) -> R): Field<ID, R> {
        require(other.localId == localId) { "fields of different devices ($localId, ${other.localId}) cannot be combined" }
        val resultLocal = transform(local, other.local)
        val outSlots = IntArray(minOf(neighborCount, other.neighborCount))
        val outValues = arrayOfNulls<Any?>(outSlots.size)
        var n = 0
        forEachAligned(other) { a, b ->
            outSlots[n] = slotAt(a)
            outValues[n++] = transform(raw(a) as T, other.raw(b) as U)
        }
        return Field(localId, resultLocal, table, if (n == table.size) null else outSlots, outValues, n)
    }

    /**
     * Calls [action] with (index here, index in [other]) for every neighbour present in both fields, in this
     * field's order: a merge of the two sorted slot lists when both come from the same inbound table (the usual
     * case inside one round), else a lookup per neighbour. Inline, so hot callers pay no lambda.
     */
    internal inline fun forEachAligned(other: Field<ID, *>, action: (a: Int, b: Int) -> Unit) {
        if (other.table === table && slots == null && other.slots == null) {
            // Both over the table's first positions (every neighbour aligned in both, the usual case): index k in both.
            for (k in 0 until minOf(neighborCount, other.neighborCount)) action(k, k)
        } else if (other.table === table) {
            var a = 0
            var b = 0
            while (a < neighborCount && b < other.neighborCount) {
                val sa = slotAt(a)
                val sb = other.slotAt(b)
                when {
                    sa < sb -> a++
                    sa > sb -> b++
                    else -> {
                        action(a, b)
                        a++
                        b++
                    }
                }
            }
        } else {
            for (a in 0 until neighborCount) {
                val b = other.indexOfNeighbor(table.ids[slotAt(a)])
                if (b >= 0) action(a, b)
            }
        }
    }

    /** Folds the neighbours' values (the local one excluded) from [initial]. */
    public inline fun <R> fold(initial: R, operation: (acc: R, T) -> R): R {
        var acc = initial
        for (k in 0 until neighborCount) acc = operation(acc, valueIn(k))
        return acc
    }

    /** Like [fold], with each neighbour's id. */
    public inline fun <R> foldWithId(initial: R, operation: (acc: R, ID, T) -> R): R {
        var acc = initial
        for (k in 0 until neighborCount) acc = operation(acc, neighborAt(k), valueIn(k))
        return acc
    }

    /** Whether every neighbour's value (and the local one if [includeSelf]) satisfies [predicate]; true if none. */
    public inline fun all(includeSelf: Boolean = false, predicate: (T) -> Boolean): Boolean {
        if (includeSelf && !predicate(local)) return false
        for (k in 0 until neighborCount) if (!predicate(valueIn(k))) return false
        return true
    }

    /** Whether some neighbour's value (or the local one if [includeSelf]) satisfies [predicate]. */
    public inline fun any(includeSelf: Boolean = false, predicate: (T) -> Boolean): Boolean {
        if (includeSelf && predicate(local)) return true
        for (k in 0 until neighborCount) if (predicate(valueIn(k))) return true
        return false
    }

    /** How many neighbours' values (plus the local one if [includeSelf]) satisfy [predicate]. */
    public inline fun count(includeSelf: Boolean = false, predicate: (T) -> Boolean = { true }): Int {
        var c = if (includeSelf && predicate(local)) 1 else 0
        for (k in 0 until neighborCount) if (predicate(valueIn(k))) c++
        return c
    }

    /** The field as a map from device id to value, the local device included. */
    public fun toMap(): Map<ID, T> {
        val out = LinkedHashMap<ID, T>(neighborCount + 1)
        out[localId] = local
        for (k in 0 until neighborCount) out[neighborAt(k)] = valueAt(k)
        return out
    }

    /**
     * This field with its own copy of its neighbours' ids and values: what an `exchange` sends, read by the receivers
     * after this device's round, when a host has refilled the inbound table and rewritten the columns this field
     * viewed (the engine reuses both from one device to the next).
     */
    internal fun detached(): Field<ID, T> {
        val ids = arrayOfNulls<Any?>(neighborCount)
        val copied = arrayOfNulls<Any?>(neighborCount)
        for (k in 0 until neighborCount) {
            ids[k] = table.ids[slotAt(k)]
            copied[k] = raw(k)
        }
        return Field(localId, local, InboundMessages(ids, arrayOfNulls(neighborCount), neighborCount), null, copied, neighborCount)
    }

    /** The value this device sends to [receiver] when this field is exchanged. */
    @Suppress("UNCHECKED_CAST")
    internal fun valueFor(receiver: Any?): T {
        val k = indexOfNeighbor(receiver)
        return if (k >= 0) raw(k) as T else local
    }

    internal fun indexOfNeighbor(id: Any?): Int {
        for (k in 0 until neighborCount) if (table.ids[slotAt(k)] == id) return k
        return -1
    }

    /** Same devices as this field, new values. */
    private inline fun <R> build(newLocal: R, valueOf: (Int) -> R): Field<ID, R> {
        val out = arrayOfNulls<Any?>(neighborCount)
        for (k in 0 until neighborCount) out[k] = valueOf(k)
        return Field(localId, newLocal, table, slots, out, neighborCount)
    }

    // Two comparisons inline; the message is built in a separate function, only on failure (valueAt runs per
    // neighbour in fold, count, all, any).
    @Suppress("NOTHING_TO_INLINE")
    private inline fun checkIndex(k: Int) {
        if (k < 0 || k >= neighborCount) badIndex(k)
    }

    private fun badIndex(k: Int): Nothing =
        throw IllegalArgumentException("neighbour index must be in 0 until $neighborCount, was $k")

    override fun toString(): String = toMap().toString()
}
