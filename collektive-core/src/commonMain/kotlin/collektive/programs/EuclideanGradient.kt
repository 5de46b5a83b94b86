package collektive.programs

import collektive.aggregate.api.Aggregate
import collektive.engine.Device
import collektive.engine.Program
import collektive.engine.ProgramOutput
import collektive.stdlib.spreading.euclideanGradient

/** `euclidean`, the reference program: distance from the nearest source along the links, +∞ when unreachable. */
public object EuclideanGradient : Program("euclidean", ProgramOutput.DISTANCE) {
    override fun Aggregate<Int>.run(device: Device): Double = euclideanGradient(device.isSource, device.distances)
}
