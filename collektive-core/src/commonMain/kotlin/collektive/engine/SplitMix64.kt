package collektive.engine

/**
 * The SplitMix64 generator (Steele, Lea, Flood 2014): tiny, seedable, and bit-for-bit identical on every Kotlin
 * target, so seeded scenarios place devices at exactly the same positions on JVM, JS, Wasm and Native.
 */
public class SplitMix64(seed: Long) {
    private var state: Long = seed

    /** The next 64 random bits. */
    public fun nextLong(): Long {
        state += -0x61c8864680b583ebL // 0x9E3779B97F4A7C15
        var z = state
        z = (z xor (z ushr 30)) * -0x40a7b892e31b1a47L // 0xBF58476D1CE4E5B9
        z = (z xor (z ushr 27)) * -0x6b2fb644ecceee15L // 0x94D049BB133111EB
        return z xor (z ushr 31)
    }

    /** A double uniformly distributed in [0, 1), with 53 random bits. */
    public fun nextDouble(): Double = (nextLong() ushr 11).toDouble() * TWO_POW_MINUS_53

    /** An int uniformly distributed in [0, bound) (bound > 0). */
    public fun nextInt(bound: Int): Int {
        require(bound > 0) { "bound must be > 0, was $bound" }
        return ((nextLong() ushr 33) % bound).toInt()
    }

    private companion object {
        const val TWO_POW_MINUS_53: Double = 1.0 / 9007199254740992.0
    }
}
