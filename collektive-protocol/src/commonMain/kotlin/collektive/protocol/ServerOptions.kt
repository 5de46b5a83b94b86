package collektive.protocol

/**
 * Command-line options of the Kotlin servers (`--help` prints them): the JVM server and the Kotlin/Native
 * shared-memory server parse the same flags. The budgets are those of docs/protocol.md ("Budgets"), with the same
 * flag names, defaults and `hello.limits` names as the Node server.
 *
 * @property transport how clients reach the server: TCP (default), a Unix domain socket or shared memory.
 * @property path the Unix socket's path (`uds`) or the shared-memory file's (`shm`; its wake-up socket is `PATH.sock`).
 * @property host address to bind, loopback by default.
 * @property port TCP port; 0 picks a free one (the listening line names it).
 * @property csv where to write `step.service` / `step.compute` timings, or null for none.
 * @property maxMessageBytes longest accepted request line or binary frame (`maxMessageBytes`); longer ones are skipped
 *   with an error reply.
 * @property maxBufferedInputBytes bytes of partly received requests, summed over connections (`maxBufferedInputBytes`).
 * @property maxPendingReplyBytes a connection's unsent reply bytes held by the server (`maxPendingReplyBytes`).
 * @property maxConnections open connections (`maxConnections`).
 * @property idleTimeoutMs a connection with no complete request for this long, or a reply not taken by the peer
 *   for this long, is closed (`idleTimeoutMs`).
 * @property maxSessions connections holding a simulation (`maxSessions`).
 * @property maxNodes largest accepted `createSim` nodeCount (`maxNodes`).
 * @property maxDevices devices summed over every connection's simulation (`maxDevices`).
 * @property maxStepCount largest accepted `step` stepCount (`maxSteps`).
 * @property stepTimeBudgetMs wall time of one `step`'s rounds, checked between rounds (`stepTimeBudgetMs`).
 * @property maxLinks neighbour links of the state a `step` answers (`maxLinks`).
 * @property maxReplyBytes bytes of one `step` reply (`maxReplyBytes`).
 * @property warmupRounds rounds of a scripted in-memory session run before listening, so the JIT has compiled the
 *   request path before the first client (0 = none).
 * @property spinMicros µs a connection's thread polls for the next request before blocking on the socket read
 *   (0 = block at once); see docs/profiles.md, "The fixes".
 * @property quiet when true, connection open/close lines are not logged (errors still are).
 */
public data class ServerOptions(
    val transport: Transport = Transport.TCP,
    val path: String? = null,
    val host: String = "127.0.0.1",
    val port: Int = 9090,
    val csv: String? = null,
    val maxMessageBytes: Int = 8 shl 20,
    val maxBufferedInputBytes: Long = 64L shl 20,
    val maxPendingReplyBytes: Int = 8 shl 20,
    val maxConnections: Int = 64,
    val idleTimeoutMs: Long = 300_000,
    val maxSessions: Int = 16,
    val maxNodes: Int = 100_000,
    val maxDevices: Long = 400_000,
    val maxStepCount: Int = 100_000,
    val stepTimeBudgetMs: Long = 5000,
    val maxLinks: Int = 4_000_000,
    val maxReplyBytes: Int = 64 shl 20,
    val warmupRounds: Int = 2000,
    val spinMicros: Int = 50,
    val quiet: Boolean = false,
) {
    public companion object {
        /** Usage text for `--help` and errors, for the server named [server]. */
        public fun usage(server: String): String = """usage: $server [--transport tcp|uds|shm] [--path FILE] [--host 127.0.0.1] [--port 9090] [--csv FILE] [budgets] [--warmup 2000] [--spin-us 50] [--quiet]
  --transport            tcp (default), uds (a Unix domain socket at --path) or shm (shared memory in the file
                         --path, woken through the Unix socket --path.sock); docs/protocol.md, "Transports"
  --path                 the Unix socket (uds) or the shared-memory file (shm; put it on a tmpfs such as /dev/shm)
  --host                 address to bind (default 127.0.0.1)
  --port                 TCP port, 0 = any free port (printed in the "listening" line)
  --csv                  write step.service and step.compute timings (t_ns,id,duration_ns) to FILE
  --warmup               rounds of an in-memory scripted session run before listening (JIT warm-up), 0 = none
  --spin-us              µs to poll for the next request before blocking on the socket read (shm: on the
                         request slot before blocking on the wake-up socket), 0 = block at once
  --quiet                do not log connection open/close lines
budgets (docs/protocol.md; past one a request gets an error reply naming it in "limit"):
  --max-message          8388608    longest request line or binary frame in bytes (skipped with an error reply); alias --max-line
  --max-buffered-input   67108864   bytes of partly received requests over all connections
  --max-pending-reply    8388608    unsent reply bytes held per connection (then the server stops reading it)
  --max-connections      64         open connections (a new one gets an error reply and is closed)
  --idle-timeout         300000     ms without a complete request (or with a reply not taken) before closing
  --max-sessions         16         connections holding a simulation
  --max-nodes            100000     nodeCount of one createSim
  --max-devices          400000     nodeCount summed over all connections' simulations
  --max-steps            100000     stepCount of one step
  --step-time-budget     5000       ms of rounds per step (checked between rounds)
  --max-links            4000000    neighbour links in the state a step answers
  --max-reply            67108864   bytes of one step reply"""

        /** Parses [args]; throws [IllegalArgumentException] with a readable message on bad input. */
        public fun parse(args: Array<String>): ServerOptions {
            var options = ServerOptions()
            var i = 0
            fun value(name: String): String {
                require(i + 1 < args.size) { "$name needs a value" }
                i += 1
                return args[i]
            }
            fun long(name: String, min: Long, max: Long = Long.MAX_VALUE): Long {
                val raw = value(name)
                val n = requireNotNull(raw.toLongOrNull()) { "$name must be an integer, was \"$raw\"" }
                require(n >= min) { "$name must be >= $min, was $n" }
                require(n <= max) { "$name must be <= $max, was $n" }
                return n
            }
            fun int(name: String, min: Int, max: Int = Int.MAX_VALUE): Int = long(name, min.toLong(), max.toLong()).toInt()
            while (i < args.size) {
                when (val arg = args[i]) {
                    "--transport" -> options = options.copy(transport = Transport.of(value(arg)))
                    "--path" -> options = options.copy(path = value(arg))
                    "--host" -> options = options.copy(host = value(arg))
                    "--port" -> options = options.copy(port = int(arg, 0, 65535))
                    "--csv" -> options = options.copy(csv = value(arg))
                    "--max-message", "--max-line" -> options = options.copy(maxMessageBytes = int(arg, 64, Int.MAX_VALUE - 16))
                    "--max-buffered-input" -> options = options.copy(maxBufferedInputBytes = long(arg, 64))
                    "--max-pending-reply" -> options = options.copy(maxPendingReplyBytes = int(arg, 1024))
                    "--max-connections" -> options = options.copy(maxConnections = int(arg, 1))
                    "--idle-timeout" -> options = options.copy(idleTimeoutMs = long(arg, 1))
                    "--max-sessions" -> options = options.copy(maxSessions = int(arg, 1))
                    "--max-nodes" -> options = options.copy(maxNodes = int(arg, 1))
                    "--max-devices" -> options = options.copy(maxDevices = long(arg, 1))
                    "--max-steps" -> options = options.copy(maxStepCount = int(arg, 1))
                    "--step-time-budget" -> options = options.copy(stepTimeBudgetMs = long(arg, 1))
                    "--max-links" -> options = options.copy(maxLinks = int(arg, 1))
                    "--max-reply" -> options = options.copy(maxReplyBytes = int(arg, 1024))
                    "--warmup" -> options = options.copy(warmupRounds = int(arg, 0))
                    "--spin-us" -> options = options.copy(spinMicros = int(arg, 0, 1_000_000))
                    "--quiet" -> options = options.copy(quiet = true)
                    else -> throw IllegalArgumentException("unknown option \"$arg\"")
                }
                i += 1
            }
            require(options.transport == Transport.TCP || options.path != null) { "--transport ${options.transport.flag} needs --path" }
            return options
        }
    }
}
