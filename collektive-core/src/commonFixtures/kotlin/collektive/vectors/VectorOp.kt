package collektive.vectors

import collektive.engine.GradientEngine

/** One input operation of a test-vector round, applied to a [GradientEngine] before the round's steps. */
public sealed class VectorOp {
    /** Applies this operation to [engine]. */
    public abstract fun applyTo(engine: GradientEngine)

    /** [GradientEngine.setSource]. */
    public data class SetSource(public val node: Int, public val isSource: Boolean) : VectorOp() {
        override fun applyTo(engine: GradientEngine): Unit = engine.setSource(node, isSource)
    }

    /** [GradientEngine.clearSources]. */
    public data object ClearSources : VectorOp() {
        override fun applyTo(engine: GradientEngine): Unit = engine.clearSources()
    }

    /** [GradientEngine.updatePosition]. */
    public data class UpdatePosition(public val node: Int, public val x: Double, public val y: Double, public val z: Double) : VectorOp() {
        override fun applyTo(engine: GradientEngine): Unit = engine.updatePosition(node, x, y, z)
    }

    /** [GradientEngine.updatePositions]. */
    public class UpdatePositions(public val xyz: DoubleArray) : VectorOp() {
        override fun applyTo(engine: GradientEngine): Unit = engine.updatePositions(xyz)

        override fun equals(other: Any?): Boolean = other is UpdatePositions && xyz.contentEquals(other.xyz)

        override fun hashCode(): Int = xyz.contentHashCode()

        override fun toString(): String = "UpdatePositions(${xyz.size / 3} positions)"
    }
}
