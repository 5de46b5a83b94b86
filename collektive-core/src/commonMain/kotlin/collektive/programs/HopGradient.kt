package collektive.programs

import collektive.aggregate.api.Aggregate
import collektive.engine.Device
import collektive.engine.Program
import collektive.engine.ProgramOutput
import collektive.stdlib.spreading.hopGradient

/** `hop`: number of hops from the nearest source, +∞ when unreachable. */
public object HopGradient : Program("hop", ProgramOutput.DISTANCE) {
    override fun Aggregate<Int>.run(device: Device): Double = hopGradient(device.isSource)
}
