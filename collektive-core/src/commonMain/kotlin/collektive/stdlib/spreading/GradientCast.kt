package collektive.stdlib.spreading

import collektive.aggregate.api.Aggregate
import collektive.aggregate.api.Field
import collektive.aggregate.api.doubleAt
import kotlin.Double.Companion.POSITIVE_INFINITY

/** A value on its way down a gradient: the [distance] from the source it came from and the [value] it carries. */
public class Spread<out T>(
    /** Distance from the source along the links (+∞: no source reached). */
    public val distance: Double,
    /** The source's value. */
    public val value: T,
)

/**
 * Broadcasts [local] from the sources along the gradient (Collektive's `gradientCast`): a source yields its own
 * [local]; any other device yields the value of the neighbour with the smallest (distance + [metric]) (the first
 * in field order, so the lowest id, on ties), or its own [local] when no source is reachable. Every device thus
 * holds the value of its nearest source.
 */
public fun <ID : Any, T> Aggregate<ID>.gradientCast(source: Boolean, local: T, metric: Field<ID, Double>): T {
    val unreached = Spread(POSITIVE_INFINITY, local)
    return share(unreached) { field ->
        if (source) {
            Spread(0.0, local)
        } else {
            // The nearest neighbour through its link, one Spread allocated for the winner only.
            var bestDistance = POSITIVE_INFINITY
            var from: Spread<T>? = null
            field.forEachAligned(metric) { a, b ->
                val heard = field.valueIn(a)
                val distance = heard.distance + metric.doubleAt(b)
                if (distance < bestDistance) {
                    bestDistance = distance
                    from = heard
                }
            }
            val winner = from
            if (winner == null) unreached else Spread(bestDistance, winner.value)
        }
    }.value
}
