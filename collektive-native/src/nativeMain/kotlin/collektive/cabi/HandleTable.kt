package collektive.cabi

import collektive.engine.GradientEngine
import kotlin.concurrent.AtomicReference

/** One live engine behind a handle; [lock] serializes calls on it from different threads. */
internal class Slot(val handle: Int, val engine: GradientEngine) {
    val lock = SpinLock()
}

/**
 * Thread-safe table of live engines. Handles are positive ints `generation << 20 | index`: a destroyed handle's
 * index is reused by a later create with a new generation, so a stale handle is rejected instead of reaching
 * another engine. Lookups are lock-free (one volatile read of a copy-on-write array); create and destroy take a
 * lock and publish a new array.
 */
internal object HandleTable {
    private const val INDEX_BITS = 20
    private const val INDEX_MASK = (1 shl INDEX_BITS) - 1
    private const val MAX_GENERATION = (1 shl (31 - INDEX_BITS)) - 1

    private val slots = AtomicReference<Array<Slot?>>(arrayOfNulls(16))
    private val writeLock = SpinLock()
    private var generations = IntArray(16)

    /** Registers [engine]; returns its handle, or -1 when a million engines are already live. */
    fun add(engine: GradientEngine): Int = writeLock.withLock {
        val current = slots.value
        var index = current.indexOfFirst { it == null }
        var next = current
        if (index < 0) {
            if (current.size > INDEX_MASK) return@withLock -1
            index = current.size
            next = current.copyOf(minOf(current.size * 2, INDEX_MASK + 1))
            generations = generations.copyOf(next.size)
        } else {
            next = current.copyOf()
        }
        val generation = generations[index] % MAX_GENERATION + 1
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
        val next = slots.value.copyOf()
        next[handle and INDEX_MASK] = null
        slots.value = next
        slot
    }

    /** Number of live engines. */
    fun size(): Int = slots.value.count { it != null }
}
