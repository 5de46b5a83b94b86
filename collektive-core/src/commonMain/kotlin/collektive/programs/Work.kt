package collektive.programs

import collektive.aggregate.api.Aggregate
import collektive.engine.Device
import collektive.engine.Program
import kotlin.time.TimeSource

/**
 * [program] with [workNs] nanoseconds of extra CPU work per device and round, spent after the program's body: the
 * same values, the round [workNs] × N longer. It stands for a heavier engine (docs/programs.md, "Work"): a ratio of
 * step times depends on how much the engine computes per step, and this knob sets that cost. Built by
 * [Programs.parse] from any spec's `work=W`.
 */
public class WithWork(
    /** The program whose values the devices show. */
    public val program: Program,
    /** Extra CPU work per device and round, ns (in [0, [MAX_WORK_NS]]). */
    public val workNs: Double,
) : Program(program.name, program.output) {
    init {
        require(workNs >= 0.0 && workNs <= MAX_WORK_NS) {
            "${program.name}'s work must be a number of ns in 0..${MAX_WORK_NS.toLong()}, was $workNs"
        }
    }

    // Resolved on first use, so building a program (a spec check) does not calibrate.
    private var iterations = -1

    override fun Aggregate<Int>.run(device: Device): Double {
        val value = with(program) { run(device) }
        if (iterations < 0) iterations = CalibratedWork.iterationsFor(workNs)
        CalibratedWork.spend(iterations)
        return value
    }

    override fun check(nodeCount: Int) {
        program.check(nodeCount)
        require(workNs * nodeCount <= MAX_ROUND_WORK_NS) {
            "${program.name}'s work × N = ${(workNs * nodeCount).toLong()} ns a round is over the limit " +
                "${MAX_ROUND_WORK_NS.toLong()} ns (100 ms): lower work or N"
        }
    }

    override val spec: String
        get() {
            val inner = program.spec
            val w = if (workNs == kotlin.math.floor(workNs)) workNs.toLong().toString() else workNs.toString()
            return "$inner${if (':' in inner) "," else ":"}work=$w"
        }

    public companion object {
        /** The spec parameter every program takes. */
        public const val PARAMETER: String = "work"

        /** Most work per device and round: 1 ms. */
        public const val MAX_WORK_NS: Double = 1_000_000.0

        /**
         * Most work per round of all devices: 100 ms. A host runs a round without a break (the Node server serves
         * its other clients between rounds), so this bounds what one request can hold a server for.
         */
        public const val MAX_ROUND_WORK_NS: Double = 100_000_000.0

        /** [program] with [workNs] of work, or [program] itself when [workNs] is 0. */
        public fun of(program: Program, workNs: Double): Program = if (workNs == 0.0) program else WithWork(program, workNs)
    }
}

/**
 * CPU work of a given duration on every target, as a number of iterations of a dependent xorshift chain calibrated
 * once per process against the monotonic clock. Iterations rather than a clock read per device: the web's clock
 * ticks every 5 µs (100 µs on a page that is not cross-origin isolated), far coarser than one device's work, while
 * an iteration count costs the same on every call. The calibration times rounds of [BATCHES] batches of at least
 * [BATCH_NS] after a warm-up (so the JIT of the JVM and V8 has compiled the loop), each within 0.25 % on a 5 µs
 * clock, keeps each round's fastest (the work's cost on a core the process has to itself: many short batches, so
 * that one falls between the preemptions of a loaded machine; load then stretches it as it stretches any
 * computation), and stops when a round is no faster than the one before (a JIT that swapped in faster code since).
 * The chain's result goes to [sink], so no compiler can drop the loop.
 */
public object CalibratedWork {
    private const val BATCH_NS = 2_000_000L
    private const val WARMUP_NS = 100_000_000L
    private const val BATCHES = 15
    private const val MAX_ROUNDS = 10
    private const val STABLE = 1.02

    /** Written with every chain's result: an observable effect that keeps the loop. */
    public var sink: Int = 1
        private set

    /** Iterations per ns on this machine, measured on first use. */
    public val iterationsPerNs: Double by lazy { calibrate() }

    /** The iterations that cost [ns] nanoseconds. */
    public fun iterationsFor(ns: Double): Int = kotlin.math.round(ns * iterationsPerNs).toInt()

    /** Runs [iterations] steps of the chain (an Int counter: Kotlin/JS emulates Long arithmetic with objects). */
    public fun spend(iterations: Int) {
        var x = sink or 1
        var i = 0
        while (i < iterations) {
            x = x xor (x shl 13)
            x = x xor (x ushr 17)
            x = x xor (x shl 5)
            i++
        }
        sink = x
    }

    private fun calibrate(): Double {
        val clock = TimeSource.Monotonic
        var n = 1_000
        val warm = clock.markNow()
        while (warm.elapsedNow().inWholeNanoseconds < WARMUP_NS) {
            val mark = clock.markNow()
            spend(n)
            if (mark.elapsedNow().inWholeNanoseconds < BATCH_NS) n *= 2
        }
        // A JIT may still swap in faster code after the warm-up (the JVM's C2 compiles in the background, later when
        // the process shares its core): rounds of batches until one is no faster than the last, within 2 %.
        var best = fastestRate(n)
        repeat(MAX_ROUNDS - 1) {
            val next = fastestRate(n)
            if (next <= best * STABLE) return maxOf(best, next)
            best = next
        }
        return best
    }

    /** The fastest of [BATCHES] batches of [n] iterations, in iterations per ns. */
    private fun fastestRate(n: Int): Double {
        var best = 0.0
        repeat(BATCHES) {
            val mark = TimeSource.Monotonic.markNow()
            spend(n)
            val ns = mark.elapsedNow().inWholeNanoseconds
            if (ns > 0) best = maxOf(best, n.toDouble() / ns)
        }
        check(best > 0.0) { "the work's calibration measured no time" }
        return best
    }
}
