package collektive.cabi

import kotlinx.cinterop.ByteVar
import kotlinx.cinterop.CFunction
import kotlinx.cinterop.COpaquePointer
import kotlinx.cinterop.CPointer
import kotlinx.cinterop.ExperimentalForeignApi
import kotlinx.cinterop.addressOf
import kotlinx.cinterop.alloc
import kotlinx.cinterop.memScoped
import kotlinx.cinterop.ptr
import kotlinx.cinterop.reinterpret
import kotlinx.cinterop.set
import kotlinx.cinterop.usePinned
import kotlinx.cinterop.value
import kotlin.native.concurrent.ThreadLocal
import platform.posix.dlsym
import platform.posix.free
import platform.posix.malloc
import platform.posix.memcpy
import platform.posix.pthread_getspecific
import platform.posix.pthread_key_create
import platform.posix.pthread_key_tVar
import platform.posix.pthread_setspecific

/** Error codes returned by `last_error_code()` (documented in the header and collektive-native/README.md). */
internal object ErrorCode {
    const val OK = 0
    const val INVALID_HANDLE = 1
    const val INVALID_ARGUMENT = 2
    const val IO = 3
    const val INTERNAL = 4
    const val LIMIT = 5
}

/**
 * The calling thread's error state. Every exported call except the error queries and `noop` sets it: to
 * [ErrorCode.OK] on success, or to a code and a message on failure. The message is a `malloc`'d C string owned by
 * the library, valid until the next failing call on the same thread; it is held in a POSIX thread-specific key
 * whose destructor is libc's `free`, so it is released when the thread exits (no Kotlin code runs at thread exit).
 */
@OptIn(ExperimentalForeignApi::class)
@ThreadLocal
internal object ErrorState {
    var code: Int = ErrorCode.OK
        private set

    fun ok() {
        if (code != ErrorCode.OK) code = ErrorCode.OK
    }

    fun fail(errorCode: Int, text: String) {
        code = errorCode
        ErrorMessages.set(text)
    }

    /** The message of the last failure on this thread, or null when the last call succeeded. */
    fun messagePointer(): CPointer<ByteVar>? = if (code == ErrorCode.OK) null else ErrorMessages.get()
}

/** The per-thread message storage behind [ErrorState]: one thread-specific key, created on first use. */
@OptIn(ExperimentalForeignApi::class)
private object ErrorMessages {
    private val key: UInt = memScoped {
        val k = alloc<pthread_key_tVar>()
        // libc's free as the destructor: runs at thread exit for a non-NULL value, outside the Kotlin runtime.
        val destructor = dlsym(null, "free")?.reinterpret<CFunction<(COpaquePointer?) -> Unit>>()
        check(pthread_key_create(k.ptr, destructor) == 0) { "pthread_key_create failed" }
        k.value
    }

    /** A static message for when the copy itself cannot be allocated. */
    private val outOfMemory: CPointer<ByteVar> = copy("out of memory while reporting an error")
        ?: error("cannot allocate the fallback error message")

    fun get(): CPointer<ByteVar>? = pthread_getspecific(key)?.reinterpret() ?: outOfMemory

    fun set(text: String) {
        val old = pthread_getspecific(key)
        pthread_setspecific(key, null)
        free(old)
        pthread_setspecific(key, copy(text))
    }

    private fun copy(text: String): CPointer<ByteVar>? {
        val utf8 = text.encodeToByteArray()
        val block = malloc((utf8.size + 1).toULong())?.reinterpret<ByteVar>() ?: return null
        if (utf8.isNotEmpty()) utf8.usePinned { memcpy(block, it.addressOf(0), utf8.size.toULong()) }
        block[utf8.size] = 0
        return block
    }
}
