package collektive.engine

import collektive.aggregate.AggregateState
import collektive.aggregate.api.Field
import collektive.aggregate.impl.AggregateContext
import collektive.aggregate.impl.Path
import collektive.network.InboundMessages
import collektive.network.OutboundMessage

/**
 * The simulation every host drives, whatever its program (a gradient is one of many): [nodeCount] devices
 * with 3D positions, unit-disk neighbourhoods of radius [maxDistance] recomputed every round through a
 * [SpatialGrid], a set of sources, and an aggregate [program] run once per device per round. Each device's value
 * is the program's output ([Program.output]) as a double.
 *
 * A round evaluates devices in reverse id order (nodeCount − 1 down to 0), in place: a device evaluated later in
 * the round sees the messages its neighbours sent earlier in the same round, as the reference simulation does.
 * Bad arguments throw [IllegalArgumentException] naming the argument and the value. Not thread-safe.
 */
public class AggregateEngine(
    nodeCount: Int,
    maxDistance: Double,
    /** The program every device runs ([collektive.programs.Programs.parse] builds one from its spec). */
    public val program: Program = Program.EUCLIDEAN,
) {
    /** Number of devices, ids 0 until nodeCount. */
    public val nodeCount: Int

    /** Neighbourhood radius (> 0, finite); changes apply from the next round. */
    public var maxDistance: Double = checkDistance(maxDistance)
        set(value) {
            field = checkDistance(value)
        }

    /**
     * Most directed neighbour links a round may have (> 0; unbounded by default). A round whose layout is denser
     * throws [BudgetExceededException] before evaluating any device and leaves the engine as it was: hosts set
     * it to bound the memory (12 bytes per link, twice) and the reply size of all-pairs layouts.
     */
    public var maxLinks: Int = Int.MAX_VALUE
        set(value) {
            require(value > 0) { "maxLinks must be > 0, was $value" }
            field = value
        }

    /**
     * Whether the doubles of the fields of one device's round live in a buffer that the next device's round
     * reuses, rather than in an array each (a host's choice, off by default; sound because the engine's programs
     * keep no field beyond the round, see [GridNetwork.fill]). Measured at N = 1000 (bench:engine, 2026-11-28):
     * reuse cut a round by about a quarter on Kotlin/JS, where every small DoubleArray is a typed array with its own
     * buffer, and by up to a tenth on Wasm; on the JVM rounds were about 10 % slower with it (a fresh array is
     * cheaper there), on Native it made no difference. The JS/Wasm facade turns it on.
     */
    public var reuseFieldBuffers: Boolean
        get() = context.reuseFieldBuffers
        set(value) {
            context.reuseFieldBuffers = value
        }

    /**
     * Whether fields read the neighbours' values from the round's message columns (values kept by sender id, see
     * [collektive.network.MessageColumns]) rather than from each neighbour's message: on by default; off to measure
     * the difference. Side by side at N = 1000, one process, both engines alternating, rounds with columns took
     * 0.90–0.92 of the time without on Native, 0.91–1.01 on JS, 0.95–1.03 on Wasm (docs/profiles.md, "Third pass").
     */
    internal var readMessageColumns: Boolean
        get() = network.keepColumns
        set(value) {
            network.keepColumns = value
        }

    /** Number of rounds run since creation. */
    public var roundsRun: Long = 0L
        private set

    private val xyz: DoubleArray
    private val sources: BooleanArray
    private val values: DoubleArray
    private val network: GridNetwork
    private val context = AggregateContext<Int>()
    private var states: Array<AggregateState>
    private var spareStates: Array<AggregateState>
    private val outbound: Array<OutboundMessage<Int>>

    // Device being evaluated, read by the device object (allocated once).
    private var current = 0
    private var currentOffset = 0
    private val inbound = InboundMessages<Int>(arrayOfNulls(8), arrayOfNulls(8), 0)
    private val device = object : Device {
        override val id: Int get() = current
        override val nodeCount: Int get() = this@AggregateEngine.nodeCount
        override val isSource: Boolean get() = sources[current]
        override val distances: Field<Int, Double>
            get() = context.neighborhoodField(0.0, network.grid.distances, currentOffset)
    }

    init {
        require(nodeCount >= 0) { "nodeCount must be >= 0, was $nodeCount" }
        program.check(nodeCount)
        this.nodeCount = nodeCount
        xyz = DoubleArray(3 * nodeCount)
        sources = BooleanArray(nodeCount)
        values = DoubleArray(nodeCount) { Double.POSITIVE_INFINITY }
        network = GridNetwork(nodeCount)
        val root = Path.root() // one path tree for all devices: alignment lookups hit by identity
        states = Array(nodeCount) { AggregateState(root) }
        spareStates = Array(nodeCount) { AggregateState(root) }
        outbound = Array(nodeCount) { OutboundMessage(network.boxedIds[it]) }
    }

    /** Makes [node] a source or not. */
    public fun setSource(node: Int, isSource: Boolean) {
        checkNode(node)
        sources[node] = isSource
    }

    /** Makes no device a source. */
    public fun clearSources() {
        sources.fill(false)
    }

    /** Whether [node] is a source. */
    public fun isSource(node: Int): Boolean {
        checkNode(node)
        return sources[node]
    }

    /** Moves [node] to (x, y, z) (finite); used from the next round. */
    public fun updatePosition(node: Int, x: Double, y: Double, z: Double) {
        checkNode(node)
        require(x.isFinite()) { "x of node $node must be finite, was $x" }
        require(y.isFinite()) { "y of node $node must be finite, was $y" }
        require(z.isFinite()) { "z of node $node must be finite, was $z" }
        xyz[3 * node] = x
        xyz[3 * node + 1] = y
        xyz[3 * node + 2] = z
    }

    /** Moves every device at once: [xyz] holds x0 y0 z0 x1 ... (size 3 × nodeCount, finite values). */
    public fun updatePositions(xyz: DoubleArray) {
        require(xyz.size == 3 * nodeCount) { "xyz must have size 3 * nodeCount = ${3 * nodeCount}, was ${xyz.size}" }
        for (k in xyz.indices) {
            require(xyz[k].isFinite()) { "xyz[$k] (${"xyz"[k % 3]} of node ${k / 3}) must be finite, was ${xyz[k]}" }
        }
        xyz.copyInto(this.xyz)
    }

    /** The position of [node] as a new array [x, y, z]. */
    public fun position(node: Int): DoubleArray {
        checkNode(node)
        return xyz.copyOfRange(3 * node, 3 * node + 3)
    }

    /** Runs [rounds] (>= 0) rounds; a round over [maxLinks] throws [BudgetExceededException] (earlier rounds stay run). */
    public fun step(rounds: Int = 1) {
        require(rounds >= 0) { "rounds must be >= 0, was $rounds" }
        repeat(rounds) { round() }
    }

    /** The value of [node] after the last round ([Program.output]; +∞ before the first round). */
    public fun value(node: Int): Double {
        checkNode(node)
        return values[node]
    }

    /** The neighbours of [node] in the last round, ascending, self excluded (empty before the first round). */
    public fun neighbors(node: Int): IntArray {
        checkNode(node)
        return network.grid.neighborsOf(node)
    }

    /** Number of neighbours of [node] in the last round. */
    public fun neighborCount(node: Int): Int {
        checkNode(node)
        return network.grid.neighborCount(node)
    }

    /** All values after the last round (a copy). */
    public fun values(): DoubleArray = values.copyOf()

    /** Values and neighbour lists of the last round. */
    public fun snapshot(): EngineState = EngineState(values.copyOf(), Array(nodeCount) { network.grid.neighborsOf(it) })

    /**
     * The neighbourhoods of the last round, the engine's own grid ([SpatialGrid.offsets], [SpatialGrid.ids] in CSR
     * form), for hosts that write the state without intermediate arrays. Read only; valid until the next [step].
     */
    public val topology: SpatialGrid get() = network.grid

    /** The values of the last round without a copy ([values] copies). Read only; valid until the next [step]. */
    public val valuesView: DoubleArray get() = values

    private fun round() {
        val number = roundsRun + 1
        network.beginRound(number.toInt(), xyz, maxDistance, maxLinks)
        val offsets = network.grid.offsets
        val program = program
        val context = context
        for (i in nodeCount - 1 downTo 0) {
            current = i
            currentOffset = offsets[i]
            val viewable = network.fill(i, inbound)
            val message = outbound[i]
            context.begin(network.boxedIds[i], states[i], spareStates[i], inbound, message)
            if (viewable) context.viewColumns(network.columns, network.grid.ids, currentOffset)
            // Program.run called directly: its Double comes back unboxed (a generic lambda would box it per device).
            values[i] = with(program) { context.run(device) }
            val s = states[i]
            states[i] = spareStates[i]
            spareStates[i] = s
            network.send(message)
        }
        roundsRun = number
    }

    private fun checkNode(node: Int) {
        require(node in 0 until nodeCount) { "node must be in 0 until $nodeCount, was $node" }
    }

    private companion object {
        fun checkDistance(d: Double): Double {
            require(d > 0.0 && d.isFinite()) { "maxDistance must be > 0 and finite, was $d" }
            return d
        }
    }
}
