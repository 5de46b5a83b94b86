package collektive.engine

/**
 * A snapshot of a [AggregateEngine] after a round: [values] per device (+∞ when unreachable) and [neighbors] per
 * device (ascending ids, self excluded). Equality compares the contents, doubles by their bits.
 */
public class EngineState(
    /** One value per device. */
    public val values: DoubleArray,
    /** One ascending neighbour list per device. */
    public val neighbors: Array<IntArray>,
) {
    init {
        require(values.size == neighbors.size) {
            "values (${values.size}) and neighbors (${neighbors.size}) must have one entry per device"
        }
    }

    /** Number of devices. */
    public val nodeCount: Int get() = values.size

    override fun equals(other: Any?): Boolean =
        other is EngineState && values.contentEquals(other.values) && neighbors.contentDeepEquals(other.neighbors)

    override fun hashCode(): Int = 31 * values.contentHashCode() + neighbors.contentDeepHashCode()

    override fun toString(): String =
        (0 until nodeCount).joinToString(prefix = "EngineState[", postfix = "]") { "$it=${values[it]}${neighbors[it].contentToString()}" }
}
