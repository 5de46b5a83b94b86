package collektive.programs

import collektive.aggregate.api.Aggregate
import collektive.engine.Device
import collektive.engine.Program
import collektive.engine.ProgramOutput
import collektive.stdlib.spreading.channel

/**
 * `channel:destination=D,width=W`: whether the device lies on the channel from the sources to device [destination]
 * (detour at most [width] longer than the shortest route, Euclidean metric): 1.0 or 0.0.
 */
public class Channel(
    /** The destination device's id; null means the last device (nodeCount − 1). */
    public val destination: Int? = null,
    /** How much longer than the shortest route a detour through the device may be (finite, ≥ 0). */
    public val width: Double = DEFAULT_WIDTH,
) : Program("channel", ProgramOutput.BOOLEAN) {
    init {
        require(destination == null || destination >= 0) { "channel's destination must be a device id >= 0, was $destination" }
        require(width >= 0.0 && width.isFinite()) { "channel's width must be a finite number >= 0, was $width" }
    }

    override fun check(nodeCount: Int) {
        require(destination == null || destination < nodeCount) {
            "channel's destination must be a device id in 0 until $nodeCount, was $destination"
        }
    }

    override fun Aggregate<Int>.run(device: Device): Double {
        val target = destination ?: (device.nodeCount - 1)
        return if (channel(device.isSource, device.id == target, width, device.distances)) 1.0 else 0.0
    }

    override val spec: String get() = if (destination == null) "$name:width=$width" else "$name:destination=$destination,width=$width"

    public companion object {
        /** The width when none is given. */
        public const val DEFAULT_WIDTH: Double = 1.0
    }
}
