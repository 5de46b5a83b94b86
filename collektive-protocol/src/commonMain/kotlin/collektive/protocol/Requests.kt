package collektive.protocol

import collektive.engine.Program
import collektive.programs.Programs
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/**
 * One request as the protocol's rules read it (docs/protocol.md, "Validation"), before any engine runs it: what
 * every server agrees on, whatever runs the engine (the Kotlin servers' [Session] on the connection's thread, the
 * Node server's worker threads). Positions are doubles, each finite and 3 × nodeCount of them.
 */
public sealed class Request(public val op: String) {
    public class CreateSim(public val nodeCount: Int, public val maxDistance: Double, public val programSpec: String?, public val program: Program) :
        Request("createSim")

    public class SetSource(public val nodeId: Int, public val isSource: Boolean) : Request("setSource")

    public class NewPosition(public val nodeId: Int, public val x: Double, public val y: Double, public val z: Double) : Request("newPosition")

    public class Positions(public val xyz: DoubleArray) : Request("positions")

    public object ClearSources : Request("clearSources")

    /** [rid] null when absent; [xyz] null when the step sets no positions. */
    public class Step(public val rid: Long?, public val stepCount: Int, public val binary: Boolean, public val xyz: DoubleArray?) : Request("step")

    /** Answered with the request's own text, whatever its data. */
    public object Echo : Request("echo")

    public object Hello : Request("hello")
}

/**
 * A request refused: its error reply (`{"error": [message], "op": [op], "rid"?: [rid], "limit"?: [limit]}`,
 * docs/protocol.md, "Error reply"). [message] is the reply's whole text (`"step: ..."`); [rid] only a valid one.
 */
public class Refusal(message: String, public val op: String?, public val rid: Long?, public val limit: String? = null) : Exception(message) {
    /** The error reply line and its newline. */
    public fun line(): ByteArray = Replies.errorLine(message ?: "", op, rid, limit)
}

/**
 * The `xyz` field as a host read it: [size] entries, [finiteAt] the i-th as a double when it is a finite JSON number
 * (else null), [show] its JSON text for a refusal. The Kotlin servers read kotlinx's [JsonArray]; a host that
 * parses JSON itself (the Node server: `JSON.parse`, or a parser worker's Float64Array) hands its own view, so a
 * long array is never copied into JSON values.
 */
public interface NumberList {
    public val size: Int

    public fun finiteAt(i: Int): Double?

    public fun show(i: Int): String
}

/**
 * A JSON object as a host parsed it: the request, or its `data`. Each accessor answers null when the field is
 * absent or not of its kind. The Kotlin servers read kotlinx's [JsonObject] ([RequestReader.read] of a line); the
 * Node server hands JSON.parse's objects (collektive-protocol/src/jsMain), so numbers are never re-read from text.
 */
public interface JsonFields {
    public fun has(name: String): Boolean

    /** A JSON null (or absent). */
    public fun isNull(name: String): Boolean

    /** A JSON string's content. */
    public fun string(name: String): String?

    /** A finite JSON number. */
    public fun finite(name: String): Double?

    /** An integral JSON number in Long's range (the Kotlin servers: spelled without fraction or exponent too). */
    public fun integer(name: String): Long?

    /**
     * The same integer when it is in Int's range, else null. A host may answer it without a Long (Kotlin/JS emulates
     * Long: the step fields of every request are read this way first).
     */
    public fun smallInteger(name: String): Int? = integer(name)?.let { if (it >= Int.MIN_VALUE && it <= Int.MAX_VALUE) it.toInt() else null }

    public fun boolean(name: String): Boolean?

    /** A JSON object's fields. */
    public fun fields(name: String): JsonFields?

    /** An array's numbers ([RequestReader.NOT_AN_ARRAY] when present but not an array). */
    public fun numbers(name: String): NumberList?

    /** The field's JSON text, for a refusal. */
    public fun show(name: String): String
}

/**
 * The protocol's reading of a request (docs/protocol.md): JSON, `op` and `data`, every field's type and range, the
 * limits that bound one request (`maxNodes`, `maxSteps`), and each refusal's text. Budgets shared between
 * connections (`maxSessions`, `maxDevices`) are the host's to count: [Refusals] words them.
 */
public class RequestReader(private val options: ServerOptions) {
    private val json = ProtocolSpec.json

    /** Parses [line] (no newline) with kotlinx's JSON reader; [nodeCount] is the session's simulation size (0: none). */
    public fun read(line: String, nodeCount: Int): Request? {
        if (line.isBlank()) return null
        val depth = nestingDepth(line)
        if (depth > MAX_DEPTH) throw Refusal("malformed request: JSON nested deeper than $MAX_DEPTH levels", null, null)
        val request = try {
            json.parseToJsonElement(line)
        } catch (e: SerializationException) {
            throw Refusal("malformed request: ${e.message?.lineSequence()?.first()}", null, null)
        } catch (e: IllegalArgumentException) {
            throw Refusal("malformed request: ${e.message}", null, null)
        }
        return read((request as? JsonObject)?.let(::KotlinxFields), nodeCount)
    }

    /** Reads a request its host has parsed: [request] its fields, null when it is not a JSON object. */
    public fun read(request: JsonFields?, nodeCount: Int): Request {
        if (request == null) throw Refusal("malformed request: not a JSON object", null, null)
        val op = request.string("op") ?: throw Refusal("missing \"op\" (a string)", null, null)
        // docs/protocol.md, "Validation": an echo is not read beyond its op; its data may be anything.
        if (op == "echo") return Request.Echo
        val data = if (request.isNull("data")) EMPTY else request.fields("data") ?: throw Refusal("\"data\" must be a JSON object", op, null)
        return try {
            dispatch(op, data, nodeCount)
        } catch (e: Rule) {
            throw Refusal("$op: ${e.message}", op, validRid(data), e.limit)
        }
    }

    /**
     * The positions of a binary frame ([count] coordinates, [at] the i-th) for a session of [nodeCount] devices:
     * the `positions` op's rules and refusals. [op] names the request the frame carries.
     */
    public fun positions(op: String, count: Int, nodeCount: Int, at: (Int) -> Double): DoubleArray =
        try {
            requireSimulation(nodeCount)
            xyz(count, nodeCount) { finiteCoordinate(at(it), it) }
        } catch (e: Rule) {
            throw Refusal("$op: ${e.message}", op, null, e.limit)
        }

    /**
     * The same rules for coordinates a host already holds in an array of their own ([xyz]): checked where they are,
     * not copied (the Node server copies a frame's floats out of the socket's buffer once), and returned.
     */
    public fun positions(op: String, xyz: DoubleArray, nodeCount: Int): DoubleArray =
        try {
            requireSimulation(nodeCount)
            checkCoordinates(xyz, nodeCount)
        } catch (e: Rule) {
            throw Refusal("$op: ${e.message}", op, null, e.limit)
        }

    /**
     * A step whose fields a host has read from a binary frame ([rid] null: none, already in [0, 2^53 − 1];
     * [stepCount] as sent; [xyz] its coordinates, null: none): the JSON step's rules and refusals, then the
     * positions rules on [xyz], checked where they are.
     */
    public fun binaryStep(rid: Long?, stepCount: Int, xyz: DoubleArray?, nodeCount: Int): Request.Step =
        try {
            requireSimulation(nodeCount)
            if (stepCount < 0 || stepCount > options.maxStepCount) refuseStepCount(stepCount.toLong())
            Request.Step(rid, stepCount, true, xyz?.let { checkCoordinates(it, nodeCount) })
        } catch (e: Rule) {
            throw Refusal("step: ${e.message}", "step", rid, e.limit)
        }

    private fun dispatch(op: String, data: JsonFields, nodeCount: Int): Request = when (op) {
        "newPosition" -> {
            val node = nodeId(data, nodeCount)
            Request.NewPosition(node, number(data, "x"), number(data, "y"), number(data, "z"))
        }
        "step" -> step(data, nodeCount)
        "positions" -> {
            requireSimulation(nodeCount)
            Request.Positions(xyz(data.numbers("xyz") ?: throw Rule("xyz is required"), nodeCount))
        }
        "setSource" -> {
            val node = nodeId(data, nodeCount)
            val isSource = (if (data.has("isSource")) data.boolean("isSource") else true)
                ?: throw Rule("isSource must be true or false, got ${data.show("isSource")}")
            Request.SetSource(node, isSource)
        }
        "createSim" -> createSim(data)
        "clearSources" -> {
            requireSimulation(nodeCount)
            Request.ClearSources
        }
        "hello" -> Request.Hello
        else -> throw Refusal("unknown op \"$op\"; known: ${ProtocolSpec.OPS.joinToString(", ")}", op, validRid(data))
    }

    private fun createSim(data: JsonFields): Request.CreateSim {
        val n = intIn(data, "nodeCount", 1, options.maxNodes) { nodeCount ->
            if (nodeCount > options.maxNodes) {
                throw Rule("nodeCount $nodeCount is over this server's limit ${options.maxNodes} (maxNodes)", "maxNodes")
            }
            throw Rule("nodeCount must be an integer in [1, ${options.maxNodes}], got $nodeCount")
        } ?: throw Rule("nodeCount is required")
        val maxDistance = number(data, "maxDistance")
        if (maxDistance <= 0.0) throw Rule("maxDistance must be > 0, got $maxDistance")
        val spec = data.string("program")
        val program = (if (data.has("program")) spec?.let { programOf(it, n) } else Program.EUCLIDEAN)
            ?: throw Rule("program must be a program spec string (${Programs.names.joinToString(", ")}), got ${data.show("program")}")
        return Request.CreateSim(n, maxDistance, spec, program)
    }

    private fun step(data: JsonFields, nodeCount: Int): Request.Step {
        requireSimulation(nodeCount)
        val rid = rid(data) // validated first: an invalid rid is refused (and never echoed)
        val stepCount = intIn(data, "stepCount", 0, options.maxStepCount, ::refuseStepCount) ?: 1
        val binary = (if (!data.has("encoding")) false else when (data.string("encoding")) {
            "json" -> false
            "binary" -> true
            else -> null
        }) ?: throw Rule("encoding must be \"json\" or \"binary\", got ${data.show("encoding")}")
        return Request.Step(rid, stepCount, binary, data.numbers("xyz")?.let { xyz(it, nodeCount) })
    }

    /** The refusal of a stepCount outside [0, maxSteps]. */
    private fun refuseStepCount(stepCount: Long): Nothing {
        if (stepCount > options.maxStepCount) {
            throw Rule("stepCount $stepCount is over this server's limit ${options.maxStepCount} (maxSteps)", "maxSteps")
        }
        throw Rule("stepCount must be an integer in [0, ${options.maxStepCount}], got $stepCount")
    }

    /**
     * Integer field [name] as an Int in [[min], [max]] (null when absent), read without a Long when it is one;
     * anything else is read as a Long (or refused as not an integer) and [refuse] words its refusal.
     */
    private inline fun intIn(data: JsonFields, name: String, min: Int, max: Int, refuse: (Long) -> Nothing): Int? {
        if (!data.has(name)) return null
        val small = data.smallInteger(name)
        if (small != null && small >= min && small <= max) return small
        refuse(integer(data, name) ?: throw Rule("$name is required"))
    }

    /** The program [spec] names (docs/programs.md), or a refusal with the registry's own message. */
    private fun programOf(spec: String, nodeCount: Int): Program =
        try {
            Programs.parse(spec, nodeCount)
        } catch (e: IllegalArgumentException) {
            throw Rule("program: ${e.message}")
        }

    private fun requireSimulation(nodeCount: Int) {
        if (nodeCount == 0) throw Rule("no simulation on this connection: send createSim first")
    }

    private fun nodeId(data: JsonFields, nodeCount: Int): Int {
        requireSimulation(nodeCount)
        return intIn(data, "nodeId", 0, nodeCount - 1) { throw Rule("nodeId must be an integer in [0, $nodeCount), got $it") }
            ?: throw Rule("nodeId is required")
    }

    private fun xyz(list: NumberList, nodeCount: Int): DoubleArray =
        if (list === NOT_AN_ARRAY) {
            throw Rule("xyz must be an array of 3 × nodeCount finite numbers")
        } else {
            // The coordinate's name is built only for a refusal: this runs 3 × N times per batched step.
            xyz(list.size, nodeCount) { list.finiteAt(it) ?: throw Rule("xyz[$it] must be a finite JSON number, got ${list.show(it)}") }
        }

    /** The positions rule, whatever carried the [size] numbers (JSON or a binary frame): exactly 3 × nodeCount, each finite. */
    private inline fun xyz(size: Int, nodeCount: Int, number: (Int) -> Double): DoubleArray {
        // Int arithmetic (nodeCount is at most maxNodes): Kotlin/JS emulates Long, and this runs for every positions request.
        if (size != 3 * nodeCount) throw Rule(countMismatch(size, nodeCount))
        return DoubleArray(size) { number(it) }
    }

    private fun checkCoordinates(xyz: DoubleArray, nodeCount: Int): DoubleArray {
        if (xyz.size != 3 * nodeCount) throw Rule(countMismatch(xyz.size, nodeCount))
        for (k in xyz.indices) finiteCoordinate(xyz[k], k)
        return xyz
    }

    private fun countMismatch(size: Int, nodeCount: Int): String = "xyz must have 3 × nodeCount = ${3 * nodeCount} numbers, got $size"

    /** kotlinx's JSON object as [JsonFields]: numbers by their spelling, as the reference's JSON reader takes them. */
    private class KotlinxFields(private val obj: JsonObject) : JsonFields {
        override fun has(name: String): Boolean = name in obj

        override fun isNull(name: String): Boolean = obj[name].let { it == null || it is JsonNull }

        override fun string(name: String): String? = (obj[name] as? JsonPrimitive)?.takeIf { it.isString }?.content

        override fun finite(name: String): Double? = obj[name]?.let(::finiteOrNull)

        override fun integer(name: String): Long? {
            val p = obj[name] as? JsonPrimitive
            return if (p == null || p is JsonNull || p.isString || !isIntegerSpelling(p.content)) null else p.content.toLongOrNull()
        }

        override fun boolean(name: String): Boolean? {
            val p = obj[name] as? JsonPrimitive
            return if (p == null || p.isString) null else when (p.content) {
                "true" -> true
                "false" -> false
                else -> null
            }
        }

        override fun fields(name: String): JsonFields? = (obj[name] as? JsonObject)?.let(::KotlinxFields)

        override fun numbers(name: String): NumberList? = obj[name]?.let { if (it is JsonArray) JsonNumbers(it) else NOT_AN_ARRAY }

        override fun show(name: String): String = obj[name].toString()
    }

    /** kotlinx's JSON array as a [NumberList]. */
    private class JsonNumbers(private val array: JsonArray) : NumberList {
        override val size: Int get() = array.size

        override fun finiteAt(i: Int): Double? = finiteOrNull(array[i])

        override fun show(i: Int): String = array[i].toString()
    }

    public companion object {
        public const val MAX_DEPTH: Int = 64
        public const val MAX_RID: Long = (1L shl 53) - 1
        private val EMPTY: JsonFields = KotlinxFields(JsonObject(emptyMap()))

        /** The `xyz` field when it is not an array (a host's [NumberList] for it). */
        public val NOT_AN_ARRAY: NumberList = object : NumberList {
            override val size: Int get() = 0

            override fun finiteAt(i: Int): Double? = null

            override fun show(i: Int): String = ""
        }

        /** Deepest nesting of objects and arrays in [line] (strings skipped), stopping early past [MAX_DEPTH]. */
        public fun nestingDepth(line: String): Int {
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
        private fun isIntegerSpelling(text: String): Boolean {
            val start = if (text.startsWith('-')) 1 else 0
            if (start == text.length) return false
            if (text[start] == '0') return text.length == start + 1
            for (i in start until text.length) if (text[i] !in '0'..'9') return false
            return true
        }

        /** An integer field: absent = null; else an integral JSON number, or a refusal. */
        private fun integer(data: JsonFields, name: String): Long? {
            if (!data.has(name)) return null
            return data.integer(name) ?: throw Rule("$name must be an integer (a JSON number without fraction or exponent), got ${data.show(name)}")
        }

        /** A required finite number field, or a refusal. */
        private fun number(data: JsonFields, name: String): Double {
            if (!data.has(name)) throw Rule("$name is required")
            return data.finite(name) ?: throw Rule("$name must be a finite JSON number, got ${data.show(name)}")
        }

        /** A finite JSON number's value, else null. */
        private fun finiteOrNull(v: JsonElement): Double? {
            val p = v as? JsonPrimitive
            val d = if (p == null || p is JsonNull || p.isString) null else p.content.toDoubleOrNull()
            return d?.takeIf { it.isFinite() }
        }

        /** The request's valid rid (null when absent), or a refusal when present but not an integer in [0, 2^53 − 1]. */
        private fun rid(data: JsonFields): Long? {
            if (!data.has("rid")) return null
            val small = data.smallInteger("rid")
            if (small != null && small >= 0) return small.toLong() // the usual rid, read without Long arithmetic
            val rid = try {
                integer(data, "rid")
            } catch (e: Rule) {
                throw Rule("rid must be an integer in [0, $MAX_RID], got ${data.show("rid")}")
            } ?: return null
            if (rid < 0 || rid > MAX_RID) throw Rule("rid must be an integer in [0, $MAX_RID], got $rid")
            return rid
        }

        /** The rid to echo in an error reply: only a valid one. */
        private fun validRid(data: JsonFields): Long? = try {
            rid(data)
        } catch (e: Rule) {
            null
        }
    }
}

/** A refused rule, before it is worded as the request's [Refusal]. */
private class Rule(message: String, val limit: String? = null) : Exception(message)

/** Coordinate [k] as a binary frame carried it: finite, or a refusal (its name is only built then). */
private fun finiteCoordinate(d: Double, k: Int): Double {
    if (!d.isFinite()) throw Rule("xyz[$k] must be a finite number, got $d")
    return d
}

/** The wording of the refusals by budgets a host counts itself (shared between its connections). */
public object Refusals {
    /** createSim past `maxSessions`. */
    public fun maxSessions(limit: Int): Refusal =
        Refusal("createSim: this server already holds $limit simulations (maxSessions)", "createSim", null, "maxSessions")

    /** createSim of [nodeCount] devices that would bring the server's simulations to [total], past `maxDevices` [limit]. */
    public fun maxDevices(nodeCount: Int, total: Long, limit: Long): Refusal =
        Refusal(
            "createSim: nodeCount $nodeCount would bring this server's simulations to $total devices, over its limit $limit (maxDevices)",
            "createSim", null, "maxDevices",
        )
}
