@file:OptIn(ExperimentalForeignApi::class)

package collektive.cabi

import collektive.engine.GradientEngine
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
 * The engine's last-round state in the binary layout of DESIGN §2 (little-endian: int32 n, per node float64
 * value, int32 k, k × int32 ids), written straight from the engine's internal views into one malloc'd block (no
 * snapshot, no intermediate arrays). linux_x64 is little-endian, so native stores give the layout. Returns the
 * block and stores its size in [sizeOut].
 */
@RawCMemory
internal fun encodeStateToMalloc(engine: GradientEngine, sizeOut: IntVar): CPointer<UByteVar> {
    val n = engine.nodeCount
    val values = engine.valuesView
    val offsets = engine.topology.offsets
    val ids = engine.topology.ids
    val size = 4 + 12 * n + 4 * offsets[n]
    // Every field starts at a multiple of 4 bytes: fill 32-bit words (a double as its low and high words) in a
    // Kotlin array (plain array stores), then one memcpy into the caller's block.
    val words = EncodeScratch.words(size / 4)
    words[0] = n
    var w = 1
    for (i in 0 until n) {
        val bits = values[i].toRawBits()
        words[w] = bits.toInt()
        words[w + 1] = (bits ushr 32).toInt()
        val from = offsets[i]
        val to = offsets[i + 1]
        words[w + 2] = to - from
        w += 3
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
