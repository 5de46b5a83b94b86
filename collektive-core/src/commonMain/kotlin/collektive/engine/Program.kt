package collektive.engine

import collektive.aggregate.api.Aggregate
import collektive.programs.EuclideanGradient
import collektive.programs.HopGradient
import collektive.programs.Programs

/**
 * An aggregate program a [AggregateEngine] runs on every device, round after round: its [name] (what hosts ask
 * for, see [Programs]), the meaning of its value ([output]) and its body, [run]. A program holds its parameters
 * (fixed when it is built) and no per-device state: state lives in the aggregate operators (`share`, `exchange`,
 * `evolve`). How to add one: docs/programs.md.
 */
public abstract class Program(
    /** The registered name ([Programs.parse] finds the program by it, ignoring case). */
    public val name: String,
    /** What [run]'s value means. */
    public val output: ProgramOutput,
) {
    /** One device's round: the value it shows after this round, encoded as [output] says. */
    public abstract fun Aggregate<Int>.run(device: Device): Double

    /**
     * Checks the parameters against the engine's [nodeCount] (for instance a device id parameter), throwing
     * [IllegalArgumentException] naming the parameter and the value. Called when an engine is created.
     */
    public open fun check(nodeCount: Int) {}

    /** The spec that builds this program again with [Programs.parse]: the name, then `:key=value,...` if any. */
    public open val spec: String get() = name

    override fun toString(): String = spec

    public companion object {
        /** The reference program (Euclidean gradient). */
        public val EUCLIDEAN: Program get() = EuclideanGradient

        /** The hop-count gradient. */
        public val HOP: Program get() = HopGradient
    }
}
