package collektive.stdlib.consensus

import collektive.aggregate.api.Aggregate

/**
 * A device's candidate in [boundedElection]: the [leader] with its [strength], [distance] hops away.
 */
public class Candidacy<ID : Any>(
    /** The candidate's strength (higher wins). */
    public val strength: Double,
    /** Hops from the candidate to this device. */
    public val distance: Int,
    /** The candidate's id. */
    public val leader: ID,
)

/**
 * Leader election within a bound (Collektive's `boundedElection`, hop metric): every device elects the candidate
 * of highest [strength] among those at most [bound] hops away along devices that elected it too (ties: fewer hops,
 * then the lower id); a device no stronger candidate reaches elects itself. Candidacies travel one hop per round
 * and die past [bound], so the election forgets a candidate that leaves within [bound] rounds. Returns the
 * elected device's id.
 */
public fun <ID : Comparable<ID>> Aggregate<ID>.boundedElection(strength: Double, bound: Int): ID {
    require(bound >= 0) { "bound must be >= 0, was $bound" }
    val own = Candidacy(strength, 0, localId)
    return share(own) { field ->
        var best = own
        for (k in 0 until field.neighborCount) {
            val heard = field.valueIn(k)
            val distance = heard.distance + 1
            if (distance > bound) continue
            if (isBetter(heard.strength, distance, heard.leader, best)) best = Candidacy(heard.strength, distance, heard.leader)
        }
        best
    }.leader
}

private fun <ID : Comparable<ID>> isBetter(strength: Double, distance: Int, leader: ID, than: Candidacy<ID>): Boolean = when {
    strength != than.strength -> strength > than.strength
    distance != than.distance -> distance < than.distance
    else -> leader < than.leader
}
