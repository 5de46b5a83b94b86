package collektive.cabi.bench

import collektive.bench.EngineBenchmark

/**
 * Kotlin/Native entry point of [EngineBenchmark] (engine round beside the Bellman-Ford floor), for
 * `npm run bench:engine`: `engine-bench.kexe <sizes, e.g. 10,100> <samples> <seed>`. Prints one CSV line per size,
 * `row,<N>,<meanDegree>,<batch>,<engine median µs>,<engine p95 µs>,<floor median µs>,<floor p95 µs>`, as each
 * size completes.
 */
public fun main(args: Array<String>) {
    val sizes = (args.getOrNull(0) ?: "10,100,1000,10000").split(',').map { it.trim().toInt() }
    val samples = args.getOrNull(1)?.toInt() ?: 100
    val seed = args.getOrNull(2)?.toLong() ?: 42L
    for (n in sizes) {
        val r = EngineBenchmark.run(intArrayOf(n), samples, seed).single()
        println("row,${r.nodeCount},${r.meanDegree},${r.batch},${r.engineMedianMicros},${r.engineP95Micros},${r.floorMedianMicros},${r.floorP95Micros}")
    }
}
