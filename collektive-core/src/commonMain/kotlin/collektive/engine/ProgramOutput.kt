package collektive.engine

/**
 * What a [Program]'s value per device means. Every kind travels as one float64 per device (the engine's values, the
 * state buffer, the protocol's `value`), exactly: counts and device ids are integers below 2^53.
 */
public enum class ProgramOutput(
    /** The name hosts and documents use (`hello`, docs/programs.md). */
    public val label: String,
) {
    /** A distance along the links (≥ 0), +∞ when unreachable. */
    DISTANCE("distance"),

    /** A count of devices (an integer ≥ 0). */
    COUNT("count"),

    /** A device id (an integer in 0 until nodeCount). */
    DEVICE_ID("deviceId"),

    /** A boolean: 1.0 for true, 0.0 for false. */
    BOOLEAN("boolean"),
}
