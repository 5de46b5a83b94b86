package collektive.aggregate.impl

import collektive.aggregate.AggregateState
import collektive.aggregate.api.Aggregate
import collektive.aggregate.api.Field
import collektive.network.InboundMessages
import collektive.network.MessageColumns
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
    // (state slot, message slot) of each open share, by level.
    private var slotStack = IntArray(16)

    /**
     * Whether the fields of one device's round may share buffers that the next device's round reuses: for a host
     * whose programs keep no field beyond the round (the engine, which already reuses the inbound table). The
     * neighbours' doubles of every aligned field then live in [doubleArena] instead of an array each: no
     * allocation per field (a typed array on JS, with its buffer). Only doubles: reference stores into a shared,
     * long-lived array pay the GC's write barrier, and measured slower than fresh arrays on Wasm. Off by default.
     */
    var reuseFieldBuffers = false
    private var doubleArena = DoubleArray(0)
    private var doubleTop = 0
    private var depth = 0
    // The round's message columns when every neighbour's message is in them ([viewColumns]), else null.
    private var columns: MessageColumns? = null
    private var columnIds = IntArray(0)
    private var columnFrom = 0

    /** Runs [program] for [id]; fills [nextState] and [message] (both cleared first). */
    fun <R> run(
        id: ID,
        previousState: AggregateState,
        nextState: AggregateState,
        inboundMessages: InboundMessages<ID>,
        message: OutboundMessage<ID>,
        program: Aggregate<ID>.() -> R,
    ): R {
        begin(id, previousState, nextState, inboundMessages, message)
        return program()
    }

    /**
     * Prepares the round of [id] like [run], for a caller that then evaluates its program on this context itself
     * (the engine calls [collektive.engine.Program.run] directly: a Double result, no boxing through a generic R).
     */
    fun begin(
        id: ID,
        previousState: AggregateState,
        nextState: AggregateState,
        inboundMessages: InboundMessages<ID>,
        message: OutboundMessage<ID>,
    ) {
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
        doubleTop = 0
        columns = null
    }

    /**
     * After [begin]: every neighbour's message is in [columns], the neighbours' ids (in the inbound table's order)
     * are `ids[from until from + inbound size]`. Fields then read the columns instead of each neighbour's message.
     */
    fun viewColumns(columns: MessageColumns, ids: IntArray, from: Int) {
        this.columns = columns
        columnIds = ids
        columnFrom = from
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
        // Detached: the receivers read it after this round, when the engine has reused the table and the columns.
        outbound[messageSlot] = OutboundMessage.PerNeighbor(result.detached())
        return result
    }

    override fun <T> share(initial: T, body: (Field<ID, T>) -> T): T {
        val field = beginShare(initial)
        return endShare(inShare { body(field) })
    }

    override fun <T> evolve(initial: T, body: (T) -> T): T {
        val path = current.child(Operator.EVOLVE, counter++)
        val stateSlot = next.reserve(path)
        val before = previousValue(path, stateSlot, initial)
        val result = within(path) { body(before) }
        next[stateSlot] = result
        return result
    }

    /**
     * [share] in three calls, so that a caller can inline the body: the stdlib's blocks go through [shareInline]
     * (and [shareDoubles] for doubles), inline functions, so no closure is allocated per device per round.
     * [beginShare] opens the call and gives the field; the body runs in [inShare]; [endShare] (or [endShareDouble],
     * storing the result unboxed) stores the result in the state and the message and leaves the level.
     */
    fun <T> beginShare(initial: T): Field<ID, T> {
        val path = openShare()
        return alignedField(path, openMessageSlot, previousValue(path, openStateSlot, initial))
    }

    /** [beginShare] of a Double: the previous value read without a box where it was stored unboxed. */
    fun beginShareDouble(initial: Double): Field<ID, Double> {
        val path = openShare()
        val at = previous.indexOf(path, openStateSlot)
        val before = when {
            at < 0 -> initial
            previous.values[at] === PathTable.UNBOXED -> previous.doubles[at]
            else -> previous.values[at] as Double
        }
        return alignedField(path, openMessageSlot, before)
    }

    /** Runs the body of the share just opened; leaves its level when the body throws. */
    inline fun <R> inShare(body: () -> R): R {
        try {
            return body()
        } catch (e: Throwable) {
            abortShare()
            throw e
        }
    }

    /** Enters the level of the next share call, its state and message slots reserved ([openStateSlot], [openMessageSlot]). */
    private fun openShare(): Path {
        val path = current.child(Operator.SHARE, counter++)
        val stateSlot = next.reserve(path)
        val messageSlot = outbound.reserve(path)
        push(path)
        slotStack[2 * (depth - 1)] = stateSlot
        slotStack[2 * (depth - 1) + 1] = messageSlot
        return path
    }

    private val openStateSlot: Int get() = slotStack[2 * (depth - 1)]
    private val openMessageSlot: Int get() = slotStack[2 * (depth - 1) + 1]

    /** Closes the share opened by [beginShare] with the body's [result], returned. */
    fun <T> endShare(result: T): T {
        val at = 2 * (depth - 1)
        next[slotStack[at]] = result
        outbound[slotStack[at + 1]] = result
        pop()
        return result
    }

    /** Closes the share opened by [beginShareDouble] with the body's [result], returned. */
    fun endShareDouble(result: Double): Double {
        val at = 2 * (depth - 1)
        next.setDouble(slotStack[at], result)
        outbound.setDouble(slotStack[at + 1], result)
        pop()
        return result
    }

    /** Leaves the level of a share whose body threw. */
    fun abortShare() {
        pop()
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
        return if (at >= 0) previous.valueAt(at) as T else initial
    }

    /**
     * The field of the values the neighbours sent to this device at [path]. Doubles sent unboxed stay unboxed
     * (the field is backed by a DoubleArray) as long as every aligned neighbour sent one.
     */
    private fun <T> alignedField(path: Path, hint: Int, local: T): Field<ID, T> {
        // Small on purpose: the JVM's JIT inlines it into the operators only while it stays under its size limit
        // (a larger one measured 7 % slower rounds on the JVM).
        val c = columns ?: return messageField(path, hint, local)
        return columnField(c, c.entryOf(path, hint), local)
    }

    /** [alignedField] from the neighbours' messages. */
    private fun <T> messageField(path: Path, hint: Int, local: T): Field<ID, T> {
        val table = inbound
        val n = table.size
        var doubles: DoubleArray? = null
        var doublesOffset = 0
        var values: Array<Any?>? = null
        var slots: IntArray? = null
        var count = 0
        val messages = table.messages
        val self = localId
        for (k in 0 until n) {
            val message = messages[k] ?: continue
            // The entry the hint names matched by identity right here (the usual case: one path tree, neighbours
            // running the same program), without a call per neighbour; any other case asks the message.
            val entry = if (hint < message.size && message.pathAt(hint) === path) hint else message.entryOf(path, hint)
            if (entry < 0) continue
            if (count != k && slots == null) slots = IntArray(n).also { for (j in 0 until count) it[j] = j }
            if (slots != null) slots[count] = k
            if (values == null && message.isDoubleAt(entry)) {
                if (doubles == null) {
                    if (reuseFieldBuffers) {
                        doubles = doubleArenaFor(n)
                        doublesOffset = doubleTop
                        doubleTop += n
                    } else {
                        doubles = DoubleArray(n)
                    }
                }
                doubles[doublesOffset + count] = message.doubleAt(entry)
            } else {
                if (values == null) {
                    values = arrayOfNulls(n)
                    if (doubles != null) for (j in 0 until count) values[j] = doubles[doublesOffset + j]
                    doubles = null
                    doublesOffset = 0
                }
                values[count] = message.valueAt(entry, self)
            }
            count++
        }
        if (doubles == null && values == null) values = EMPTY
        return Field(localId, local, table, slots, values, count, doubles, doublesOffset)
    }

    /**
     * [alignedField] when every neighbour's message is in [c]: every neighbour is aligned at layout entry [entry]
     * (-1: none is), and the field views the entry's column at the neighbours' ids (no copy, no message loaded).
     */
    private fun <T> columnField(c: MessageColumns, entry: Int, local: T): Field<ID, T> =
        if (entry < 0) {
            // Every neighbour's message has exactly the columns' layout: a path outside it is one no neighbour sent.
            Field(localId, local, inbound, null, EMPTY, 0)
        } else if (c.isDoubleEntry(entry)) {
            Field(localId, local, inbound, null, null, inbound.size, c.doubles(entry), 0, columnIds, columnFrom)
        } else {
            Field(localId, local, inbound, null, c.values(entry), inbound.size, null, 0, columnIds, columnFrom)
        }

    /**
     * The arena with room for [n] more doubles from [doubleTop]. A full arena is replaced by a larger one, not
     * copied: the fields already built keep the old one.
     */
    private fun doubleArenaFor(n: Int): DoubleArray {
        if (doubleTop + n > doubleArena.size) {
            doubleArena = DoubleArray(maxOf(2 * doubleArena.size, doubleTop + n, 64))
            doubleTop = 0
        }
        return doubleArena
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
            slotStack = slotStack.copyOf(depth * 4)
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

/**
 * [Aggregate.share] of a Double, for the stdlib's numeric blocks: on the engine's context the body is inlined and
 * nothing is boxed or allocated but the neighbours' field (a generic share boxes the result and allocates the body's
 * closure, per device per round); on any other [Aggregate] it is a plain [Aggregate.share]. Same alignment, state
 * and message as [Aggregate.share]: a call site uses one or the other, always the same.
 */
internal inline fun <ID : Any> Aggregate<ID>.shareDoubles(
    initial: Double,
    crossinline body: (Field<ID, Double>) -> Double,
): Double {
    val context = this as? AggregateContext<ID> ?: return share(initial) { body(it) }
    val field = context.beginShareDouble(initial)
    return context.endShareDouble(context.inShare { body(field) })
}

/**
 * [Aggregate.share] for the stdlib's blocks: on the engine's context the body is inlined (no closure allocated per
 * device per round); on any other [Aggregate] it is a plain [Aggregate.share]. Same alignment, state and message
 * as [Aggregate.share].
 */
internal inline fun <ID : Any, T> Aggregate<ID>.shareInline(
    initial: T,
    crossinline body: (Field<ID, T>) -> T,
): T {
    val context = this as? AggregateContext<ID> ?: return share(initial) { body(it) }
    val field = context.beginShare(initial)
    return context.endShare(context.inShare { body(field) })
}
