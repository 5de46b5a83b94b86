@file:OptIn(ExperimentalForeignApi::class)

package collektive.nativeserver

import kotlinx.cinterop.COpaquePointer
import kotlinx.cinterop.ExperimentalForeignApi
import kotlinx.cinterop.StableRef
import kotlinx.cinterop.alloc
import kotlinx.cinterop.asStableRef
import kotlinx.cinterop.free
import kotlinx.cinterop.nativeHeap
import kotlinx.cinterop.ptr
import kotlinx.cinterop.staticCFunction
import kotlinx.cinterop.toKString
import kotlinx.cinterop.value
import platform.posix.errno
import platform.posix.fflush
import platform.posix.fputs
import platform.posix.pthread_create
import platform.posix.pthread_join
import platform.posix.pthread_tVar
import platform.posix.stderr
import platform.posix.strerror
import kotlin.time.TimeSource

/** A failed system call, with the reason the OS gave (`strerror`). */
internal class OsException(message: String) : Exception(message)

/** "[what]: [strerror(errno)]" for the system call that just failed. */
internal fun osFailure(what: String, code: Int = errno): OsException = OsException("$what: ${strerror(code)?.toKString() ?: "error $code"}")

private val clockOrigin = TimeSource.Monotonic.markNow()

/**
 * The monotonic clock in ns since the server started: the runtime's steady clock (CLOCK_MONOTONIC, as the JVM's
 * System.nanoTime on Linux), read without the GC state switch a call through cinterop makes.
 */
internal fun monotonicNs(): Long = clockOrigin.elapsedNow().inWholeNanoseconds

/** Writes one line to stderr at once (the tests read the server's log while it runs). */
internal fun errorLine(text: String) {
    fputs(text + "\n", stderr)
    fflush(stderr)
}

/** The server's log: stderr lines prefixed like the JVM server's (`[jvm-server]`). */
internal fun log(text: String) = errorLine("[native-server] $text")

/**
 * A POSIX thread running [body]. Kotlin/Native attaches a thread that enters Kotlin code through a static C function
 * to its runtime by itself; [body] must catch what it throws (an uncaught exception ends the process).
 */
internal class NativeThread(name: String, body: () -> Unit) {
    private val id = nativeHeap.alloc<pthread_tVar>()
    private var joined = false

    init {
        val ref = StableRef.create(body)
        val code = pthread_create(id.ptr, null, staticCFunction(::runBody), ref.asCPointer())
        if (code != 0) {
            ref.dispose()
            nativeHeap.free(id)
            throw osFailure("cannot start thread $name", code)
        }
    }

    /** Waits for the thread to end (idempotent). */
    fun join() {
        if (joined) return
        joined = true
        pthread_join(id.value, null)
        nativeHeap.free(id)
    }
}

private fun runBody(arg: COpaquePointer?): COpaquePointer? {
    val ref = arg!!.asStableRef<() -> Unit>()
    val body = ref.get()
    ref.dispose()
    body()
    return null
}
