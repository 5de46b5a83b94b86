@file:OptIn(ExperimentalJsExport::class)

package collektive.protocol.js

import collektive.protocol.JsonFields
import collektive.protocol.NumberList
import collektive.protocol.ProtocolSpec
import collektive.protocol.Refusal
import collektive.protocol.Refusals
import collektive.protocol.Request
import collektive.protocol.RequestReader
import collektive.protocol.ServerOptions

// The protocol's reading of a request (collektive.protocol.RequestReader) for the Node server, which parses JSON
// with JSON.parse (V8's parser: kotlinx's reader, with the values re-read from their text, cost ten times as much
// per line in Kotlin/JS) and runs engines in worker threads: it hands the parsed value here, read in place through
// [JsonFields], and gets back the request as the command array its engines take, or the refusal's error reply
// fields. The rules and their words are the Kotlin servers' own.

/**
 * What [ProtocolReader.read] returns, a JS array: `["createSim", nodeCount, maxDistance, programSpec]`,
 * `["setSource", nodeId, isSource]`, `["newPosition", nodeId, x, y, z]`, `["positions", Float64Array]`,
 * `["clearSources"]`, `["step", rid | null, stepCount, "json" | "binary", Float64Array | null]`, `["echo"]`,
 * `["hello"]`, or a refusal `["error", message, op | null, rid | null, limit | null]`.
 */
@JsExport
public class ProtocolReader(maxNodes: Int, maxSteps: Int) {
    private val reader = RequestReader(ServerOptions(maxNodes = maxNodes, maxStepCount = maxSteps))

    /**
     * Reads [parsed], a request's value as JSON.parse made it (a parser worker may have made its long number
     * arrays Float64Arrays), for a session whose simulation has [nodeCount] devices (0: none).
     */
    public fun read(parsed: dynamic, nodeCount: Int): Array<Any?> =
        try {
            command(reader.read(if (isPlainObject(parsed)) JsFields(parsed) else null, nodeCount))
        } catch (e: Refusal) {
            refusal(e)
        }

    /**
     * The coordinates of a binary message ([xyz], 3 per device) for a session of [nodeCount] devices, as the request
     * [op] carries them: `["positions", Float64Array]`, or the refusal.
     */
    public fun positions(op: String, xyz: DoubleArray, nodeCount: Int): Array<Any?> =
        try {
            arrayOf("positions", reader.positions(op, xyz, nodeCount))
        } catch (e: Refusal) {
            refusal(e)
        }

    /**
     * A binary step frame's fields as its header carried them ([rid] −1: none, else already in [0, 2^53 − 1]; [xyz]
     * the frame's coordinates in an array of their own, null: none) for a session of [nodeCount] devices: the step
     * as [read] returns it, or the refusal. Typed, not a parsed object: this runs once per frame.
     */
    public fun binaryStep(rid: Double, stepCount: Int, xyz: DoubleArray?, nodeCount: Int): Array<Any?> =
        try {
            command(reader.binaryStep(if (rid < 0) null else rid.toLong(), stepCount, xyz, nodeCount))
        } catch (e: Refusal) {
            refusal(e)
        }

    /** The refusal of a createSim past `maxSessions` ([limit]). */
    public fun maxSessions(limit: Int): Array<Any?> = refusal(Refusals.maxSessions(limit))

    /** The refusal of a createSim of [nodeCount] devices bringing the server to [total], past `maxDevices` [limit]. */
    public fun maxDevices(nodeCount: Int, total: Double, limit: Double): Array<Any?> =
        refusal(Refusals.maxDevices(nodeCount, total.toLong(), limit.toLong()))

    /** The ops every server speaks, for `hello`. */
    public val ops: Array<String> get() = ProtocolSpec.OPS.toTypedArray()
}

private fun command(r: Request): Array<Any?> = when (r) {
    is Request.CreateSim -> arrayOf("createSim", r.nodeCount, r.maxDistance, r.programSpec ?: "euclidean")
    is Request.SetSource -> arrayOf("setSource", r.nodeId, r.isSource)
    is Request.NewPosition -> arrayOf("newPosition", r.nodeId, r.x, r.y, r.z)
    is Request.Positions -> arrayOf("positions", r.xyz)
    Request.ClearSources -> arrayOf("clearSources")
    is Request.Step -> arrayOf("step", r.rid?.toDouble(), r.stepCount, if (r.binary) "binary" else "json", r.xyz)
    Request.Echo -> arrayOf("echo")
    Request.Hello -> arrayOf("hello")
}

private fun refusal(e: Refusal): Array<Any?> = arrayOf("error", e.message, e.op, e.rid?.toDouble(), e.limit)

private fun isPlainObject(v: dynamic): Boolean = jsTypeOf(v) == "object" && v != null && !isArrayLike(v)

private fun isArrayLike(v: dynamic): Boolean = js("Array").isArray(v).unsafeCast<Boolean>() || js("ArrayBuffer").isView(v).unsafeCast<Boolean>()

private fun isFiniteNumber(v: dynamic): Boolean = jsTypeOf(v) == "number" && js("Number").isFinite(v).unsafeCast<Boolean>()

/**
 * A JSON.parse object as the reader's [JsonFields]: its values read where they are, never re-read from text. A
 * number's spelling is gone here, so an integer is a number with an integral value (1.0 reads as 1, as it does for
 * every JavaScript reader).
 */
private class JsFields(private val obj: dynamic) : JsonFields {
    private fun get(name: String): dynamic = if (has(name)) obj[name] else undefined

    override fun has(name: String): Boolean = js("Object").prototype.hasOwnProperty.call(obj, name).unsafeCast<Boolean>()

    override fun isNull(name: String): Boolean = get(name) == null

    override fun string(name: String): String? {
        val v: dynamic = get(name)
        return if (jsTypeOf(v) == "string") v.unsafeCast<String>() else null
    }

    override fun finite(name: String): Double? {
        val v: dynamic = get(name)
        return if (isFiniteNumber(v)) v.unsafeCast<Double>() else null
    }

    override fun integer(name: String): Long? {
        // Only integers JSON.parse holds exactly: past 2^53 − 1 the number read is a rounded one, not the request's.
        val v: dynamic = get(name)
        return if (js("Number").isSafeInteger(v).unsafeCast<Boolean>()) v.unsafeCast<Double>().toLong() else null
    }

    override fun smallInteger(name: String): Int? {
        val v: dynamic = get(name)
        return if (jsTypeOf(v) == "number" && js("(v | 0) === v").unsafeCast<Boolean>()) v.unsafeCast<Int>() else null
    }

    override fun boolean(name: String): Boolean? {
        val v: dynamic = get(name)
        return if (jsTypeOf(v) == "boolean") v.unsafeCast<Boolean>() else null
    }

    override fun fields(name: String): JsonFields? {
        val v: dynamic = get(name)
        return if (isPlainObject(v)) JsFields(v) else null
    }

    override fun numbers(name: String): NumberList? {
        val v: dynamic = get(name)
        return when {
            v === undefined -> null
            isArrayLike(v) -> JsNumbers(v)
            else -> RequestReader.NOT_AN_ARRAY
        }
    }

    override fun show(name: String): String = showJson(get(name))
}

/** A JS array (or a parser worker's Float64Array) of numbers as the reader's [NumberList]. */
private class JsNumbers(private val array: dynamic) : NumberList {
    override val size: Int = array.length.unsafeCast<Int>()

    override fun finiteAt(i: Int): Double? {
        val v: dynamic = array[i]
        return if (isFiniteNumber(v)) v.unsafeCast<Double>() else null
    }

    override fun show(i: Int): String = showJson(array[i])
}

/**
 * JSON text of a JSON.parse value (as kotlinx writes it back: compact); an integer past 2^53 − 1 is named, not
 * written: JSON.parse has rounded it, and a refusal never repeats a number the request did not hold.
 */
private fun showJson(v: dynamic): String =
    if (js("Number").isInteger(v).unsafeCast<Boolean>() && !js("Number").isSafeInteger(v).unsafeCast<Boolean>()) {
        "an integer past 2^53 − 1 (JSON.parse rounds it)"
    } else {
        js("JSON").stringify(v).unsafeCast<String?>() ?: "null"
    }
