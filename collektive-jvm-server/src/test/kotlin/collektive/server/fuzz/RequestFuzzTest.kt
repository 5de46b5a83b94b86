package collektive.server.fuzz

import collektive.server.ServerOptions
import collektive.server.connection.LineReader
import collektive.server.connection.ServerBudgets
import collektive.server.connection.Session
import com.code_intelligence.jazzer.junit.FuzzTest
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import java.io.ByteArrayOutputStream
import java.io.InputStream
import java.nio.ByteBuffer
import java.nio.ByteOrder

/**
 * Coverage-guided fuzzing of the JVM server's request handling with Jazzer (docs/testing.md, "Fuzzing"). Under
 * `mvn test` each `@FuzzTest` replays its committed inputs (`src/test/resources/collektive/server/fuzz/
 * RequestFuzzTestInputs/<test>/`: seeds from docs/protocol.md's examples and the test vectors, and every crash the
 * fuzzer found, kept as a regression); `npm run fuzz -- jvm` fuzzes (JAZZER_FUZZ=1).
 */
class RequestFuzzTest {
    /** Budgets small enough that no input can take long (a step is bounded by maxSteps × maxNodes). */
    private val options = ServerOptions(
        port = 0, warmupRounds = 0, maxNodes = 2000, maxStepCount = 200, stepTimeBudgetMs = 500, maxLinks = 200_000,
        maxReplyBytes = 4 shl 20, maxMessageBytes = 1 shl 20,
    )

    /**
     * Input: byte 0's bit 0 sends a createSim first; the rest is request lines. Every line must be handled without
     * an exception escaping, and what it writes must be one well-formed reply (docs/protocol.md): a JSON object line
     * (an error with a message and an op, a step reply, hello) or the echo of the line, or one binary state frame.
     */
    @FuzzTest(maxDuration = "30s")
    fun sessionAnswersEveryLine(data: ByteArray) {
        if (data.isEmpty()) return
        val session = Session(options, null, ServerBudgets(options)) {}
        try {
            if (data[0].toInt() and 1 != 0) session.handle("""{"op":"createSim","data":{"nodeCount":5,"maxDistance":3}}""", ByteArrayOutputStream())
            for (line in String(data, 1, data.size - 1, Charsets.UTF_8).split('\n')) {
                val out = ByteArrayOutputStream()
                val outcome = session.handle(line.removeSuffix("\r"), out)
                val written = out.toByteArray()
                when (outcome) {
                    Session.Outcome.NO_REPLY -> check(written.isEmpty()) { "no reply announced, ${written.size} bytes written for: $line" }
                    else -> checkReply(written, line.removeSuffix("\r"))
                }
            }
        } finally {
            session.close()
        }
    }

    /**
     * Input: byte 0 = the read size (1..64), the rest a byte stream. The reader must give the same lines as a plain
     * split on '\n' (a trailing '\r' dropped), report lines over its limit as too long with their length, and never
     * throw, whatever the bytes and however they are cut into reads.
     */
    @FuzzTest(maxDuration = "30s")
    fun lineReaderSplitsAnyStream(data: ByteArray) {
        if (data.isEmpty()) return
        val chunk = (data[0].toInt() and 63) + 1
        val bytes = data.copyOfRange(1, data.size)
        val maxLine = 40
        val reader = LineReader(trickle(bytes, chunk), maxLine, bufferSize = 16)
        val got = mutableListOf<String>()
        while (true) {
            when (val n = reader.readLine()) {
                LineReader.EOF -> break
                LineReader.EOF_MID_LINE -> { got += "<partial ${reader.skippedBytes}>"; break }
                LineReader.TOO_LONG -> got += "<too long ${reader.skippedBytes}>"
                else -> { check(n in 0..maxLine) { "line length $n" }; got += String(reader.line, 0, n, Charsets.ISO_8859_1) }
            }
        }
        val expected = mutableListOf<String>()
        var start = 0
        for (i in bytes.indices) {
            if (bytes[i] != '\n'.code.toByte()) continue
            val len = i - start
            expected += if (len > maxLine) "<too long $len>" else String(bytes, start, len, Charsets.ISO_8859_1).removeSuffix("\r")
            start = i + 1
        }
        if (start < bytes.size) expected += "<partial ${bytes.size - start}>"
        check(got == expected) { "reader gave $got, a plain split gives $expected (read size $chunk)" }
    }

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

    private fun checkReply(written: ByteArray, line: String) {
        check(written.isNotEmpty()) { "a reply announced, nothing written for: $line" }
        if (written[0] == 0.toByte()) {
            val frame = ByteBuffer.wrap(written).order(ByteOrder.LITTLE_ENDIAN)
            check(written.size >= 13 && frame.getInt(1) == written.size - 5) { "a binary frame of ${written.size} bytes with length ${frame.getInt(1)}" }
            return
        }
        val text = String(written, Charsets.UTF_8)
        check(text.endsWith("\n") && text.indexOf('\n') == text.length - 1) { "a reply that is not one line: $text" }
        val reply = text.dropLast(1)
        if (reply == line) return // echo
        val obj = Json.parseToJsonElement(reply.replace("Infinity", "1e999")) as? JsonObject
            ?: error("a reply that is not a JSON object: $reply")
        when {
            "error" in obj -> {
                val error = obj["error"] as? JsonPrimitive
                check(error != null && error.isString && error.content.isNotEmpty()) { "an error reply without a message: $reply" }
                val op = obj["op"]
                check(op == JsonNull || (op is JsonPrimitive && op.isString)) { "an error reply whose op is neither null nor a string: $reply" }
            }
            obj["values"] is JsonArray -> Unit
            (obj["op"] as? JsonPrimitive)?.content == "hello" -> Unit
            else -> error("a reply that is neither an error, a step reply, an echo nor hello: $reply")
        }
    }
}
