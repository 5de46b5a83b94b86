package collektive.server.connection

/** The server's timing ids (docs/measurements.md), in the order the [collektive.server.timing.TimingLog] is given them. */
internal object TimingIds {
    const val SERVICE = 0
    const val COMPUTE = 1
    val NAMES = listOf("step.service", "step.compute")
}
