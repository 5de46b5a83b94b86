package collektive.cabi.bench

import collektive.bench.BenchSide
import collektive.bench.EngineBenchmark
import collektive.programs.Programs

/**
 * Kotlin/Native entry point of [EngineBenchmark] (engine round beside the Bellman-Ford floor), for
 * `npm run bench:engine`: `engine-bench.kexe <sizes, e.g. 10,100> <samples> <seed> [program spec, default euclidean] [both|engine|floor]`. Prints one
 * [collektive.bench.BenchRow.csvLine] per size as each size completes.
 */
public fun main(args: Array<String>) {
    val sizes = (args.getOrNull(0) ?: "10,100,1000,10000").split(',').map { it.trim().toInt() }
    val samples = args.getOrNull(1)?.toInt() ?: 100
    val seed = args.getOrNull(2)?.toLong() ?: 42L
    val spec = args.getOrNull(3) ?: "euclidean"
    val side = BenchSide.parse(args.getOrNull(4) ?: "both")
    for (n in sizes) {
        println(EngineBenchmark.run(intArrayOf(n), samples, seed, program = Programs.parse(spec, n), side = side).single().csvLine())
    }
}
