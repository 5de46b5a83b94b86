package collektive.vectors

import collektive.engine.AggregateEngine
import collektive.engine.EngineState
import collektive.engine.Program

/** One round of a [TestVector]: [ops] applied, then `step(steps)`, then the engine's state must equal [expected]. */
public class VectorRound(
    /** Inputs applied before stepping. */
    public val ops: List<VectorOp>,
    /** Rounds to step (>= 0). */
    public val steps: Int,
    /** Values and neighbour lists after stepping; null while the vector is being generated. */
    public val expected: EngineState?,
)

/**
 * The seeded random layout a vector's first [VectorOp.UpdatePositions] was generated from, so that every build
 * can check that its [collektive.engine.Scenarios.randomPositions] produces the same positions bit for bit.
 */
public data class RandomLayout(public val seed: Long, public val meanDegree: Double)

/**
 * A scenario in (engine parameters and per-round inputs) and, per round, the state out. Generated on the JVM
 * ([TestVectors.generate]) and checked against every build ([TestVectors.check]). Format: collektive-core/README.md.
 */
public class TestVector(
    /** File name without extension. */
    public val name: String,
    /** What the vector exercises. */
    public val description: String,
    /** [AggregateEngine.nodeCount]. */
    public val nodeCount: Int,
    /** [AggregateEngine.maxDistance]. */
    public val maxDistance: Double,
    /** [AggregateEngine.program]. */
    public val program: Program,
    /** Where the first positions came from, when seeded random. */
    public val randomLayout: RandomLayout?,
    /** The rounds, in order. */
    public val rounds: List<VectorRound>,
)
