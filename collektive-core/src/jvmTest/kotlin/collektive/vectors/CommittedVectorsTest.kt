package collektive.vectors

import java.io.File
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class CommittedVectorsTest {
    private val dir = File(System.getProperty("collektive.vectors.dir") ?: "test-vectors")

    @Test
    fun `the committed test vectors equal the ones this build generates`() {
        val rendered = VectorFiles.render()
        val committed = dir.listFiles { f -> f.name.endsWith(".json") }.orEmpty().map { it.name }.toSet()
        assertEquals(rendered.keys, committed, "files in $dir (regenerate with npm run vectors)")
        for ((name, text) in rendered) {
            assertEquals(text, File(dir, name).readText(), "$name differs from the generator (regenerate with npm run vectors)")
        }
    }

    @Test
    fun `the committed test vectors replay exactly on the JVM`() {
        val files = dir.listFiles { f -> f.name.endsWith(".json") && f.name != "index.json" }.orEmpty()
        assertTrue(files.size >= 8)
        for (f in files) assertEquals(emptyList(), TestVectors.check(VectorJson.read(f.readText())), f.name)
    }
}
