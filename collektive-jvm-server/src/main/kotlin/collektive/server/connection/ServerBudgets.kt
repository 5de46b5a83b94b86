package collektive.server.connection

import collektive.protocol.ServerOptions
import collektive.protocol.SharedBudgets
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong

/**
 * The budgets shared by every connection of one server (docs/protocol.md, "Budgets"): simulations
 * (`maxSessions`), devices over all simulations (`maxDevices`) and bytes of partly received requests
 * (`maxBufferedInputBytes`). Reservations are lock-free and never overshoot.
 */
internal class ServerBudgets(private val options: ServerOptions) : SharedBudgets {
    private val sessions = AtomicInteger()
    private val devices = AtomicLong()
    private val bufferedInput = AtomicLong()

    /** Simulations held now. */
    override val sessionCount: Int get() = sessions.get()

    /** Devices held now. */
    override val deviceCount: Long get() = devices.get()

    /** Bytes of partly received requests held now. */
    override val bufferedInputBytes: Long get() = bufferedInput.get()

    override fun acquireSession(): Boolean = reserve(sessions, 1, options.maxSessions.toLong())

    override fun releaseSession() {
        sessions.decrementAndGet()
    }

    override fun reserveDevices(n: Int): Boolean = reserve(devices, n.toLong(), options.maxDevices)

    override fun releaseDevices(n: Int) {
        devices.addAndGet(-n.toLong())
    }

    override fun reserveInput(bytes: Int): Boolean = reserve(bufferedInput, bytes.toLong(), options.maxBufferedInputBytes)

    override fun releaseInput(bytes: Long) {
        if (bytes > 0) bufferedInput.addAndGet(-bytes)
    }

    private fun reserve(counter: AtomicInteger, n: Long, max: Long): Boolean {
        while (true) {
            val now = counter.get()
            if (now + n > max) return false
            if (counter.compareAndSet(now, (now + n).toInt())) return true
        }
    }

    private fun reserve(counter: AtomicLong, n: Long, max: Long): Boolean {
        while (true) {
            val now = counter.get()
            if (now + n > max) return false
            if (counter.compareAndSet(now, now + n)) return true
        }
    }
}
