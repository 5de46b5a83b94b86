package collektive.programs

import collektive.aggregate.api.Aggregate
import collektive.engine.Device
import collektive.engine.Program
import collektive.engine.ProgramOutput
import collektive.stdlib.consensus.boundedElection

/**
 * `boundedElection:bound=B`: the id of the leader each device elects, the strongest device within [bound] hops
 * (strength = id, so the highest id wins).
 */
public class BoundedElection(
    /** Most hops between a leader and the devices that elect it (≥ 1). */
    public val bound: Int = DEFAULT_BOUND,
) : Program("boundedElection", ProgramOutput.DEVICE_ID) {
    init {
        require(bound >= 1) { "boundedElection's bound must be an integer >= 1, was $bound" }
    }

    override fun Aggregate<Int>.run(device: Device): Double = boundedElection(device.id.toDouble(), bound).toDouble()

    override val spec: String get() = "$name:bound=$bound"

    public companion object {
        /** The bound when none is given. */
        public const val DEFAULT_BOUND: Int = 3
    }
}
