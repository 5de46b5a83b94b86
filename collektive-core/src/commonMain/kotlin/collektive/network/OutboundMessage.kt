package collektive.network

import collektive.aggregate.api.Field
import collektive.aggregate.impl.NoValue
import collektive.aggregate.impl.Path
import collektive.aggregate.impl.PathTable

/**
 * What one device sends to its neighbours after a round: one entry per operator call that shares data
 * (`neighboring`, `share`, `exchange`), keyed by the call's alignment path. An entry holds either one value for
 * every neighbour (`neighboring`, `share`) or a [Field] giving a value per neighbour (`exchange`; neighbours
 * absent from the field receive its local value).
 *
 * The contents are opaque: a [Network] only routes messages by [senderId]. Produced by
 * [collektive.aggregate.aggregate].
 */
public class OutboundMessage<ID : Any> internal constructor(senderId: ID) {
    /** The device that sent this message. */
    public var senderId: ID = senderId
        internal set

    // Entry 0 lives in the message itself: a receiver reading a one-entry message (the gradients) touches one
    // object instead of three. Entries 1, 2, ... live in [rest] at positions 0, 1, ...
    private var firstPath: Path? = null
    private var firstValue: Any? = null
    // A Double in entry 0 is kept unboxed (firstValue is then null): fields of doubles read it without a box.
    internal var firstIsDouble: Boolean = false
        private set
    internal var firstDouble: Double = 0.0
        private set
    private var rest: PathTable? = null

    /** Number of paths this message carries a value for. */
    public val entryCount: Int get() = if (firstPath == null) 0 else 1 + (rest?.size ?: 0)

    /** Appends [path] (value to be [set]) and returns its position. */
    internal fun reserve(path: Path): Int {
        if (firstPath == null) {
            firstPath = path
            firstValue = NoValue
            return 0
        }
        val table = rest ?: PathTable().also { rest = it }
        return 1 + table.reserve(path)
    }

    internal operator fun set(position: Int, value: Any?) {
        if (position == 0) {
            if (value is Double) {
                firstIsDouble = true
                firstDouble = value
                firstValue = null
            } else {
                firstIsDouble = false
                firstValue = value
            }
        } else {
            rest!![position - 1] = value
        }
    }

    /** The position of [path] in this message (0 = the first entry), or -1. */
    internal fun entryOf(path: Path, hint: Int): Int {
        val first = firstPath ?: return -1
        // Entry 0 is compared once: first when the hint points at it, else after the other entries.
        if (hint == 0 && (first === path || first == path)) return 0
        val at = rest?.indexOf(path, hint - 1) ?: -1
        return when {
            at >= 0 -> at + 1
            hint != 0 && (first === path || first == path) -> 0
            else -> -1
        }
    }

    /** The value [receiver] gets from entry [entry] (boxed if it is an unboxed double). */
    internal fun valueAt(entry: Int, receiver: ID): Any? {
        val v = when {
            entry > 0 -> rest!!.values[entry - 1]
            firstIsDouble -> firstDouble
            else -> firstValue
        }
        return if (v is PerNeighbor<*>) v.field.valueFor(receiver) else v
    }

    internal fun clear(sender: ID) {
        senderId = sender
        firstPath = null
        firstValue = null
        firstIsDouble = false
        rest?.clear()
    }

    override fun toString(): String = "OutboundMessage(from=$senderId, entries=$entryCount)"

    /** Wraps an exchanged field so that a field shared as a plain value is never mistaken for one. */
    internal class PerNeighbor<ID : Any>(val field: Field<ID, *>)
}
