package collektive.vectors

import collektive.engine.Program
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class TestVectorsTest {
    @Test
    fun `every generated vector survives JSON and replays without a mismatch`() {
        val vectors = TestVectors.scenarios().map(TestVectors::generate)
        assertTrue(vectors.size >= 8)
        for (v in vectors) {
            val text = VectorJson.write(v)
            val back = VectorJson.read(text)
            assertEquals(text, VectorJson.write(back), v.name)
            assertEquals(emptyList(), TestVectors.check(back), v.name)
        }
        assertTrue(vectors.any { it.program == Program.HOP })
        assertTrue(vectors.any { v -> v.rounds.any { r -> r.expected!!.values.any { it.isInfinite() } } })
    }

    @Test
    fun `a tampered vector is reported`() {
        val v = TestVectors.generate(TestVectors.scenarios().first())
        val text = VectorJson.write(v)
        val tampered = VectorJson.read(text.replaceFirst("\"values\": [\"0.0\"", "\"values\": [\"0.5\""))
        assertEquals(1, TestVectors.check(tampered).size)
    }

    @Test
    fun `malformed vector files are IllegalArgumentExceptions`() {
        assertFailsWith<IllegalArgumentException> { VectorJson.read("") }
        assertFailsWith<IllegalArgumentException> { VectorJson.read("{\"format\": 2}") }
        assertFailsWith<IllegalArgumentException> { VectorJson.read("{\"format\": 1.5}") }
        assertFailsWith<IllegalArgumentException> { VectorJson.read("[1, 2") }
        val good = VectorJson.write(TestVectors.generate(TestVectors.scenarios().first()))
        assertFailsWith<IllegalArgumentException> { VectorJson.read(good.replace("\"program\": \"EUCLIDEAN\"", "\"program\": \"OTHER\"")) }
        assertFailsWith<IllegalArgumentException> { VectorJson.read(good + "x") }
    }
}
