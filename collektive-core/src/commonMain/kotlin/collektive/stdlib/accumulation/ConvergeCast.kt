package collektive.stdlib.accumulation

import collektive.aggregate.api.Aggregate
import collektive.aggregate.api.doubleAt
import collektive.aggregate.impl.shareInline
import collektive.stdlib.spreading.hopGradient

/** What a device shares in [convergeCast]: the neighbour it sends to ([parent], null for none) and its partial [value]. */
public class Collected<ID : Any, out T>(
    /** The neighbour this device's partial goes to. */
    public val parent: ID?,
    /** The accumulation of this device's subtree. */
    public val value: T,
)

/**
 * Collection towards the sinks (Collektive's `convergeCast`): each device picks as parent the neighbour with the
 * smallest [potential] below its own (the first in field order, so the lowest id, on ties) and yields [local]
 * accumulated with the partial results of the neighbours that picked it. Down a potential that is 0 at the sinks
 * (a gradient), each sink ends up holding the accumulation over its whole collection tree; a change of topology
 * is reflected as soon as the potential and the parents settle again. Where the potential does not settle (a
 * component that lost every sink: a plain gradient there rises round after round, its count to infinity), the
 * parents may form loops and the partial results there are meaningless until a sink is reachable again.
 */
public fun <ID : Any, T> Aggregate<ID>.convergeCast(local: T, potential: Double, accumulate: (T, T) -> T): T {
    val potentials = neighboring(potential)
    var parent: ID? = null
    var lowest = potential
    for (k in 0 until potentials.neighborCount) {
        val p = potentials.doubleAt(k) // unboxed when the neighbours' potentials travelled unboxed
        if (p < lowest) {
            lowest = p
            parent = potentials.neighborAt(k)
        }
    }
    val self = localId // read once, not through the interface per neighbour
    @Suppress("UNCHECKED_CAST")
    val nothingYet = NOTHING_YET as Collected<ID, T>
    return shareInline(nothingYet) { field ->
        var total = local
        for (k in 0 until field.neighborCount) {
            val child = field.valueIn(k)
            val to = child.parent
            // Identity first: hosts keep one boxed id per device (an equals per neighbour is a virtual call).
            if (to === self || to == self) total = accumulate(total, child.value)
        }
        // Last round's partial is kept when it is equal to this round's (the usual case once the tree settled): no
        // allocation per device per round.
        val previous = field.local
        if (previous !== nothingYet && (previous.parent === parent || previous.parent == parent) &&
            (previous.value === total || previous.value == total)
        ) {
            previous
        } else {
            Collected(parent, total)
        }
    }.value
}

/** The partial of a device before its first round (never sent: a share sends only its body's results). */
private val NOTHING_YET: Collected<Nothing, Nothing?> = Collected(null, null)

/**
 * Counts the devices (Collektive's `countDevices`): a [convergeCast] sum of 1 per device down the hop-count
 * gradient from the sinks. A sink yields the number of devices in its collection tree (its whole connected
 * component when it is the only sink there), any other device the size of its subtree.
 */
public fun <ID : Any> Aggregate<ID>.countDevices(sink: Boolean): Int =
    convergeCast(1, hopGradient(sink)) { a, b -> a + b }
