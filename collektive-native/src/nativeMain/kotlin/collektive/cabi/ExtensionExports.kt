@file:OptIn(ExperimentalNativeApi::class, ExperimentalForeignApi::class)

package collektive.cabi

import collektive.engine.AggregateEngine
import collektive.engine.Scenarios
import collektive.programs.Programs
import kotlin.experimental.ExperimentalNativeApi
import kotlinx.cinterop.ByteVar
import kotlinx.cinterop.CPointer
import kotlinx.cinterop.DoubleVar
import kotlinx.cinterop.ExperimentalForeignApi
import kotlinx.cinterop.get
import kotlinx.cinterop.set
import kotlinx.cinterop.toKString

// Extensions beyond the reference ABI (collektive-native/README.md): batched positions, program choice, explicit
// error query, the scenarios' layouts, timing CSV control and the P/Invoke floor. Calls returning int report 0 on success, -1 on error.

/**
 * `int create_with_program(int nodeCount, double maxDistance, int program)`: the registered program number
 * [program] (Programs.entries order, default parameters: 0 = Euclidean, 1 = hop count, ...).
 */
@CName("create_with_program")
public fun createWithProgram(nodeCount: Int, maxDistance: Double, program: Int): Int {
    val programs = Programs.entries
    if (program !in programs.indices) {
        return failWith(ErrorCode.INVALID_ARGUMENT, "program must be in 0 until ${programs.size}, was $program", -1)
    }
    return createEngine(nodeCount) { AggregateEngine(nodeCount, maxDistance, Programs.parse(programs[program].name)) }
}

/**
 * `int create_with_program_spec(int nodeCount, double maxDistance, const char* spec)`: the program [spec] names
 * (`name` or `name:key=value,...`, docs/programs.md); -1 with SG_INVALID_ARGUMENT and the registry's message on an
 * unknown program or a bad parameter.
 */
@CName("create_with_program_spec")
public fun createWithProgramSpec(nodeCount: Int, maxDistance: Double, spec: CPointer<ByteVar>?): Int {
    if (spec == null) return failWith(ErrorCode.INVALID_ARGUMENT, "spec must not be NULL", -1)
    val text = spec.toKString()
    return createEngine(nodeCount) { AggregateEngine(nodeCount, maxDistance, Programs.parse(text, nodeCount)) }
}

/**
 * `int update_positions(int h, const double* xyz, int nodeCount)`: all positions in one call, `xyz` holding
 * x0 y0 z0 x1 … (3 × nodeCount doubles); nodeCount must equal the engine's. 0 on success, -1 on error (nothing
 * changed then).
 */
@CName("update_positions")
public fun updatePositions(handle: Int, xyz: CPointer<DoubleVar>?, nodeCount: Int): Int = onEngine(handle, -1) {
    require(xyz != null) { "xyz must not be NULL" }
    require(nodeCount == it.nodeCount) { "nodeCount must be the engine's ${it.nodeCount}, was $nodeCount" }
    it.updatePositions(DoubleArray(3 * nodeCount) { i -> xyz[i] })
    0
}

/** The header's `SG_SCENARIO_REFERENCE`: [Scenarios.referencePositions]. */
internal const val SCENARIO_REFERENCE = 0

/** The header's `SG_SCENARIO_RANDOM`: [Scenarios.randomPositions]. */
internal const val SCENARIO_RANDOM = 1

/**
 * `int scenario_positions(int scenario, int nodeCount, long long seed, double meanDegree, double maxDistance,
 * double* out, int capacity)`: the positions of a benchmark scenario as the engine lays it out
 * ([Scenarios], the one computation every host uses), x0 y0 z0 x1 … into `out[0 until 3 × nodeCount]`.
 * [SCENARIO_REFERENCE] ignores [seed] and [meanDegree]. 0 on success; -1 with `SG_INVALID_ARGUMENT` (NULL [out],
 * [capacity] under 3 × nodeCount, an unknown [scenario], the engine's refusal of a count, degree or distance) or
 * `SG_LIMIT` (past a budget), [out] untouched then.
 */
@CName("scenario_positions")
public fun scenarioPositions(
    scenario: Int, nodeCount: Int, seed: Long, meanDegree: Double, maxDistance: Double,
    out: CPointer<DoubleVar>?, capacity: Int
): Int = guarded(-1) {
    require(out != null) { "out must not be NULL" }
    require(nodeCount >= 0) { "nodeCount must be >= 0, was $nodeCount" }
    if (nodeCount > Budgets.MAX_NODE_COUNT) {
        throw AbiFailure(ErrorCode.LIMIT, "nodeCount $nodeCount is over the per-engine budget of ${Budgets.MAX_NODE_COUNT} devices (SG_MAX_NODE_COUNT)")
    }
    require(capacity >= 3 * nodeCount) { "capacity must be >= 3 × nodeCount = ${3 * nodeCount} doubles, was $capacity" }
    val xyz = when (scenario) {
        SCENARIO_REFERENCE -> {
            // The layout is a BFS over its first round, every device at one point: all n × (n − 1) links at once,
            // held to the link budget as a step is (past it the allocation could abort the host).
            val links = nodeCount.toLong() * (nodeCount - 1).coerceAtLeast(0)
            if (links > Budgets.maxLinks) {
                throw AbiFailure(ErrorCode.LIMIT, "the reference layout of $nodeCount devices needs $links neighbour links, over the link budget of ${Budgets.maxLinks} (SG_MAX_LINKS)")
            }
            Scenarios.referencePositions(nodeCount, maxDistance)
        }
        SCENARIO_RANDOM -> Scenarios.randomPositions(nodeCount, seed, meanDegree, maxDistance)
        else -> throw IllegalArgumentException(
            "scenario must be SG_SCENARIO_REFERENCE ($SCENARIO_REFERENCE) or SG_SCENARIO_RANDOM ($SCENARIO_RANDOM), was $scenario"
        )
    }
    for (i in xyz.indices) out[i] = xyz[i]
    0
}

/** `int last_error_code(void)`: the calling thread's error code of its last call (0 = ok; see the header). */
@CName("last_error_code")
public fun lastErrorCode(): Int = ErrorState.code

/** `const char* last_error(void)`: the message of the calling thread's last failed call, NULL after a success. */
@CName("last_error")
public fun lastError(): CPointer<ByteVar>? = ErrorState.messagePointer()

/** `void clear_last_error(void)`: resets the calling thread's error state to ok. */
@CName("clear_last_error")
public fun clearLastError(): Unit = ErrorState.ok()

/** `void noop(void)`: does nothing; the floor of a call through the ABI. */
@CName("noop")
public fun noop() {}

/**
 * `int set_timing_csv_path(const char* path)`: flushes pending samples to the current file, then records to
 * [path] (truncated with a header on its first write in this process). NULL stops recording. Default:
 * `native.csv` in the working directory. The path is checked when called: one that cannot be opened for writing (a
 * directory, a missing directory, no permission, empty) gives -1 with `SG_IO` and recording stays on the old path.
 * 0 on success, -1 on such a path or when the flush failed.
 */
@CName("set_timing_csv_path")
public fun setTimingCsvPath(path: CPointer<ByteVar>?): Int = guarded(-1) {
    val target = path?.toKString()
    if (target != null) TimingLog.checkWritable(target)?.let { throw AbiFailure(ErrorCode.IO, it) }
    if (!TimingLog.setPath(target)) throw AbiFailure(ErrorCode.IO, "cannot write the previous timing CSV")
    0
}

/** `int flush_timings(void)`: appends pending samples to the timing CSV. 0 on success, -1 on an I/O error. */
@CName("flush_timings")
public fun flushTimings(): Int = guarded(-1) {
    if (!TimingLog.flush()) throw AbiFailure(ErrorCode.IO, "cannot write timing CSV ${TimingLog.currentPath()}")
    0
}

/** `int live_engine_count(void)`: engines created and not yet destroyed. */
@CName("live_engine_count")
public fun liveEngineCount(): Int = HandleTable.size()
