package collektive.programs

import collektive.aggregate.api.Aggregate
import collektive.engine.Device
import collektive.engine.Program
import collektive.engine.ProgramOutput

/**
 * `sourceNeighbors`: how many of the device's neighbours are sources. The worked example of docs/programs.md
 * ("Bring your own program"): one file plus its line in [Programs.entries].
 */
public object SourceNeighbors : Program("sourceNeighbors", ProgramOutput.COUNT) {
    override fun Aggregate<Int>.run(device: Device): Double =
        neighboring(device.isSource).count { it }.toDouble()
}
