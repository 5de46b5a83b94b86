package collektive.server.connection

import collektive.codec.StateCodec
import collektive.engine.GradientEngine
import collektive.engine.Program
import collektive.server.ServerOptions
import collektive.server.protocol.BinaryStateFrame
import collektive.server.protocol.CreateSim
import collektive.server.protocol.ErrorReply
import collektive.server.protocol.HelloReply
import collektive.server.protocol.NewPosition
import collektive.server.protocol.NodeState
import collektive.server.protocol.Positions
import collektive.server.protocol.Protocol
import collektive.server.protocol.Request
import collektive.server.protocol.SetSource
import collektive.server.protocol.Step
import collektive.server.protocol.StepReply
import collektive.server.timing.TimingLog
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.longOrNull
import java.io.OutputStream

/**
 * The protocol state of one connection: its engine and the handling of one request line at a time.
 * Replies are written to the connection's buffered stream; the caller flushes when [handle] says something was
 * written. Every failure becomes an error reply (`{"error": ..., "op": ...}`); nothing here closes the connection.
 */
internal class Session(
    private val options: ServerOptions,
    private val timing: TimingLog?,
    private val log: (String) -> Unit,
) {
    enum class Outcome { NO_REPLY, REPLY, STEP_REPLY }

    private val json = Protocol.json
    private var engine: GradientEngine? = null

    /** Handles one request [line] (no newline), writing any reply to [out] (unflushed). */
    fun handle(line: String, out: OutputStream): Outcome {
        if (line.isBlank()) return Outcome.NO_REPLY
        val request = try {
            json.decodeFromString(Request.serializer(), line)
        } catch (e: SerializationException) {
            return error(out, "malformed request: ${e.message?.lineSequence()?.first()}", null, null)
        } catch (e: IllegalArgumentException) {
            return error(out, "malformed request: ${e.message}", null, null)
        }
        val op = request.op ?: return error(out, "missing \"op\"", null, null)
        val data = request.data
        return try {
            dispatch(op, data, line, out)
        } catch (e: SerializationException) {
            error(out, "invalid data for $op: ${e.message?.lineSequence()?.first()}", op, data)
        } catch (e: IllegalArgumentException) {
            error(out, "$op: ${e.message}", op, data)
        } catch (e: Exception) {
            log("internal error on $op: $e")
            error(out, "internal error on $op: $e", op, data)
        }
    }

    private fun dispatch(op: String, data: JsonElement?, line: String, out: OutputStream): Outcome = when (op) {
        "newPosition" -> {
            val p = decode(NewPosition.serializer(), data)
            engine().updatePosition(p.nodeId, p.x, p.y, p.z)
            Outcome.NO_REPLY
        }
        "step" -> step(decode(Step.serializer(), data), out)
        "positions" -> {
            engine().updatePositions(decode(Positions.serializer(), data).xyz)
            Outcome.NO_REPLY
        }
        "setSource" -> {
            val s = decode(SetSource.serializer(), data)
            engine().setSource(s.nodeId, s.isSource)
            Outcome.NO_REPLY
        }
        "createSim" -> {
            val c = decode(CreateSim.serializer(), data)
            require(c.nodeCount <= options.maxNodes) { "nodeCount ${c.nodeCount} is over this server's limit ${options.maxNodes} (--max-nodes)" }
            val program = when (c.program) {
                null, "euclidean" -> Program.EUCLIDEAN
                "hop" -> Program.HOP
                else -> throw IllegalArgumentException("program must be \"euclidean\" or \"hop\", was \"${c.program}\"")
            }
            engine = GradientEngine(c.nodeCount, c.maxDistance, program) // the old engine stays if this throws
            Outcome.NO_REPLY
        }
        "clearSources" -> {
            engine().clearSources()
            Outcome.NO_REPLY
        }
        "echo" -> {
            out.write(line.toByteArray(Charsets.UTF_8))
            out.write(NEWLINE)
            Outcome.REPLY
        }
        "hello" -> {
            val hello = HelloReply("hello", Protocol.SERVER, Protocol.VERSION, Protocol.OPS, Protocol.ENCODINGS, options.maxLineBytes)
            writeLine(out, json.encodeToString(HelloReply.serializer(), hello))
            Outcome.REPLY
        }
        else -> error(out, "unknown op \"$op\"; known: ${Protocol.OPS.joinToString(", ")}", op, data)
    }

    private fun step(request: Step, out: OutputStream): Outcome {
        val engine = engine()
        val binary = when (request.encoding) {
            null, "json" -> false
            "binary" -> true
            else -> throw IllegalArgumentException("encoding must be \"json\" or \"binary\", was \"${request.encoding}\"")
        }
        require(request.stepCount <= options.maxStepCount) { "stepCount ${request.stepCount} is over this server's limit ${options.maxStepCount}" }
        request.xyz?.let(engine::updatePositions)
        val start = System.nanoTime()
        engine.step(request.stepCount)
        timing?.record(TimingIds.COMPUTE, start, System.nanoTime() - start)
        if (binary) {
            BinaryStateFrame.write(out, request.rid ?: BinaryStateFrame.NO_RID, StateCodec.encode(engine))
        } else {
            val state = engine.snapshot()
            val values = List(state.values.size) { NodeState(state.values[it], state.neighbors[it]) }
            writeLine(out, json.encodeToString(StepReply.serializer(), StepReply(request.rid, values)))
        }
        return Outcome.STEP_REPLY
    }

    private fun engine(): GradientEngine =
        engine ?: throw IllegalArgumentException("no simulation on this connection: send createSim first")

    private fun <T> decode(deserializer: DeserializationStrategy<T>, data: JsonElement?): T = when (data) {
        null, JsonNull -> json.decodeFromJsonElement(deserializer, EMPTY)
        is JsonObject -> json.decodeFromJsonElement(deserializer, data)
        else -> throw IllegalArgumentException("\"data\" must be a JSON object")
    }

    private fun error(out: OutputStream, message: String, op: String?, data: JsonElement?): Outcome {
        val rid = ((data as? JsonObject)?.get("rid") as? JsonPrimitive)?.longOrNull
        writeLine(out, json.encodeToString(ErrorReply.serializer(), ErrorReply(message, op, rid)))
        return Outcome.REPLY
    }

    private fun writeLine(out: OutputStream, text: String) {
        out.write(text.toByteArray(Charsets.UTF_8))
        out.write(NEWLINE)
    }

    private companion object {
        const val NEWLINE = '\n'.code
        val EMPTY = JsonObject(emptyMap())
    }
}
