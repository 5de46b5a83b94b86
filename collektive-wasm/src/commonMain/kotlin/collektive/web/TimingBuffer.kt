package collektive.web

import kotlin.math.roundToLong

/**
 * Back-end timing samples kept in memory (docs/measurements.md): ids `step.service` and `step.compute`, times from
 * the host's `performance.now()` (ms, as precise as the page allows), turned into integer ns by rounding, `t_ns`
 * relative to the buffer's creation or last [clear].
 */
internal class TimingBuffer {
    companion object {
        const val SERVICE = 0
        const val COMPUTE = 1
        private val IDS = arrayOf("step.service", "step.compute")
    }

    var enabled: Boolean = true
    private var origin = nowMs()
    private var starts = DoubleArray(1024)
    private var ends = DoubleArray(1024)
    private var kinds = IntArray(1024)
    var size: Int = 0
        private set

    fun record(kind: Int, startMs: Double, endMs: Double) {
        if (!enabled) return
        if (size == starts.size) {
            starts = starts.copyOf(size * 2)
            ends = ends.copyOf(size * 2)
            kinds = kinds.copyOf(size * 2)
        }
        starts[size] = startMs
        ends[size] = endMs
        kinds[size] = kind
        size += 1
    }

    fun clear() {
        size = 0
        origin = nowMs()
    }

    /** The samples as CSV text with the header `t_ns,id,duration_ns`. */
    fun csv(): String {
        val out = StringBuilder(32 + size * 40)
        out.append("t_ns,id,duration_ns\n")
        for (i in 0 until size) {
            val t = ((starts[i] - origin) * 1e6).roundToLong()
            val d = ((ends[i] - starts[i]) * 1e6).roundToLong()
            out.append(t).append(',').append(IDS[kinds[i]]).append(',').append(if (d < 0) 0 else d).append('\n')
        }
        return out.toString()
    }
}
