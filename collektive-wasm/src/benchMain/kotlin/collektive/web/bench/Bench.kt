@file:OptIn(ExperimentalJsExport::class)

package collektive.web.bench

import collektive.bench.EngineBenchmark

/**
 * Kotlin/JS and Kotlin/Wasm entry of [EngineBenchmark] for `npm run bench:engine` (collektive-wasm/bench/run.mjs):
 * one size, returned as the CSV line
 * `row,<N>,<meanDegree>,<batch>,<engine median µs>,<engine p95 µs>,<floor median µs>,<floor p95 µs>`.
 */
@JsExport
public fun benchEngine(nodeCount: Int, samples: Int, seed: Int): String {
    val r = EngineBenchmark.run(intArrayOf(nodeCount), samples, seed.toLong()).single()
    return "row,${r.nodeCount},${r.meanDegree},${r.batch},${r.engineMedianMicros},${r.engineP95Micros},${r.floorMedianMicros},${r.floorP95Micros}"
}
