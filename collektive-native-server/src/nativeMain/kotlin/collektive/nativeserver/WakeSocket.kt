@file:OptIn(ExperimentalForeignApi::class)

package collektive.nativeserver

import kotlinx.cinterop.CPointer
import kotlinx.cinterop.ExperimentalForeignApi
import kotlinx.cinterop.addressOf
import kotlinx.cinterop.alloc
import kotlinx.cinterop.convert
import kotlinx.cinterop.free
import kotlinx.cinterop.memScoped
import kotlinx.cinterop.nativeHeap
import kotlinx.cinterop.plus
import kotlinx.cinterop.ptr
import kotlinx.cinterop.reinterpret
import kotlinx.cinterop.set
import kotlinx.cinterop.sizeOf
import kotlinx.cinterop.usePinned
import platform.linux.sockaddr_un
import platform.posix.AF_UNIX
import platform.posix.ECONNRESET
import platform.posix.EINTR
import platform.posix.F_OK
import platform.posix.MSG_NOSIGNAL
import platform.posix.POLLIN
import platform.posix.SOCK_STREAM
import platform.posix.accept
import platform.posix.access
import platform.posix.bind
import platform.posix.close
import platform.posix.connect
import platform.posix.errno
import platform.posix.listen
import platform.posix.poll
import platform.posix.pollfd
import platform.posix.read
import platform.posix.send
import platform.posix.sockaddr
import platform.posix.socket
import platform.posix.unlink

/** Bytes of `sockaddr_un.sun_path`, its terminating NUL included. */
private const val SUN_PATH_BYTES = 108

/** Runs [block] with [path] as a Unix socket address. */
private fun <R> withUnixAddress(path: String, block: (CPointer<sockaddr>, UInt) -> R): R {
    val bytes = path.encodeToByteArray()
    if (bytes.size >= SUN_PATH_BYTES) throw OsException("$path is ${bytes.size} bytes: a Unix socket path holds at most ${SUN_PATH_BYTES - 1}")
    return memScoped {
        val address = alloc<sockaddr_un>()
        address.sun_family = AF_UNIX.convert()
        for (i in bytes.indices) address.sun_path[i] = bytes[i]
        address.sun_path[bytes.size] = 0
        block(address.ptr.reinterpret(), sizeOf<sockaddr_un>().convert())
    }
}

/**
 * The wake-up socket `PATH.sock` the clients attach through (docs/protocol.md, "Shared memory"), as the JVM
 * server's `UnixListener`: a socket file left by a server that died is replaced; one that still answers is not
 * (binding fails: another server is using it). The file is removed on [close].
 */
internal class WakeListener(private val path: String) {
    private var fd = -1
    private val ready = nativeHeap.alloc<pollfd>()

    /** Binds and listens; throws [OsException] when the path cannot be had. */
    fun bind() {
        if (fd >= 0) return
        if (access(path, F_OK) == 0) {
            if (answers()) throw OsException("$path is in use by a running server")
            if (unlink(path) != 0) throw osFailure("cannot replace the stale socket $path")
        }
        val s = socket(AF_UNIX, SOCK_STREAM, 0)
        if (s < 0) throw osFailure("cannot create a Unix socket")
        val bound = withUnixAddress(path) { address, size -> bind(s, address, size) }
        if (bound != 0 || listen(s, 128) != 0) {
            val failure = osFailure("cannot bind $path")
            close(s)
            throw failure
        }
        fd = s
        ready.fd = s
        ready.events = POLLIN.convert()
    }

    /** True when a server accepts connections at [path]. */
    private fun answers(): Boolean {
        val s = socket(AF_UNIX, SOCK_STREAM, 0)
        if (s < 0) return false
        val connected = withUnixAddress(path) { address, size -> connect(s, address, size) } == 0
        close(s)
        return connected
    }

    /** The next client, or null when none came within [pollMs] ms or a signal interrupted the wait. */
    fun accept(pollMs: Int): WakeLink? {
        ready.revents = 0
        val n = poll(ready.ptr, 1u, pollMs)
        if (n < 0 && errno != EINTR) throw osFailure("poll on $path failed")
        if (n <= 0) return null
        val client = accept(fd, null, null)
        if (client < 0) {
            if (errno == EINTR) return null
            throw osFailure("accept on $path failed")
        }
        return WakeLink(client)
    }

    /** Stops listening and removes the socket file. Idempotent. */
    fun close() {
        if (fd < 0) return
        close(fd)
        fd = -1
        nativeHeap.free(ready)
        unlink(path) // left behind on failure: the next bind replaces it
    }
}

/**
 * One attached client's end of the wake-up socket: single bytes that wake a blocked side, and the client's death,
 * which the kernel reports as the end of the stream however the client ended.
 */
internal class WakeLink(private val fd: Int) {
    private val ready = nativeHeap.alloc<pollfd>().also {
        it.fd = fd
        it.events = POLLIN.convert()
    }
    private val scratch = ByteArray(64)
    private val one = ByteArray(1)
    private var open = true

    /**
     * Waits at most [pollMs] ms for wake-up bytes and consumes them: their count, 0 when none came (or a signal
     * interrupted the wait), [END] when the client is gone (end of stream, or a reset: it died with a wake-up byte
     * of ours unread). Throws [OsException] on any other failure.
     */
    fun read(pollMs: Int): Int {
        ready.revents = 0
        val n = poll(ready.ptr, 1u, pollMs)
        if (n < 0 && errno != EINTR) throw osFailure("poll on the wake-up socket failed")
        if (n <= 0) return 0
        val got = scratch.usePinned { read(fd, it.addressOf(0), scratch.size.convert()) }.toInt()
        return when {
            got > 0 -> got
            got == 0 -> END
            errno == EINTR -> 0
            errno == ECONNRESET -> END
            else -> throw osFailure("read on the wake-up socket failed")
        }
    }

    /** Writes all of [bytes]; false when the client is gone. */
    fun send(bytes: ByteArray): Boolean = bytes.usePinned { pinned ->
        var sent = 0
        while (sent < bytes.size) {
            val n = send(fd, pinned.addressOf(0) + sent, (bytes.size - sent).convert(), MSG_NOSIGNAL).toInt()
            if (n < 0 && errno == EINTR) continue
            if (n <= 0) return@usePinned false
            sent += n
        }
        true
    }

    /** Writes one byte (a wake-up, [collektive.protocol.ShmLayout.READY] or `REFUSED`); false when the client is gone. */
    fun send(byte: Int): Boolean {
        one[0] = byte.toByte()
        return send(one)
    }

    /** Closes the socket: the client's blocked wait sees the end of the stream. Idempotent. */
    fun close() {
        if (!open) return
        open = false
        close(fd)
        nativeHeap.free(ready)
    }

    companion object {
        /** [read]'s answer when the client is gone. */
        const val END = -1
    }
}
