package collektive.network

/**
 * A device's neighbourhood for one round as its [Network] sees it: the current neighbours in a fixed order, each
 * with the latest message it delivered to this device, or null when it delivered none (a new neighbour, or a
 * device that stopped running). Fields built in the round are indexed by the positions of this table.
 *
 * A table returned by [Network.inbound] is not changed afterwards: fields may keep referring to it after the round.
 * A host may instead refill one table per device ([reset]) only for programs that keep no field beyond the round
 * (an `exchange` sends a copy of its field, independent of the table).
 */
public class InboundMessages<ID : Any> internal constructor(
    ids: Array<Any?>,
    messages: Array<OutboundMessage<ID>?>,
    size: Int,
) {
    internal var ids: Array<Any?> = ids
        private set
    internal var messages: Array<OutboundMessage<ID>?> = messages
        private set

    /** Number of neighbours. */
    public var size: Int = size
        private set

    /**
     * Reuses this table for [count] neighbours (contents to be written by the caller). Only for hosts whose
     * programs keep no field beyond the round (fields refer to their table).
     */
    internal fun reset(count: Int) {
        if (ids.size < count) {
            ids = arrayOfNulls(maxOf(count, 2 * ids.size))
            messages = arrayOfNulls(ids.size)
        }
        size = count
    }

    /** The id of the neighbour at [index] (0 until [size]). */
    @Suppress("UNCHECKED_CAST")
    public fun neighborAt(index: Int): ID {
        checkIndex(index)
        return ids[index] as ID
    }

    /** The latest message the neighbour at [index] delivered, or null. */
    public fun messageAt(index: Int): OutboundMessage<ID>? {
        checkIndex(index)
        return messages[index]
    }

    /** Position of neighbour [id] in this table, or -1. */
    internal fun indexOf(id: Any?): Int {
        for (k in 0 until size) if (ids[k] == id) return k
        return -1
    }

    private fun checkIndex(index: Int) {
        require(index in 0 until size) { "index must be in 0 until $size, was $index" }
    }

    override fun toString(): String =
        (0 until size).joinToString(prefix = "InboundMessages[", postfix = "]") { "${ids[it]}${if (messages[it] == null) "(silent)" else ""}" }

    /** Builds an [InboundMessages] table neighbour by neighbour. */
    public class Builder<ID : Any> {
        private var ids = arrayOfNulls<Any?>(8)
        private var messages = arrayOfNulls<OutboundMessage<ID>?>(8)
        private var size = 0

        /** Adds neighbour [id] with the latest [message] it delivered (null when none). */
        public fun add(id: ID, message: OutboundMessage<ID>?): Builder<ID> {
            for (k in 0 until size) require(ids[k] != id) { "neighbour $id added twice" }
            require(message == null || message.senderId == id) {
                "message from ${message?.senderId} cannot be the message of neighbour $id"
            }
            if (size == ids.size) {
                ids = ids.copyOf(size * 2)
                messages = messages.copyOf(size * 2)
            }
            ids[size] = id
            messages[size] = message
            size++
            return this
        }

        /** The table built so far. */
        public fun build(): InboundMessages<ID> = InboundMessages(ids.copyOf(size), messages.copyOf(size), size)
    }

    /** Factories. */
    public companion object {
        /** A device with no neighbours. */
        public fun <ID : Any> empty(): InboundMessages<ID> = InboundMessages(arrayOfNulls(0), arrayOfNulls(0), 0)

        /** The neighbourhood made of every message in [messages], in order. */
        public fun <ID : Any> of(messages: Iterable<OutboundMessage<ID>>): InboundMessages<ID> {
            val builder = Builder<ID>()
            for (m in messages) builder.add(m.senderId, m)
            return builder.build()
        }
    }
}
