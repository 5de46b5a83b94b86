package collektive.protocol

import collektive.engine.EngineState
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.builtins.IntArraySerializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.buildClassSerialDescriptor
import kotlinx.serialization.descriptors.element
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.encoding.encodeCollection
import kotlinx.serialization.encoding.encodeStructure
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.put

/**
 * The server's JSON replies (docs/protocol.md), written with kotlinx.serialization's runtime API only, so every
 * server compiles them without the serialization compiler plugin. Field order and omissions are those of the
 * reference: `rid` and `limit` only when present, `op` always (null when none could be read).
 */
public object Replies {
    private val json = ProtocolSpec.json
    private const val NEWLINE: Byte = '\n'.code.toByte()

    /** `{"error": ..., "op": ..., "rid"?: ..., "limit"?: ...}` and its newline. */
    public fun errorLine(message: String, op: String?, rid: Long?, limit: String?): ByteArray {
        val reply = buildJsonObject {
            put("error", message)
            put("op", op)
            if (rid != null) put("rid", rid)
            if (limit != null) put("limit", limit)
        }
        return line(reply)
    }

    /** The reply to `hello`: who answers, which ops and encodings it speaks, and its budgets (`limits`). */
    public fun helloLine(identity: ServerIdentity, o: ServerOptions): ByteArray {
        val reply = buildJsonObject {
            put("op", "hello")
            put("server", identity.name)
            put("version", identity.version)
            put("ops", JsonArray(ProtocolSpec.OPS.map(::JsonPrimitive)))
            put("encodings", JsonArray(ProtocolSpec.ENCODINGS.map(::JsonPrimitive)))
            put(
                "limits",
                buildJsonObject {
                    put("maxMessageBytes", o.maxMessageBytes)
                    put("maxNodes", o.maxNodes)
                    put("maxDevices", o.maxDevices)
                    put("maxSessions", o.maxSessions)
                    put("maxConnections", o.maxConnections)
                    put("idleTimeoutMs", o.idleTimeoutMs)
                    put("maxSteps", o.maxStepCount)
                    put("stepTimeBudgetMs", o.stepTimeBudgetMs)
                    put("maxLinks", o.maxLinks)
                    put("maxReplyBytes", o.maxReplyBytes)
                    put("maxPendingReplyBytes", o.maxPendingReplyBytes)
                    put("maxBufferedInputBytes", o.maxBufferedInputBytes)
                },
            )
        }
        return line(reply)
    }

    /** `{"rid"?: N, "values": [{"value": v, "neighbors": [ids]}, ...]}` for [state], without the newline. */
    public fun stepReply(rid: Long?, state: EngineState): ByteArray =
        json.encodeToString(StepReplySerializer, StepReplyBody(rid, state)).encodeToByteArray()

    private fun line(reply: JsonElement): ByteArray {
        val text = json.encodeToString(JsonElement.serializer(), reply).encodeToByteArray()
        return text.copyOf(text.size + 1).also { it[text.size] = NEWLINE }
    }

    private class StepReplyBody(val rid: Long?, val state: EngineState)

    /** Streams the state straight from the engine's arrays, as the plugin's generated serializer would a `StepReply`. */
    private object StepReplySerializer : SerializationStrategy<StepReplyBody> {
        override val descriptor: SerialDescriptor = buildClassSerialDescriptor("StepReply") {
            element<Long?>("rid", isOptional = true)
            element("values", NodeStatesSerializer.descriptor)
        }

        override fun serialize(encoder: Encoder, value: StepReplyBody) = encoder.encodeStructure(descriptor) {
            if (value.rid != null) encodeLongElement(descriptor, 0, value.rid)
            encodeSerializableElement(descriptor, 1, NodeStatesSerializer, value.state)
        }
    }

    private object NodeStatesSerializer : SerializationStrategy<EngineState> {
        private val nodeState = buildClassSerialDescriptor("NodeState") {
            element<Double>("value")
            element("neighbors", IntArraySerializer().descriptor)
        }
        private val ids: KSerializer<IntArray> = IntArraySerializer()

        @OptIn(kotlinx.serialization.ExperimentalSerializationApi::class)
        override val descriptor: SerialDescriptor = kotlinx.serialization.descriptors.listSerialDescriptor(nodeState)

        override fun serialize(encoder: Encoder, value: EngineState) {
            val n = value.values.size
            encoder.encodeCollection(descriptor, n) {
                for (i in 0 until n) {
                    encodeSerializableElement(descriptor, i, NodeStateSerializer, NodeEntry(value.values[i], value.neighbors[i]))
                }
            }
        }

        private class NodeEntry(val value: Double, val neighbors: IntArray)

        private object NodeStateSerializer : SerializationStrategy<NodeEntry> {
            override val descriptor: SerialDescriptor get() = nodeState

            override fun serialize(encoder: Encoder, value: NodeEntry) = encoder.encodeStructure(descriptor) {
                encodeDoubleElement(descriptor, 0, value.value)
                encodeSerializableElement(descriptor, 1, ids, value.neighbors)
            }
        }
    }
}
