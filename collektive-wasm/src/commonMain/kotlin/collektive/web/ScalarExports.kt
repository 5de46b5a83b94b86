@file:OptIn(ExperimentalJsExport::class)

package collektive.web

// The exports whose signatures are plain scalars, identical for Kotlin/Wasm and Kotlin/JS (this source set is
// compiled for both). Exports that move bulk data differ by platform and live in src/wasmJsMain and src/jsMain.

@JsExport public fun noop() {}

@JsExport public fun create(nodeCount: Int, maxDistance: Double, program: Int): Int =
    Facade.create(nodeCount, maxDistance, program)

/** An engine running the program [spec] names (`name` or `name:key=value,...`, docs/programs.md); -1 on error. */
@JsExport public fun createWithSpec(nodeCount: Int, maxDistance: Double, spec: String): Int =
    Facade.create(nodeCount, maxDistance, spec)

/** 0 when [spec] names a program an engine of [nodeCount] devices can run, else -1 ([lastError] says why). */
@JsExport public fun checkProgram(spec: String, nodeCount: Int): Int = Facade.checkProgram(spec, nodeCount)

/** The registered program names, comma-separated, in registry order. */
@JsExport public fun programNames(): String = collektive.programs.Programs.names.joinToString(",")

@JsExport public fun destroy(handle: Int): Int = Facade.destroy(handle)

@JsExport public fun lastError(): String = Facade.lastError

@JsExport public fun liveCount(): Int = Facade.liveCount()

@JsExport public fun nodeCount(handle: Int): Int = Facade.call(handle, -1) { it.nodeCount }

@JsExport public fun roundsRun(handle: Int): Double = Facade.call(handle, -1.0) { it.roundsRun.toDouble() }

@JsExport public fun setSource(handle: Int, node: Int, isSource: Boolean): Int =
    Facade.call(handle, -1) { it.setSource(node, isSource); 0 }

@JsExport public fun isSource(handle: Int, node: Int): Int =
    Facade.call(handle, -1) { if (it.isSource(node)) 1 else 0 }

@JsExport public fun clearSources(handle: Int): Int = Facade.call(handle, -1) { it.clearSources(); 0 }

@JsExport public fun maxDistance(handle: Int): Double = Facade.call(handle, Double.NaN) { it.maxDistance }

@JsExport public fun setMaxDistance(handle: Int, maxDistance: Double): Int =
    Facade.call(handle, -1) { it.maxDistance = maxDistance; 0 }

/** Link budget of the engine's rounds (AggregateEngine.maxLinks): a denser round fails before allocating. */
@JsExport public fun setMaxLinks(handle: Int, maxLinks: Int): Int =
    Facade.call(handle, -1) { it.maxLinks = maxLinks; 0 }

@JsExport public fun updatePosition(handle: Int, node: Int, x: Double, y: Double, z: Double): Int =
    Facade.call(handle, -1) { it.updatePosition(node, x, y, z); 0 }
