package collektive.cabi

import kotlin.concurrent.AtomicReference
import kotlin.time.TimeSource
import kotlinx.cinterop.ExperimentalForeignApi
import platform.posix.fclose
import platform.posix.fopen
import platform.posix.fputs
import platform.posix.errno
import platform.posix.strerror
import kotlinx.cinterop.toKString

/**
 * The back-end timing log of the shared library (docs/measurements.md): rows `t_ns,id,duration_ns` with ids
 * `step.service` and `step.compute`, `t_ns` relative to the log's start (first use of the library), from the
 * monotonic clock (`TimeSource.Monotonic`, steady clock, ns). Samples are buffered in memory and appended to the
 * file when [FLUSH_AT] samples are pending, on [flush], when the path changes and when an engine is destroyed.
 * The first write to a path in a process truncates the file and writes the header. A null path disables recording.
 */
internal object TimingLog {
    const val SERVICE = 0
    const val COMPUTE = 1
    private val ids = arrayOf("step.service", "step.compute")
    private const val FLUSH_AT = 4096

    private val origin = TimeSource.Monotonic.markNow()
    private val lock = SpinLock()
    private val path = AtomicReference<String?>("native.csv")
    private val started = HashSet<String>()
    private val starts = LongArray(FLUSH_AT)
    private val durations = LongArray(FLUSH_AT)
    private val kinds = IntArray(FLUSH_AT)
    private var pending = 0

    /** Monotonic nanoseconds since the log started. */
    fun now(): Long = (TimeSource.Monotonic.markNow() - origin).inWholeNanoseconds

    /** Whether samples are being recorded (a path is set). */
    val enabled: Boolean get() = path.value != null

    /** Records one sample; flushes when the buffer is full. Returns false when that flush failed. */
    fun record(kind: Int, start: Long, end: Long): Boolean = lock.withLock {
        if (path.value == null) return@withLock true
        starts[pending] = start
        durations[pending] = if (end >= start) end - start else 0
        kinds[pending] = kind
        pending += 1
        if (pending == FLUSH_AT) writePending() else true
    }

    /** Writes pending samples to the current path (the header at least, on a path's first write). */
    fun flush(): Boolean = lock.withLock { writePending() }

    /** Flushes to the old path, then switches to [newPath] (null: stop recording). */
    fun setPath(newPath: String?): Boolean = lock.withLock {
        val ok = writePending()
        path.value = newPath
        ok
    }

    /**
     * Checks that [target] can be opened for writing now (opening it for append creates an empty file if it did
     * not exist; its first write still truncates it): null when it can, else the reason (`strerror`).
     */
    @OptIn(ExperimentalForeignApi::class)
    fun checkWritable(target: String): String? {
        if (target.isEmpty()) return "cannot write timing CSV \"\": empty path"
        val file = fopen(target, "a") ?: return "cannot write timing CSV $target: ${strerror(errno)?.toKString()}"
        fclose(file)
        return null
    }

    /** The current path, or null when recording is off. */
    fun currentPath(): String? = path.value

    @OptIn(ExperimentalForeignApi::class)
    private fun writePending(): Boolean {
        val target = path.value ?: run { pending = 0; return true }
        val first = started.add(target)
        val text = StringBuilder(pending * 40 + 32)
        if (first) text.append("t_ns,id,duration_ns\n")
        for (i in 0 until pending) {
            text.append(starts[i]).append(',').append(ids[kinds[i]]).append(',').append(durations[i]).append('\n')
        }
        pending = 0
        val file = fopen(target, if (first) "w" else "a")
        if (file == null) {
            if (first) started.remove(target)
            return false
        }
        val written = fputs(text.toString(), file) >= 0
        return (fclose(file) == 0) && written
    }
}
