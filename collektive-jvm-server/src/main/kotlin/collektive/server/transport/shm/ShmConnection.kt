package collektive.server.transport.shm

import collektive.protocol.ShmChannel
import collektive.protocol.ShmChannelIo
import collektive.server.transport.Link
import java.io.IOException
import java.net.SocketTimeoutException

/**
 * The JVM's side of one attached shared-memory channel for the common serving loop ([ShmChannel]): the mapped
 * [file] (its [java.lang.invoke.VarHandle] accesses) and the client's wake-up socket [wake], whose reads time out
 * after [ShmChannel.POLL_MS] (set when it was accepted).
 */
internal class ShmConnection(private val file: ShmFile, private val wake: Link) : ShmChannelIo {
    private val scratch = ByteArray(64)

    override val requestCapacity: Int get() = file.requestCapacity

    override val replyCapacity: Int get() = file.replyCapacity

    override fun requestSeq(): Long = file.requestSeq()

    override fun requestSeqSeqCst(): Long = file.requestSeqVolatile()

    override fun requestLength(): Int = file.requestLength()

    override fun readRequest(into: ByteArray, length: Int) = file.readRequest(into, length)

    override fun serverWaiting(waiting: Boolean) = file.serverWaiting(waiting)

    override fun publishReply(bytes: ByteArray, length: Int, seq: Long) {
        file.publishReply(bytes, length, seq)
        if (file.clientWaiting()) ring()
    }

    override fun awaitWake(pollMs: Int): Int {
        val n = try {
            wake.input.read(scratch)
        } catch (_: SocketTimeoutException) {
            0
        }
        return if (n < 0) ShmChannelIo.END else n
    }

    override fun spinPause() = Thread.onSpinWait()

    private fun ring() {
        try {
            wake.output.write(WAKE)
        } catch (_: IOException) {
            // the client is gone: the next wait sees its socket closed
        }
    }

    private companion object {
        val WAKE = byteArrayOf(1)
    }
}
