@file:OptIn(ExperimentalJsExport::class)

package collektive.web.bench

import collektive.bench.EngineBenchmark

/**
 * Kotlin/JS and Kotlin/Wasm entry of [EngineBenchmark] for `npm run bench:engine` (collektive-wasm/bench/run.mjs):
 * one size, returned as its [collektive.bench.BenchRow.csvLine].
 */
@JsExport
public fun benchEngine(nodeCount: Int, samples: Int, seed: Int): String =
    EngineBenchmark.run(intArrayOf(nodeCount), samples, seed.toLong()).single().csvLine()
