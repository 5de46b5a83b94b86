package collektive.server.protocol

import collektive.codec.PositionsCodec
import collektive.engine.EngineState
import collektive.protocol.PositionsFrame
import org.junit.jupiter.api.Test
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.File
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith

/** The JSON messages and the binary frame round-trip through the library, infinities as the reference writes them. */
class MessagesTest {
    @Test
    fun `a step reply writes infinity as the bare token and reads it back`() {
        val reply = StepReply(3, listOf(NodeState(0.0, intArrayOf(1)), NodeState(Double.POSITIVE_INFINITY, intArrayOf()), NodeState(4.242640687119285, intArrayOf(0, 1))))
        val line = Protocol.json.encodeToString(StepReply.serializer(), reply)
        assertEquals("""{"rid":3,"values":[{"value":0.0,"neighbors":[1]},{"value":Infinity,"neighbors":[]},{"value":4.242640687119285,"neighbors":[0,1]}]}""", line)
        val back = Protocol.decodeStepReply(line)
        assertEquals(3L, back.rid)
        assertEquals(listOf(0.0, Double.POSITIVE_INFINITY, 4.242640687119285), back.values.map { it.value })
        assertContentEquals(intArrayOf(0, 1), back.values[2].neighbors)
    }

    @Test
    fun `a reference server reply without rid parses`() {
        val back = Protocol.decodeStepReply("""{"values":[{"value":Infinity,"neighbors":[2,1]}]}""")
        assertEquals(null, back.rid)
        assertEquals(Double.POSITIVE_INFINITY, back.values.single().value)
    }

    @Test
    fun `error replies name the op, null when unknown`() {
        assertEquals("""{"error":"bad","op":null}""", Protocol.json.encodeToString(ErrorReply.serializer(), ErrorReply("bad", null)))
        assertEquals("""{"error":"bad","op":"step","rid":4}""", Protocol.json.encodeToString(ErrorReply.serializer(), ErrorReply("bad", "step", 4)))
    }

    @Test
    fun `a binary frame round-trips rid and state, and rejects bad input`() {
        val state = EngineState(doubleArrayOf(0.0, Double.POSITIVE_INFINITY, 1.5), arrayOf(intArrayOf(2), intArrayOf(), intArrayOf(0)))
        val out = ByteArrayOutputStream()
        BinaryStateFrame.write(out, Long.MAX_VALUE - 1, collektive.codec.StateCodec.encode(state))
        val bytes = out.toByteArray()
        assertEquals(BinaryStateFrame.HEADER_BYTES + collektive.codec.StateCodec.encodedSize(state), bytes.size)
        val frame = BinaryStateFrame.read(ByteArrayInputStream(bytes))
        assertEquals(Long.MAX_VALUE - 1, frame.rid)
        assertContentEquals(state.values, frame.state.values)
        assertContentEquals(intArrayOf(0), frame.state.neighbors[2])
        assertFailsWith<java.io.IOException> { BinaryStateFrame.read(ByteArrayInputStream("{\"error\":1}".toByteArray())) }
        assertFailsWith<java.io.IOException> { BinaryStateFrame.read(ByteArrayInputStream(bytes.copyOf(bytes.size - 3))) }
    }

    @Test
    fun `the binary positions frame is the bytes docs-protocol documents, the Node server's message behind two`() {
        val xyz = doubleArrayOf(1.0, -0.0, 2.5, 1e300, 0.1, -3.0)
        val frame = BinaryPositionsFrame.encode(xyz)
        assertEquals(BinaryPositionsFrame.frameBytes(2), frame.size.toLong())
        assertContentEquals(byteArrayOf(0, 1), frame.copyOf(2))
        assertContentEquals(PositionsCodec.encode(xyz), frame.copyOfRange(2, frame.size))
        assertEquals(2, PositionsFrame.devices(frame, 0))
        assertContentEquals(xyz, DoubleArray(6) { PositionsFrame.coordinate(frame, BinaryPositionsFrame.HEADER_BYTES, it) })
        val doc = File(System.getProperty("collektive.docs.dir") ?: "../docs", "protocol.md").readText()
        val table = doc.substringAfter("### Binary positions frame (JVM)").substringBefore("What only a frame can get wrong")
        val offsets = table.lines().filter { it.startsWith("| ") }.mapNotNull { it.split('|')[1].trim().toIntOrNull() }
        assertEquals(listOf(0, 1, 2, BinaryPositionsFrame.HEADER_BYTES), offsets, "marker, kind, n, coordinates")
        assertFailsWith<IllegalArgumentException> { BinaryPositionsFrame.encode(DoubleArray(4)) }
    }
}
