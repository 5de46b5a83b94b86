@file:OptIn(ExperimentalForeignApi::class)

package collektive.nativeserver

import collektive.nativeserver.sys.ck_cpu_pause
import collektive.protocol.ShmChannel
import collektive.protocol.ShmChannelIo
import kotlinx.cinterop.ExperimentalForeignApi

/**
 * The native server's side of one attached shared-memory channel for the common serving loop ([ShmChannel]): the
 * mapped [file] (its C `__atomic` accesses) and the client's wake-up socket [wake] (a `poll` of at most the loop's
 * bound per wait). No other C call sits on the step's path: each costs a Kotlin/Native thread-state switch.
 */
internal class ShmChannelLink(private val file: ShmFile, private val wake: WakeLink) : ShmChannelIo {
    override val requestCapacity: Int get() = file.requestCapacity

    override val replyCapacity: Int get() = file.replyCapacity

    override fun requestSeq(): Long = file.requestSeq()

    override fun requestSeqSeqCst(): Long = file.requestSeqSeqCst()

    override fun requestLength(): Int = file.requestLength()

    override fun readRequest(into: ByteArray, length: Int) = file.readRequest(into, length)

    override fun serverWaiting(waiting: Boolean) = file.serverWaiting(waiting)

    override fun publishReply(bytes: ByteArray, length: Int, seq: Long) {
        if (file.publishReply(bytes, length, seq)) wake.send(WAKE) // false: the client is gone; the next wait sees it
    }

    override fun awaitWake(pollMs: Int): Int = wake.read(pollMs).let { if (it == WakeLink.END) ShmChannelIo.END else it }

    override fun spinPause() = ck_cpu_pause()

    private companion object {
        const val WAKE = 1
    }
}
