package collektive.stdlib.spreading

import collektive.aggregate.api.Aggregate
import collektive.aggregate.api.Field
import collektive.aggregate.api.minOfSums
import collektive.aggregate.api.minValue
import collektive.aggregate.impl.shareDoubles
import kotlin.Double.Companion.POSITIVE_INFINITY

/**
 * Euclidean gradient (the reference study's program): a source yields 0.0; any other device yields the minimum
 * over its aligned neighbours of (neighbour's value + [distances] to that neighbour), +∞ when no neighbour has a
 * finite value. Built with [Aggregate.share]; [distances] is a field over the neighbourhood (for instance
 * [Aggregate.neighborhoodField] fed by the host's positions).
 */
public fun <ID : Any> Aggregate<ID>.euclideanGradient(isSource: Boolean, distances: Field<ID, Double>): Double =
    shareDoubles(POSITIVE_INFINITY) { field ->
        if (isSource) 0.0 else field.minOfSums(distances, POSITIVE_INFINITY)
    }

/**
 * Hop-count gradient: a source yields 0.0; any other device yields 1 + the minimum over its aligned neighbours'
 * values, +∞ when no neighbour has a finite value.
 */
public fun <ID : Any> Aggregate<ID>.hopGradient(isSource: Boolean): Double =
    shareDoubles(POSITIVE_INFINITY) { field ->
        if (isSource) 0.0 else field.minValue(POSITIVE_INFINITY) + 1.0
    }
