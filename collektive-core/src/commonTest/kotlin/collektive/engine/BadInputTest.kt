package collektive.engine

import kotlin.test.Test
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class BadInputTest {
    private fun assertRejected(vararg words: String, block: () -> Unit) {
        val e = assertFailsWith<IllegalArgumentException>(block = block)
        for (w in words) assertTrue(w in e.message!!, "message \"${e.message}\" should mention \"$w\"")
    }

    @Test
    fun `invalid node ids are rejected with the id in the message`() {
        val engine = AggregateEngine(5, 3.0)
        assertRejected("node", "5") { engine.setSource(5, true) }
        assertRejected("node", "-1") { engine.isSource(-1) }
        assertRejected("node", "7") { engine.updatePosition(7, 0.0, 0.0, 0.0) }
        assertRejected("node", "5") { engine.value(5) }
        assertRejected("node", "9") { engine.neighbors(9) }
        assertRejected("node", "5") { engine.position(5) }
    }

    @Test
    fun `negative counts are rejected`() {
        assertRejected("nodeCount", "-1") { AggregateEngine(-1, 3.0) }
        assertRejected("rounds", "-2") { AggregateEngine(3, 3.0).step(-2) }
        assertRejected("nodeCount") { Scenarios.randomPositions(-4, 1L) }
        assertRejected("nodeCount") { Scenarios.referencePositions(-1) }
    }

    @Test
    fun `NaN and infinite positions are rejected and leave the engine unchanged`() {
        val engine = AggregateEngine(2, 3.0)
        assertRejected("x", "NaN") { engine.updatePosition(0, Double.NaN, 0.0, 0.0) }
        assertRejected("z", "Infinity") { engine.updatePosition(1, 0.0, 0.0, Double.POSITIVE_INFINITY) }
        engine.updatePosition(1, 1.0, 1.0, 1.0)
        assertRejected("xyz[4]", "NaN") { engine.updatePositions(doubleArrayOf(0.0, 0.0, 0.0, 0.0, Double.NaN, 0.0)) }
        assertTrue(engine.position(1).contentEquals(doubleArrayOf(1.0, 1.0, 1.0)))
    }

    @Test
    fun `wrong array sizes are rejected`() {
        assertRejected("size", "6", "5") { AggregateEngine(2, 3.0).updatePositions(DoubleArray(5)) }
    }

    @Test
    fun `invalid distances are rejected`() {
        assertRejected("maxDistance", "NaN") { AggregateEngine(2, Double.NaN) }
        assertRejected("maxDistance", "0.0") { AggregateEngine(2, 0.0) }
        assertRejected("maxDistance", "Infinity") { AggregateEngine(2, 3.0).maxDistance = Double.POSITIVE_INFINITY }
        assertRejected("maxDistance", "-1.0") { Scenarios.randomPositions(3, 1L, maxDistance = -1.0) }
        assertRejected("meanDegree") { Scenarios.randomPositions(3, 1L, meanDegree = 0.0) }
        assertRejected("radius") { SpatialGrid().build(DoubleArray(3), 1, Double.NaN) }
    }
}
