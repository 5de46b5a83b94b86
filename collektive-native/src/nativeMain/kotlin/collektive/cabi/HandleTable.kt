package collektive.cabi

import collektive.engine.AggregateEngine
import kotlin.concurrent.AtomicReference

/** One live engine behind a handle; [lock] serializes calls on it from different threads. */
internal class Slot(val handle: Int, val engine: AggregateEngine) {
    val lock = SpinLock()
}

/**
 * Thread-safe table of live engines. Handles are positive ints `generation << 20 | index`. A destroyed handle's
 * index is reused by a later create with the next generation (1 .. 2047); an index whose last generation has been
 * issued is retired for good instead of wrapping around, so no handle value is ever issued twice and a destroyed
 * handle never reaches another engine. The handle space (2^20 indices × 2047 generations, about 2.1 × 10^9
 * creates per process) is a budget: past it, create fails. Lookups are lock-free (one volatile read of a
 * copy-on-write array); create and destroy take a lock and publish a new array.
 */
internal object HandleTable {
    private const val INDEX_BITS = 20
    private const val INDEX_MASK = (1 shl INDEX_BITS) - 1
    private const val MAX_GENERATION = (1 shl (31 - INDEX_BITS)) - 1

    private val slots = AtomicReference<Array<Slot?>>(arrayOfNulls(16))
    private val writeLock = SpinLock()
    /** Last generation issued per index (0: never); [MAX_GENERATION] once the index is retired. */
    private var generations = IntArray(16)
    /** Lowest index that may be free (indices below it are live or retired). */
    private var firstFree = 0

    /** Registers [engine]; returns its handle, or -1 when the handle space is exhausted. */
    fun add(engine: AggregateEngine): Int = writeLock.withLock {
        val current = slots.value
        var index = firstFree
        while (index < current.size && (current[index] != null || generations[index] == MAX_GENERATION)) index++
        val next: Array<Slot?>
        if (index == current.size) {
            if (current.size > INDEX_MASK) return@withLock -1
            next = current.copyOf(minOf(current.size * 2, INDEX_MASK + 1))
            generations = generations.copyOf(next.size)
        } else {
            next = current.copyOf()
        }
        firstFree = index + 1
        val generation = generations[index] + 1
        generations[index] = generation
        val handle = (generation shl INDEX_BITS) or index
        next[index] = Slot(handle, engine)
        slots.value = next
        handle
    }

    /** The live slot of [handle], or null when the handle was never issued or is destroyed. */
    fun get(handle: Int): Slot? {
        if (handle <= 0) return null
        val current = slots.value
        val index = handle and INDEX_MASK
        if (index >= current.size) return null
        val slot = current[index]
        return if (slot != null && slot.handle == handle) slot else null
    }

    /** Removes [handle]; returns its slot, or null when it was not live. */
    fun remove(handle: Int): Slot? = writeLock.withLock {
        val slot = get(handle) ?: return@withLock null
        val index = handle and INDEX_MASK
        val next = slots.value.copyOf()
        next[index] = null
        slots.value = next
        if (generations[index] < MAX_GENERATION && index < firstFree) firstFree = index
        slot
    }

    /** Number of live engines. */
    fun size(): Int = slots.value.count { it != null }
}
