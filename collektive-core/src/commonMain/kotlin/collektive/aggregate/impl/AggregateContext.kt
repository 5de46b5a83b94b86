package collektive.aggregate.impl

import collektive.aggregate.AggregateState
import collektive.aggregate.api.Aggregate
import collektive.aggregate.api.Field
import collektive.network.InboundMessages
import collektive.network.OutboundMessage

/**
 * The runtime behind [Aggregate]: keeps the alignment stack, reads the previous state and the inbound messages
 * by path, and writes the new state and the outbound message. One instance can run many rounds (of many devices)
 * one after the other; [run] resets it.
 */
internal class AggregateContext<ID : Any> : Aggregate<ID> {
    override lateinit var localId: ID
        private set
    private lateinit var previous: PathTable
    private lateinit var next: PathTable
    private lateinit var inbound: InboundMessages<ID>
    private lateinit var outbound: OutboundMessage<ID>

    private var current: Path = Path.root()
    private var counter = 0
    private var stackPaths = arrayOfNulls<Path>(8)
    private var stackCounters = IntArray(8)
    private var depth = 0

    /** Runs [program] for [id]; fills [nextState] and [message] (both cleared first). */
    fun <R> run(
        id: ID,
        previousState: AggregateState,
        nextState: AggregateState,
        inboundMessages: InboundMessages<ID>,
        message: OutboundMessage<ID>,
        program: Aggregate<ID>.() -> R,
    ): R {
        localId = id
        previous = previousState.table
        nextState.table.clear()
        next = nextState.table
        inbound = inboundMessages
        message.clear(id)
        outbound = message
        current = previousState.root
        counter = 0
        depth = 0
        return program()
    }

    override fun <T> neighboring(local: T): Field<ID, T> {
        val path = current.child(Operator.NEIGHBORING, counter++)
        val slot = outbound.reserve(path)
        outbound[slot] = local
        return alignedField(path, slot, local)
    }

    override fun <T> exchange(initial: T, body: (Field<ID, T>) -> Field<ID, T>): Field<ID, T> {
        val path = current.child(Operator.EXCHANGE, counter++)
        val stateSlot = next.reserve(path)
        val messageSlot = outbound.reserve(path)
        val field = alignedField(path, messageSlot, previousValue(path, stateSlot, initial))
        val result = within(path) { body(field) }
        require(result.localId == localId) { "exchange on device $localId returned a field of device ${result.localId}" }
        next[stateSlot] = result.local
        outbound[messageSlot] = OutboundMessage.PerNeighbor(result)
        return result
    }

    override fun <T> share(initial: T, body: (Field<ID, T>) -> T): T {
        val path = current.child(Operator.SHARE, counter++)
        val stateSlot = next.reserve(path)
        val messageSlot = outbound.reserve(path)
        val field = alignedField(path, messageSlot, previousValue(path, stateSlot, initial))
        val result = within(path) { body(field) }
        next[stateSlot] = result
        outbound[messageSlot] = result
        return result
    }

    override fun <T> evolve(initial: T, body: (T) -> T): T {
        val path = current.child(Operator.EVOLVE, counter++)
        val stateSlot = next.reserve(path)
        val before = previousValue(path, stateSlot, initial)
        val result = within(path) { body(before) }
        next[stateSlot] = result
        return result
    }

    override fun <R> alignedOn(pivot: Any?, body: () -> R): R = within(current.child(pivot, counter++), body)

    override fun <T> neighborhoodField(local: T, sensor: (index: Int, id: ID) -> T): Field<ID, T> {
        val table = inbound
        val n = table.size
        val values = arrayOfNulls<Any?>(n)
        for (k in 0 until n) {
            @Suppress("UNCHECKED_CAST")
            values[k] = sensor(k, table.ids[k] as ID)
        }
        return Field(localId, local, table, null, values, n)
    }

    override fun neighborhoodField(local: Double, values: DoubleArray, offset: Int): Field<ID, Double> {
        val n = inbound.size
        require(offset >= 0 && offset + n <= values.size) {
            "values must hold $n neighbour values from offset $offset, has ${values.size} values"
        }
        // The usual local value of a distance field (+0.0) is boxed once. Tested without toRawBits(), whose Long is
        // an object on Kotlin/JS: == 0.0 admits both zeros, 1 / local > 0 only +0.0 (1 / -0.0 = -Infinity).
        val boxed: Double? = if (local == 0.0 && 1.0 / local > 0.0) ZERO else local
        return Field(localId, boxed!!, inbound, null, null, n, values, offset)
    }

    @Suppress("UNCHECKED_CAST")
    private fun <T> previousValue(path: Path, hint: Int, initial: T): T {
        val at = previous.indexOf(path, hint)
        return if (at >= 0) previous.values[at] as T else initial
    }

    /**
     * The field of the values the neighbours sent to this device at [path]. Doubles sent unboxed stay unboxed
     * (the field is backed by a DoubleArray) as long as every aligned neighbour sent one.
     */
    private fun <T> alignedField(path: Path, hint: Int, local: T): Field<ID, T> {
        val table = inbound
        val n = table.size
        var doubles: DoubleArray? = null
        var values: Array<Any?>? = null
        var slots: IntArray? = null
        var count = 0
        for (k in 0 until n) {
            val message = table.messages[k] ?: continue
            val entry = message.entryOf(path, hint)
            if (entry < 0) continue
            if (count != k && slots == null) slots = IntArray(n).also { for (j in 0 until count) it[j] = j }
            if (slots != null) slots[count] = k
            if (entry == 0 && message.firstIsDouble && values == null) {
                if (doubles == null) doubles = DoubleArray(n)
                doubles[count] = message.firstDouble
            } else {
                if (values == null) {
                    values = arrayOfNulls(n)
                    if (doubles != null) for (j in 0 until count) values[j] = doubles[j]
                    doubles = null
                }
                values[count] = message.valueAt(entry, localId)
            }
            count++
        }
        if (doubles == null && values == null) values = EMPTY
        return Field(localId, local, table, slots, values, count, doubles)
    }

    /** Runs [body] one level down the alignment tree, at [path]; the level is left even when [body] throws. */
    private inline fun <R> within(path: Path, body: () -> R): R {
        push(path)
        try {
            return body()
        } finally {
            pop()
        }
    }

    private fun push(path: Path) {
        if (depth == stackPaths.size) {
            stackPaths = stackPaths.copyOf(depth * 2)
            stackCounters = stackCounters.copyOf(depth * 2)
        }
        stackPaths[depth] = current
        stackCounters[depth] = counter
        depth++
        current = path
        counter = 0
    }

    private fun pop() {
        depth--
        current = stackPaths[depth]!!
        stackPaths[depth] = null
        counter = stackCounters[depth]
    }

    private companion object {
        val EMPTY: Array<Any?> = arrayOfNulls(0)
        val ZERO: Double? = 0.0
    }
}
