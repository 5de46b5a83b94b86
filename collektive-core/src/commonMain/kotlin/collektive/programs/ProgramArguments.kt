package collektive.programs

/** The parameters a spec gives one program (`key=value,...`), read by its [ProgramEntry.build]. */
public class ProgramArguments private constructor(
    private val entry: ProgramEntry,
    private val values: Map<String, Double>,
) {
    private val read = HashSet<String>()

    /** The integer parameter [key], or null when the spec does not set it. */
    public fun integer(key: String): Int? {
        val v = take(key) ?: return null
        require(v == kotlin.math.floor(v) && v >= Int.MIN_VALUE && v <= Int.MAX_VALUE) {
            "${entry.name}'s $key must be an integer, was $v"
        }
        return v.toInt()
    }

    /** The number parameter [key], or null when the spec does not set it. */
    public fun number(key: String): Double? = take(key)

    private fun take(key: String): Double? {
        read.add(key)
        return values[key]
    }

    /** Fails on a parameter the program did not read. */
    internal fun checkAllUsed() {
        val unknown = values.keys.firstOrNull { it !in read } ?: return
        throw IllegalArgumentException(
            "unknown parameter \"$unknown\" for program ${entry.name} " +
                "(parameters: ${entry.allParameters.joinToString(", ") { "${it.first}: ${it.second}" }.ifEmpty { "none" }})",
        )
    }

    internal companion object {
        fun parse(entry: ProgramEntry, text: String): ProgramArguments {
            val values = LinkedHashMap<String, Double>()
            if (text.isNotBlank()) {
                for (part in text.split(',')) {
                    val eq = part.indexOf('=')
                    require(eq > 0) { "program parameters must be key=value, got \"${part.trim()}\" in program ${entry.name}" }
                    val key = part.substring(0, eq).trim()
                    val raw = part.substring(eq + 1).trim()
                    val known = entry.allParameters.firstOrNull { it.first.equals(key, ignoreCase = true) }?.first ?: key
                    val value = raw.toDoubleOrNull()
                    require(value != null && value.isFinite()) { "${entry.name}'s $known must be a finite number, got \"$raw\"" }
                    require(known !in values) { "${entry.name}'s $known is given twice" }
                    values[known] = value
                }
            }
            return ProgramArguments(entry, values)
        }
    }
}
