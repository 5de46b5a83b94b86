package collektive.protocol

/**
 * The budgets shared by every connection of one server (docs/protocol.md, "Budgets"): simulations (`maxSessions`),
 * devices over all simulations (`maxDevices`) and bytes of partly received requests (`maxBufferedInputBytes`).
 * A reservation either fits whole or is refused; it never overshoots.
 */
public interface SharedBudgets {
    /** Simulations held now. */
    public val sessionCount: Int

    /** Devices held now. */
    public val deviceCount: Long

    /** Bytes of partly received requests held now. */
    public val bufferedInputBytes: Long

    public fun acquireSession(): Boolean

    public fun releaseSession()

    public fun reserveDevices(n: Int): Boolean

    public fun releaseDevices(n: Int)

    public fun reserveInput(bytes: Int): Boolean

    public fun releaseInput(bytes: Long)
}

/**
 * [SharedBudgets] for a server whose connections are served by one thread at a time (the Kotlin/Native
 * shared-memory server: one client per channel). Not thread-safe; the JVM server's budgets are lock-free.
 */
public class CountingBudgets(private val options: ServerOptions) : SharedBudgets {
    override var sessionCount: Int = 0
        private set
    override var deviceCount: Long = 0
        private set
    override var bufferedInputBytes: Long = 0
        private set

    override fun acquireSession(): Boolean = (sessionCount < options.maxSessions).also { if (it) sessionCount++ }

    override fun releaseSession() {
        sessionCount--
    }

    override fun reserveDevices(n: Int): Boolean = (deviceCount + n <= options.maxDevices).also { if (it) deviceCount += n }

    override fun releaseDevices(n: Int) {
        deviceCount -= n
    }

    override fun reserveInput(bytes: Int): Boolean =
        (bufferedInputBytes + bytes <= options.maxBufferedInputBytes).also { if (it) bufferedInputBytes += bytes }

    override fun releaseInput(bytes: Long) {
        if (bytes > 0) bufferedInputBytes -= bytes
    }
}
