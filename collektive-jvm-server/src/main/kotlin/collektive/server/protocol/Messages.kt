package collektive.server.protocol

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable
import kotlinx.serialization.json.JsonElement

/*
 * The messages of the socket protocol (README.md beside the module; docs/reference-study.md for the reference part).
 * Requests are `{"op": OP, "data": {...}}`, one per line; the `data` classes below are the bodies per op.
 * Unknown keys are ignored (as the reference server does), so clients may send more than is listed.
 */

/** The envelope of every request line: the operation name and its body ([data] may be absent for body-less ops). */
@Serializable
public data class Request(val op: String? = null, val data: JsonElement? = null)

/** `createSim`: replaces the connection's engine with a new one of [nodeCount] devices and neighbour radius [maxDistance]. */
@Serializable
@SerialName("createSim")
public data class CreateSim(
    val nodeCount: Int,
    val maxDistance: Double,
    /** Extension: a program spec, `"euclidean"` (default, the reference program) or another of docs/programs.md. */
    val program: String? = null,
)

/** `setSource`: marks [nodeId] as a source (or, extension, clears it when [isSource] is false). */
@Serializable
@SerialName("setSource")
public data class SetSource(val nodeId: Int, val isSource: Boolean = true)

/** `newPosition`: moves device [nodeId] to ([x], [y], [z]); the reference client sends one per device per frame. */
@Serializable
@SerialName("newPosition")
public data class NewPosition(val nodeId: Int, val x: Double, val y: Double, val z: Double)

/**
 * `step`: runs [stepCount] rounds and answers with the state. [rid] is echoed in the reply when given.
 * Extensions: [encoding] `"binary"` answers with a [BinaryStateFrame] instead of a JSON line; [xyz] (3 × nodeCount
 * numbers, x0 y0 z0 x1 ...) updates every position before stepping, saving the per-device `newPosition` lines.
 */
@Serializable
@SerialName("step")
public class Step(
    public val rid: Long? = null,
    public val stepCount: Int = 1,
    public val encoding: String? = null,
    public val xyz: DoubleArray? = null,
)

/** Extension `positions`: every device's position in one message, [xyz] = x0 y0 z0 x1 y1 z1 ... (3 × nodeCount). */
@Serializable
@SerialName("positions")
public class Positions(public val xyz: DoubleArray)

/** One device's entry in a [StepReply]: its value (`Infinity` when unreachable) and its neighbours' ids, ascending. */
@Serializable
public class NodeState(public val value: Double, public val neighbors: IntArray)

/** The reply to `step`: `{"rid": N, "values": [{"value": v, "neighbors": [ids]}, ...]}`, [rid] omitted when the request had none. */
@Serializable
public class StepReply(public val rid: Long? = null, public val values: List<NodeState>)

/**
 * The reply to a request that failed (docs/protocol.md, "Error reply"): what went wrong, the request's op (null
 * when none could be read), its rid when it had a valid one, and the budget's name ([limit], a key of
 * [Limits]) when a budget refused it.
 */
@Serializable
public data class ErrorReply(val error: String, val op: String?, val rid: Long? = null, val limit: String? = null)

/** The budgets a server runs with, as `hello.limits` reports them (docs/protocol.md, "Budgets"). */
@Serializable
public data class Limits(
    val maxMessageBytes: Int,
    val maxNodes: Int,
    val maxDevices: Long,
    val maxSessions: Int,
    val maxConnections: Int,
    val idleTimeoutMs: Long,
    val maxSteps: Int,
    val stepTimeBudgetMs: Long,
    val maxLinks: Int,
    val maxReplyBytes: Int,
    val maxPendingReplyBytes: Int,
    val maxBufferedInputBytes: Long,
)

/** The reply to the `hello` extension: who answers, which ops and encodings it speaks, and its [limits]. */
@Serializable
public data class HelloReply(
    val op: String,
    val server: String,
    val version: String,
    val ops: List<String>,
    val encodings: List<String>,
    val limits: Limits,
)
