@file:OptIn(ExperimentalJsExport::class)

package collektive.web

import collektive.codec.StateCodec
import collektive.engine.AggregateEngine

// Kotlin/JS exports of the facade. Kotlin/JS DoubleArray / IntArray / ByteArray *are* Float64Array / Int32Array /
// Int8Array at run time, so bulk data crosses without copies or per-element calls. Same names and sentinels as
// the Kotlin/Wasm exports (src/wasmJsMain), wrapped alike by src/js/engine.mjs.

/** Current time for the timings: `performance.now()` in ms. */
internal fun nowMs(): Double = js("performance.now()").unsafeCast<Double>()

/**
 * The engine state ([collektive.engine.EngineState], the same name in every language) as flat typed arrays:
 * `values[i]`, and device i's neighbours `neighborIds[neighborOffsets[i] until neighborOffsets[i + 1]]`
 * (neighborOffsets has nodeCount + 1 entries).
 */
@JsExport
public class EngineState internal constructor(
    public val values: DoubleArray,
    public val neighborOffsets: IntArray,
    public val neighborIds: IntArray,
)

/**
 * Copies of the engine's last-round values and neighbour lists (3 arrays, no per-device allocation), read through the
 * engine's read-only views (`valuesView`, `topology`).
 */
internal fun engineStateOf(engine: AggregateEngine): EngineState {
    val n = engine.nodeCount
    val grid = engine.topology
    val offsets = grid.offsets.copyOf(n + 1)
    return EngineState(engine.valuesView.copyOf(), offsets, grid.ids.copyOf(offsets[n]))
}

/** All positions at once from a Float64Array (x0 y0 z0 x1 …). */
@JsExport public fun updatePositions(handle: Int, xyz: DoubleArray): Int =
    Facade.call(handle, -1) { it.updatePositions(xyz); 0 }

@JsExport public fun step(handle: Int, rounds: Int): Int = Facade.service(handle, rounds, -1) { 0 }

/** Steps (when [rounds] > 0) and returns the state as typed arrays; null on error. */
@JsExport public fun stepAndGetState(handle: Int, rounds: Int): EngineState? =
    Facade.service(handle, rounds, null) { engine -> engineStateOf(engine) }

/** Steps (when [rounds] > 0) and returns the binary state buffer (docs/reference-study.md) as an Int8Array; null on error. */
@JsExport public fun stepAndGetStateBuffer(handle: Int, rounds: Int): ByteArray? =
    Facade.service(handle, rounds, null) { engine -> StateCodec.encode(engine) }

@JsExport public fun value(handle: Int, node: Int): Double = Facade.call(handle, Double.NaN) { it.value(node) }

@JsExport public fun neighbors(handle: Int, node: Int): IntArray? = Facade.call(handle, null) { it.neighbors(node) }

@JsExport public fun randomPositions(nodeCount: Int, seed: Double, meanDegree: Double, maxDistance: Double): DoubleArray? =
    Facade.randomPositions(nodeCount, seed, meanDegree, maxDistance)

@JsExport public fun referencePositions(nodeCount: Int, maxDistance: Double): DoubleArray? =
    Facade.referencePositions(nodeCount, maxDistance)

@JsExport public fun timingsCsv(): String = Facade.timings.csv()

@JsExport public fun timingCount(): Int = Facade.timings.size

@JsExport public fun clearTimings() = Facade.timings.clear()

@JsExport public fun setTimingEnabled(enabled: Boolean) {
    Facade.timings.enabled = enabled
}
