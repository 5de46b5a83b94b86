@file:OptIn(ExperimentalJsExport::class)

package collektive.web

import collektive.codec.StateCodec

// Kotlin/JS exports of the facade. Kotlin/JS DoubleArray / IntArray / ByteArray *are* Float64Array / Int32Array /
// Int8Array at run time, so bulk data crosses without copies or per-element calls. Same names and sentinels as
// the Kotlin/Wasm exports (src/wasmJsMain), wrapped alike by src/js/engine.mjs.

/** Current time for the timings: `performance.now()` in ms. */
internal fun nowMs(): Double = js("performance.now()").unsafeCast<Double>()

/** The state as flat typed arrays (see [FlatState]). */
@JsExport
public class StateArrays internal constructor(
    public val values: DoubleArray,
    public val neighborOffsets: IntArray,
    public val neighborIds: IntArray,
)

/** All positions at once from a Float64Array (x0 y0 z0 x1 …). */
@JsExport public fun updatePositions(handle: Int, xyz: DoubleArray): Int =
    Facade.call(handle, -1) { it.updatePositions(xyz); 0 }

@JsExport public fun step(handle: Int, rounds: Int): Int = Facade.service(handle, rounds, -1) { 0 }

/** Steps (when [rounds] > 0) and returns the state as typed arrays; null on error. */
@JsExport public fun stepAndGetState(handle: Int, rounds: Int): StateArrays? =
    Facade.service(handle, rounds, null) { engine ->
        val flat = FlatState.of(engine)
        StateArrays(flat.values, flat.offsets, flat.ids)
    }

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
