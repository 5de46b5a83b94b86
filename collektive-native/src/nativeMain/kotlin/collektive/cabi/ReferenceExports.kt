@file:OptIn(ExperimentalNativeApi::class, ExperimentalForeignApi::class, RawCMemory::class)

package collektive.cabi

import collektive.engine.AggregateEngine
import kotlin.experimental.ExperimentalNativeApi
import kotlinx.cinterop.CPointer
import kotlinx.cinterop.ExperimentalForeignApi
import kotlinx.cinterop.IntVar
import kotlinx.cinterop.UByteVar
import kotlinx.cinterop.pointed
import kotlinx.cinterop.value

// The reference study's C ABI (docs/reference-study.md), same names and signatures, so its Unity scripts load this library
// unchanged. Sentinels on failure (error state set, see ErrorState): handle -1, value NaN, pointers NULL with
// *outSize = 0; void calls only set the error state.

/** `int create_with_distance(int nodeCount, double maxDistance)`: a new Euclidean-gradient engine; -1 on bad input. */
@CName("create_with_distance")
public fun createWithDistance(nodeCount: Int, maxDistance: Double): Int =
    createEngine(nodeCount) { AggregateEngine(nodeCount, maxDistance) }

/** `void destroy_with_distance(int h)`: frees the engine and flushes pending timings. */
@CName("destroy_with_distance")
public fun destroyWithDistance(handle: Int) {
    val slot = HandleTable.remove(handle)
    if (slot == null) {
        failWith(ErrorCode.INVALID_HANDLE, "invalid handle $handle", Unit)
        return
    }
    slot.lock.withLock { Budgets.release(slot.engine.nodeCount) } // after a call still running on it
    if (TimingLog.flush()) ErrorState.ok()
    else failWith(ErrorCode.IO, "cannot write timing CSV ${TimingLog.currentPath()}", Unit)
}

/** `void set_source_with_distance(int h, int node, bool isSource)` (bool: 1 byte). */
@CName("set_source_with_distance")
public fun setSourceWithDistance(handle: Int, node: Int, isSource: Boolean): Unit =
    onEngine(handle, Unit) { it.setSource(node, isSource) }

/** `void clear_sources_with_distance(int h)`. */
@CName("clear_sources_with_distance")
public fun clearSourcesWithDistance(handle: Int): Unit = onEngine(handle, Unit) { it.clearSources() }

/** `void update_position(int h, int node, double x, double y, double z)`. */
@CName("update_position")
public fun updatePosition(handle: Int, node: Int, x: Double, y: Double, z: Double): Unit =
    onEngine(handle, Unit) { it.updatePosition(node, x, y, z) }

/** `void step_with_distance(int h, int rounds)`: runs [rounds] aggregate rounds (timed: service and compute). */
@CName("step_with_distance")
public fun stepWithDistance(handle: Int, rounds: Int) {
    val timed = TimingLog.enabled
    val start = if (timed) TimingLog.now() else 0L
    onEngine(handle, Unit) { timedStep(it, rounds) }
    if (timed && ErrorState.code == ErrorCode.OK) TimingLog.record(TimingLog.SERVICE, start, TimingLog.now())
}

/** `double get_value_with_distance(int h, int node)`: +Infinity when unreachable; NaN on error. */
@CName("get_value_with_distance")
public fun getValueWithDistance(handle: Int, node: Int): Double = onEngine(handle, Double.NaN) { it.value(node) }

/**
 * `int* get_neighborhood_with_distance(int h, int node, int* outSize)`: the node's neighbour ids (ascending) in a
 * malloc'd array the caller frees with `free_neighborhood_with_distance`; NULL and *outSize = 0 on error (and for
 * an empty neighbourhood: NULL with *outSize = 0 and no error).
 */
@CName("get_neighborhood_with_distance")
public fun getNeighborhoodWithDistance(handle: Int, node: Int, outSize: CPointer<IntVar>?): CPointer<IntVar>? {
    if (outSize == null) return failWith(ErrorCode.INVALID_ARGUMENT, "outSize must not be NULL", null)
    outSize.pointed.value = 0
    return onEngine(handle, null) {
        val ids = it.neighbors(node)
        val block = copyToMalloc(ids)
        outSize.pointed.value = ids.size
        block
    }
}

/** `void free_neighborhood_with_distance(int* p)`: frees a neighbourhood array (NULL is a no-op). */
@CName("free_neighborhood_with_distance")
public fun freeNeighborhoodWithDistance(pointer: CPointer<IntVar>?) {
    freeMalloc(pointer)
    ErrorState.ok()
}

/**
 * `unsigned char* step_and_get_state_with_distance(int h, int rounds, int* outSize)`: runs [rounds] rounds and
 * returns the state buffer of docs/reference-study.md (LE: int32 n, per node float64 value, int32 k, k × int32 ids) in a
 * malloc'd block freed with `free_state_buffer`; NULL and *outSize = 0 on error.
 */
@CName("step_and_get_state_with_distance")
public fun stepAndGetStateWithDistance(handle: Int, rounds: Int, outSize: CPointer<IntVar>?): CPointer<UByteVar>? {
    val timed = TimingLog.enabled
    val start = if (timed) TimingLog.now() else 0L
    outSize?.pointed?.value = 0
    if (outSize == null) return failWith(ErrorCode.INVALID_ARGUMENT, "outSize must not be NULL", null)
    val buffer = onEngine(handle, null) {
        timedStep(it, rounds)
        encodeStateToMalloc(it, outSize.pointed)
    } ?: return null
    if (timed) TimingLog.record(TimingLog.SERVICE, start, TimingLog.now())
    return buffer
}

/** `void free_state_buffer(unsigned char* p)`: frees a state buffer (NULL is a no-op). */
@CName("free_state_buffer")
public fun freeStateBuffer(pointer: CPointer<UByteVar>?) {
    freeMalloc(pointer)
    ErrorState.ok()
}

/**
 * Creates an engine of [nodeCount] devices within the [Budgets] (checked before [build] allocates anything) and
 * registers it; -1 with the error state set on bad input, an exceeded budget or an exhausted handle space.
 */
internal inline fun createEngine(nodeCount: Int, build: () -> AggregateEngine): Int = guarded(-1) {
    require(nodeCount >= 0) { "nodeCount must be >= 0, was $nodeCount" }
    Budgets.reserve(nodeCount)
    val handle = try {
        val engine = build()
        engine.maxLinks = Budgets.maxLinks
        HandleTable.add(engine)
    } catch (e: Throwable) {
        Budgets.release(nodeCount)
        throw e
    }
    if (handle == -1) {
        Budgets.release(nodeCount)
        throw AbiFailure(ErrorCode.LIMIT, "handle space exhausted: every handle value has been issued once")
    }
    handle
}
