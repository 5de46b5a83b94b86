package collektive.stdlib.gossip

import collektive.aggregate.AggregateState
import collektive.aggregate.aggregate
import collektive.network.InMemoryNetwork
import kotlin.test.Test
import kotlin.test.assertEquals

/**
 * gossipMax with ids that are not Ints: its paths then hold references rather than an IntArray (the engine's
 * programs, checked against an oracle in ProgramOraclesTest, only ever use Int ids).
 */
class GossipTest {
    private val network = InMemoryNetwork<String>()
    private val states = HashMap<String, AggregateState>()

    private fun round(devices: List<String>): Map<String, String> = devices.associateWith { d ->
        val r = aggregate(d, states[d] ?: AggregateState(), network.inbound(d)) { gossipMax(localId) }
        states[d] = r.newState
        network.send(r.outbound)
        r.result
    }

    private fun line(devices: List<String>) {
        network.updateTopology(devices.indices.associate { k -> devices[k] to listOfNotNull(devices.getOrNull(k - 1), devices.getOrNull(k + 1)) })
    }

    @Test
    fun `string ids converge to the largest id of the line, keep it once settled, and forget a device that left`() {
        val all = listOf("d", "c", "b", "a")
        line(all.reversed())
        repeat(all.size) { round(all) }
        assertEquals(all.associateWith { "d" }, round(all))
        assertEquals(all.associateWith { "d" }, round(all)) // settled: the values are kept round after round

        val left = listOf("c", "b", "a")
        line(left.reversed())
        repeat(2 * left.size + 1) { round(left) }
        assertEquals(left.associateWith { "c" }, round(left))
    }
}
