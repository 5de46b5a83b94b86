package collektive.protocol

import kotlinx.serialization.json.Json

/** What every server of docs/protocol.md speaks: its version, ops, step encodings and JSON dialect. */
public object ProtocolSpec {
    /** Protocol version reported by `hello` (0.2.0: the binary positions frame, docs/protocol.md). */
    public const val VERSION: String = "0.2.0"

    /** Every op a server understands: the reference ones first, then the extensions. */
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
}
