package collektive.bench

/**
 * One line of an [EngineBenchmark] run: the cost of one round at [nodeCount] devices, for the engine and for the
 * program's [ProgramFloor] over the same positions, measured side by side in the same run. Times in microseconds per
 * round (medians over [samples] samples, each sample timing [batch] consecutive rounds and dividing).
 */
public data class BenchRow(
    /** Number of devices. */
    public val nodeCount: Int,
    /** Mean number of neighbours per device (measured, borders included). */
    public val meanDegree: Double,
    /** Number of timed samples per side. */
    public val samples: Int,
    /** Rounds per sample. */
    public val batch: Int,
    /** Median µs per round of [collektive.engine.AggregateEngine.step]. */
    public val engineMedianMicros: Double,
    /** 95th percentile µs per round of the engine. */
    public val engineP95Micros: Double,
    /** Median µs per round of [ProgramFloor.step]. */
    public val floorMedianMicros: Double,
    /** 95th percentile µs per round of the floor. */
    public val floorP95Micros: Double,
    /** Fastest sample of the engine, µs per round (least disturbed by other load on the machine). */
    public val engineMinMicros: Double,
    /** Fastest sample of the floor, µs per round. */
    public val floorMinMicros: Double,
) {
    /** engine / floor, of the medians. */
    public val ratio: Double get() = engineMedianMicros / floorMedianMicros

    /**
     * The line the engine bench's child processes print for `npm run bench:engine` to parse:
     * `row,<N>,<meanDegree>,<batch>,<engine median µs>,<engine p95 µs>,<floor median µs>,<floor p95 µs>`.
     */
    public fun csvLine(): String =
        "row,$nodeCount,$meanDegree,$batch,$engineMedianMicros,$engineP95Micros,$floorMedianMicros,$floorP95Micros"
}
