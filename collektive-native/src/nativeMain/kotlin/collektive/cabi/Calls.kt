package collektive.cabi

import collektive.engine.AggregateEngine
import collektive.engine.BudgetExceededException

/**
 * Runs [block] on the engine behind [handle] under that engine's lock, translating every failure into the calling
 * thread's error state and [failValue]: an unknown handle, bad arguments (the engine's
 * [IllegalArgumentException]) and anything else. No Kotlin exception ever crosses the C boundary (it would abort
 * the process).
 */
internal inline fun <T> onEngine(handle: Int, failValue: T, block: (AggregateEngine) -> T): T {
    val slot = HandleTable.get(handle) ?: return failWith(ErrorCode.INVALID_HANDLE, "invalid handle $handle", failValue)
    return guarded(failValue) { slot.lock.withLock { block(slot.engine) } }
}

/** Runs [block] translating every failure into the calling thread's error state and [failValue] (see [onEngine]). */
internal inline fun <T> guarded(failValue: T, block: () -> T): T = try {
    val result = block()
    ErrorState.ok()
    result
} catch (e: AbiFailure) {
    failWith(e.code, e.message ?: "failure", failValue)
} catch (e: BudgetExceededException) {
    failWith(ErrorCode.LIMIT, e.message ?: "budget exceeded", failValue)
} catch (e: IllegalArgumentException) {
    failWith(ErrorCode.INVALID_ARGUMENT, e.message ?: "invalid argument", failValue)
} catch (e: Throwable) {
    failWith(ErrorCode.INTERNAL, "${e::class.simpleName}: ${e.message}", failValue)
}

/** A failure with an explicit [code], thrown inside [onEngine] / [guarded] blocks. */
internal class AbiFailure(val code: Int, message: String) : Exception(message)

/** Sets the calling thread's error and returns [failValue]. */
internal fun <T> failWith(code: Int, message: String, failValue: T): T {
    ErrorState.fail(code, message)
    return failValue
}

/** Steps [engine] by [rounds], recording `step.compute` when timing is on. */
internal fun timedStep(engine: AggregateEngine, rounds: Int) {
    if (!TimingLog.enabled) {
        engine.step(rounds)
        return
    }
    val start = TimingLog.now()
    engine.step(rounds)
    TimingLog.record(TimingLog.COMPUTE, start, TimingLog.now())
}
