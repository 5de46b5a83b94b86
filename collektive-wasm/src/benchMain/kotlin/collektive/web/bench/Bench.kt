@file:OptIn(ExperimentalJsExport::class)

package collektive.web.bench

import collektive.bench.BenchSide
import collektive.bench.EngineBenchmark
import collektive.programs.Programs

/**
 * Kotlin/JS and Kotlin/Wasm entry of [EngineBenchmark] for `npm run bench:engine` (collektive-wasm/bench/run.mjs):
 * one size of the program [program] names (a spec, docs/programs.md), the engine, the floor or both ([side]:
 * `both`, `engine`, `floor`), returned as its
 * [collektive.bench.BenchRow.csvLine].
 */
@JsExport
public fun benchEngine(nodeCount: Int, samples: Int, seed: Int, program: String, side: String): String =
    EngineBenchmark.run(
        intArrayOf(nodeCount), samples, seed.toLong(), program = Programs.parse(program, nodeCount),
        reuseFieldBuffers = true, // as the facade's engines (Facade.add)
        side = BenchSide.parse(side),
    ).single().csvLine()
