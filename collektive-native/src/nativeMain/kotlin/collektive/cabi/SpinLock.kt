package collektive.cabi

import kotlin.concurrent.AtomicInt
import platform.posix.sched_yield

/**
 * A tiny test-and-set lock for the C ABI's shared state (handle table writes, one engine's calls, the timing log).
 * Critical sections are short and rarely contended, so a spin with `sched_yield` beats a mutex allocated through
 * cinterop. Not reentrant.
 */
internal class SpinLock {
    private val state = AtomicInt(0)

    inline fun <T> withLock(block: () -> T): T {
        lock()
        try {
            return block()
        } finally {
            unlock()
        }
    }

    fun lock() {
        while (!state.compareAndSet(0, 1)) {
            while (state.value != 0) sched_yield()
        }
    }

    fun unlock() {
        state.value = 0
    }
}
