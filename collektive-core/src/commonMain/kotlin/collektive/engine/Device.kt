package collektive.engine

import collektive.aggregate.api.Field

/**
 * What the engine tells a [Program] about the device it runs on, in the current round: valid only inside
 * [Program.run] (the engine reuses one instance for every device).
 */
public interface Device {
    /** The device's id (0 until [nodeCount]). */
    public val id: Int

    /** Number of devices of the engine. */
    public val nodeCount: Int

    /** Whether the host made this device a source ([AggregateEngine.setSource]). */
    public val isSource: Boolean

    /**
     * The Euclidean distance to every current neighbour (local value 0.0): a sensor field over the whole
     * neighbourhood, the metric of the distance-based programs. A view of the engine's arrays, no copy.
     */
    public val distances: Field<Int, Double>
}
