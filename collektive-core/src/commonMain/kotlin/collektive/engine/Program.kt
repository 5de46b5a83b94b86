package collektive.engine

/** The aggregate program a [GradientEngine] runs on every device. */
public enum class Program {
    /** [collektive.stdlib.spreading.euclideanGradient]: distance to the nearest source along the links. */
    EUCLIDEAN,

    /** [collektive.stdlib.spreading.hopGradient]: number of hops to the nearest source. */
    HOP,
}
