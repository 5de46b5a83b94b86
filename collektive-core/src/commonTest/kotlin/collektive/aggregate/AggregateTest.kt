package collektive.aggregate

import collektive.aggregate.api.max
import collektive.network.InboundMessages
import collektive.testing.Simulation
import collektive.testing.reverseOrder
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class AggregateTest {
    @Test
    fun `neighboring shows the values neighbours shared most recently, at the same point of the program`() {
        val sim = Simulation { neighboring(localId * 10).toMap() }
        sim.links(0..2, 0 to 1, 1 to 2)
        // Round 1 in reverse order: 2 runs first and sees nobody; 1 sees 2; 0 sees 1.
        val first = sim.round(reverseOrder(3))
        assertEquals(mapOf(2 to 20), first[2])
        assertEquals(mapOf(1 to 10, 2 to 20), first[1])
        assertEquals(mapOf(0 to 0, 1 to 10), first[0])
        val second = sim.round(reverseOrder(3))
        assertEquals(mapOf(2 to 20, 1 to 10), second[2])
        assertEquals(mapOf(1 to 10, 0 to 0, 2 to 20), second[1])
    }

    @Test
    fun `share keeps its result as the next local value and sends it to every neighbour`() {
        val sim = Simulation { share(localId) { field -> field.max(includeSelf = true)!! } }
        sim.links(0..3, 0 to 1, 1 to 2, 2 to 3)
        // Evaluating 0, 1, 2, 3 in that order spreads the maximum (3) one hop per round, against the order.
        val order = listOf(0, 1, 2, 3)
        assertEquals(mapOf(0 to 0, 1 to 1, 2 to 2, 3 to 3), sim.round(order))
        assertEquals(mapOf(0 to 1, 1 to 2, 2 to 3, 3 to 3), sim.round(order))
        assertEquals(mapOf(0 to 2, 1 to 3, 2 to 3, 3 to 3), sim.round(order))
        assertEquals(mapOf(0 to 3, 1 to 3, 2 to 3, 3 to 3), sim.round(order))
    }

    @Test
    fun `share passes the previous local value and the initial value in the first round`() {
        val seen = mutableListOf<Int>()
        val sim = Simulation { share(100) { field -> seen.add(field.local); field.local + 1 } }
        sim.links(listOf(0))
        repeat(3) { sim.round(listOf(0)) }
        assertEquals(listOf(100, 101, 102), seen)
    }

    @Test
    fun `exchange sends each neighbour its own value while share sends one value to all`() {
        val sim = Simulation {
            var received: Map<Int, Int> = emptyMap()
            val sent = exchange(-1) { field ->
                received = field.toMap()
                field.mapWithId { id, _ -> if (id == localId) -1 else localId * 100 + id }
            }
            var sharedSeen: Map<Int, Int> = emptyMap()
            share(-1) { field ->
                sharedSeen = field.toMap()
                localId * 1000
            }
            Triple(received, sent.toMap(), sharedSeen)
        }
        sim.links(0..2, 0 to 1, 1 to 2)
        sim.round(reverseOrder(3))
        val r = sim.round(reverseOrder(3))
        // exchange: device 1 received 0*100+1 from 0 and 2*100+1 from 2; it sent 100 to 0 and 102 to 2.
        assertEquals(mapOf(1 to -1, 0 to 1, 2 to 201), r.getValue(1).first)
        assertEquals(mapOf(1 to -1, 0 to 100, 2 to 102), r.getValue(1).second)
        assertEquals(100, r.getValue(0).first[1])
        assertEquals(102, r.getValue(2).first[1])
        // share: device 1 sent the same value (1000) to both neighbours.
        assertEquals(mapOf(1 to 1000, 0 to 0, 2 to 2000), r.getValue(1).third)
        assertEquals(1000, r.getValue(0).third[1])
        assertEquals(1000, r.getValue(2).third[1])
    }

    @Test
    fun `exchange gives a neighbour missing from the sent field the field's local value`() {
        val sim = Simulation {
            var received: Map<Int, Int> = emptyMap()
            exchange(localId) { field ->
                received = field.toMap()
                field.map { localId * 10 }
            }
            received
        }
        sim.links(0..1)
        sim.round(listOf(1, 0)) // no links: the fields sent have no neighbours
        sim.links(0..1, 0 to 1)
        assertEquals(mapOf(1 to 10), sim.round(listOf(1, 0))[1]) // 0's message predates the link: vanished
        // Device 0 now receives 1's field, which lacks 0: it gets that field's local value (10).
        assertEquals(mapOf(0 to 0, 1 to 10), sim.results[0])
        assertEquals(mapOf(1 to 10, 0 to 0), sim.round(listOf(1, 0))[1])
    }

    @Test
    fun `evolve keeps state across rounds without sending anything`() {
        val sim = Simulation { evolve(0) { it + 1 } }
        sim.links(0..1, 0 to 1)
        assertEquals(mapOf(1 to 1, 0 to 1), sim.round(reverseOrder(2)))
        assertEquals(mapOf(1 to 2, 0 to 2), sim.round(reverseOrder(2)))
        assertEquals(0, sim.entryCounts[0])
    }

    @Test
    fun `devices in different alignedOn branches do not see each other`() {
        val sim = Simulation { alignedOn(localId % 2 == 0) { neighboring(localId).neighbors.sorted() } }
        val all = 0..5
        sim.links(all, *all.flatMap { a -> all.filter { it > a }.map { a to it } }.toTypedArray())
        sim.round(reverseOrder(6))
        val r = sim.round(reverseOrder(6))
        assertEquals(listOf(2, 4), r[0])
        assertEquals(listOf(1, 5), r[3])
    }

    @Test
    fun `the same pivot in different places of the program does not align`() {
        val sim = Simulation {
            if (localId == 0) {
                alignedOn("x") { neighboring(localId).neighborCount }
            } else {
                neighboring(-1) // shifts the invocation index of what follows
                alignedOn("x") { neighboring(localId).neighborCount }
            }
        }
        sim.links(0..1, 0 to 1)
        sim.round(listOf(1, 0))
        assertEquals(mapOf(1 to 0, 0 to 0), sim.round(listOf(1, 0)))
    }

    @Test
    fun `successive calls of the same operator are aligned by invocation order`() {
        val sim = Simulation {
            val a = neighboring("a$localId")
            val b = neighboring("b$localId")
            a.neighbors.map { a[it] + b[it] }
        }
        sim.links(0..1, 0 to 1)
        sim.round(listOf(1, 0))
        assertEquals(listOf("a1b1"), sim.round(listOf(1, 0))[0])
    }

    @Test
    fun `operators nested in share are aligned under it`() {
        val sim = Simulation {
            share(0) { _ -> neighboring(localId + 1).fold(0) { acc, v -> acc + v } }
        }
        sim.links(0..2, 0 to 1, 0 to 2)
        sim.round(reverseOrder(3))
        assertEquals(2 + 3, sim.round(reverseOrder(3))[0])
    }

    @Test
    fun `a vanished neighbour's values disappear and do not come back until it sends again`() {
        val sim = Simulation { neighboring(localId).neighbors.sorted() }
        sim.links(0..2, 0 to 1, 0 to 2)
        sim.round(reverseOrder(3))
        assertEquals(listOf(1, 2), sim.round(reverseOrder(3))[0])
        sim.links(0..2, 0 to 2)
        assertEquals(listOf(2), sim.round(reverseOrder(3))[0])
        sim.links(0..2, 0 to 1, 0 to 2)
        assertEquals(listOf(2), sim.run(0)) // 1 has not sent since the link came back
        sim.run(1)
        assertEquals(listOf(1, 2), sim.run(0))
    }

    @Test
    fun `state of an operator not evaluated in a round is dropped`() {
        var flag = true
        val sim = Simulation { if (flag) alignedOn(true) { evolve(0) { it + 1 } } else alignedOn(false) { evolve(0) { it + 1 } } }
        sim.links(listOf(0))
        assertEquals(1, sim.run(0))
        assertEquals(2, sim.run(0))
        flag = false
        assertEquals(1, sim.run(0))
        flag = true
        assertEquals(1, sim.run(0))
    }

    @Test
    fun `a standalone round works with default state and no neighbours`() {
        val result = aggregate(7) { share(1) { it.local * 2 } }
        assertEquals(2, result.result)
        assertEquals(1, result.newState.entryCount)
        assertEquals(1, result.outbound.entryCount)
        assertEquals(7, result.outbound.senderId)
        assertEquals(4, aggregate(7, result.newState) { share(1) { it.local * 2 } }.result)
    }

    @Test
    fun `inbound messages listing the device itself are rejected`() {
        val mine = aggregate(3) { neighboring(1) }.outbound
        val e = assertFailsWith<IllegalArgumentException> { aggregate(3, AggregateState(), InboundMessages.of(listOf(mine))) { 0 } }
        assertTrue("3" in e.message!!)
    }

    @Test
    fun `an exchange returning another device's field is rejected`() {
        val other = aggregate(9) { neighboring(0) }.result
        assertFailsWith<IllegalArgumentException> { aggregate(1) { exchange(0) { other } } }
    }
}
