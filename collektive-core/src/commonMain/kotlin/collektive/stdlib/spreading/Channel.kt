package collektive.stdlib.spreading

import collektive.aggregate.api.Aggregate
import collektive.aggregate.api.Field

/**
 * The channel between the sources and the destinations (the classic block built on two gradients): true on the
 * devices whose detour, distance to the nearest source + distance to the nearest destination, exceeds the
 * source–destination distance by at most [width]; false elsewhere and wherever a source or a destination is
 * unreachable. The source–destination distance is the destination gradient's value at the nearest source,
 * broadcast from it with [gradientCast]; [metric] is the distance to each neighbour.
 */
public fun <ID : Any> Aggregate<ID>.channel(
    source: Boolean,
    destination: Boolean,
    width: Double,
    metric: Field<ID, Double>,
): Boolean {
    val toSource = euclideanGradient(source, metric)
    val toDestination = euclideanGradient(destination, metric)
    val between = gradientCast(source, toDestination, metric)
    return toSource.isFinite() && toDestination.isFinite() && between.isFinite() &&
        toSource + toDestination <= between + width
}
