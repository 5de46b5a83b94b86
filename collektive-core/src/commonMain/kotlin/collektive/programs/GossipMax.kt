package collektive.programs

import collektive.aggregate.api.Aggregate
import collektive.engine.Device
import collektive.engine.Program
import collektive.engine.ProgramOutput
import collektive.stdlib.gossip.gossipMax

/** `gossipMax`: the largest device id of the device's connected component, by self-stabilising gossip. */
public object GossipMax : Program("gossipMax", ProgramOutput.DEVICE_ID) {
    override fun Aggregate<Int>.run(device: Device): Double = gossipMax(device.id).toDouble()
}
