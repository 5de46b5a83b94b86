package collektive.server.connection

import collektive.server.ServerOptions
import collektive.server.protocol.ErrorReply
import collektive.server.protocol.Protocol
import collektive.server.timing.TimingLog
import java.io.BufferedOutputStream
import java.io.IOException
import java.io.InputStream
import java.io.OutputStream

/**
 * Serves one client: reads request lines, hands them to its own [Session] (one engine per connection) and writes
 * the replies, all on the calling thread (no hand-off between threads per message). `step.service` runs from the
 * moment a complete request line is in hand to the moment its reply has been written and flushed.
 */
internal class Connection(
    private val name: String,
    private val input: InputStream,
    private val output: OutputStream,
    private val options: ServerOptions,
    private val timing: TimingLog?,
    private val log: (String) -> Unit,
) {
    /** Serves until the peer closes, the stream fails or [input] is closed by the server; returns how it ended. */
    fun serve(): String {
        val reader = LineReader(input, options.maxLineBytes)
        val out = BufferedOutputStream(output, 1 shl 16)
        val session = Session(options, timing) { log("$name: $it") }
        try {
            while (true) {
                val length = reader.readLine()
                val start = System.nanoTime()
                when (length) {
                    LineReader.EOF -> return "closed by peer"
                    LineReader.EOF_MID_LINE -> return "peer disconnected mid-line (${reader.skippedBytes} bytes discarded)"
                    LineReader.TOO_LONG -> {
                        val message = "line too long: ${reader.skippedBytes} bytes, limit ${options.maxLineBytes} (--max-line); skipped"
                        log("$name: $message")
                        out.write(Protocol.json.encodeToString(ErrorReply.serializer(), ErrorReply(message, null)).toByteArray())
                        out.write('\n'.code)
                        out.flush()
                    }
                    else -> {
                        val line = String(reader.line, 0, length, Charsets.UTF_8)
                        val outcome = session.handle(line, out)
                        if (outcome != Session.Outcome.NO_REPLY) out.flush()
                        if (outcome == Session.Outcome.STEP_REPLY) {
                            timing?.record(TimingIds.SERVICE, start, System.nanoTime() - start)
                        }
                    }
                }
            }
        } catch (e: IOException) {
            return "connection lost: ${e.message ?: e.javaClass.simpleName}"
        }
    }
}
