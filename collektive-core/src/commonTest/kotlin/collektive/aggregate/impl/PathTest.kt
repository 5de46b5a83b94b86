package collektive.aggregate.impl

import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotEquals
import kotlin.test.assertNotSame
import kotlin.test.assertSame

class PathTest {
    @Test
    fun `children are interned within a tree`() {
        val root = Path.root()
        assertSame(root.child(Operator.SHARE, 0), root.child(Operator.SHARE, 0))
        assertNotEquals(root.child(Operator.SHARE, 0), root.child(Operator.SHARE, 1))
        assertNotEquals(root.child(Operator.SHARE, 0), root.child(Operator.EXCHANGE, 0))
        assertNotEquals<Path>(root.child("a", 0).child(Operator.SHARE, 0), root.child("b", 0).child(Operator.SHARE, 0))
    }

    @Test
    fun `paths of different trees compare by structure`() {
        val a = Path.root().child(true, 2).child(Operator.NEIGHBORING, 1)
        val b = Path.root().child(true, 2).child(Operator.NEIGHBORING, 1)
        assertNotSame(a, b)
        assertEquals(a, b)
        assertEquals(a.hashCode(), b.hashCode())
        assertNotEquals(a, Path.root().child(false, 2).child(Operator.NEIGHBORING, 1))
        assertEquals(Path.root().child(null, 0), Path.root().child(null, 0))
        assertEquals("/true#2/NEIGHBORING#1", a.toString())
    }

    @Test
    fun `a table finds paths at the hinted position or by scanning`() {
        val root = Path.root()
        val table = PathTable()
        val paths = (0 until 20).map { root.child(Operator.EVOLVE, it) }
        paths.forEach { table[table.reserve(it)] = it.index }
        assertEquals(5, table.indexOf(paths[5], 5))
        assertEquals(5, table.indexOf(Path.root().child(Operator.EVOLVE, 5), 0))
        assertEquals(-1, table.indexOf(root.child(Operator.SHARE, 0), 3))
        assertEquals(19, table.indexOf(paths[19], -1))
        table.clear()
        assertEquals(-1, table.indexOf(paths[0], 0))
    }
}
