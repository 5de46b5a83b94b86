@file:OptIn(ExperimentalForeignApi::class)

package collektive.cabi

import collektive.codec.StateCodec
import collektive.engine.AggregateEngine
import kotlinx.cinterop.CPointer
import kotlinx.cinterop.value
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

/**
 * The engine's last-round state in the binary layout of docs/reference-study.md ([StateCodec.forEachRun]: no snapshot, no
 * intermediate arrays) in one malloc'd block. The words are stored in a Kotlin array (plain array stores), then
 * copied with one memcpy; linux_x64 is little-endian, so native stores give the layout. Returns the block and
 * stores its size in [sizeOut].
 */
@RawCMemory
internal fun encodeStateToMalloc(engine: AggregateEngine, sizeOut: IntVar): CPointer<UByteVar> {
    val size = StateCodec.encodedSize(engine)
    val words = EncodeScratch.words(size / 4)
    var w = 0
    StateCodec.forEachRun(engine, { words[w++] = it }) { ids, from, to ->
        ids.copyInto(words, w, from, to)
        w += to - from
    }
    check(4 * w == size) { "state encoding wrote ${4 * w} bytes, expected $size" }
    val block = malloc(size.toULong()) ?: throw OutOfMemoryError()
    words.usePinned { memcpy(block, it.addressOf(0), size.toULong()) }
    sizeOut.value = size
    return block.reinterpret()
}

/** A per-thread scratch array for [encodeStateToMalloc], grown on demand and reused (no per-call allocation). */
@kotlin.native.concurrent.ThreadLocal
private object EncodeScratch {
    private var buffer = IntArray(256)

    fun words(count: Int): IntArray {
        if (buffer.size < count) buffer = IntArray(maxOf(count, buffer.size * 2))
        return buffer
    }
}

/** Frees a block returned by the copy functions above (NULL is a no-op). */
@RawCMemory
internal fun <T : CPointed> freeMalloc(pointer: CPointer<T>?) {
    if (pointer != null) free(pointer)
}
