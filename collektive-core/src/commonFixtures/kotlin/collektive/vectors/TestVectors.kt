package collektive.vectors

import collektive.engine.AggregateEngine
import collektive.engine.EngineState
import collektive.engine.Program
import collektive.engine.Scenarios
import collektive.engine.SplitMix64
import collektive.programs.BoundedElection
import collektive.programs.Channel
import collektive.programs.CountDevices
import collektive.programs.GossipMax
import collektive.programs.NeighborCounter

/**
 * The cross-build test vectors: their scenarios, their generation (run on the JVM, written by [VectorJson]) and
 * their check (run on any build against a parsed vector).
 */
public object TestVectors {
    /** Runs [vector]'s inputs on a fresh engine and returns the vector with the produced states as expected. */
    public fun generate(vector: TestVector): TestVector {
        val engine = AggregateEngine(vector.nodeCount, vector.maxDistance, vector.program)
        val rounds = vector.rounds.map { round ->
            round.ops.forEach { it.applyTo(engine) }
            engine.step(round.steps)
            VectorRound(round.ops, round.steps, engine.snapshot())
        }
        return TestVector(vector.name, vector.description, vector.nodeCount, vector.maxDistance, vector.program, vector.randomLayout, rounds)
    }

    /**
     * Replays [vector] on a fresh engine; returns one message per mismatch (empty when this build reproduces the
     * vector exactly: values compared bit for bit, neighbour lists element by element, random layout included).
     */
    public fun check(vector: TestVector, maxMessages: Int = 20): List<String> {
        val problems = ArrayList<String>()
        fun report(message: String) {
            if (problems.size < maxMessages) problems.add("${vector.name}: $message")
        }
        vector.randomLayout?.let { layout ->
            val first = vector.rounds.firstOrNull()?.ops?.firstOrNull()
            val generated = Scenarios.randomPositions(vector.nodeCount, layout.seed, layout.meanDegree, vector.maxDistance)
            if (first !is VectorOp.UpdatePositions || !first.xyz.contentEquals(generated)) {
                report("Scenarios.randomPositions(${vector.nodeCount}, ${layout.seed}) differs from the vector's first positions")
            }
        }
        val engine = AggregateEngine(vector.nodeCount, vector.maxDistance, vector.program)
        for ((r, round) in vector.rounds.withIndex()) {
            round.ops.forEach { it.applyTo(engine) }
            engine.step(round.steps)
            val expected = round.expected ?: continue
            val actual = engine.snapshot()
            if (actual.nodeCount != expected.nodeCount) {
                report("round $r: ${actual.nodeCount} nodes, expected ${expected.nodeCount}")
                continue
            }
            for (i in 0 until expected.nodeCount) {
                if (actual.values[i].toRawBits() != expected.values[i].toRawBits()) {
                    report("round $r node $i: value ${actual.values[i]}, expected ${expected.values[i]}")
                }
                if (!actual.neighbors[i].contentEquals(expected.neighbors[i])) {
                    report("round $r node $i: neighbours ${actual.neighbors[i].contentToString()}, expected ${expected.neighbors[i].contentToString()}")
                }
            }
        }
        return problems
    }

    /** The scenarios of the committed vectors (inputs only; [generate] fills the outputs). */
    public fun scenarios(): List<TestVector> = listOf(
        referenceMoving("reference-moving", Program.EUCLIDEAN),
        referenceMoving("reference-moving-hop", Program.HOP),
        severalSources(),
        disconnected(),
        random100(),
        sourceRemoved(),
        devicesMoving(),
        multiStepHop(),
        disturbed("gossip-max-split", GossipMax, 40, 21L, sources = intArrayOf(0), isolate = 39, rounds = 45),
        disturbed("bounded-election-moving", BoundedElection(2), 60, 23L, sources = intArrayOf(0), isolate = 59, rounds = 30),
        disturbed("count-devices-moving", CountDevices, 40, 25L, sources = intArrayOf(0, 20), isolate = 7, rounds = 40),
        disturbed("channel-moving", Channel(30, 0.5), 50, 27L, sources = intArrayOf(0), isolate = 11, rounds = 40),
        disturbed("neighbor-counter-moving", NeighborCounter, 30, 29L, sources = intArrayOf(), isolate = 4, rounds = 12),
    )

    private fun round(vararg ops: VectorOp, steps: Int = 1) = VectorRound(ops.toList(), steps, null)

    /** The reference scenario, then devices 1..9 rising by 0.25 per round towards device 0's row. */
    private fun referenceMoving(name: String, program: Program): TestVector {
        val start = Scenarios.referencePositions(10, 3.0)
        val rounds = ArrayList<VectorRound>()
        rounds.add(round(VectorOp.UpdatePositions(start), VectorOp.SetSource(0, true)))
        for (t in 1 until 30) {
            val xyz = start.copyOf()
            for (i in 1 until 10) xyz[3 * i + 1] = start[3 * i + 1] + 0.25 * t
            rounds.add(round(VectorOp.UpdatePositions(xyz)))
        }
        return TestVector(
            name, "reference layout (docs/reference-study.md), source 0; devices 1..9 rise 0.25 per round and connect to device 0",
            10, 3.0, program, null, rounds,
        )
    }

    private fun severalSources(): TestVector {
        val n = 40
        val rounds = mutableListOf(
            round(
                VectorOp.UpdatePositions(Scenarios.randomPositions(n, 11L, 6.0, 3.0)),
                VectorOp.SetSource(0, true), VectorOp.SetSource(5, true), VectorOp.SetSource(17, true),
            ),
        )
        repeat(19) { rounds.add(round()) }
        return TestVector("several-sources", "40 random devices, sources 0, 5 and 17", n, 3.0, Program.EUCLIDEAN, RandomLayout(11L, 6.0), rounds)
    }

    private fun disconnected(): TestVector {
        // Two clusters 100 apart plus two isolated devices; the source is in the first cluster.
        val xyz = doubleArrayOf(
            0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 4.0, 0.5, 0.0, 4.5, 2.5, 1.0, 6.0, 2.0, 0.0,
            100.0, 0.0, 0.0, 102.0, 1.0, 0.0, 104.0, 0.0, 0.0, 103.0, -2.0, 0.0, 101.0, -1.5, -1.0,
            50.0, 50.0, 50.0, -40.0, 7.0, 0.0,
        )
        val rounds = mutableListOf(round(VectorOp.UpdatePositions(xyz), VectorOp.SetSource(1, true)))
        repeat(9) { rounds.add(round()) }
        return TestVector("disconnected", "a cluster with source 1, an unreachable cluster and two isolated devices (+Infinity)", 12, 3.0, Program.EUCLIDEAN, null, rounds)
    }

    private fun random100(): TestVector {
        val rounds = mutableListOf(round(VectorOp.UpdatePositions(Scenarios.randomPositions(100, 7L)), VectorOp.SetSource(0, true)))
        repeat(24) { rounds.add(round()) }
        return TestVector("random-100", "Scenarios.randomPositions(100, seed 7), source 0, 25 rounds", 100, 3.0, Program.EUCLIDEAN, RandomLayout(7L, 8.0), rounds)
    }

    private fun sourceRemoved(): TestVector {
        val n = 30
        val rounds = mutableListOf(
            round(VectorOp.UpdatePositions(Scenarios.randomPositions(n, 3L, 7.0, 3.0)), VectorOp.SetSource(0, true), VectorOp.SetSource(10, true)),
        )
        repeat(11) { rounds.add(round()) }
        rounds.add(round(VectorOp.SetSource(10, false)))
        repeat(17) { rounds.add(round()) }
        return TestVector("source-removed", "30 random devices, sources 0 and 10; source 10 removed at round 12", n, 3.0, Program.EUCLIDEAN, RandomLayout(3L, 7.0), rounds)
    }

    private fun devicesMoving(): TestVector {
        val n = 50
        val xyz = Scenarios.randomPositions(n, 5L)
        val rng = SplitMix64(99L)
        val rounds = mutableListOf(round(VectorOp.UpdatePositions(xyz.copyOf()), VectorOp.SetSource(0, true)))
        for (t in 1 until 30) {
            val ops = ArrayList<VectorOp>()
            for (i in 0 until n) {
                if (rng.nextInt(3) != 0) continue // a third of the devices move each round
                xyz[3 * i] += (rng.nextDouble() - 0.5) * 1.5
                xyz[3 * i + 1] += (rng.nextDouble() - 0.5) * 1.5
                xyz[3 * i + 2] = (rng.nextDouble() - 0.5) * 0.5
                ops.add(VectorOp.UpdatePosition(i, xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]))
            }
            when (t) {
                10 -> { ops.add(VectorOp.ClearSources); ops.add(VectorOp.SetSource(n - 1, true)) }
                20 -> ops.add(VectorOp.SetSource(0, true))
            }
            rounds.add(round(*ops.toTypedArray()))
        }
        return TestVector(
            "devices-moving", "50 random devices moving in 3D every round; sources 0, then 49 from round 10, then 0 and 49 from round 20",
            n, 3.0, Program.EUCLIDEAN, RandomLayout(5L, 8.0), rounds,
        )
    }

    /**
     * A program of the suite on seeded random devices: settles for half the [rounds]; then device [isolate] moves
     * far away (out of everyone's range) and a third of the others shift by up to 1.5, and the program
     * re-converges for the other half.
     */
    private fun disturbed(name: String, program: Program, n: Int, seed: Long, sources: IntArray, isolate: Int, rounds: Int): TestVector {
        val xyz = Scenarios.randomPositions(n, seed, 7.0, 3.0)
        val first = ArrayList<VectorOp>()
        first.add(VectorOp.UpdatePositions(xyz.copyOf()))
        for (s in sources) first.add(VectorOp.SetSource(s, true))
        val list = mutableListOf(round(*first.toTypedArray()))
        repeat(rounds / 2 - 1) { list.add(round()) }
        val rng = SplitMix64(seed + 1)
        val moves = ArrayList<VectorOp>()
        moves.add(VectorOp.UpdatePosition(isolate, 1000.0, 1000.0, 0.0))
        for (i in 0 until n) {
            if (i == isolate || rng.nextInt(3) != 0) continue
            moves.add(VectorOp.UpdatePosition(i, xyz[3 * i] + (rng.nextDouble() - 0.5) * 3.0, xyz[3 * i + 1] + (rng.nextDouble() - 0.5) * 3.0, 0.0))
        }
        list.add(round(*moves.toTypedArray()))
        repeat(rounds - rounds / 2 - 1) { list.add(round()) }
        val sourceText = if (sources.isEmpty()) "no source" else "sources ${sources.joinToString(", ")}"
        return TestVector(
            name, "${program.spec} on $n random devices, $sourceText; at round ${rounds / 2} device $isolate leaves and a third of the others move",
            n, 3.0, program, RandomLayout(seed, 7.0), list,
        )
    }

    private fun multiStepHop(): TestVector {
        val n = 20
        val rounds = mutableListOf(
            round(VectorOp.UpdatePositions(Scenarios.randomPositions(n, 13L, 5.0, 2.5)), VectorOp.SetSource(3, true), steps = 0),
        )
        rounds.add(round(steps = 2))
        rounds.add(round(steps = 3))
        rounds.add(round(VectorOp.SetSource(3, false), VectorOp.SetSource(19, true), steps = 5))
        rounds.add(round(steps = 10))
        return TestVector("multi-step-hop", "hop gradient, 20 devices, maxDistance 2.5, several rounds per step (0, 2, 3, 5, 10)", n, 2.5, Program.HOP, RandomLayout(13L, 5.0), rounds)
    }
}
