package collektive.server.protocol

import collektive.protocol.ProtocolSpec
import collektive.protocol.ServerIdentity
import kotlinx.serialization.KSerializer
import kotlinx.serialization.json.Json

/**
 * This server's name, and the helpers JVM clients (tests, benchmark drivers) use to speak the protocol; what every
 * server speaks (version, ops, JSON dialect) is the common [ProtocolSpec].
 */
public object Protocol {
    /** Server name reported by `hello`. */
    public const val SERVER: String = "collektive-jvm-server"

    /** Protocol version reported by `hello`. */
    public const val VERSION: String = ProtocolSpec.VERSION

    /** Who answers `hello`. */
    public val IDENTITY: ServerIdentity = ServerIdentity(SERVER)

    /** Every op the server understands. */
    public val OPS: List<String> get() = ProtocolSpec.OPS

    /** Reply encodings of `step`. */
    public val ENCODINGS: List<String> get() = ProtocolSpec.ENCODINGS

    /** The reference's JSON dialect ([ProtocolSpec.json]). */
    public val json: Json get() = ProtocolSpec.json

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
