package collektive.programs

import collektive.engine.Program

/**
 * The programs every host can run, by name: the one registry hosts consult (C ABI, Wasm/JS facade, both servers),
 * so a program registered here runs on all four paths. A spec names a program and optionally sets its
 * parameters: `name` or `name:key=value,key=value` (names ignore case; values are numbers). Every program takes
 * `work=W`, W ns of extra CPU work per device and round ([WithWork]). To add a program:
 * write it (one file in this package) and add one [ProgramEntry] to [entries] (docs/programs.md).
 */
public object Programs {
    /** The registered programs, in a fixed order (the C ABI's `create_with_program` numbers them so). */
    public val entries: List<ProgramEntry> = listOf(
        ProgramEntry("euclidean") { EuclideanGradient },
        ProgramEntry("hop") { HopGradient },
        ProgramEntry("gossipMax") { GossipMax },
        ProgramEntry("boundedElection", "bound" to "hops, integer >= 1, default ${BoundedElection.DEFAULT_BOUND}") {
            BoundedElection(it.integer("bound") ?: BoundedElection.DEFAULT_BOUND)
        },
        ProgramEntry("countDevices") { CountDevices },
        ProgramEntry(
            "channel",
            "destination" to "device id, default the last device",
            "width" to "number >= 0, default ${Channel.DEFAULT_WIDTH}",
        ) { Channel(it.integer("destination"), it.number("width") ?: Channel.DEFAULT_WIDTH) },
        ProgramEntry("neighborCounter") { NeighborCounter },
        ProgramEntry("sourceNeighbors") { SourceNeighbors }, // docs/programs.md's worked example
    )

    /** The registered names, in [entries] order. */
    public val names: List<String> get() = entries.map { it.name }

    /**
     * The program [spec] names, with its parameters, checked against [nodeCount] when given. Throws
     * [IllegalArgumentException] naming the problem (unknown program with the known names, unknown parameter, bad
     * value).
     */
    public fun parse(spec: String, nodeCount: Int? = null): Program {
        val colon = spec.indexOf(':')
        val name = (if (colon < 0) spec else spec.substring(0, colon)).trim()
        val entry = entries.firstOrNull { it.name.equals(name, ignoreCase = true) }
            ?: throw IllegalArgumentException("unknown program \"$name\" (known: ${names.joinToString(", ")})")
        val arguments = ProgramArguments.parse(entry, if (colon < 0) "" else spec.substring(colon + 1))
        val program = WithWork.of(entry.build(arguments), arguments.number(WithWork.PARAMETER) ?: 0.0)
        arguments.checkAllUsed()
        if (nodeCount != null) program.check(nodeCount)
        return program
    }
}

/**
 * One registered program: its [name], its [parameters] (name to a one-line description) and how to [build] it
 * from the parameters a spec gives.
 */
public class ProgramEntry(
    /** The name specs use. */
    public val name: String,
    /** Parameter names with a description each (besides `work`, which every program takes: [allParameters]). */
    public vararg val parameters: Pair<String, String>,
    /** Builds the program; read parameters with [ProgramArguments.integer] and [ProgramArguments.number]. */
    public val build: (ProgramArguments) -> Program,
) {
    /** [parameters] and the one every program takes, `work` ([WithWork]). */
    public val allParameters: List<Pair<String, String>>
        get() = parameters.toList() + (WithWork.PARAMETER to WORK_DESCRIPTION)

    private companion object {
        const val WORK_DESCRIPTION = "extra CPU work per device and round in ns, 0..1000000, default 0"
    }
}
