package collektive.network

import collektive.aggregate.api.Field
import collektive.aggregate.impl.NoValue
import collektive.aggregate.impl.Path

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

    // Entries 0, 1 and 2 live in fields of the message itself, the rest in arrays (entry k at position k - 3): a
    // receiver reads a neighbour's entry from the one object it loads anyway, where separate arrays cost a cache
    // miss each per neighbour and entry (the programs of the suite share at most three values). A Double is kept
    // unboxed (bit k of [inlineDoubles] and doubleK; beyond: UNBOXED in restValues and the value in restDoubles):
    // fields of doubles read it without a box.
    private var path0: Path? = null
    private var path1: Path? = null
    private var path2: Path? = null
    private var value0: Any? = null
    private var value1: Any? = null
    private var value2: Any? = null
    private var double0: Double = 0.0
    private var double1: Double = 0.0
    private var double2: Double = 0.0
    private var inlineDoubles = 0
    private var restPaths: Array<Path?> = NO_PATHS
    private var restValues: Array<Any?> = NO_VALUES
    private var restDoubles: DoubleArray = NO_DOUBLES

    /** Number of entries (paths this message carries a value for). */
    internal var size: Int = 0
        private set

    // Entries holding an exchanged field (PerNeighbor): while there are none, reading a value needs no type check
    // (which would load the value object's header, a cache miss per neighbour).
    private var perNeighborEntries = 0

    /** Number of paths this message carries a value for. */
    public val entryCount: Int get() = size

    /** Appends [path] (value to be [set]) and returns its position. */
    internal fun reserve(path: Path): Int {
        val at = size
        if (at < INLINE) inlineDoubles = inlineDoubles and (1 shl at).inv()
        when (at) {
            0 -> { path0 = path; value0 = NoValue }
            1 -> { path1 = path; value1 = NoValue }
            2 -> { path2 = path; value2 = NoValue }
            else -> {
                val r = at - INLINE
                if (r == restPaths.size) {
                    val capacity = if (r == 0) 4 else r * 2
                    restPaths = restPaths.copyOf(capacity)
                    restValues = restValues.copyOf(capacity)
                    restDoubles = restDoubles.copyOf(capacity)
                }
                restPaths[r] = path
                restValues[r] = NoValue
            }
        }
        size = at + 1
        return at
    }

    /** The path of entry [entry] (0 until [size]). */
    @Suppress("NOTHING_TO_INLINE") // read per neighbour by the receivers
    internal inline fun pathAt(entry: Int): Path? = when (entry) {
        0 -> path0
        1 -> path1
        2 -> path2
        else -> restPaths[entry - INLINE]
    }

    internal operator fun set(position: Int, value: Any?) {
        if (value is Double) {
            setDouble(position, value)
            return
        }
        if (value is PerNeighbor<*>) perNeighborEntries++
        if (position < INLINE) inlineDoubles = inlineDoubles and (1 shl position).inv()
        when (position) {
            0 -> value0 = value
            1 -> value1 = value
            2 -> value2 = value
            else -> restValues[position - INLINE] = value
        }
    }

    /** [set] of a Double, without a box. */
    internal fun setDouble(position: Int, value: Double) {
        if (position < INLINE) inlineDoubles = inlineDoubles or (1 shl position)
        when (position) {
            0 -> { double0 = value; value0 = null }
            1 -> { double1 = value; value1 = null }
            2 -> { double2 = value; value2 = null }
            else -> {
                restValues[position - INLINE] = UNBOXED
                restDoubles[position - INLINE] = value
            }
        }
    }

    /** The position of [path] in this message, or -1; [hint] is where it is looked for first. */
    internal fun entryOf(path: Path, hint: Int): Int {
        val n = size
        if (hint in 0 until n) {
            val p = pathAt(hint)!!
            if (p === path || p == path) return hint
        }
        for (k in 0 until n) {
            val p = pathAt(k)!!
            if (p === path || (p.hash == path.hash && p == path)) return k
        }
        return -1
    }

    /** Whether entry [entry] holds a Double, kept unboxed ([doubleAt] reads it). */
    @Suppress("NOTHING_TO_INLINE") // read per neighbour and entry by the receivers
    internal inline fun isDoubleAt(entry: Int): Boolean =
        if (entry < INLINE) (inlineDoubles shr entry) and 1 != 0 else restValues[entry - INLINE] === UNBOXED

    /** The unboxed Double of entry [entry] (only where [isDoubleAt]). */
    @Suppress("NOTHING_TO_INLINE")
    internal inline fun doubleAt(entry: Int): Double = when (entry) {
        0 -> double0
        1 -> double1
        2 -> double2
        else -> restDoubles[entry - INLINE]
    }

    /** Whether an entry holds an exchanged field (whose value depends on the receiver). */
    internal val carriesExchange: Boolean get() = perNeighborEntries != 0

    /** The value stored at entry [entry], one that is not an unboxed double (every receiver's, without an exchange). */
    @Suppress("NOTHING_TO_INLINE")
    internal inline fun storedAt(entry: Int): Any? = when (entry) {
        0 -> value0
        1 -> value1
        2 -> value2
        else -> restValues[entry - INLINE]
    }

    /** The value [receiver] gets from entry [entry] (boxed if it is an unboxed double). */
    @Suppress("NOTHING_TO_INLINE") // read per neighbour and entry by the receivers: no call for the usual case
    internal inline fun valueAt(entry: Int, receiver: ID): Any? {
        val v = if (isDoubleAt(entry)) doubleAt(entry) else storedAt(entry)
        return if (perNeighborEntries != 0) exchangedValue(v, receiver) else v
    }

    /** [v], or what an exchanged field [v] gives [receiver]: out of line, only messages carrying an exchange call it. */
    private fun exchangedValue(v: Any?, receiver: ID): Any? = if (v is PerNeighbor<*>) v.field.valueFor(receiver) else v

    internal fun clear(sender: ID) {
        senderId = sender
        path0 = null
        path1 = null
        path2 = null
        value0 = null
        value1 = null
        value2 = null
        inlineDoubles = 0
        val ps = restPaths
        val vs = restValues
        for (k in 0 until size - INLINE) { // a few entries: plain stores, no fill calls
            ps[k] = null
            vs[k] = null
        }
        size = 0
        perNeighborEntries = 0
    }

    override fun toString(): String = "OutboundMessage(from=$senderId, entries=$entryCount)"

    /** Wraps an exchanged field so that a field shared as a plain value is never mistaken for one. */
    internal class PerNeighbor<ID : Any>(val field: Field<ID, *>)

    internal companion object {
        // Entries kept in fields of the message.
        internal const val INLINE = 3
        // Marks an entry whose value is the unboxed Double in restDoubles.
        internal val UNBOXED = Any()
        private val NO_PATHS = arrayOfNulls<Path>(0)
        private val NO_VALUES = arrayOfNulls<Any?>(0)
        private val NO_DOUBLES = DoubleArray(0)
    }
}
