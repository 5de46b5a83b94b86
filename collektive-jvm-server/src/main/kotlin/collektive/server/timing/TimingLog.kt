package collektive.server.timing

import collektive.protocol.StepTimings
import java.io.BufferedWriter
import java.nio.charset.StandardCharsets
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.ArrayBlockingQueue
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.TimeUnit

/**
 * A long-format timing CSV (`t_ns,id,duration_ns`, docs/measurements.md) with no I/O on the hot path.
 *
 * [record] writes three numbers into a preallocated chunk under an uncontended lock; a full chunk is handed to
 * a writer thread, which formats and writes it, then recycles it. [close] writes what is left and closes the file:
 * the CSV is complete once [close] returns (the server calls it from its shutdown hook). `t_ns` is the sample's
 * start relative to this log's creation, from the monotonic [System.nanoTime] clock.
 *
 * A write that fails (disk full, a file-size limit) is kept in [failure]; later samples are dropped, never queued
 * without end, so the server keeps serving; its shutdown then reports the CSV as incomplete (exit code 74).
 */
public class TimingLog(path: Path, private val ids: List<String>, private val chunkSize: Int = 4096) : StepTimings, AutoCloseable {
    private class Chunk(size: Int) {
        val start = LongArray(size)
        val duration = LongArray(size)
        val id = ByteArray(size)
        var count = 0
    }

    /** The clock origin: `t_ns` = sample start − origin. */
    public val originNs: Long = System.nanoTime()

    private val writer: BufferedWriter = Files.newBufferedWriter(path, StandardCharsets.US_ASCII)
    private val full = ArrayBlockingQueue<Chunk>(1024)
    private val free = ConcurrentLinkedQueue<Chunk>()
    private var current = Chunk(chunkSize)
    private var closed = false
    private val poison = Chunk(0)
    private val thread = Thread(::drain, "timing-log-writer").apply { isDaemon = true }

    /** The first write error, or null while the file holds every sample handed over so far. */
    @Volatile
    public var failure: java.io.IOException? = null
        private set

    init {
        require(ids.size in 1..127) { "ids must hold 1..127 names, had ${ids.size}" }
        repeat(3) { free.add(Chunk(chunkSize)) }
        writer.write("t_ns,id,duration_ns\n")
        writer.flush()
        thread.start()
    }

    /** Records one sample of id number [id] (index into the ids list) that started at [startNs] ([System.nanoTime]). */
    override fun record(id: Int, startNs: Long, durationNs: Long) {
        synchronized(this) {
            if (closed) return
            val c = current
            val i = c.count
            c.start[i] = startNs - originNs
            c.duration[i] = durationNs
            c.id[i] = id.toByte()
            c.count = i + 1
            if (i + 1 == chunkSize) {
                full.put(c)
                current = free.poll() ?: Chunk(chunkSize)
            }
        }
    }

    /** Writes every recorded sample and closes the file; later [record] calls are ignored. Idempotent. */
    override fun close() {
        synchronized(this) {
            if (closed) return
            closed = true
            if (current.count > 0) full.put(current)
            full.put(poison)
        }
        thread.join(TimeUnit.SECONDS.toMillis(30))
    }

    private fun drain() {
        val line = StringBuilder(64)
        try {
            while (true) {
                val c = full.take()
                if (c === poison) break
                if (failure == null) {
                    try {
                        for (i in 0 until c.count) {
                            line.setLength(0)
                            line.append(c.start[i]).append(',').append(ids[c.id[i].toInt()]).append(',').append(c.duration[i]).append('\n')
                            writer.append(line)
                        }
                        writer.flush()
                    } catch (e: java.io.IOException) {
                        failure = e
                        System.err.println("[jvm-server] timing CSV: write failed ($e); later samples are dropped and the CSV is incomplete")
                    }
                }
                c.count = 0
                free.add(c)
            }
        } finally {
            try {
                writer.close()
            } catch (e: java.io.IOException) {
                if (failure == null) failure = e
            }
        }
    }
}
