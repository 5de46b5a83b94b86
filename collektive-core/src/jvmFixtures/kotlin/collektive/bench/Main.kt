package collektive.bench

/**
 * JVM entry point of [EngineBenchmark]:
 * `java -cp <classes:stdlib> collektive.bench.MainKt [sizes=10,100,1000,10000] [samples=200] [seed=42] [program spec=euclidean]
 * [side=both|engine|floor]`.
 * Prints the table of [EngineBenchmark.format] (scripts/bench-engine.mjs reads its first seven columns: keep their
 * order).
 */
public fun main(args: Array<String>) {
    val sizes = args.getOrNull(0)?.split(',')?.map { it.trim().toInt() }?.toIntArray() ?: intArrayOf(10, 100, 1000, 10000)
    val samples = args.getOrNull(1)?.toInt() ?: 200
    val seed = args.getOrNull(2)?.toLong() ?: 42L
    val spec = args.getOrNull(3) ?: "euclidean"
    val side = BenchSide.parse(args.getOrNull(4) ?: "both")
    val runtime = "${System.getProperty("java.vm.name")} ${System.getProperty("java.version")}"
    println("collektive-core engine benchmark, JVM ($runtime), samples=$samples seed=$seed program=$spec")
    // A longer warm-up than the common default: C2 must have compiled the round before sampling starts.
    val rows = sizes.map { n ->
        EngineBenchmark.run(intArrayOf(n), samples, seed, warmupMillis = 1500, program = collektive.programs.Programs.parse(spec, n), side = side).single()
    }
    print(EngineBenchmark.format(rows))
}
