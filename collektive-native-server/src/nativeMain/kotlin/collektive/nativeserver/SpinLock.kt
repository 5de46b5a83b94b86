package collektive.nativeserver

import kotlin.concurrent.AtomicInt
import platform.posix.sched_yield

/**
 * A tiny test-and-set lock for [TimingLog]'s per-sample section: short and uncontended (the serving thread and,
 * once per chunk, the writer), so a spin with `sched_yield` beats a pthread mutex. Not reentrant. The C ABI library
 * has the same lock for its own state; each module keeps its copy, as neither links the other.
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
