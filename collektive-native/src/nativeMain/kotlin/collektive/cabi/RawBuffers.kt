@file:OptIn(ExperimentalForeignApi::class)

package collektive.cabi

import kotlinx.cinterop.CPointer
import kotlinx.cinterop.CPointed
import kotlinx.cinterop.ExperimentalForeignApi
import kotlinx.cinterop.IntVar
import kotlinx.cinterop.UByteVar
import kotlinx.cinterop.reinterpret
import kotlinx.cinterop.usePinned
import kotlinx.cinterop.addressOf
import platform.posix.free
import platform.posix.malloc
import platform.posix.memcpy

/**
 * Raw C memory handed across the ABI. Only the C ABI layer may use these: they allocate with `malloc` what the
 * caller must release through the matching `free_*` export.
 */
@RequiresOptIn(message = "Raw C memory for the C ABI only: the caller owns and must free the result.")
@Retention(AnnotationRetention.BINARY)
internal annotation class RawCMemory

/** Copies [ids] into a new malloc'd block (NULL for an empty array). */
@RawCMemory
internal fun copyToMalloc(ids: IntArray): CPointer<IntVar>? {
    if (ids.isEmpty()) return null
    val target = malloc((ids.size * Int.SIZE_BYTES).toULong()) ?: throw OutOfMemoryError()
    ids.usePinned { memcpy(target, it.addressOf(0), (ids.size * Int.SIZE_BYTES).toULong()) }
    return target.reinterpret()
}

/** Copies [bytes] into a new malloc'd block. */
@RawCMemory
internal fun copyToMalloc(bytes: ByteArray): CPointer<UByteVar> {
    val target = malloc(maxOf(bytes.size, 1).toULong()) ?: throw OutOfMemoryError()
    if (bytes.isNotEmpty()) bytes.usePinned { memcpy(target, it.addressOf(0), bytes.size.toULong()) }
    return target.reinterpret()
}

/** Frees a block returned by the copy functions above (NULL is a no-op). */
@RawCMemory
internal fun <T : CPointed> freeMalloc(pointer: CPointer<T>?) {
    if (pointer != null) free(pointer)
}
