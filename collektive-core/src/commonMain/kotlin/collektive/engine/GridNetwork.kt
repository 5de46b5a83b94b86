package collektive.engine

import collektive.network.InboundMessages
import collektive.network.MessageColumns
import collektive.network.Network
import collektive.network.OutboundMessage

/**
 * The [Network] of a [AggregateEngine]: devices 0 until nodeCount, unit-disk topology rebuilt every round from
 * positions by a [SpatialGrid], array-based mailboxes.
 *
 * It has the semantics of a per-receiver mailbox pruned to the current neighbours at the start of every round
 * (what the reference simulation does), without storing mailboxes: a receiver sees sender j's latest message when
 * j is a current neighbour and either j already ran this round, or j ran last round while already a neighbour
 * (so the message was delivered and survived this round's pruning).
 */
internal class GridNetwork(private val nodeCount: Int) : Network<Int> {
    var grid: SpatialGrid = SpatialGrid().also { it.clear(nodeCount) }
        private set
    private var previousGrid = SpatialGrid().also { it.clear(nodeCount) }
    private val latest = arrayOfNulls<OutboundMessage<Int>>(nodeCount)
    /**
     * Round stamp of each device's latest message (-1: none yet). Int rather than Long: Kotlin/JS emulates Long
     * with objects and this is read once per neighbour per round. Stamps are only compared for equality with the
     * current round and the one before (with wrapping arithmetic), and every device sends once per round, so a
     * stamp is always one of those two after the first round: wrapping after 2^32 rounds cannot confuse them.
     */
    private val sentRound = IntArray(nodeCount) { -1 }
    /** Every device's latest message again as columns by entry: fields read neighbours from them ([fill]). */
    val columns = MessageColumns(nodeCount)
    /** Whether [send] records messages in [columns] (off: no message is in them, fields read the messages). */
    var keepColumns = true
        set(value) {
            field = value
            if (!value) columns.conforming.fill(false) // what was recorded goes stale from now on
        }
    /** Boxed ids, allocated once: generic code (contexts, tables) takes them without boxing again. */
    val boxedIds: Array<Int> = Array(nodeCount) { it }
    private var round = 0

    /**
     * Starts round [number] (1, 2, ..., the engine's round count truncated to Int, see [sentRound]): recomputes the
     * topology from [xyz].
     */
    fun beginRound(number: Int, xyz: DoubleArray, radius: Double, maxLinks: Int) {
        val spare = previousGrid
        try {
            spare.build(xyz, nodeCount, radius, maxLinks)
        } catch (e: BudgetExceededException) {
            spare.clear(nodeCount) // the last round's topology (grid) and stamps stay as they were
            throw e
        }
        round = number
        previousGrid = grid
        grid = spare
    }

    override fun inbound(receiver: Int): InboundMessages<Int> {
        val table = InboundMessages<Int>(arrayOfNulls(0), arrayOfNulls(0), 0)
        fill(receiver, table)
        return table
    }

    /**
     * Writes the neighbourhood of [receiver] into [table], reused: the engine runs only programs that keep no
     * field beyond the round, so one table serves every device without allocation. Returns whether every
     * neighbour's visible message is in [columns]: then fields may read the columns at the neighbours' ids
     * (`grid.ids` from `grid.offsets[receiver]`, in table order) instead of the messages.
     */
    fun fill(receiver: Int, table: InboundMessages<Int>): Boolean {
        val g = grid
        val from = g.offsets[receiver]
        val k = g.offsets[receiver + 1] - from
        table.reset(k)
        val ids = table.ids
        val messages = table.messages
        val prev = previousGrid
        var p = prev.offsets[receiver]
        val pEnd = prev.offsets[receiver + 1]
        val round = round
        val previousRound = round - 1
        // Arrays read into locals once: per link, Kotlin/Native would reload each property after every safepoint.
        val gIds = g.ids
        val prevIds = prev.ids
        val boxed = boxedIds
        val stamps = sentRound
        val sent = latest
        val conforming = columns.conforming
        var inColumns = true
        for (t in 0 until k) {
            val j = gIds[from + t]
            ids[t] = boxed[j]
            val stamp = stamps[j]
            var visible: OutboundMessage<Int>? = null
            if (stamp == round) {
                visible = sent[j]
            } else if (stamp == previousRound) {
                while (p < pEnd && prevIds[p] < j) p++
                if (p < pEnd && prevIds[p] == j) visible = sent[j]
            }
            messages[t] = visible
            inColumns = inColumns && visible != null && conforming[j]
        }
        return inColumns
    }

    override fun send(message: OutboundMessage<Int>) {
        val sender = message.senderId
        latest[sender] = message
        sentRound[sender] = round
        if (keepColumns) columns.record(sender, message)
    }
}
