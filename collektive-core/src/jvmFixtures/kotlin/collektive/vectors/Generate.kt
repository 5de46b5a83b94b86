package collektive.vectors

import java.io.File

/**
 * Writes every vector of [TestVectors.scenarios] as `<name>.json`, plus `index.json` listing them, into the
 * directory given as the only argument (collektive-core/test-vectors). Run by `npm run vectors`.
 */
public fun main(args: Array<String>) {
    require(args.size == 1) { "usage: collektive.vectors.GenerateKt <output directory>" }
    val dir = File(args[0])
    dir.mkdirs()
    val files = VectorFiles.render()
    for ((name, text) in files) File(dir, name).writeText(text)
    println("wrote ${files.size} files to ${dir.path}")
}

/** The files of the test-vector directory, by name, rendered in memory. */
public object VectorFiles {
    /** File name → content, `index.json` included. */
    public fun render(): Map<String, String> {
        val out = LinkedHashMap<String, String>()
        val vectors = TestVectors.scenarios().map(TestVectors::generate)
        for (v in vectors) out["${v.name}.json"] = VectorJson.write(v)
        out["index.json"] = vectors.joinToString(",\n", prefix = "{\n  \"format\": ${VectorJson.FORMAT},\n  \"vectors\": [\n", postfix = "\n  ]\n}\n") {
            "    \"${it.name}.json\""
        }
        return out
    }
}
