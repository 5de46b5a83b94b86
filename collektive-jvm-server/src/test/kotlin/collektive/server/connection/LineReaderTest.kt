package collektive.server.connection

import org.junit.jupiter.api.Test
import java.io.ByteArrayInputStream
import java.io.InputStream
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class LineReaderTest {
    /** Delivers [data] in reads of at most [chunk] bytes, like a socket would. */
    private fun trickle(data: String, chunk: Int): InputStream = object : InputStream() {
        private val bytes = data.toByteArray()
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

    private fun lines(reader: LineReader): List<String> = buildList {
        while (true) {
            when (val n = reader.readLine()) {
                LineReader.EOF -> return@buildList
                LineReader.EOF_MID_LINE -> { add("<partial ${reader.skippedBytes}>"); return@buildList }
                LineReader.TOO_LONG -> add("<too long ${reader.skippedBytes}>")
                else -> add(String(reader.line, 0, n))
            }
        }
    }

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
}
