package collektive.server.fuzz

import collektive.protocol.ReplySink
import collektive.protocol.ServerOptions
import collektive.protocol.Session
import collektive.server.connection.LineReader
import collektive.server.connection.ServerBudgets
import collektive.server.protocol.Protocol
import com.code_intelligence.jazzer.junit.FuzzTest
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import java.io.ByteArrayInputStream
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
     * Input: byte 0's bit 0 sends a createSim first; the rest is requests, cut as a connection cuts its stream
     * ([LineReader]; a line end is added after the last byte): JSON lines and binary positions frames. Every request
     * must be handled without an exception escaping, and what it writes must be one well-formed reply
     * (docs/protocol.md): a JSON object line (an error with a message and an op, a step reply, hello) or the echo of
     * the line, or one binary state frame; a frame's only possible reply is a `positions` error.
     */
    @FuzzTest(maxDuration = "30s")
    fun sessionAnswersEveryLine(data: ByteArray) {
        if (data.isEmpty()) return
        val session = Session(Protocol.IDENTITY, options, ServerBudgets(options), null, System::nanoTime) {}
        try {
            if (data[0].toInt() and 1 != 0) session.handle("""{"op":"createSim","data":{"nodeCount":5,"maxDistance":3}}""", ReplySink { _, _, _ -> })
            val stream = data.copyOfRange(1, data.size) + '\n'.code.toByte()
            val reader = LineReader(ByteArrayInputStream(stream), options.maxMessageBytes)
            while (true) {
                val bytes = ByteArrayOutputStream()
                val out = ReplySink { b, off, len -> bytes.write(b, off, len) }
                val (outcome, line) = when (val n = reader.readLine()) {
                    LineReader.POSITIONS_FRAME -> session.handlePositionsFrame(reader.line, 0, reader.frameDevices, out) to null
                    LineReader.TOO_LONG, LineReader.FRAME_TOO_LONG -> continue // the reader's refusal: the session never sees it
                    in 0..Int.MAX_VALUE -> String(reader.line, 0, n, Charsets.UTF_8).let { session.handle(it, out) to it }
                    else -> break // the end of the stream, or a frame whose end is unknown (the connection closes)
                }
                val written = bytes.toByteArray()
                when (outcome) {
                    Session.Outcome.NO_REPLY -> check(written.isEmpty()) { "no reply announced, ${written.size} bytes written for: ${line ?: "a frame"}" }
                    else -> checkReply(written, line)
                }
            }
        } finally {
            session.close()
        }
    }

    /**
     * Input: byte 0 = the read size (1..64), the rest a byte stream. The reader must give the requests of a plain
     * split ([plainSplit]): lines split on '\n' (a trailing '\r' dropped) and binary positions frames, report lines
     * and frames over its limit as too long with their length, and never throw, whatever the bytes and however they
     * are cut into reads.
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
                LineReader.POSITIONS_FRAME -> {
                    check(reader.frameDevices >= 0 && 6 + 24L * reader.frameDevices <= maxLine) { "frame of ${reader.frameDevices} devices" }
                    got += "<frame ${reader.frameDevices} ${reader.line.copyOf(24 * reader.frameDevices).toHex()}>"
                }
                LineReader.FRAME_TOO_LONG -> got += "<frame too long ${reader.skippedBytes}>"
                LineReader.BAD_FRAME -> { got += "<bad frame>"; break }
                LineReader.EOF_MID_FRAME -> { got += "<partial frame ${reader.skippedBytes} of ${reader.frameBytes}>"; break }
                else -> { check(n in 0..maxLine) { "line length $n" }; got += String(reader.line, 0, n, Charsets.ISO_8859_1) }
            }
        }
        val expected = plainSplit(bytes, maxLine)
        check(got == expected) { "reader gave $got, a plain split gives $expected (read size $chunk)" }
    }

    /**
     * The requests of [bytes] read whole, the oracle of [lineReaderSplitsAnyStream]: at a request's first byte, 0x00
     * starts a frame (marker, kind 1, LE int32 n, 24 n bytes; another kind or a negative n ends the stream's
     * requests), anything else a line up to '\n'.
     */
    private fun plainSplit(bytes: ByteArray, maxLine: Int): List<String> {
        val requests = mutableListOf<String>()
        var start = 0
        while (start < bytes.size) {
            val left = bytes.size - start
            if (bytes[start] == 0.toByte()) {
                if (left < 6) return requests + "<partial frame $left of -1>"
                val n = ByteBuffer.wrap(bytes, start + 2, 4).order(ByteOrder.LITTLE_ENDIAN).getInt()
                if (bytes[start + 1] != 1.toByte() || n < 0) return requests + "<bad frame>"
                val size = 6 + 24L * n
                if (size > maxLine) requests += "<frame too long $size>"
                if (left < size) return requests + "<partial frame $left of $size>"
                if (size <= maxLine) requests += "<frame $n ${bytes.copyOfRange(start + 6, start + size.toInt()).toHex()}>"
                start += size.toInt()
                continue
            }
            var end = start
            while (end < bytes.size && bytes[end] != '\n'.code.toByte()) end++
            if (end == bytes.size) return requests + "<partial $left>"
            val len = end - start
            requests += if (len > maxLine) "<too long $len>" else String(bytes, start, len, Charsets.ISO_8859_1).removeSuffix("\r")
            start = end + 1
        }
        return requests
    }

    private fun ByteArray.toHex(): String = joinToString("") { "%02x".format(it) }

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

    /** [line] is the request line, null for a binary positions frame. */
    private fun checkReply(written: ByteArray, line: String?) {
        check(written.isNotEmpty()) { "a reply announced, nothing written for: ${line ?: "a frame"}" }
        check(line != null || written[0] != 0.toByte()) { "a binary reply to a positions frame" }
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
        if (line == null) check("error" in obj && (obj["op"] as? JsonPrimitive)?.content == "positions") { "a frame's reply that is not a positions error: $reply" }
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
