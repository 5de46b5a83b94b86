package collektive.protocol

import collektive.codec.StateCodec
import collektive.engine.AggregateEngine
import collektive.engine.BudgetExceededException

/**
 * The protocol state of one connection: its engine and the handling of one request at a time (a JSON line, or a
 * binary positions frame): read by [RequestReader] (the validation rules of docs/protocol.md, the same for the Node
 * server), then run against the engine under the budgets. Common to every server
 * (docs/protocol.md, "Servers"): each transport hands it requests and a [ReplySink], and flushes when [handle] says
 * something was written. Every failure becomes an error reply (`{"error": ..., "op": ..., "rid"?: ..., "limit"?: ...}`);
 * nothing here closes the connection. [close] returns the simulation's share of the server budgets. [nanoTime] is
 * the host's monotonic clock (the step time budget and `step.compute`).
 */
public class Session(
    private val identity: ServerIdentity,
    private val options: ServerOptions,
    private val budgets: SharedBudgets,
    private val timing: StepTimings?,
    private val nanoTime: () -> Long,
    private val log: (String) -> Unit,
) {
    /** What a request wrote: nothing, a reply, a step's reply, or an echo (the hosts time the last two). */
    public enum class Outcome { NO_REPLY, REPLY, STEP_REPLY, ECHO_REPLY }

    private val reader = RequestReader(options)
    private var engine: AggregateEngine? = null

    /** Handles one request [line] (no newline), writing any reply to [out] (unflushed). */
    public fun handle(line: String, out: ReplySink): Outcome {
        val request = try {
            reader.read(line, engine?.nodeCount ?: 0) ?: return Outcome.NO_REPLY
        } catch (e: Refusal) {
            return refused(out, e)
        }
        return answered(request, out) { run(request, line, out) }
    }

    /**
     * Handles one binary positions frame (docs/protocol.md, "Binary positions frame"): [n] devices whose coordinates
     * are the 24 × [n] bytes of [bytes] from [at]. It is the `positions` op: the same rules and error replies.
     */
    public fun handlePositionsFrame(bytes: ByteArray, at: Int, n: Int, out: ReplySink): Outcome {
        val xyz = try {
            reader.positions(PositionsFrame.OP, 3 * n, engine?.nodeCount ?: 0) { PositionsFrame.coordinate(bytes, at, it) }
        } catch (e: Refusal) {
            return refused(out, e)
        }
        return answered(Request.Positions(xyz), out) { run(Request.Positions(xyz), "", out) }
    }

    /** Runs one read [request]; every failure of its engine becomes its error reply. */
    private inline fun answered(request: Request, out: ReplySink, handling: () -> Outcome): Outcome {
        val op = request.op
        val rid = (request as? Request.Step)?.rid
        return try {
            handling()
        } catch (e: Refusal) {
            refused(out, e)
        } catch (e: BudgetExceededException) {
            error(out, "$op: ${e.message} (maxLinks)", op, rid, "maxLinks")
        } catch (e: IllegalArgumentException) {
            error(out, "$op: ${e.message}", op, rid)
        } catch (e: Exception) {
            log("internal error on $op: $e")
            error(out, "internal error on $op: $e", op, rid)
        }
    }

    /** Returns the simulation's devices and session to the server budgets (the connection ended). */
    public fun close() {
        engine?.let {
            budgets.releaseDevices(it.nodeCount)
            budgets.releaseSession()
        }
        engine = null
    }

    private fun run(request: Request, line: String, out: ReplySink): Outcome = when (request) {
        is Request.NewPosition -> {
            engine().updatePosition(request.nodeId, request.x, request.y, request.z)
            Outcome.NO_REPLY
        }
        is Request.Step -> step(request, out)
        is Request.Positions -> {
            engine().updatePositions(request.xyz)
            Outcome.NO_REPLY
        }
        is Request.SetSource -> {
            engine().setSource(request.nodeId, request.isSource)
            Outcome.NO_REPLY
        }
        is Request.CreateSim -> createSim(request)
        Request.ClearSources -> {
            engine().clearSources()
            Outcome.NO_REPLY
        }
        Request.Echo -> {
            out.write((line + "\n").encodeToByteArray())
            Outcome.ECHO_REPLY
        }
        Request.Hello -> {
            out.write(Replies.helloLine(identity, options))
            Outcome.REPLY
        }
    }

    private fun createSim(request: Request.CreateSim): Outcome {
        val n = request.nodeCount
        val newSession = engine == null
        if (newSession && !budgets.acquireSession()) {
            throw Refusals.maxSessions(options.maxSessions)
        }
        val replaced = engine?.nodeCount ?: 0 // a replacing createSim counts only the new simulation
        if (!budgets.reserveDevices(n - replaced)) {
            if (newSession) budgets.releaseSession()
            throw Refusals.maxDevices(n, budgets.deviceCount - replaced + n, options.maxDevices)
        }
        val created = try {
            AggregateEngine(n, request.maxDistance, request.program).also { it.maxLinks = options.maxLinks }
        } catch (e: Throwable) {
            budgets.releaseDevices(n - replaced)
            if (newSession) budgets.releaseSession()
            throw e
        }
        engine = created
        return Outcome.NO_REPLY
    }

    private fun step(request: Request.Step, out: ReplySink): Outcome {
        val engine = engine()
        request.xyz?.let(engine::updatePositions)
        val rounds = request.stepCount
        val rid = request.rid
        val start = nanoTime()
        val deadline = start + options.stepTimeBudgetMs * 1_000_000
        var done = 0
        while (done < rounds) {
            try {
                engine.step(1)
            } catch (e: BudgetExceededException) {
                throw Refusal("step: ${e.message}; refused after $done of $rounds rounds (maxLinks)", "step", rid, "maxLinks")
            }
            done++
            if (done < rounds && nanoTime() - deadline > 0) {
                throw Refusal(
                    "step: stopped after $done of $rounds rounds: time budget ${options.stepTimeBudgetMs} ms exceeded (stepTimeBudgetMs); the simulation keeps the $done rounds",
                    "step", rid, "stepTimeBudgetMs",
                )
            }
        }
        val computeNs = nanoTime() - start
        if (request.binary) {
            val state = StateCodec.encode(engine)
            checkReply(StateFrame.HEADER_BYTES + state.size, rid)
            StateFrame.write(out, rid ?: StateFrame.NO_RID, state)
        } else {
            val bytes = Replies.stepReply(rid, engine.snapshot())
            checkReply(bytes.size + 1, rid)
            out.write(bytes)
            out.write(NEWLINE_BYTES)
        }
        timing?.record(TimingIds.COMPUTE, start, computeNs) // one row per step answered with its state
        return Outcome.STEP_REPLY
    }

    private fun checkReply(size: Int, rid: Long?) {
        if (size > options.maxReplyBytes) {
            throw Refusal(
                "step: the reply would be $size bytes, over this server's limit ${options.maxReplyBytes} (maxReplyBytes)",
                "step", rid, "maxReplyBytes",
            )
        }
    }

    /** The simulation; [RequestReader] has refused every request that needs one when there is none. */
    private fun engine(): AggregateEngine = checkNotNull(engine) { "no simulation" }

    private fun refused(out: ReplySink, refusal: Refusal): Outcome {
        out.write(refusal.line())
        return Outcome.REPLY
    }

    private fun error(out: ReplySink, message: String, op: String?, rid: Long?, limit: String? = null): Outcome {
        out.write(Replies.errorLine(message, op, rid, limit))
        return Outcome.REPLY
    }

    private companion object {
        val NEWLINE_BYTES = byteArrayOf('\n'.code.toByte())
    }
}
