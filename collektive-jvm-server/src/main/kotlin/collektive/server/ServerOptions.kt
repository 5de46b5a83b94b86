package collektive.server

import java.nio.file.Path

/**
 * Command-line options of the server (`--help` prints them).
 *
 * @property host address to bind, loopback by default.
 * @property port TCP port; 0 picks a free one (the listening line names it).
 * @property csv where to write `step.service` / `step.compute` timings, or null for none.
 * @property maxLineBytes longest accepted request line; longer ones are skipped with an error reply.
 * @property maxNodes largest accepted `createSim` nodeCount.
 * @property maxStepCount largest accepted `step` stepCount.
 * @property warmupRounds rounds of a scripted in-memory session run before listening, so the JIT has compiled the
 *   request path before the first client (0 = none).
 * @property quiet when true, connection open/close lines are not logged (errors still are).
 */
public data class ServerOptions(
    val host: String = "127.0.0.1",
    val port: Int = 9090,
    val csv: Path? = null,
    val maxLineBytes: Int = 1 shl 20,
    val maxNodes: Int = 100_000,
    val maxStepCount: Int = 1_000_000,
    val warmupRounds: Int = 2000,
    val quiet: Boolean = false,
) {
    public companion object {
        /** Usage text for `--help` and errors. */
        public const val USAGE: String = """usage: collektive-jvm-server [--host 127.0.0.1] [--port 9090] [--csv FILE]
       [--max-line 1048576] [--max-nodes 100000] [--max-steps 1000000] [--warmup 2000] [--quiet]
  --host       address to bind (default 127.0.0.1)
  --port       TCP port, 0 = any free port (printed in the "listening" line)
  --csv        write step.service and step.compute timings (t_ns,id,duration_ns) to FILE
  --max-line   longest request line in bytes; longer lines get an error reply and are skipped
  --max-nodes  largest nodeCount accepted by createSim
  --max-steps  largest stepCount accepted by step
  --warmup     rounds of an in-memory scripted session run before listening (JIT warm-up), 0 = none
  --quiet      do not log connection open/close lines"""

        /** Parses [args]; throws [IllegalArgumentException] with a readable message on bad input. */
        public fun parse(args: Array<String>): ServerOptions {
            var options = ServerOptions()
            var i = 0
            fun value(name: String): String {
                require(i + 1 < args.size) { "$name needs a value" }
                i += 1
                return args[i]
            }
            fun int(name: String, min: Int): Int {
                val raw = value(name)
                val n = requireNotNull(raw.toIntOrNull()) { "$name must be an integer, was \"$raw\"" }
                require(n >= min) { "$name must be >= $min, was $n" }
                return n
            }
            while (i < args.size) {
                when (val arg = args[i]) {
                    "--host" -> options = options.copy(host = value(arg))
                    "--port" -> options = options.copy(port = int(arg, 0).also { require(it <= 65535) { "--port must be <= 65535, was $it" } })
                    "--csv" -> options = options.copy(csv = Path.of(value(arg)))
                    "--max-line" -> options = options.copy(maxLineBytes = int(arg, 64))
                    "--max-nodes" -> options = options.copy(maxNodes = int(arg, 1))
                    "--max-steps" -> options = options.copy(maxStepCount = int(arg, 1))
                    "--warmup" -> options = options.copy(warmupRounds = int(arg, 0))
                    "--quiet" -> options = options.copy(quiet = true)
                    else -> throw IllegalArgumentException("unknown option \"$arg\"")
                }
                i += 1
            }
            return options
        }
    }
}
