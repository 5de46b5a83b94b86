package collektive.stdlib.gossip

import collektive.aggregate.api.Aggregate

/**
 * What a device holds in [gossipMax]: the [best] value it knows and the [path] of devices it came through, from the
 * device where it is local to this one (both included).
 */
public class Gossip<ID : Any, out T>(
    /** The largest value known. */
    public val best: T,
    /** Devices the value travelled through, its origin first. */
    public val path: List<ID>,
)

/**
 * Self-stabilising gossip of the largest value (Collektive's `gossipMax`): every device converges to the largest
 * [local] of its connected component, and forgets a value once the device holding it leaves. Each device keeps
 * the best of its own [local] and its neighbours' values, each neighbour's value extended by this device, ignoring
 * values whose path already went through this device (they could only be echoes of its own past). A value whose
 * origin is gone survives only along ever longer loop-free paths, so it dies within as many rounds as the
 * component has devices. Ties keep the shorter path, then the neighbour first in field order (lowest id).
 */
public fun <ID : Any, T : Comparable<T>> Aggregate<ID>.gossipMax(local: T): T {
    val own = Gossip(local, listOf(localId))
    return share(own) { field ->
        var best: Gossip<ID, T> = own
        var bestLength = 1
        for (k in 0 until field.neighborCount) {
            val heard = field.valueAt(k)
            if (localId in heard.path) continue
            val length = heard.path.size + 1
            val order = heard.best.compareTo(best.best)
            if (order > 0 || (order == 0 && length < bestLength)) {
                best = heard
                bestLength = length
            }
        }
        if (best === own) own else Gossip(best.best, best.path + localId)
    }.best
}
