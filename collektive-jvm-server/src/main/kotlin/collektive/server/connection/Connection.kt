package collektive.server.connection

import collektive.protocol.PositionsFrame
import collektive.protocol.Replies
import collektive.protocol.ReplySink
import collektive.protocol.ServerIdentity
import collektive.protocol.ServerOptions
import collektive.protocol.Session
import collektive.protocol.TimingIds
import collektive.server.protocol.Protocol
import collektive.server.timing.TimingLog
import java.io.BufferedOutputStream
import java.io.IOException
import java.io.InputStream
import java.io.OutputStream

/**
 * Serves one client: reads requests (JSON lines and binary positions frames), hands them to its own [Session] (one
 * engine per connection) and writes the replies, all on the calling thread (no hand-off between threads per
 * message). `step.service` runs from the moment a complete request is in hand to the moment its reply has been
 * written and flushed.
 *
 * Back-pressure comes from the blocking writes: while a reply cannot be handed to the socket, this thread waits in
 * the write and reads nothing more from the peer. The server holds at most one reply plus the 64 KiB output buffer
 * per connection ([WriteTracker] lets the server close a peer that leaves a reply untaken for `idleTimeoutMs`).
 *
 * [stopping] is polled between requests and while waiting for input (the socket's read timeout), so a shutdown
 * ends the connection at a request boundary: every reply written before has its `step.service` row.
 */
internal class Connection(
    private val name: String,
    private val input: InputStream,
    output: OutputStream,
    private val options: ServerOptions,
    private val timing: TimingLog?,
    private val budgets: ServerBudgets,
    private val log: (String) -> Unit,
    private val stopping: () -> Boolean = { false },
) {
    /** When the current write started ([System.nanoTime]), 0 when no write is in progress. */
    val writes = WriteTracker(output)

    @Volatile
    private var lastRequestNs = System.nanoTime()

    /**
     * True when [serve] ended while the peer may still be sending (a frame whose end is unknown): the socket should
     * then be closed gracefully, reading what the peer still sends, so its unread bytes do not reset the connection
     * and drop the error reply.
     */
    var endedMidStream = false
        private set

    /** Serves until the peer closes, the stream fails, a budget closes it or the server stops; returns how it ended. */
    fun serve(): String {
        val reader = LineReader(input, options.maxMessageBytes, budgets = budgets, onWait = ::onWait, spinNanos = options.spinMicros * 1000L)
        val out = BufferedOutputStream(writes, 1 shl 16)
        val replies = ReplySink { b, off, len -> out.write(b, off, len) }
        val session = Session(Protocol.IDENTITY, options, budgets, timing, System::nanoTime) { log("$name: $it") }
        try {
            while (true) {
                if (stopping()) return "server stopping"
                val length = reader.readLine()
                val start = System.nanoTime()
                lastRequestNs = start
                when (length) {
                    LineReader.EOF -> return "closed by peer"
                    LineReader.EOF_MID_LINE -> return "peer disconnected mid-line (${reader.skippedBytes} bytes discarded)"
                    LineReader.STOPPED -> return "server stopping"
                    LineReader.IDLE -> {
                        reply(out, "no request for ${options.idleTimeoutMs} ms (idleTimeoutMs); closing", "idleTimeoutMs")
                        return "idle for ${options.idleTimeoutMs} ms: closed"
                    }
                    LineReader.OVER_BUDGET -> {
                        val message = "the server's partly received input is over its limit ${options.maxBufferedInputBytes} bytes (maxBufferedInputBytes); closing"
                        reply(out, message, "maxBufferedInputBytes")
                        return message
                    }
                    LineReader.TOO_LONG -> {
                        val message = "line too long: ${reader.skippedBytes} bytes, limit ${options.maxMessageBytes} (maxMessageBytes); skipped"
                        log("$name: $message")
                        reply(out, message, "maxMessageBytes")
                    }
                    LineReader.FRAME_TOO_LONG -> {
                        val message = PositionsFrame.tooLong(reader.frameDevices, options.maxMessageBytes) + "; skipped"
                        log("$name: $message")
                        reply(out, message, "maxMessageBytes", PositionsFrame.OP)
                    }
                    LineReader.BAD_FRAME -> {
                        // The frame's end is unknown, so no later byte can be told to start a request.
                        val message = "${reader.frameProblem}; closing: the requests after it cannot be found"
                        endedMidStream = true
                        reply(out, message, null)
                        return message
                    }
                    LineReader.EOF_MID_FRAME -> {
                        val received = if (reader.frameBytes < 0) "${reader.skippedBytes} of its ${PositionsFrame.HEADER_BYTES} header bytes"
                        else "${reader.skippedBytes} of its ${reader.frameBytes} bytes"
                        val message = "positions frame cut by the end of the stream after $received"
                        try {
                            reply(out, message, null, PositionsFrame.OP) // a peer that only shut down its sending side reads it
                        } catch (_: IOException) {
                            // gone altogether
                        }
                        return "peer disconnected mid-frame: $message"
                    }
                    LineReader.POSITIONS_FRAME -> served(session.handlePositionsFrame(reader.line, 0, reader.frameDevices, replies), out, start)
                    else -> served(session.handle(String(reader.line, 0, length, Charsets.UTF_8), replies), out, start)
                }
            }
        } catch (e: IOException) {
            return "connection lost: ${e.message ?: e.javaClass.simpleName}"
        } finally {
            reader.release()
            session.close()
        }
    }

    /**
     * Flushes what the request [outcome] wrote and times a step reply (or an echo, the server's own floor) from
     * [start], the moment the request was in hand.
     */
    private fun served(outcome: Session.Outcome, out: OutputStream, start: Long) {
        if (outcome != Session.Outcome.NO_REPLY) out.flush()
        val end = System.nanoTime()
        if (outcome == Session.Outcome.STEP_REPLY) timing?.record(TimingIds.SERVICE, start, end - start)
        else if (outcome == Session.Outcome.ECHO_REPLY) timing?.record(TimingIds.ECHO_SERVICE, start, end - start)
        lastRequestNs = end // idle time counts from the end of the last request, not its start
    }

    /** Called on each read timeout: stop, close an idle connection, or keep waiting. */
    private fun onWait(): Int = when {
        stopping() -> LineReader.STOPPED
        System.nanoTime() - lastRequestNs > options.idleTimeoutMs * 1_000_000 -> LineReader.IDLE
        else -> 0
    }

    private fun reply(out: OutputStream, message: String, limit: String?, op: String? = null) {
        out.write(Replies.errorLine(message, op, null, limit))
        out.flush()
    }
}

/** The socket's output, recording when a write is in progress so the server can spot a peer that takes nothing. */
internal class WriteTracker(private val out: OutputStream) : OutputStream() {
    @Volatile
    var writingSinceNs: Long = 0L
        private set

    override fun write(b: Int) = tracked { out.write(b) }

    override fun write(b: ByteArray, off: Int, len: Int) = tracked { out.write(b, off, len) }

    override fun flush() = tracked { out.flush() }

    private inline fun tracked(block: () -> Unit) {
        writingSinceNs = System.nanoTime() or 1L
        try {
            block()
        } finally {
            writingSinceNs = 0L
        }
    }
}
