package collektive.network

import collektive.aggregate.aggregate
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertNull
import kotlin.test.assertSame

class InMemoryNetworkTest {
    private fun message(from: Int) = aggregate(from) { neighboring(from) }.outbound

    @Test
    fun `inbound lists the current neighbours in order with their latest message`() {
        val net = InMemoryNetwork<Int>()
        net.updateTopology(mapOf(0 to listOf(2, 1), 1 to listOf(0), 2 to listOf(0)))
        val m1 = message(1)
        net.send(m1)
        val inbound = net.inbound(0)
        assertEquals(2, inbound.size)
        assertEquals(2, inbound.neighborAt(0))
        assertNull(inbound.messageAt(0))
        assertSame(m1, inbound.messageAt(1))
        val newer = message(1)
        net.send(newer)
        assertSame(newer, net.inbound(0).messageAt(1))
    }

    @Test
    fun `messages from devices that are no longer neighbours vanish`() {
        val net = InMemoryNetwork<Int>()
        net.updateTopology(mapOf(0 to listOf(1), 1 to listOf(0)))
        net.send(message(1))
        net.updateTopology(mapOf(0 to emptyList(), 1 to emptyList()))
        assertEquals(0, net.inbound(0).size)
        net.updateTopology(mapOf(0 to listOf(1), 1 to listOf(0)))
        assertNull(net.inbound(0).messageAt(0))
    }

    @Test
    fun `a device cannot be its own neighbour nor appear twice`() {
        val net = InMemoryNetwork<Int>()
        assertFailsWith<IllegalArgumentException> { net.updateTopology(mapOf(0 to listOf(0))) }
        assertFailsWith<IllegalArgumentException> { net.updateTopology(mapOf(0 to listOf(1, 1))) }
        assertFailsWith<IllegalArgumentException> { InboundMessages.Builder<Int>().add(1, null).add(1, null) }
        assertFailsWith<IllegalArgumentException> { InboundMessages.Builder<Int>().add(2, message(1)) }
        assertFailsWith<IllegalArgumentException> { InboundMessages.empty<Int>().neighborAt(0) }
    }
}
