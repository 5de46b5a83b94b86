package collektive.programs

import collektive.aggregate.api.Aggregate
import collektive.engine.Device
import collektive.engine.Program
import collektive.engine.ProgramOutput

/**
 * `neighborCounter`, the light program: how many neighbours shared a value with the device (one `neighboring`
 * and a count), its degree from the second round on.
 */
public object NeighborCounter : Program("neighborCounter", ProgramOutput.COUNT) {
    override fun Aggregate<Int>.run(device: Device): Double = neighboring(1).count().toDouble()
}
