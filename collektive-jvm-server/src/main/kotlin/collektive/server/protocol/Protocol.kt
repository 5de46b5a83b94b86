package collektive.server.protocol

import kotlinx.serialization.KSerializer
import kotlinx.serialization.json.Json

/** The protocol's JSON configuration and the helpers clients (tests, benchmark drivers) use to speak it. */
public object Protocol {
    /** Server name reported by `hello`. */
    public const val SERVER: String = "collektive-jvm-server"

    /** Server version reported by `hello` (0.2.0: the binary positions frame, docs/protocol.md). */
    public const val VERSION: String = "0.2.0"

    /** Every op the server understands: the reference ones first, then the extensions. */
    public val OPS: List<String> =
        listOf("createSim", "setSource", "newPosition", "step", "positions", "clearSources", "echo", "hello")

    /** Reply encodings of `step`. */
    public val ENCODINGS: List<String> = listOf("json", "binary")

    /**
     * Reads and writes the reference's dialect: bare `Infinity` allowed (non-standard JSON, as the reference
     * server wrote it), unknown keys ignored, defaults (absent rid) not written.
     */
    public val json: Json = Json {
        ignoreUnknownKeys = true
        allowSpecialFloatingPointValues = true
        encodeDefaults = false
    }

    /** One request line (without the newline) for [op] with body [data] encoded by [serializer]. */
    public fun <T> requestLine(op: String, serializer: KSerializer<T>, data: T): String =
        json.encodeToString(Request.serializer(), Request(op, json.encodeToJsonElement(serializer, data)))

    /** One request line for a body-less [op] such as `clearSources` or `hello`. */
    public fun requestLine(op: String): String = json.encodeToString(Request.serializer(), Request(op))

    /** Parses a `step` reply line. */
    public fun decodeStepReply(line: String): StepReply = json.decodeFromString(StepReply.serializer(), line)

    /** Parses an error reply line. */
    public fun decodeErrorReply(line: String): ErrorReply = json.decodeFromString(ErrorReply.serializer(), line)
}
