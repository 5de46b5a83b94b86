package collektive.server

import collektive.engine.AggregateEngine
import collektive.engine.Scenarios

/**
 * The exact request lines the reference study's Unity client sends (Newtonsoft.Json, `Formatting.None`, Unity
 * floats): `createSim`, one `setSource` per source, then per frame one `newPosition` per device and a `step`.
 */
object ReferenceScenario {
    const val NODES = 10
    const val MAX_DISTANCE = 3.0

    val positions: DoubleArray = Scenarios.referencePositions(NODES, MAX_DISTANCE)

    const val CREATE = """{"op":"createSim","data":{"nodeCount":10,"maxDistance":3.0}}"""
    const val SET_SOURCE_0 = """{"op":"setSource","data":{"nodeId":0}}"""

    /** What Newtonsoft writes for a float coordinate: always a decimal point. */
    fun number(v: Double): String = if (v == Math.floor(v) && !v.isInfinite()) "${v.toLong()}.0" else v.toString()

    fun newPosition(node: Int, xyz: DoubleArray = positions): String =
        """{"op":"newPosition","data":{"nodeId":$node,"x":${number(xyz[3 * node])},"y":${number(xyz[3 * node + 1])},"z":${number(xyz[3 * node + 2])}}}"""

    /** The step line of the version of the reference client without request ids. */
    const val STEP = """{"op":"step","data":{"stepCount":1}}"""

    fun step(rid: Long): String = """{"op":"step","data":{"rid":$rid,"stepCount":1}}"""

    fun frame(xyz: DoubleArray = positions): List<String> = (0 until NODES).map { newPosition(it, xyz) }

    /** An engine fed the same inputs, to compare the server's answers with. */
    fun localEngine(): AggregateEngine = AggregateEngine(NODES, MAX_DISTANCE).also { it.setSource(0, true) }
}
