package collektive.web

import collektive.engine.AggregateEngine
import collektive.programs.Programs
import collektive.engine.Scenarios

/**
 * The platform-independent half of the web facade, shared verbatim by the Kotlin/Wasm and Kotlin/JS builds: a
 * handle table of engines, the last error message and timed steps. Scalar exports are in
 * ScalarExports.kt; the bulk-data exports live in the platform source sets (`wasmJsMain`, `jsMain`), which differ
 * only in how bulk data crosses into JavaScript.
 *
 * Errors never throw into JavaScript: calls return a sentinel (-1 status, -1 handle, NaN, null) and keep the
 * message for [lastError]; `src/js/engine.mjs` turns that into a JS `Error`.
 */
internal object Facade {
    private val engines = HashMap<Int, AggregateEngine>()
    private var nextHandle = 1

    /** Message of the last failed call ("" after a success). */
    var lastError: String = ""
        private set

    /** Back-end timings (`step.service`, `step.compute`), in memory. */
    val timings = TimingBuffer()

    /** An engine running the registered program number [program] ([Programs.entries] order, default parameters). */
    fun create(nodeCount: Int, maxDistance: Double, program: Int): Int = guarded(-1) {
        val programs = Programs.entries
        require(program in programs.indices) { "program must be in 0 until ${programs.size}, was $program" }
        add(AggregateEngine(nodeCount, maxDistance, Programs.parse(programs[program].name)))
    }

    /** An engine running the program [spec] names (docs/programs.md). */
    fun create(nodeCount: Int, maxDistance: Double, spec: String): Int = guarded(-1) {
        add(AggregateEngine(nodeCount, maxDistance, Programs.parse(spec, nodeCount)))
    }

    /** 0 when [spec] names a program an engine of [nodeCount] devices can run, else -1 with the reason in [lastError]. */
    fun checkProgram(spec: String, nodeCount: Int): Int = guarded(-1) {
        Programs.parse(spec, nodeCount)
        0
    }

    // Engines created here reuse their fields' buffers (AggregateEngine.reuseFieldBuffers): on JS and Wasm an array
    // per field and device costs more than the reuse.
    private fun add(engine: AggregateEngine): Int {
        engine.reuseFieldBuffers = true
        val handle = nextHandle++
        engines[handle] = engine
        return handle
    }

    fun destroy(handle: Int): Int =
        if (engines.remove(handle) != null) ok(0) else fail("invalid handle $handle", -1)

    /** Runs [block] on the engine behind [handle]; failures become [failValue] + [lastError]. */
    inline fun <T> call(handle: Int, failValue: T, block: (AggregateEngine) -> T): T {
        val engine = engine(handle) ?: return fail("invalid handle $handle", failValue)
        return guarded(failValue) { block(engine) }
    }

    inline fun <T> guarded(failValue: T, block: () -> T): T = try {
        val result = block()
        lastErrorOk()
        result
    } catch (e: Throwable) {
        fail(e.message ?: e.toString(), failValue)
    }

    /**
     * The one definition of a stepping export, for both platforms: steps the engine behind [handle] by [rounds]
     * (recording `step.compute`), then [copyOut] hands the state to JavaScript; the whole call is `step.service`,
     * recorded when it succeeded and stepped (a zero-round call only reads the state).
     */
    inline fun <T> service(handle: Int, rounds: Int, failValue: T, copyOut: (AggregateEngine) -> T): T {
        val start = nowMs()
        var stepped = false
        val result = call(handle, failValue) { engine ->
            if (rounds != 0) timedStep(engine, rounds)
            copyOut(engine).also { stepped = rounds != 0 }
        }
        if (stepped) timings.record(TimingBuffer.SERVICE, start, nowMs())
        return result
    }

    /** Steps [engine], recording `step.compute`. */
    fun timedStep(engine: AggregateEngine, rounds: Int) {
        require(rounds >= 0) { "rounds must be >= 0, was $rounds" }
        if (!timings.enabled) {
            engine.step(rounds)
            return
        }
        val start = nowMs()
        engine.step(rounds)
        timings.record(TimingBuffer.COMPUTE, start, nowMs())
    }

    fun <T> fail(message: String, failValue: T): T {
        lastError = message
        return failValue
    }

    fun lastErrorOk() {
        if (lastError.isNotEmpty()) lastError = ""
    }

    private fun <T> ok(value: T): T {
        lastErrorOk()
        return value
    }

    fun liveCount(): Int = engines.size

    /** [Scenarios.randomPositions]; [seed] must be an integer-valued double (JS numbers carry it exactly). */
    fun randomPositions(nodeCount: Int, seed: Double, meanDegree: Double, maxDistance: Double): DoubleArray? = guarded(null) {
        require(seed == kotlin.math.floor(seed) && kotlin.math.abs(seed) <= 9007199254740991.0) { "seed must be a safe integer, was $seed" }
        Scenarios.randomPositions(nodeCount, seed.toLong(), meanDegree, maxDistance)
    }

    /** [Scenarios.referencePositions]: the reference study's BFS-tree layout. */
    fun referencePositions(nodeCount: Int, maxDistance: Double): DoubleArray? = guarded(null) {
        Scenarios.referencePositions(nodeCount, maxDistance)
    }

    fun engine(handle: Int): AggregateEngine? = engines[handle]
}
