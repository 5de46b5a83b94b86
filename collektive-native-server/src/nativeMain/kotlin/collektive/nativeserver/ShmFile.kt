@file:OptIn(ExperimentalForeignApi::class)

package collektive.nativeserver

import collektive.nativeserver.sys.ck_load_acquire_i64
import collektive.nativeserver.sys.ck_load_relaxed_i32
import collektive.nativeserver.sys.ck_load_relaxed_i64
import collektive.nativeserver.sys.ck_load_seq_cst_i64
import collektive.nativeserver.sys.ck_publish
import collektive.nativeserver.sys.ck_store_relaxed_i32
import collektive.nativeserver.sys.ck_store_relaxed_i64
import collektive.nativeserver.sys.ck_store_seq_cst_i32
import collektive.nativeserver.sys.ck_store_seq_cst_i64
import collektive.protocol.ShmLayout
import kotlinx.cinterop.ByteVar
import kotlinx.cinterop.CPointer
import kotlinx.cinterop.ExperimentalForeignApi
import kotlinx.cinterop.addressOf
import kotlinx.cinterop.convert
import kotlinx.cinterop.plus
import kotlinx.cinterop.reinterpret
import kotlinx.cinterop.usePinned
import platform.posix.MAP_FAILED
import platform.posix.MAP_SHARED
import platform.posix.O_CLOEXEC
import platform.posix.O_CREAT
import platform.posix.O_RDWR
import platform.posix.O_TRUNC
import platform.posix.PROT_READ
import platform.posix.PROT_WRITE
import platform.posix.close
import platform.posix.ftruncate
import platform.posix.getpid
import platform.posix.memcpy
import platform.posix.mmap
import platform.posix.munmap
import platform.posix.open
import platform.posix.unlink

/**
 * The server's mapping of the shared-memory file ([ShmLayout], docs/protocol.md "Shared memory"), the native
 * counterpart of the JVM server's `ShmFile`: same size, same header, same reset. Every header field the client
 * writes or waits on is accessed through the atomic helpers of `shmsys.def`: a side publishes a slot's bytes, then
 * its sequence number, and the other reads the sequence number (acquire) before the bytes; the waiting flags pair a
 * sequentially consistent store with a sequentially consistent load of the other side's sequence number, so a
 * wake-up is never missed. Kotlin/Native's own pointer reads are plain loads LLVM may hoist out of a spin loop.
 */
internal class ShmFile private constructor(
    val path: String,
    private val base: CPointer<ByteVar>,
    private val size: Long,
    val requestCapacity: Int,
    val replyCapacity: Int,
) {
    private val replyOffset = ShmLayout.replyOffsetOf(requestCapacity)
    private var mapped = true

    private fun at(offset: Int): CPointer<ByteVar> = (base + offset)!!

    /** Writes the header and clears every sequence number and flag (a new client starts from sequence 0). */
    fun reset() {
        ck_store_relaxed_i32(at(ShmLayout.MAGIC_AT), ShmLayout.MAGIC)
        ck_store_relaxed_i32(at(ShmLayout.VERSION_AT), ShmLayout.VERSION)
        ck_store_relaxed_i32(at(ShmLayout.REQUEST_OFFSET_AT), ShmLayout.HEADER_BYTES)
        ck_store_relaxed_i32(at(ShmLayout.REQUEST_CAPACITY_AT), requestCapacity)
        ck_store_relaxed_i32(at(ShmLayout.REPLY_OFFSET_AT), replyOffset)
        ck_store_relaxed_i32(at(ShmLayout.REPLY_CAPACITY_AT), replyCapacity)
        ck_store_relaxed_i64(at(ShmLayout.SERVER_PID_AT), getpid().toLong())
        ck_store_relaxed_i64(at(ShmLayout.CLIENT_PID_AT), 0)
        ck_store_relaxed_i32(at(ShmLayout.REQUEST_LENGTH_AT), 0)
        ck_store_relaxed_i32(at(ShmLayout.REPLY_LENGTH_AT), 0)
        ck_store_seq_cst_i32(at(ShmLayout.CLIENT_WAITING_AT), 0)
        ck_store_seq_cst_i32(at(ShmLayout.SERVER_WAITING_AT), 0)
        ck_store_seq_cst_i64(at(ShmLayout.REPLY_SEQ_AT), 0)
        ck_store_seq_cst_i64(at(ShmLayout.REQUEST_SEQ_AT), 0)
    }

    /** The client's last published request sequence number (acquire: its request bytes and length are visible after it). */
    fun requestSeq(): Long = ck_load_acquire_i64(at(ShmLayout.REQUEST_SEQ_AT))

    /** Sequentially consistent read: pairs with [serverWaiting]'s store. */
    fun requestSeqSeqCst(): Long = ck_load_seq_cst_i64(at(ShmLayout.REQUEST_SEQ_AT))

    /** Read after [requestSeq] (whose acquire orders it). */
    fun requestLength(): Int = ck_load_relaxed_i32(at(ShmLayout.REQUEST_LENGTH_AT))

    fun clientPid(): Long = ck_load_relaxed_i64(at(ShmLayout.CLIENT_PID_AT))

    /** Copies [length] request bytes into [into]. */
    fun readRequest(into: ByteArray, length: Int) {
        if (length == 0) return
        into.usePinned { memcpy(it.addressOf(0), at(ShmLayout.HEADER_BYTES), length.convert()) }
    }

    /**
     * Copies the replies into the reply slot, writes their length, then publishes [seq] and reads the client's waiting
     * flag (`ck_publish`: the sequence number's store and the flag's load sequentially consistent, so a waiting client
     * is never missed, as the JVM's volatile accesses). Returns true when the client waits: ring it.
     */
    fun publishReply(bytes: ByteArray, length: Int, seq: Long): Boolean {
        if (length > 0) bytes.usePinned { memcpy(at(replyOffset), it.addressOf(0), length.convert()) }
        return ck_publish(at(ShmLayout.REPLY_LENGTH_AT), length, at(ShmLayout.REPLY_SEQ_AT), seq, at(ShmLayout.CLIENT_WAITING_AT)) != 0
    }

    fun serverWaiting(waiting: Boolean) = ck_store_seq_cst_i32(at(ShmLayout.SERVER_WAITING_AT), if (waiting) 1 else 0)

    /**
     * Removes the file; unmaps it unless [keepMapped] (a serving thread that did not stop in time may still touch it:
     * the mapping then goes with the process).
     */
    fun close(keepMapped: Boolean = false) {
        if (mapped && !keepMapped) {
            munmap(base, size.convert())
            mapped = false
        }
        unlink(path) // left behind on failure: the next server truncates it
    }

    companion object {
        /** Creates (or truncates) the file at [path], sized for both slots (sparse), maps it shared and writes the header. */
        fun create(path: String, requestCapacity: Int, replyCapacity: Int): ShmFile {
            val size = ShmLayout.fileBytes(requestCapacity, replyCapacity)
            if (size > Int.MAX_VALUE) {
                throw OsException("the shared-memory file would be $size bytes (maxMessageBytes + maxReplyBytes): over 2 GiB, lower --max-message or --max-reply")
            }
            val fd = open(path, O_RDWR or O_CREAT or O_TRUNC or O_CLOEXEC, 438u) // 0666 before the umask, as the JVM creates it
            if (fd < 0) throw osFailure("cannot create $path")
            try {
                if (ftruncate(fd, size) != 0) throw osFailure("cannot size $path to $size bytes") // sparse: pages are allocated when touched
                val base = mmap(null, size.convert(), PROT_READ or PROT_WRITE, MAP_SHARED, fd, 0)
                if (base == null || base == MAP_FAILED) throw osFailure("cannot map $path")
                return ShmFile(path, base.reinterpret(), size, requestCapacity, replyCapacity).also { it.reset() }
            } finally {
                close(fd) // the mapping keeps the file
            }
        }
    }
}
