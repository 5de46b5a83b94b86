package collektive.vectors

import collektive.engine.AggregateEngine

/** One input operation of a test-vector round, applied to a [AggregateEngine] before the round's steps. */
public sealed class VectorOp {
    /** Applies this operation to [engine]. */
    public abstract fun applyTo(engine: AggregateEngine)

    /** [AggregateEngine.setSource]. */
    public data class SetSource(public val node: Int, public val isSource: Boolean) : VectorOp() {
        override fun applyTo(engine: AggregateEngine): Unit = engine.setSource(node, isSource)
    }

    /** [AggregateEngine.clearSources]. */
    public data object ClearSources : VectorOp() {
        override fun applyTo(engine: AggregateEngine): Unit = engine.clearSources()
    }

    /** [AggregateEngine.updatePosition]. */
    public data class UpdatePosition(public val node: Int, public val x: Double, public val y: Double, public val z: Double) : VectorOp() {
        override fun applyTo(engine: AggregateEngine): Unit = engine.updatePosition(node, x, y, z)
    }

    /** [AggregateEngine.updatePositions]. */
    public class UpdatePositions(public val xyz: DoubleArray) : VectorOp() {
        override fun applyTo(engine: AggregateEngine): Unit = engine.updatePositions(xyz)

        override fun equals(other: Any?): Boolean = other is UpdatePositions && xyz.contentEquals(other.xyz)

        override fun hashCode(): Int = xyz.contentHashCode()

        override fun toString(): String = "UpdatePositions(${xyz.size / 3} positions)"
    }
}
