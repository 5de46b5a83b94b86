package collektive.protocol

import collektive.codec.StateCodec
import collektive.engine.BudgetExceededException
import collektive.engine.GradientEngine
import collektive.engine.Program
import collektive.programs.Programs
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/**
 * The protocol state of one connection: its engine and the handling of one request at a time (a JSON line, or a
 * binary positions frame), with the validation rules and budgets of docs/protocol.md. Common to every server
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

    /** A request refused with an error reply; [limit] names the budget when a budget refused it. */
    private class Refused(message: String, val limit: String? = null) : Exception(message)

    private val json = ProtocolSpec.json
    private var engine: GradientEngine? = null

    /** Handles one request [line] (no newline), writing any reply to [out] (unflushed). */
    public fun handle(line: String, out: ReplySink): Outcome {
        if (line.isBlank()) return Outcome.NO_REPLY
        val depth = nestingDepth(line)
        if (depth > MAX_DEPTH) return error(out, "malformed request: JSON nested deeper than $MAX_DEPTH levels", null, null)
        val request = try {
            json.parseToJsonElement(line)
        } catch (e: SerializationException) {
            return error(out, "malformed request: ${e.message?.lineSequence()?.first()}", null, null)
        } catch (e: IllegalArgumentException) {
            return error(out, "malformed request: ${e.message}", null, null)
        }
        if (request !is JsonObject) return error(out, "malformed request: not a JSON object", null, null)
        val op = (request["op"] as? JsonPrimitive)?.takeIf { it.isString }?.content
            ?: return error(out, "missing \"op\" (a string)", null, null)
        val data = when (val d = request["data"]) {
            null, JsonNull -> EMPTY
            is JsonObject -> d
            else -> return error(out, "\"data\" must be a JSON object", op, null)
        }
        return answered(op, data, out) { dispatch(op, data, line, out) }
    }

    /**
     * Handles one binary positions frame (docs/protocol.md, "Binary positions frame"): [n] devices whose coordinates
     * are the 24 × [n] bytes of [bytes] from [at]. It is the `positions` op: the same rules and error replies.
     */
    public fun handlePositionsFrame(bytes: ByteArray, at: Int, n: Int, out: ReplySink): Outcome = answered(PositionsFrame.OP, null, out) {
        val engine = engine()
        engine.updatePositions(xyz(3L * n, engine) { finiteCoordinate(PositionsFrame.coordinate(bytes, at, it), it) })
        Outcome.NO_REPLY
    }

    /** Runs one request's [handling]; every failure becomes its error reply. */
    private inline fun answered(op: String, data: JsonObject?, out: ReplySink, handling: () -> Outcome): Outcome =
        try {
            handling()
        } catch (e: Refused) {
            error(out, "$op: ${e.message}", op, data, e.limit)
        } catch (e: BudgetExceededException) {
            error(out, "$op: ${e.message} (maxLinks)", op, data, "maxLinks")
        } catch (e: IllegalArgumentException) {
            error(out, "$op: ${e.message}", op, data)
        } catch (e: Exception) {
            log("internal error on $op: $e")
            error(out, "internal error on $op: $e", op, data)
        }

    /** Returns the simulation's devices and session to the server budgets (the connection ended). */
    public fun close() {
        engine?.let {
            budgets.releaseDevices(it.nodeCount)
            budgets.releaseSession()
        }
        engine = null
    }

    private fun dispatch(op: String, data: JsonObject, line: String, out: ReplySink): Outcome = when (op) {
        "newPosition" -> {
            val engine = engine()
            val node = nodeId(data, engine)
            engine.updatePosition(node, number(data, "x"), number(data, "y"), number(data, "z"))
            Outcome.NO_REPLY
        }
        "step" -> step(data, out)
        "positions" -> {
            val engine = engine()
            engine.updatePositions(xyz(data["xyz"] ?: throw Refused("xyz is required"), engine))
            Outcome.NO_REPLY
        }
        "setSource" -> {
            val engine = engine()
            val node = nodeId(data, engine)
            val isSource = when (val v = data["isSource"]) {
                null -> true
                is JsonPrimitive -> if (!v.isString && (v.content == "true" || v.content == "false")) v.content == "true" else null
                else -> null
            } ?: throw Refused("isSource must be true or false, got ${data["isSource"]}")
            engine.setSource(node, isSource)
            Outcome.NO_REPLY
        }
        "createSim" -> createSim(data)
        "clearSources" -> {
            engine().clearSources()
            Outcome.NO_REPLY
        }
        "echo" -> {
            out.write((line + "\n").encodeToByteArray())
            Outcome.ECHO_REPLY
        }
        "hello" -> {
            out.write(Replies.helloLine(identity, options))
            Outcome.REPLY
        }
        else -> error(out, "unknown op \"$op\"; known: ${ProtocolSpec.OPS.joinToString(", ")}", op, data)
    }

    private fun createSim(data: JsonObject): Outcome {
        val nodeCount = integer(data, "nodeCount") ?: throw Refused("nodeCount is required")
        if (nodeCount < 1) throw Refused("nodeCount must be an integer in [1, ${options.maxNodes}], got $nodeCount")
        if (nodeCount > options.maxNodes) {
            throw Refused("nodeCount $nodeCount is over this server's limit ${options.maxNodes} (maxNodes)", "maxNodes")
        }
        val maxDistance = number(data, "maxDistance")
        if (maxDistance <= 0.0) throw Refused("maxDistance must be > 0, got $maxDistance")
        val program = when (val p = data["program"]) {
            null -> Program.EUCLIDEAN
            is JsonPrimitive -> if (p.isString) programOf(p.content, nodeCount.toInt()) else null
            else -> null
        } ?: throw Refused("program must be a program spec string (${Programs.names.joinToString(", ")}), got ${data["program"]}")
        val n = nodeCount.toInt()
        val newSession = engine == null
        if (newSession && !budgets.acquireSession()) {
            throw Refused("this server already holds ${options.maxSessions} simulations (maxSessions)", "maxSessions")
        }
        val replaced = engine?.nodeCount ?: 0 // a replacing createSim counts only the new simulation
        if (!budgets.reserveDevices(n - replaced)) {
            if (newSession) budgets.releaseSession()
            throw Refused(
                "nodeCount $n would bring this server's simulations to ${budgets.deviceCount - replaced + n} devices, over its limit ${options.maxDevices} (maxDevices)",
                "maxDevices",
            )
        }
        val created = try {
            GradientEngine(n, maxDistance, program).also { it.maxLinks = options.maxLinks }
        } catch (e: Throwable) {
            budgets.releaseDevices(n - replaced)
            if (newSession) budgets.releaseSession()
            throw e
        }
        engine = created
        return Outcome.NO_REPLY
    }

    /** The program [spec] names (docs/programs.md), or a refusal with the registry's own message. */
    private fun programOf(spec: String, nodeCount: Int): Program =
        try {
            Programs.parse(spec, nodeCount)
        } catch (e: IllegalArgumentException) {
            throw Refused("program: ${e.message}")
        }

    private fun step(data: JsonObject, out: ReplySink): Outcome {
        val engine = engine()
        rid(data) // validated first: an invalid rid is refused (and never echoed)
        val stepCount = integer(data, "stepCount") ?: 1L
        if (stepCount < 0) throw Refused("stepCount must be an integer in [0, ${options.maxStepCount}], got $stepCount")
        if (stepCount > options.maxStepCount) {
            throw Refused("stepCount $stepCount is over this server's limit ${options.maxStepCount} (maxSteps)", "maxSteps")
        }
        val binary = when (val e = data["encoding"]) {
            null -> false
            is JsonPrimitive -> when (if (e.isString) e.content else null) {
                "json" -> false
                "binary" -> true
                else -> null
            }
            else -> null
        } ?: throw Refused("encoding must be \"json\" or \"binary\", got ${data["encoding"]}")
        data["xyz"]?.let { engine.updatePositions(xyz(it, engine)) }
        val rounds = stepCount.toInt()
        val start = nanoTime()
        val deadline = start + options.stepTimeBudgetMs * 1_000_000
        var done = 0
        while (done < rounds) {
            try {
                engine.step(1)
            } catch (e: BudgetExceededException) {
                throw Refused("${e.message}; refused after $done of $rounds rounds (maxLinks)", "maxLinks")
            }
            done++
            if (done < rounds && nanoTime() - deadline > 0) {
                throw Refused(
                    "stopped after $done of $rounds rounds: time budget ${options.stepTimeBudgetMs} ms exceeded (stepTimeBudgetMs); the simulation keeps the $done rounds",
                    "stepTimeBudgetMs",
                )
            }
        }
        val computeNs = nanoTime() - start
        val rid = rid(data)
        if (binary) {
            val state = StateCodec.encode(engine)
            checkReply(StateFrame.HEADER_BYTES + state.size)
            StateFrame.write(out, rid ?: StateFrame.NO_RID, state)
        } else {
            val bytes = Replies.stepReply(rid, engine.snapshot())
            checkReply(bytes.size + 1)
            out.write(bytes)
            out.write(NEWLINE_BYTES)
        }
        timing?.record(TimingIds.COMPUTE, start, computeNs) // one row per step answered with its state
        return Outcome.STEP_REPLY
    }

    private fun checkReply(size: Int) {
        if (size > options.maxReplyBytes) {
            throw Refused("the reply would be $size bytes, over this server's limit ${options.maxReplyBytes} (maxReplyBytes)", "maxReplyBytes")
        }
    }

    private fun engine(): GradientEngine =
        engine ?: throw Refused("no simulation on this connection: send createSim first")

    private fun nodeId(data: JsonObject, engine: GradientEngine): Int {
        val node = integer(data, "nodeId") ?: throw Refused("nodeId is required")
        if (node < 0 || node >= engine.nodeCount) throw Refused("nodeId must be an integer in [0, ${engine.nodeCount}), got $node")
        return node.toInt()
    }

    private fun xyz(element: JsonElement, engine: GradientEngine): DoubleArray {
        val array = element as? JsonArray ?: throw Refused("xyz must be an array of 3 × nodeCount finite numbers")
        // The coordinate's name is built only for a refusal: this runs 3 × N times per batched step.
        return xyz(array.size.toLong(), engine) { finiteOrNull(array[it]) ?: throw Refused("xyz[$it] must be a finite JSON number, got ${array[it]}") }
    }

    /** The positions rule, whatever carried the [size] numbers (JSON or a binary frame): exactly 3 × nodeCount, each finite. */
    private inline fun xyz(size: Long, engine: GradientEngine, number: (Int) -> Double): DoubleArray {
        if (size != 3L * engine.nodeCount) {
            throw Refused("xyz must have 3 × nodeCount = ${3 * engine.nodeCount} numbers, got $size")
        }
        return DoubleArray(size.toInt()) { number(it) }
    }

    private companion object {
        val NEWLINE_BYTES = byteArrayOf('\n'.code.toByte())
        const val MAX_DEPTH = 64
        const val MAX_RID = (1L shl 53) - 1
        val EMPTY = JsonObject(emptyMap())


        /** Deepest nesting of objects and arrays in [line] (strings skipped), stopping early past [MAX_DEPTH]. */
        fun nestingDepth(line: String): Int {
            var depth = 0
            var deepest = 0
            var inString = false
            var i = 0
            while (i < line.length) {
                val c = line[i]
                if (inString) {
                    if (c == '\\') i++ else if (c == '"') inString = false
                } else when (c) {
                    '"' -> inString = true
                    '{', '[' -> {
                        depth++
                        if (depth > deepest) {
                            deepest = depth
                            if (deepest > MAX_DEPTH) return deepest
                        }
                    }
                    '}', ']' -> depth--
                }
                i++
            }
            return deepest
        }

        /**
         * `-?(0|[1-9][0-9]*)`: an integral JSON number spelling. A loop, not a Regex: this runs for every rid and
         * stepCount, and Kotlin/Native's Regex costs microseconds per match.
         */
        fun isIntegerSpelling(text: String): Boolean {
            val start = if (text.startsWith('-')) 1 else 0
            if (start == text.length) return false
            if (text[start] == '0') return text.length == start + 1
            for (i in start until text.length) if (text[i] !in '0'..'9') return false
            return true
        }

        /** An integer field: absent = null; else a JSON number with an integral spelling, or [Refused]. */
        fun integer(data: JsonObject, name: String): Long? {
            val v = data[name] ?: return null
            val p = v as? JsonPrimitive
            if (p == null || p is JsonNull || p.isString || !isIntegerSpelling(p.content)) {
                throw Refused("$name must be an integer (a JSON number without fraction or exponent), got $v")
            }
            return p.content.toLongOrNull() ?: throw Refused("$name is out of range, got ${p.content}")
        }

        /** A required finite number field, or [Refused]. */
        fun number(data: JsonObject, name: String): Double =
            finite(data[name] ?: throw Refused("$name is required"), name)

        fun finite(v: JsonElement, name: String): Double = finiteOrNull(v) ?: throw Refused("$name must be a finite JSON number, got $v")

        /** A finite JSON number's value, else null. */
        fun finiteOrNull(v: JsonElement): Double? {
            val p = v as? JsonPrimitive
            val d = if (p == null || p is JsonNull || p.isString) null else p.content.toDoubleOrNull()
            return d?.takeIf { it.isFinite() }
        }

        /** Coordinate [k] as a binary frame carried it: finite, or [Refused] (its name is only built then). */
        fun finiteCoordinate(d: Double, k: Int): Double {
            if (!d.isFinite()) throw Refused("xyz[$k] must be a finite number, got $d")
            return d
        }

        /** The request's valid rid (null when absent), or [Refused] when present but not an integer in [0, 2^53 − 1]. */
        fun rid(data: JsonObject): Long? {
            val rid = try {
                integer(data, "rid")
            } catch (e: Refused) {
                throw Refused("rid must be an integer in [0, $MAX_RID], got ${data["rid"]}")
            } ?: return null
            if (rid < 0 || rid > MAX_RID) throw Refused("rid must be an integer in [0, $MAX_RID], got $rid")
            return rid
        }

        /** The rid to echo in an error reply: only a valid one. */
        fun validRid(data: JsonObject?): Long? = try {
            data?.let(::rid)
        } catch (e: Refused) {
            null
        }
    }

    private fun error(out: ReplySink, message: String, op: String?, data: JsonObject?, limit: String? = null): Outcome {
        out.write(Replies.errorLine(message, op, validRid(data), limit))
        return Outcome.REPLY
    }
}
