package collektive.server.connection

import collektive.protocol.PositionsFrame
import collektive.protocol.ServerOptions
import collektive.server.protocol.BinaryPositionsFrame
import org.junit.jupiter.api.Test
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.InputStream
import java.nio.ByteBuffer
import java.nio.ByteOrder
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class LineReaderTest {
    /** Delivers [data] in reads of at most [chunk] bytes, like a socket would. */
    private fun trickle(data: String, chunk: Int): InputStream = trickle(data.toByteArray(), chunk)

    private fun trickle(bytes: ByteArray, chunk: Int): InputStream = object : InputStream() {
        private var pos = 0
        override fun read(): Int = if (pos < bytes.size) bytes[pos++].toInt() and 0xff else -1
        override fun read(b: ByteArray, off: Int, len: Int): Int {
            if (pos >= bytes.size) return -1
            val n = minOf(len, chunk, bytes.size - pos)
            System.arraycopy(bytes, pos, b, off, n)
            pos += n
            return n
        }
    }

    /** Each request as text: a line as itself, a frame as its device count and coordinates, every other code named. */
    private fun lines(reader: LineReader): List<String> = buildList {
        while (true) {
            when (val n = reader.readLine()) {
                LineReader.EOF -> return@buildList
                LineReader.EOF_MID_LINE -> { add("<partial ${reader.skippedBytes}>"); return@buildList }
                LineReader.TOO_LONG -> add("<too long ${reader.skippedBytes}>")
                LineReader.POSITIONS_FRAME -> {
                    add("<frame ${reader.frameDevices}: ${(0 until 3 * reader.frameDevices).joinToString(" ") { "${PositionsFrame.coordinate(reader.line, 0, it)}" }}>")
                }
                LineReader.FRAME_TOO_LONG -> add("<frame too long ${reader.frameDevices} ${reader.skippedBytes}>")
                LineReader.BAD_FRAME -> { add("<bad frame: ${reader.frameProblem}>"); return@buildList }
                LineReader.EOF_MID_FRAME -> { add("<partial frame ${reader.skippedBytes} of ${reader.frameBytes}>"); return@buildList }
                LineReader.OVER_BUDGET -> { add("<over budget ${reader.skippedBytes}>"); return@buildList }
                else -> add(String(reader.line, 0, n))
            }
        }
    }

    /** Lines (strings) and frames (byte arrays) as one stream. */
    private fun stream(vararg parts: Any): ByteArray = ByteArrayOutputStream().apply {
        for (p in parts) write(if (p is String) p.toByteArray() else p as ByteArray)
    }.toByteArray()

    private fun frame(vararg xyz: Double): ByteArray = BinaryPositionsFrame.encode(xyz)

    /** A frame header with any [kind] and [n] (and no coordinates). */
    private fun header(kind: Int, n: Int): ByteArray =
        ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN).put(0.toByte()).put(kind.toByte()).putInt(n).array()

    @Test
    fun `lines split across reads of any size come out whole`() {
        val text = "alpha\nbeta\r\n\ngamma-delta\n"
        for (chunk in listOf(1, 2, 3, 7, 64)) {
            assertEquals(listOf("alpha", "beta", "", "gamma-delta"), lines(LineReader(trickle(text, chunk), 100, bufferSize = 4)), "chunk $chunk")
        }
    }

    @Test
    fun `a line over the limit is reported with its length and skipped`() {
        val text = "ok\n" + "x".repeat(50) + "\nafter\n" + "y".repeat(10) + "\n"
        assertEquals(listOf("ok", "<too long 50>", "after", "y".repeat(10)), lines(LineReader(trickle(text, 5), 10, bufferSize = 8)))
    }

    @Test
    fun `a line growing past the initial buffer is kept whole`() {
        val long = "z".repeat(100_000)
        assertEquals(listOf(long, "end"), lines(LineReader(ByteArrayInputStream("$long\nend\n".toByteArray()), 1 shl 20)))
    }

    @Test
    fun `end of input inside a line reports the partial length`() {
        assertEquals(listOf("one", "<partial 3>"), lines(LineReader(trickle("one\ntwo", 2), 100)))
        assertEquals(listOf("<too long 30>", "<partial 30>"), lines(LineReader(trickle("${"a".repeat(30)}\n${"b".repeat(30)}", 4), 10)).let { listOf(it[0], it[1]) })
    }

    @Test
    fun `a spinning reader polls available() until input arrives, then reads it without blocking`() {
        // available() says 0 for the first polls, as a socket does until the request arrives.
        var polls = 0
        val source = ByteArrayInputStream("next\n".toByteArray())
        val late = object : InputStream() {
            override fun available(): Int = if (++polls < 5) 0 else source.available()
            override fun read(): Int = source.read()
            override fun read(b: ByteArray, off: Int, len: Int): Int = source.read(b, off, len)
        }
        val reader = LineReader(late, 100, spinNanos = 1_000_000_000)
        val n = reader.readLine()
        assertEquals("next", String(reader.line, 0, n))
        assertEquals(5, polls, "the spin ends as soon as input is available")
        var idlePolls = 0
        val silent = object : InputStream() {
            override fun available(): Int { idlePolls++; return 0 }
            override fun read(): Int = -1
        }
        val start = System.nanoTime()
        assertEquals(emptyList(), lines(LineReader(silent, 100, spinNanos = 2_000_000)))
        assertTrue(System.nanoTime() - start >= 2_000_000 && idlePolls > 1, "with no input the spin lasts its budget, then the read blocks")
    }

    @Test
    fun `frames between lines come out whole and in order, whatever the read size`() {
        val text = stream(
            "alpha\n", frame(1.0, 2.0, 3.0, 4.5, -0.0, 1e300), "beta\n", frame(), frame(7.0, 8.0, 9.0), "\n",
            "a\u0000b\n", // a 0x00 inside a line is the line's: only a request's first byte can start a frame
            frame(Double.NaN, Double.POSITIVE_INFINITY, 0.0), "gamma\r\n",
        )
        val expected = listOf(
            "alpha", "<frame 2: 1.0 2.0 3.0 4.5 -0.0 1.0E300>", "beta", "<frame 0: >", "<frame 1: 7.0 8.0 9.0>", "",
            "a\u0000b", "<frame 1: NaN Infinity 0.0>", "gamma", // the reader only frames: values are the session's to check
        )
        for (chunk in listOf(1, 2, 3, 5, 7, 64)) {
            assertEquals(expected, lines(LineReader(trickle(text, chunk), 100, bufferSize = 4)), "chunk $chunk")
        }
    }

    @Test
    fun `a frame over the limit is refused from its header alone, then skipped to its end`() {
        val big = frame(*DoubleArray(3 * 5) { it.toDouble() }) // 6 + 5 × 24 = 126 bytes
        assertEquals(listOf("<frame too long 5 126>", "after"), lines(LineReader(trickle(stream(big, "after\n"), 7), 100, bufferSize = 8)))
        // Nothing but the header has come: the refusal does not wait for the coordinates.
        val reader = LineReader(ByteArrayInputStream(header(1, Int.MAX_VALUE)), 100)
        assertEquals(LineReader.FRAME_TOO_LONG, reader.readLine())
        assertEquals(6 + 24L * Int.MAX_VALUE, reader.frameBytes)
        assertEquals(LineReader.EOF_MID_FRAME, reader.readLine(), "then the stream ends inside it")
        assertEquals(6L, reader.skippedBytes)
    }

    @Test
    fun `end of input inside a frame reports how much of it came`() {
        assertEquals(listOf("ok", "<partial frame 3 of -1>"), lines(LineReader(trickle(stream("ok\n", byteArrayOf(0, 1, 2)), 2), 100)))
        val cut = frame(1.0, 2.0, 3.0, 4.0, 5.0, 6.0).let { it.copyOf(it.size - 1) }
        assertEquals(listOf("<partial frame 53 of 54>"), lines(LineReader(trickle(cut, 5), 100)))
    }

    @Test
    fun `an unknown kind or a negative count ends the stream's requests`() {
        assertEquals(listOf("ok", "<bad frame: unknown request frame kind 2 after byte 0x00 (known: 1, positions)>"),
            lines(LineReader(trickle(stream("ok\n", header(2, 1), "never\n"), 3), 100)))
        assertEquals(listOf("<bad frame: positions frame: device count -1 is negative>"), lines(LineReader(trickle(stream(header(1, -1), "never\n"), 3), 100)))
    }

    @Test
    fun `a frame's coordinates are reserved in the input budget until the next request`() {
        val budgets = ServerBudgets(ServerOptions(maxBufferedInputBytes = 100))
        val reader = LineReader(trickle(stream(frame(*DoubleArray(6)), frame(*DoubleArray(15))), 10), 1000, budgets = budgets)
        assertEquals(LineReader.POSITIONS_FRAME, reader.readLine())
        assertEquals(48L, budgets.bufferedInputBytes)
        assertEquals(LineReader.OVER_BUDGET, reader.readLine(), "5 devices' 120 bytes are over 100")
        assertEquals(0L, budgets.bufferedInputBytes, "returned when refused")
    }
}
