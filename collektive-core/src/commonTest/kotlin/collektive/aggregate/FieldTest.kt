package collektive.aggregate

import collektive.aggregate.api.Field
import collektive.aggregate.api.max
import collektive.aggregate.api.min
import collektive.aggregate.api.minOfSums
import collektive.aggregate.api.minValue
import collektive.aggregate.api.plus
import collektive.network.InboundMessages
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

class FieldTest {
    /** The field device 0 sees when devices 1, 2, 3 shared 10.0, 20.0, 30.0 and device 4 is silent. */
    private fun sample(): Pair<Field<Int, Double>, Field<Int, Double>> {
        val messages = listOf(1 to 10.0, 2 to 20.0, 3 to 30.0).map { (id, v) -> aggregate(id) { neighboring(v) }.outbound }
        val inbound = InboundMessages.Builder<Int>().apply { messages.forEach { add(it.senderId, it) }; add(4, null) }.build()
        var shared: Field<Int, Double>? = null
        var sensed: Field<Int, Double>? = null
        aggregate(0, AggregateState(), inbound) {
            shared = neighboring(5.0)
            sensed = neighborhoodField(0.0) { index, id -> index + id / 10.0 }
        }
        return shared!! to sensed!!
    }

    @Test
    fun `a field holds the local value and the aligned neighbours only`() {
        val (f, _) = sample()
        assertEquals(0, f.localId)
        assertEquals(5.0, f.local)
        assertEquals(listOf(1, 2, 3), f.neighbors)
        assertEquals(3, f.neighborCount)
        assertEquals(20.0, f[2])
        assertEquals(5.0, f[0])
        assertTrue(3 in f)
        assertFalse(4 in f)
        assertEquals(-1.0, f.getOrElse(4, -1.0))
        assertEquals(mapOf(0 to 5.0, 1 to 10.0, 2 to 20.0, 3 to 30.0), f.toMap())
    }

    @Test
    fun `reading a device that is not in the field is an IllegalArgumentException`() {
        val (f, _) = sample()
        val e = assertFailsWith<IllegalArgumentException> { f[4] }
        assertTrue("4" in e.message!!)
        assertFailsWith<IllegalArgumentException> { f.valueAt(3) }
        assertFailsWith<IllegalArgumentException> { f.neighborAt(-1) }
    }

    @Test
    fun `a neighbourhood field covers every neighbour, silent ones included`() {
        val (_, s) = sample()
        assertEquals(listOf(1, 2, 3, 4), s.neighbors)
        assertEquals(3.4, s[4])
    }

    @Test
    fun `map, fold, all, any and count range over the neighbours unless self is included`() {
        val (f, _) = sample()
        assertEquals(mapOf(0 to 10.0, 1 to 20.0, 2 to 40.0, 3 to 60.0), f.map { it * 2 }.toMap())
        assertEquals(60.0, f.fold(0.0) { acc, v -> acc + v })
        assertEquals(6, f.foldWithId(0) { acc, id, _ -> acc + id })
        assertTrue(f.all { it >= 10.0 })
        assertFalse(f.all(includeSelf = true) { it >= 10.0 })
        assertFalse(f.any { it < 10.0 })
        assertTrue(f.any(includeSelf = true) { it < 10.0 })
        assertEquals(3, f.count())
        assertEquals(4, f.count(includeSelf = true))
        assertEquals(2, f.count { it > 15.0 })
    }

    @Test
    fun `min and max exclude the local value unless asked`() {
        val (f, _) = sample()
        assertEquals(10.0, f.min())
        assertEquals(5.0, f.min(includeSelf = true))
        assertEquals(30.0, f.max())
        val lonely = aggregate(0) { neighboring(1.0) }.result
        assertNull(lonely.min())
        assertEquals(1.0, lonely.max(includeSelf = true))
    }

    @Test
    fun `aligned operations combine the devices present in both fields`() {
        val (f, s) = sample()
        val sum = f + s
        assertEquals(listOf(1, 2, 3), sum.neighbors)
        assertEquals(10.0 + (0 + 0.1), sum[1])
        assertEquals(30.0 + (2 + 0.3), sum[3])
        assertEquals(5.0, sum.local)
        assertEquals(10.0 + (0 + 0.1), f.minOfSums(s, Double.POSITIVE_INFINITY))
        assertEquals(mapOf(0 to 6.0, 1 to 11.0, 2 to 21.0, 3 to 31.0), (f + 1.0).toMap())
    }

    @Test
    fun `fields mixing doubles and other values keep every value`() {
        val messages = listOf<Pair<Int, Any>>(1 to 1.5, 2 to "x", 3 to 2.5, 4 to -0.0).map { (id, v) -> aggregate(id) { neighboring(v) }.outbound }
        val f = aggregate(0, AggregateState(), InboundMessages.of(messages)) { neighboring<Any>(0.0) }.result
        assertEquals(mapOf<Int, Any>(0 to 0.0, 1 to 1.5, 2 to "x", 3 to 2.5, 4 to -0.0), f.toMap())
        val doublesOnly = aggregate(0, AggregateState(), InboundMessages.of(listOf(messages[0], messages[3]))) { neighboring(9.0) }.result
        assertEquals((-0.0).toRawBits(), doublesOnly[4].toRawBits())
        assertEquals(-0.0, doublesOnly.minValue(Double.POSITIVE_INFINITY))
        assertEquals(9.0, aggregate(0) { neighboring(9.0) }.result.minValue(Double.NaN, includeSelf = true))
        assertEquals(Double.POSITIVE_INFINITY, aggregate(0) { neighboring(9.0) }.result.minValue(Double.POSITIVE_INFINITY))
    }
}
