@file:OptIn(ExperimentalJsExport::class)

package collektive.web.bench

import collektive.bench.EngineBenchmark
import collektive.programs.Programs

/**
 * Kotlin/JS and Kotlin/Wasm entry of [EngineBenchmark] for `npm run bench:engine` (collektive-wasm/bench/run.mjs):
 * one size of the program [program] names (a spec, docs/programs.md), returned as its
 * [collektive.bench.BenchRow.csvLine].
 */
@JsExport
public fun benchEngine(nodeCount: Int, samples: Int, seed: Int, program: String): String =
    EngineBenchmark.run(
        intArrayOf(nodeCount), samples, seed.toLong(), program = Programs.parse(program, nodeCount),
        reuseFieldBuffers = true, // as the facade's engines (Facade.add)
    ).single().csvLine()
