package collektive.server.connection

import collektive.server.ServerOptions
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong

/**
 * The budgets shared by every connection of one server (docs/protocol.md, "Budgets"): simulations
 * (`maxSessions`), devices over all simulations (`maxDevices`) and bytes of partly received requests
 * (`maxBufferedInputBytes`). Reservations are lock-free and never overshoot.
 */
internal class ServerBudgets(private val options: ServerOptions) {
    private val sessions = AtomicInteger()
    private val devices = AtomicLong()
    private val bufferedInput = AtomicLong()

    /** Simulations held now. */
    val sessionCount: Int get() = sessions.get()

    /** Devices held now. */
    val deviceCount: Long get() = devices.get()

    /** Bytes of partly received requests held now. */
    val bufferedInputBytes: Long get() = bufferedInput.get()

    fun acquireSession(): Boolean = reserve(sessions, 1, options.maxSessions.toLong())

    fun releaseSession() {
        sessions.decrementAndGet()
    }

    fun reserveDevices(n: Int): Boolean = reserve(devices, n.toLong(), options.maxDevices)

    fun releaseDevices(n: Int) {
        devices.addAndGet(-n.toLong())
    }

    fun reserveInput(bytes: Int): Boolean = reserve(bufferedInput, bytes.toLong(), options.maxBufferedInputBytes)

    fun releaseInput(bytes: Long) {
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
