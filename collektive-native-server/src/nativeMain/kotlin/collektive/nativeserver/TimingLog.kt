@file:OptIn(ExperimentalForeignApi::class)

package collektive.nativeserver

import collektive.protocol.StepTimings
import kotlinx.cinterop.CPointer
import kotlinx.cinterop.ExperimentalForeignApi
import kotlinx.cinterop.alloc
import kotlinx.cinterop.nativeHeap
import kotlinx.cinterop.ptr
import platform.posix.FILE
import platform.posix.errno
import platform.posix.fclose
import platform.posix.fflush
import platform.posix.fopen
import platform.posix.fputs
import platform.posix.pthread_cond_init
import platform.posix.pthread_cond_signal
import platform.posix.pthread_cond_t
import platform.posix.pthread_cond_wait
import platform.posix.pthread_mutex_init
import platform.posix.pthread_mutex_lock
import platform.posix.pthread_mutex_t
import platform.posix.pthread_mutex_unlock

/**
 * The server's timing CSV (`t_ns,id,duration_ns`, docs/measurements.md), the format of the JVM server's
 * `TimingLog`, with no I/O on the serving thread: [record] writes three numbers into a preallocated chunk under a
 * spin lock (uncontended: one atomic exchange each way, no system call); a full chunk goes to a writer thread, which
 * formats and writes it, then recycles it. (The C ABI library's timing log in collektive-native, behind the same
 * kind of lock, appends to its file from the calling thread every 4096 samples: an in-process step may pay
 * that, a served one here does not.) [close] writes what is left: the CSV is complete once it returns. `t_ns` is
 * the sample's start relative to this log's creation on the monotonic clock.
 *
 * A write that fails (disk full, a file-size limit) is kept in [failure]; later samples are dropped, so the server
 * keeps serving; its shutdown then reports the CSV as incomplete (exit code 74).
 */
internal class TimingLog private constructor(
    private val file: CPointer<FILE>,
    private val ids: List<String>,
    private val chunkSize: Int,
) : StepTimings {
    private class Chunk(size: Int) {
        val start = LongArray(size)
        val duration = LongArray(size)
        val id = ByteArray(size)
        var count = 0
    }

    /** The clock origin: `t_ns` = sample start − origin. */
    val originNs: Long = monotonicNs()

    /** Guards [current] and [closed]: taken on every sample. */
    private val chunkLock = SpinLock()
    private var current = Chunk(chunkSize)
    private var closed = false

    /** Guards the hand-over to the writer ([full], [free], [writerDone]); taken once per chunk. */
    private val lock = nativeHeap.alloc<pthread_mutex_t>().also { pthread_mutex_init(it.ptr, null) }
    private val filled = nativeHeap.alloc<pthread_cond_t>().also { pthread_cond_init(it.ptr, null) }
    private val full = ArrayDeque<Chunk>()
    private val free = ArrayDeque<Chunk>()
    private var writerDone = false
    private val writer: NativeThread

    /** The first write error, or null while the file holds every sample handed over so far. */
    var failure: String? = null
        private set

    init {
        repeat(3) { free.addLast(Chunk(chunkSize)) }
        writer = NativeThread("timing-log-writer", ::drain)
    }

    /** Records one sample of id number [id] (index into the ids) that started at [startNs] ([monotonicNs]). */
    override fun record(id: Int, startNs: Long, durationNs: Long) = chunkLock.withLock {
        if (closed) return@withLock
        val c = current
        val i = c.count
        c.start[i] = startNs - originNs
        c.duration[i] = durationNs
        c.id[i] = id.toByte()
        c.count = i + 1
        if (i + 1 == chunkSize) current = handOver(c, last = false) ?: Chunk(chunkSize)
    }

    /** Writes every recorded sample and closes the file; later [record] calls are ignored. Idempotent. */
    fun close() {
        val last = chunkLock.withLock {
            if (closed) return
            closed = true
            current
        }
        handOver(last, last = true)
        writer.join()
    }

    /** Queues [chunk] (when it holds samples) for the writer; returns a recycled chunk, if one is free. */
    private fun handOver(chunk: Chunk, last: Boolean): Chunk? = locked {
        if (chunk.count > 0) full.addLast(chunk)
        if (last) writerDone = true
        pthread_cond_signal(filled.ptr)
        free.removeLastOrNull()
    }

    private fun drain() {
        try {
            while (true) {
                var last = false
                val batch = locked {
                    while (full.isEmpty() && !writerDone) pthread_cond_wait(filled.ptr, lock.ptr)
                    last = writerDone
                    full.toList().also { full.clear() }
                }
                for (c in batch) {
                    if (failure == null) write(c)
                    c.count = 0
                }
                locked { free.addAll(batch) }
                if (last) break
            }
        } catch (e: Throwable) {
            failure = "the writer thread failed: $e"
            log("timing CSV: $failure")
        } finally {
            if (fclose(file) != 0 && failure == null) failure = osFailure("closing it failed").message
        }
    }

    private fun write(c: Chunk) {
        val text = StringBuilder(c.count * 40)
        for (i in 0 until c.count) {
            text.append(c.start[i]).append(',').append(ids[c.id[i].toInt()]).append(',').append(c.duration[i]).append('\n')
        }
        if (fputs(text.toString(), file) < 0 || fflush(file) != 0) {
            failure = osFailure("write failed").message
            log("timing CSV: $failure; later samples are dropped and the CSV is incomplete")
        }
    }

    private inline fun <T> locked(block: () -> T): T {
        pthread_mutex_lock(lock.ptr)
        try {
            return block()
        } finally {
            pthread_mutex_unlock(lock.ptr)
        }
    }

    companion object {
        /** Creates (truncates) the CSV at [path] and writes its header; throws [OsException] when it cannot be written. */
        fun open(path: String, ids: List<String>, chunkSize: Int = 4096): TimingLog {
            require(ids.size in 1..127) { "ids must hold 1..127 names, had ${ids.size}" }
            val file = fopen(path, "w") ?: throw osFailure("cannot write CSV $path")
            if (fputs("t_ns,id,duration_ns\n", file) < 0 || fflush(file) != 0) {
                val failure = osFailure("cannot write CSV $path", errno)
                fclose(file)
                throw failure
            }
            return TimingLog(file, ids, chunkSize)
        }
    }
}
