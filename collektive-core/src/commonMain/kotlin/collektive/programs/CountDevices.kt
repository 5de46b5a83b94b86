package collektive.programs

import collektive.aggregate.api.Aggregate
import collektive.engine.Device
import collektive.engine.Program
import collektive.engine.ProgramOutput
import collektive.stdlib.accumulation.countDevices

/**
 * `countDevices`: collection towards the sources; a source shows how many devices its collection tree holds, any
 * other device the size of its subtree (1 where no source is reachable).
 */
public object CountDevices : Program("countDevices", ProgramOutput.COUNT) {
    override fun Aggregate<Int>.run(device: Device): Double = countDevices(device.isSource).toDouble()
}
