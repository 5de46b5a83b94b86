package collektive.vectors

import collektive.engine.EngineState
import collektive.engine.Program
import collektive.programs.EuclideanGradient
import collektive.programs.HopGradient
import collektive.programs.Programs

/**
 * Reads and writes the test-vector files (format: collektive-core/README.md). These files are fixtures of this
 * project, not protocol messages: common code has no JSON library (docs/toolchain.md), so the fixed schema is written
 * and read here, strictly (any deviation is an [IllegalArgumentException]).
 *
 * Doubles are JSON strings: "Infinity", "-Infinity", "NaN" or a decimal that parses back to the exact same
 * double (the JVM's `Double.toString`); readers compare parsed values bit for bit, never strings.
 */
public object VectorJson {
    /** Format version written in every file. */
    public const val FORMAT: Int = 1

    /** [vector] as JSON text (ends with a newline). */
    public fun write(vector: TestVector): String {
        val sb = StringBuilder()
        sb.append("{\n")
        sb.append("  \"format\": ").append(FORMAT).append(",\n")
        sb.append("  \"name\": ").append(quote(vector.name)).append(",\n")
        sb.append("  \"description\": ").append(quote(vector.description)).append(",\n")
        sb.append("  \"nodeCount\": ").append(vector.nodeCount).append(",\n")
        sb.append("  \"maxDistance\": ").append(number(vector.maxDistance)).append(",\n")
        sb.append("  \"program\": ").append(quote(programField(vector.program))).append(",\n")
        vector.randomLayout?.let {
            sb.append("  \"randomLayout\": {\"seed\": ").append(it.seed).append(", \"meanDegree\": ").append(number(it.meanDegree)).append("},\n")
        }
        sb.append("  \"rounds\": [")
        for ((r, round) in vector.rounds.withIndex()) {
            sb.append(if (r == 0) "\n" else ",\n")
            sb.append("    {\"ops\": [")
            round.ops.forEachIndexed { k, op -> if (k > 0) sb.append(", "); writeOp(sb, op) }
            sb.append("], \"steps\": ").append(round.steps)
            val expected = requireNotNull(round.expected) { "round $r of ${vector.name} has no expected state: generate it first" }
            sb.append(",\n     \"values\": [")
            expected.values.forEachIndexed { i, v -> if (i > 0) sb.append(", "); sb.append(number(v)) }
            sb.append("],\n     \"neighbors\": [")
            expected.neighbors.forEachIndexed { i, list ->
                if (i > 0) sb.append(", ")
                sb.append('[')
                list.forEachIndexed { k, id -> if (k > 0) sb.append(','); sb.append(id) }
                sb.append(']')
            }
            sb.append("]}")
        }
        sb.append("\n  ]\n}\n")
        return sb.toString()
    }

    /**
     * The `program` field: the program's spec ([Program.spec], read back with [Programs.parse], which ignores case),
     * except for the two programs that predate the suite, written `EUCLIDEAN` and `HOP` as before so that readers
     * selecting the reference program's vectors by that name keep working.
     */
    public fun programField(program: Program): String = when (program) {
        EuclideanGradient -> "EUCLIDEAN"
        HopGradient -> "HOP"
        else -> program.spec
    }

    /** Parses a file written by [write]. */
    public fun read(text: String): TestVector {
        val root = obj(JsonReader(text).document(), "vector")
        val format = int(root["format"], "format")
        require(format == FORMAT) { "unsupported test-vector format $format (expected $FORMAT)" }
        val nodeCount = int(root["nodeCount"], "nodeCount")
        val layout = root["randomLayout"]?.let {
            val o = obj(it, "randomLayout")
            RandomLayout(long(o["seed"], "randomLayout.seed"), double(o["meanDegree"], "randomLayout.meanDegree"))
        }
        val programName = string(root["program"], "program")
        val program = Programs.parse(programName, nodeCount)
        val rounds = list(root["rounds"], "rounds").mapIndexed { r, element ->
            val o = obj(element, "rounds[$r]")
            val ops = list(o["ops"], "rounds[$r].ops").mapIndexed { k, op -> readOp(obj(op, "rounds[$r].ops[$k]"), "rounds[$r].ops[$k]") }
            val values = list(o["values"], "rounds[$r].values").mapIndexed { i, v -> double(v, "rounds[$r].values[$i]") }.toDoubleArray()
            val neighbors = list(o["neighbors"], "rounds[$r].neighbors").mapIndexed { i, l ->
                list(l, "rounds[$r].neighbors[$i]").mapIndexed { k, id -> int(id, "rounds[$r].neighbors[$i][$k]") }.toIntArray()
            }.toTypedArray()
            VectorRound(ops, int(o["steps"], "rounds[$r].steps"), EngineState(values, neighbors))
        }
        return TestVector(
            string(root["name"], "name"), string(root["description"], "description"), nodeCount,
            double(root["maxDistance"], "maxDistance"), program, layout, rounds,
        )
    }

    private fun writeOp(sb: StringBuilder, op: VectorOp) {
        when (op) {
            is VectorOp.SetSource -> sb.append("{\"op\": \"setSource\", \"node\": ").append(op.node).append(", \"isSource\": ").append(op.isSource).append('}')
            VectorOp.ClearSources -> sb.append("{\"op\": \"clearSources\"}")
            is VectorOp.UpdatePosition -> sb.append("{\"op\": \"updatePosition\", \"node\": ").append(op.node)
                .append(", \"xyz\": [").append(number(op.x)).append(", ").append(number(op.y)).append(", ").append(number(op.z)).append("]}")
            is VectorOp.UpdatePositions -> {
                sb.append("{\"op\": \"updatePositions\", \"xyz\": [")
                op.xyz.forEachIndexed { k, v -> if (k > 0) sb.append(", "); sb.append(number(v)) }
                sb.append("]}")
            }
        }
    }

    private fun readOp(o: Map<String, Any?>, where: String): VectorOp = when (val name = string(o["op"], "$where.op")) {
        "setSource" -> VectorOp.SetSource(int(o["node"], "$where.node"), bool(o["isSource"], "$where.isSource"))
        "clearSources" -> VectorOp.ClearSources
        "updatePosition" -> {
            val xyz = list(o["xyz"], "$where.xyz")
            require(xyz.size == 3) { "$where.xyz must have 3 coordinates, has ${xyz.size}" }
            VectorOp.UpdatePosition(int(o["node"], "$where.node"), double(xyz[0], "$where.xyz[0]"), double(xyz[1], "$where.xyz[1]"), double(xyz[2], "$where.xyz[2]"))
        }
        "updatePositions" -> VectorOp.UpdatePositions(list(o["xyz"], "$where.xyz").mapIndexed { k, v -> double(v, "$where.xyz[$k]") }.toDoubleArray())
        else -> throw IllegalArgumentException("$where: unknown op \"$name\"")
    }

    private fun number(v: Double): String = "\"$v\""

    private fun quote(s: String): String {
        val sb = StringBuilder("\"")
        for (c in s) {
            when {
                c == '"' -> sb.append("\\\"")
                c == '\\' -> sb.append("\\\\")
                c == '\n' -> sb.append("\\n")
                c < ' ' -> sb.append("\\u").append(c.code.toString(16).padStart(4, '0'))
                else -> sb.append(c)
            }
        }
        return sb.append('"').toString()
    }

    @Suppress("UNCHECKED_CAST")
    private fun obj(v: Any?, what: String): Map<String, Any?> =
        v as? Map<String, Any?> ?: throw IllegalArgumentException("$what must be an object")

    private fun list(v: Any?, what: String): List<Any?> = v as? List<Any?> ?: throw IllegalArgumentException("$what must be an array")

    private fun string(v: Any?, what: String): String = v as? String ?: throw IllegalArgumentException("$what must be a string")

    private fun bool(v: Any?, what: String): Boolean = v as? Boolean ?: throw IllegalArgumentException("$what must be true or false")

    private fun long(v: Any?, what: String): Long = v as? Long ?: throw IllegalArgumentException("$what must be an integer")

    private fun int(v: Any?, what: String): Int {
        val l = long(v, what)
        require(l in Int.MIN_VALUE..Int.MAX_VALUE) { "$what is out of the int range: $l" }
        return l.toInt()
    }

    private fun double(v: Any?, what: String): Double {
        val s = string(v, what)
        return when (s) {
            "Infinity" -> Double.POSITIVE_INFINITY
            "-Infinity" -> Double.NEGATIVE_INFINITY
            "NaN" -> Double.NaN
            else -> s.toDoubleOrNull()?.takeIf { it.isFinite() } ?: throw IllegalArgumentException("$what is not a number: \"$s\"")
        }
    }
}

/** A strict reader for the JSON subset of the vector files: objects, arrays, strings, integers, booleans, null. */
private class JsonReader(private val text: String) {
    private var at = 0

    fun document(): Any? {
        val v = value()
        skipSpace()
        require(at == text.length) { "unexpected text after the JSON document at offset $at" }
        return v
    }

    private fun value(): Any? {
        skipSpace()
        require(at < text.length) { "unexpected end of JSON" }
        return when (val c = text[at]) {
            '{' -> objectValue()
            '[' -> arrayValue()
            '"' -> stringValue()
            't' -> literal("true", true)
            'f' -> literal("false", false)
            'n' -> literal("null", null)
            else -> if (c == '-' || c in '0'..'9') integerValue() else throw IllegalArgumentException("unexpected '$c' at offset $at")
        }
    }

    private fun objectValue(): Map<String, Any?> {
        at++
        val out = LinkedHashMap<String, Any?>()
        skipSpace()
        if (peek() == '}') { at++; return out }
        while (true) {
            skipSpace()
            require(peek() == '"') { "expected a key at offset $at" }
            val key = stringValue()
            skipSpace()
            expect(':')
            require(key !in out) { "duplicate key \"$key\" at offset $at" }
            out[key] = value()
            skipSpace()
            if (peek() == ',') { at++; continue }
            expect('}')
            return out
        }
    }

    private fun arrayValue(): List<Any?> {
        at++
        val out = ArrayList<Any?>()
        skipSpace()
        if (peek() == ']') { at++; return out }
        while (true) {
            out.add(value())
            skipSpace()
            if (peek() == ',') { at++; continue }
            expect(']')
            return out
        }
    }

    private fun stringValue(): String {
        expect('"')
        val sb = StringBuilder()
        while (true) {
            require(at < text.length) { "unterminated string" }
            val c = text[at++]
            when {
                c == '"' -> return sb.toString()
                c == '\\' -> {
                    require(at < text.length) { "unterminated escape" }
                    when (val e = text[at++]) {
                        '"' -> sb.append('"'); '\\' -> sb.append('\\'); '/' -> sb.append('/')
                        'n' -> sb.append('\n'); 't' -> sb.append('\t'); 'r' -> sb.append('\r')
                        'b' -> sb.append('\b'); 'f' -> sb.append('\u000C')
                        'u' -> {
                            require(at + 4 <= text.length) { "truncated \\u escape" }
                            sb.append(text.substring(at, at + 4).toInt(16).toChar())
                            at += 4
                        }
                        else -> throw IllegalArgumentException("bad escape \\$e at offset $at")
                    }
                }
                else -> sb.append(c)
            }
        }
    }

    private fun integerValue(): Long {
        val start = at
        if (peek() == '-') at++
        while (at < text.length && text[at] in '0'..'9') at++
        require(at < text.length && text[at] !in ".eE" || at == text.length) { "only integers are allowed as JSON numbers (offset $start)" }
        return text.substring(start, at).toLongOrNull() ?: throw IllegalArgumentException("bad integer at offset $start")
    }

    private fun literal(word: String, v: Any?): Any? {
        require(text.startsWith(word, at)) { "unexpected text at offset $at" }
        at += word.length
        return v
    }

    private fun peek(): Char = if (at < text.length) text[at] else '\u0000'

    private fun expect(c: Char) {
        require(peek() == c) { "expected '$c' at offset $at" }
        at++
    }

    private fun skipSpace() {
        while (at < text.length && text[at].let { it == ' ' || it == '\n' || it == '\r' || it == '\t' }) at++
    }
}
