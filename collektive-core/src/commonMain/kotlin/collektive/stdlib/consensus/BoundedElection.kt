package collektive.stdlib.consensus

import collektive.aggregate.api.Aggregate
import collektive.aggregate.impl.shareInline

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
    val self = localId
    @Suppress("UNCHECKED_CAST")
    val nothingYet = NOTHING_YET as Candidacy<ID>
    return shareInline(nothingYet) { field ->
        var bestStrength = strength
        var bestDistance = 0
        var bestLeader = self
        for (k in 0 until field.neighborCount) {
            val heard = field.valueIn(k)
            val distance = heard.distance + 1
            if (distance > bound) continue
            if (isBetter(heard.strength, distance, heard.leader, bestStrength, bestDistance, bestLeader)) {
                bestStrength = heard.strength
                bestDistance = distance
                bestLeader = heard.leader
            }
        }
        // Last round's candidacy is kept when it is equal to this round's (the usual case once the election
        // settled): no allocation per device per round.
        val previous = field.local
        if (previous !== nothingYet && previous.strength == bestStrength && previous.distance == bestDistance &&
            (previous.leader === bestLeader || previous.leader == bestLeader)
        ) {
            previous
        } else {
            Candidacy(bestStrength, bestDistance, bestLeader)
        }
    }.leader
}

/** The candidacy of a device before its first round (never sent: a share sends only its body's results). */
private val NOTHING_YET: Candidacy<*> = Candidacy(Double.NaN, -1, 0)

private fun <ID : Comparable<ID>> isBetter(
    strength: Double,
    distance: Int,
    leader: ID,
    thanStrength: Double,
    thanDistance: Int,
    thanLeader: ID,
): Boolean = when {
    strength != thanStrength -> strength > thanStrength
    distance != thanDistance -> distance < thanDistance
    else -> leader < thanLeader
}
