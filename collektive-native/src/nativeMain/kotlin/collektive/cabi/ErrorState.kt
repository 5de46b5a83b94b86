package collektive.cabi

import kotlinx.cinterop.ByteVar
import kotlinx.cinterop.CPointer
import kotlinx.cinterop.ExperimentalForeignApi
import kotlinx.cinterop.allocArray
import kotlinx.cinterop.free
import kotlinx.cinterop.nativeHeap
import kotlinx.cinterop.set
import kotlin.native.concurrent.ThreadLocal

/** Error codes returned by `last_error_code()` (documented in the header and collektive-native/README.md). */
internal object ErrorCode {
    const val OK = 0
    const val INVALID_HANDLE = 1
    const val INVALID_ARGUMENT = 2
    const val IO = 3
    const val INTERNAL = 4
}

/**
 * The calling thread's error state. Every exported call except the error queries and `noop` sets it: to
 * [ErrorCode.OK] on success, or to a code and a message on failure. The message is a C string owned by the
 * library, valid until the next failing call on the same thread.
 */
@OptIn(ExperimentalForeignApi::class)
@ThreadLocal
internal object ErrorState {
    var code: Int = ErrorCode.OK
        private set

    private var message: CPointer<ByteVar>? = null

    fun ok() {
        if (code != ErrorCode.OK) code = ErrorCode.OK
    }

    fun fail(errorCode: Int, text: String) {
        code = errorCode
        message?.let { nativeHeap.free(it) }
        val utf8 = text.encodeToByteArray()
        val copy = nativeHeap.allocArray<ByteVar>(utf8.size + 1)
        for (i in utf8.indices) copy[i] = utf8[i]
        copy[utf8.size] = 0
        message = copy
    }

    /** The message of the last failure on this thread, or null when the last call succeeded. */
    fun messagePointer(): CPointer<ByteVar>? = if (code == ErrorCode.OK) null else message
}
