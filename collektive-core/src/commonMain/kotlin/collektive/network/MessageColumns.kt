package collektive.network

import collektive.aggregate.impl.Path

/**
 * The latest message of every device of a network with dense ids (0 until capacity), kept again as columns: entry
 * e of device j's message at `doubles(e)[j]` (an unboxed double) or `values(e)[j]`. A receiver then reads its
 * neighbours' values from one small array per entry, indexed by neighbour id, instead of loading each neighbour's
 * message object (a cache miss per neighbour and operator call: the largest part of a light program's round).
 *
 * The columns describe one message layout: the first message recorded fixes it (its entries' paths and which hold
 * doubles). A message with another layout (a branch taken, a program that aligns on data, an exchanged field) is
 * recorded as not [conforming]; its receivers read it from the message as before. Columns are rewritten as devices
 * send, so a field viewing them is valid only during the round of the device it was built for.
 */
internal class MessageColumns(private val capacity: Int) {
    /** Entries of the layout; -1 until the first message is recorded. */
    var entryCount: Int = -1
        private set
    private val paths = arrayOfNulls<Path>(MAX_ENTRIES)
    private var doubleEntries = 0
    private val doubleColumns = arrayOfNulls<DoubleArray>(MAX_ENTRIES)
    private val valueColumns = arrayOfNulls<Array<Any?>>(MAX_ENTRIES)

    /** Whether each device's latest message has the layout (its values are in the columns). */
    val conforming: BooleanArray = BooleanArray(capacity)

    /** The entry of the layout at [path], or -1; [hint] is where it is looked for first. */
    @Suppress("NOTHING_TO_INLINE")
    inline fun entryOf(path: Path, hint: Int): Int =
        if (hint < entryCount && paths[hint] === path) hint else scan(path)

    // Structural equality too: a path of a tree that does not intern it (docs: Path) equals the layout's.
    private fun scan(path: Path): Int {
        for (e in 0 until entryCount) if (paths[e] == path) return e
        return -1
    }

    /** Whether entry [entry] holds doubles ([doubles]) rather than references ([values]). */
    @Suppress("NOTHING_TO_INLINE")
    inline fun isDoubleEntry(entry: Int): Boolean = (doubleEntries shr entry) and 1 != 0

    /** The doubles of entry [entry], by sender. */
    fun doubles(entry: Int): DoubleArray = doubleColumns[entry]!!

    /** The values of entry [entry], by sender. */
    fun values(entry: Int): Array<Any?> = valueColumns[entry]!!

    /** Records [message], the latest of device [sender]. */
    fun record(sender: Int, message: OutboundMessage<*>) {
        if (entryCount < 0 && !adopt(message)) {
            conforming[sender] = false
            return
        }
        val n = entryCount
        var ok = message.size == n && !message.carriesExchange
        if (ok) {
            for (e in 0 until n) {
                if (message.pathAt(e) !== paths[e] || message.isDoubleAt(e) != isDoubleEntry(e)) {
                    ok = false
                    break
                }
            }
        }
        conforming[sender] = ok
        if (!ok) return
        for (e in 0 until n) {
            if (isDoubleEntry(e)) doubleColumns[e]!![sender] = message.doubleAt(e) else valueColumns[e]!![sender] = message.storedAt(e)
        }
    }

    /** Fixes the layout from [message]; false when it cannot have columns (too many entries, an exchanged field). */
    private fun adopt(message: OutboundMessage<*>): Boolean {
        val n = message.size
        if (n > MAX_ENTRIES || message.carriesExchange) return false
        for (e in 0 until n) {
            paths[e] = message.pathAt(e)
            if (message.isDoubleAt(e)) {
                doubleEntries = doubleEntries or (1 shl e)
                doubleColumns[e] = DoubleArray(capacity)
            } else {
                valueColumns[e] = arrayOfNulls(capacity)
            }
        }
        entryCount = n
        return true
    }

    private companion object {
        // The suite's programs send at most three values; a layout beyond this is read from the messages.
        const val MAX_ENTRIES = 8
    }
}
