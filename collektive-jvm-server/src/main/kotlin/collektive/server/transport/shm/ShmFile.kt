package collektive.server.transport.shm

import collektive.protocol.ShmLayout
import java.io.IOException
import java.lang.invoke.MethodHandles
import java.lang.invoke.VarHandle
import java.nio.ByteBuffer
import java.nio.ByteOrder
import java.nio.channels.FileChannel
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption

/**
 * The server's mapping of the shared-memory file ([ShmLayout]). Sequence numbers and waiting flags go through
 * [VarHandle]s with acquire/release or volatile (sequentially consistent) order: a side publishes a slot's bytes,
 * then its sequence number (release), and the other side reads the sequence number (acquire) before the bytes.
 * The waiting flags pair a volatile write with a volatile read of the other side's sequence number (Dekker), so a
 * wake-up is never missed: see docs/protocol.md, "Shared memory".
 */
internal class ShmFile private constructor(
    val path: Path,
    private val channel: FileChannel,
    private val buf: ByteBuffer,
    val requestCapacity: Int,
    val replyCapacity: Int,
) : AutoCloseable {
    private val replyOffset = ShmLayout.replyOffsetOf(requestCapacity)

    /** Writes the header and clears every sequence number and flag (a new client starts from sequence 0). */
    fun reset() {
        buf.putInt(ShmLayout.MAGIC_AT, ShmLayout.MAGIC)
        buf.putInt(ShmLayout.VERSION_AT, ShmLayout.VERSION)
        buf.putInt(ShmLayout.REQUEST_OFFSET_AT, ShmLayout.HEADER_BYTES)
        buf.putInt(ShmLayout.REQUEST_CAPACITY_AT, requestCapacity)
        buf.putInt(ShmLayout.REPLY_OFFSET_AT, replyOffset)
        buf.putInt(ShmLayout.REPLY_CAPACITY_AT, replyCapacity)
        buf.putLong(ShmLayout.SERVER_PID_AT, ProcessHandle.current().pid())
        buf.putLong(ShmLayout.CLIENT_PID_AT, 0)
        buf.putInt(ShmLayout.REQUEST_LENGTH_AT, 0)
        buf.putInt(ShmLayout.REPLY_LENGTH_AT, 0)
        INT.setVolatile(buf, ShmLayout.CLIENT_WAITING_AT, 0)
        INT.setVolatile(buf, ShmLayout.SERVER_WAITING_AT, 0)
        LONG.setVolatile(buf, ShmLayout.REPLY_SEQ_AT, 0L)
        LONG.setVolatile(buf, ShmLayout.REQUEST_SEQ_AT, 0L)
    }

    fun requestSeq(): Long = LONG.getAcquire(buf, ShmLayout.REQUEST_SEQ_AT) as Long

    /** Volatile read: pairs with [serverWaiting]'s volatile write. */
    fun requestSeqVolatile(): Long = LONG.getVolatile(buf, ShmLayout.REQUEST_SEQ_AT) as Long

    fun requestLength(): Int = buf.getInt(ShmLayout.REQUEST_LENGTH_AT)

    fun clientPid(): Long = buf.getLong(ShmLayout.CLIENT_PID_AT)

    /** Copies [length] request bytes into [into]. */
    fun readRequest(into: ByteArray, length: Int) {
        buf.get(ShmLayout.HEADER_BYTES, into, 0, length)
    }

    /** Copies the replies into the reply slot, then publishes [seq] (release). */
    fun publishReply(bytes: ByteArray, length: Int, seq: Long) {
        buf.put(replyOffset, bytes, 0, length)
        buf.putInt(ShmLayout.REPLY_LENGTH_AT, length)
        LONG.setVolatile(buf, ShmLayout.REPLY_SEQ_AT, seq)
    }

    fun serverWaiting(waiting: Boolean) = INT.setVolatile(buf, ShmLayout.SERVER_WAITING_AT, if (waiting) 1 else 0)

    fun clientWaiting(): Boolean = (INT.getVolatile(buf, ShmLayout.CLIENT_WAITING_AT) as Int) != 0

    override fun close() {
        channel.close()
        try {
            Files.deleteIfExists(path)
        } catch (_: IOException) {
            // left behind: the next server truncates it
        }
    }

    companion object {
        private val LONG: VarHandle = MethodHandles.byteBufferViewVarHandle(LongArray::class.java, ByteOrder.LITTLE_ENDIAN)
        private val INT: VarHandle = MethodHandles.byteBufferViewVarHandle(IntArray::class.java, ByteOrder.LITTLE_ENDIAN)

        /** Creates (or truncates) the file at [path], sized for both slots, maps it and writes the header. */
        fun create(path: Path, requestCapacity: Int, replyCapacity: Int): ShmFile {
            val size = ShmLayout.fileBytes(requestCapacity, replyCapacity)
            if (size > Int.MAX_VALUE) {
                throw IOException("the shared-memory file would be $size bytes (maxMessageBytes + maxReplyBytes): over 2 GiB, lower --max-message or --max-reply")
            }
            val channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)
            try {
                channel.write(ByteBuffer.allocate(1), size - 1) // sparse: pages are allocated when touched
                val buf = channel.map(FileChannel.MapMode.READ_WRITE, 0, size).order(ByteOrder.LITTLE_ENDIAN)
                return ShmFile(path, channel, buf, requestCapacity, replyCapacity).also { it.reset() }
            } catch (e: IOException) {
                channel.close()
                throw e
            }
        }
    }
}
