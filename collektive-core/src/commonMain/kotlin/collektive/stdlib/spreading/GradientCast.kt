package collektive.stdlib.spreading

import collektive.aggregate.api.Aggregate
import collektive.aggregate.api.Field
import collektive.aggregate.api.doubleAt
import collektive.aggregate.impl.shareInline
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
    @Suppress("UNCHECKED_CAST")
    val nothingYet = NOTHING_YET as Spread<T>
    return shareInline(nothingYet) { field ->
        var distance = POSITIVE_INFINITY
        var value = local
        if (source) {
            distance = 0.0
        } else {
            // The nearest neighbour through its link.
            field.forEachAligned(metric) { a, b ->
                val heard = field.valueIn(a)
                val d = heard.distance + metric.doubleAt(b)
                if (d < distance) {
                    distance = d
                    value = heard.value
                }
            }
        }
        // Last round's value is kept when it is equal to this round's (the usual case once the gradient settled): no
        // allocation per device per round.
        val previous = field.local
        if (previous !== nothingYet && previous.distance == distance && (previous.value === value || previous.value == value)) {
            previous
        } else {
            Spread(distance, value)
        }
    }.value
}

/** The value of a device before its first round (never sent: a share sends only its body's results). */
private val NOTHING_YET: Spread<Nothing?> = Spread(Double.NaN, null)
