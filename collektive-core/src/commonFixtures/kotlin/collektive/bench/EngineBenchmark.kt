package collektive.bench

import collektive.engine.AggregateEngine
import collektive.engine.Program
import collektive.engine.Scenarios
import kotlin.time.DurationUnit
import kotlin.time.TimeSource

/**
 * Measures the cost of one [AggregateEngine] round (`step(1)`: neighbourhoods from the stored positions, then the
 * program on every device) beside its [ProgramFloor] over the same seeded random scenario ([Scenarios.randomPositions], mean degree 8, maxDistance 3, source 0), for each size. Plain function
 * returning data, so every target (JVM, JS, Wasm, Native) can call it from its own entry point.
 *
 * Per size: warm-up for [warmupMillis] on each side; then the number of rounds per sample (batch) is chosen so
 * that one sample lasts at least [minSampleMicros] (coarse clocks stay accurate); then [samples] samples of the
 * engine and of the floor are taken alternately. With [side] [BenchSide.ENGINE] or [BenchSide.FLOOR] only that side
 * runs (the other's figures are NaN): `npm run bench:engine` runs each side in its own process, because in one
 * process the floor's samples paid for the engine's garbage (docs/profiles.md, "Third pass").
 */
public object EngineBenchmark {
    /** Runs the benchmark; see [EngineBenchmark]. */
    public fun run(
        sizes: IntArray,
        samples: Int,
        seed: Long = 42L,
        warmupMillis: Long = 300L,
        minSampleMicros: Double = 200.0,
        program: Program = Program.EUCLIDEAN,
        /** [AggregateEngine.reuseFieldBuffers] of the measured engine: what the target's host sets (JS, Wasm: true). */
        reuseFieldBuffers: Boolean = false,
        /** Which side(s) to measure. */
        side: BenchSide = BenchSide.BOTH,
    ): List<BenchRow> {
        require(samples > 0) { "samples must be > 0, was $samples" }
        require(warmupMillis >= 0) { "warmupMillis must be >= 0, was $warmupMillis" }
        for (n in sizes) require(n > 0) { "sizes must be > 0, was $n" }
        return sizes.map { n -> measure(n, samples, seed, warmupMillis, minSampleMicros, program, reuseFieldBuffers, side) }
    }

    private fun measure(
        n: Int,
        samples: Int,
        seed: Long,
        warmupMillis: Long,
        minSampleMicros: Double,
        program: Program,
        reuseFieldBuffers: Boolean,
        side: BenchSide,
    ): BenchRow {
        val xyz = Scenarios.randomPositions(n, seed)
        val floor = ProgramFloor.of(program, n, 3.0)
            ?: throw IllegalArgumentException("program ${program.name} has no plain floor (collektive.bench.ProgramFloor.of)")
        floor.setSource(0, true)
        val withEngine = side != BenchSide.FLOOR
        val withFloor = side != BenchSide.ENGINE
        // The floor is built on every side: its neighbour search gives the row's mean degree.
        val engine = AggregateEngine(n, 3.0, program)
        engine.reuseFieldBuffers = reuseFieldBuffers
        engine.updatePositions(xyz)
        engine.setSource(0, true)
        val engineStep = { engine.step(1) }
        val floorStep = { floor.step(xyz) }

        if (withEngine) warmUp(engineStep, warmupMillis)
        if (withFloor) warmUp(floorStep, warmupMillis)
        val batch = maxOf(
            if (withEngine) batchFor(engineStep, minSampleMicros) else 1,
            if (withFloor) batchFor(floorStep, minSampleMicros) else 1,
        )
        val engineTimes = DoubleArray(samples) { Double.NaN }
        val floorTimes = DoubleArray(samples) { Double.NaN }
        for (s in 0 until samples) {
            if (withEngine) engineTimes[s] = timePerRound(engineStep, batch)
            if (withFloor) floorTimes[s] = timePerRound(floorStep, batch)
        }
        floor.step(xyz)
        return BenchRow(
            nodeCount = n,
            meanDegree = floor.meanDegree,
            samples = samples,
            batch = batch,
            engineMedianMicros = if (withEngine) quantile(engineTimes, 0.5) else Double.NaN,
            engineP95Micros = if (withEngine) quantile(engineTimes, 0.95) else Double.NaN,
            floorMedianMicros = if (withFloor) quantile(floorTimes, 0.5) else Double.NaN,
            floorP95Micros = if (withFloor) quantile(floorTimes, 0.95) else Double.NaN,
            engineMinMicros = if (withEngine) engineTimes.min() else Double.NaN,
            floorMinMicros = if (withFloor) floorTimes.min() else Double.NaN,
        )
    }

    private fun warmUp(step: () -> Unit, millis: Long) {
        val start = TimeSource.Monotonic.markNow()
        do step() while (start.elapsedNow().inWholeMilliseconds < millis)
    }

    private fun batchFor(step: () -> Unit, minSampleMicros: Double): Int {
        var batch = 1
        while (batch < (1 shl 20) && timePerRound(step, batch) * batch < minSampleMicros) batch *= 2
        return batch
    }

    private fun timePerRound(step: () -> Unit, batch: Int): Double {
        val start = TimeSource.Monotonic.markNow()
        repeat(batch) { step() }
        return start.elapsedNow().toDouble(DurationUnit.MICROSECONDS) / batch
    }

    /** Linear interpolation between order statistics. */
    internal fun quantile(data: DoubleArray, q: Double): Double {
        val sorted = data.sortedArray()
        val pos = q * (sorted.size - 1)
        val lo = pos.toInt()
        val hi = minOf(lo + 1, sorted.size - 1)
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo)
    }

    /** [rows] as a fixed-width text table (one header line, one line per row). */
    public fun format(rows: List<BenchRow>): String {
        val sb = StringBuilder()
        sb.append(pad("N", 7)).append(pad("degree", 8)).append(pad("batch", 7))
            .append(pad("engine µs", 12)).append(pad("p95", 10)).append(pad("floor µs", 11)).append(pad("p95", 10))
            .append(pad("ratio", 8)).append(pad("engine min", 12)).append(pad("floor min", 11)).append(pad("ratio min", 11)).append('\n')
        for (r in rows) {
            sb.append(pad(r.nodeCount.toString(), 7)).append(pad(fixed(r.meanDegree, 2), 8)).append(pad(r.batch.toString(), 7))
                .append(pad(fixed(r.engineMedianMicros, 2), 12)).append(pad(fixed(r.engineP95Micros, 2), 10))
                .append(pad(fixed(r.floorMedianMicros, 2), 11)).append(pad(fixed(r.floorP95Micros, 2), 10))
                .append(pad(fixed(r.ratio, 2), 8)).append(pad(fixed(r.engineMinMicros, 2), 12))
                .append(pad(fixed(r.floorMinMicros, 2), 11)).append(pad(fixed(r.engineMinMicros / r.floorMinMicros, 2), 11)).append('\n')
        }
        return sb.toString()
    }

    private fun pad(s: String, width: Int): String = s.padStart(width)

    /** [v] with [digits] decimals, without platform formatting APIs. */
    internal fun fixed(v: Double, digits: Int): String {
        if (!v.isFinite()) return v.toString()
        var scale = 1L
        repeat(digits) { scale *= 10 }
        val negative = v < 0
        val scaled = kotlin.math.round(kotlin.math.abs(v) * scale).toLong()
        val whole = scaled / scale
        val frac = (scaled % scale).toString().padStart(digits, '0')
        return (if (negative && scaled != 0L) "-" else "") + whole + if (digits > 0) ".$frac" else ""
    }
}

/** The side(s) an [EngineBenchmark] run measures. */
public enum class BenchSide {
    /** The engine and the floor, samples alternating in one process. */
    BOTH,

    /** The engine only. */
    ENGINE,

    /** The floor only. */
    FLOOR,
    ;

    public companion object {
        /** The side named [name] (`both`, `engine`, `floor`, any case). */
        public fun parse(name: String): BenchSide =
            entries.firstOrNull { it.name.equals(name, ignoreCase = true) }
                ?: throw IllegalArgumentException("side must be both, engine or floor, was $name")
    }
}
