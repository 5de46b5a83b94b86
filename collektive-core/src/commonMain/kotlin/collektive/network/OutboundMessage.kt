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

    internal val entries: PathTable = PathTable()

    /** Number of paths this message carries a value for. */
    public val entryCount: Int get() = entries.size

    /** The value [receiver] gets at [path], or [NoValue] when this message has none there. */
    internal fun valueFor(receiver: ID, path: Path, hint: Int): Any? {
        val at = entries.indexOf(path, hint)
        if (at < 0) return NoValue
        val v = entries.values[at]
        return if (v is PerNeighbor<*>) v.field.valueFor(receiver) else v
    }

    internal fun clear(sender: ID) {
        senderId = sender
        entries.clear()
    }

    override fun toString(): String = "OutboundMessage(from=$senderId, entries=$entryCount)"

    /** Wraps an exchanged field so that a field shared as a plain value is never mistaken for one. */
    internal class PerNeighbor<ID : Any>(val field: Field<ID, *>)
}
