package collektive.server

import collektive.protocol.ServerOptions
import collektive.protocol.Transport
import collektive.server.protocol.BinaryStateFrame
import java.io.BufferedInputStream
import java.io.ByteArrayOutputStream
import java.io.Closeable
import java.io.InputStream
import java.io.OutputStream
import java.net.Socket
import java.net.StandardProtocolFamily
import java.net.UnixDomainSocketAddress
import java.nio.channels.Channels
import java.nio.channels.SocketChannel
import java.nio.file.Files
import java.util.Collections

/**
 * A server in this JVM, with its log lines collected for assertions: on an ephemeral loopback port, or with
 * `transport = Transport.UDS` on a Unix socket in a fresh temporary folder.
 */
class TestServer(options: ServerOptions = ServerOptions(port = 0, warmupRounds = 0)) : Closeable {
    val logLines: MutableList<String> = Collections.synchronizedList(mutableListOf())
    private val socketDir = if (options.transport == Transport.UDS) Files.createTempDirectory("collektive-uds") else null
    val server = GradientServer(options.copy(port = 0, path = socketDir?.resolve("server.sock")?.toString() ?: options.path), null) { logLines += it }
    val port = server.start()

    fun connect(): Client = if (socketDir != null) {
        val channel = SocketChannel.open(StandardProtocolFamily.UNIX)
        channel.connect(UnixDomainSocketAddress.of(socketDir.resolve("server.sock")))
        Client(Channels.newInputStream(channel), Channels.newOutputStream(channel), channel)
    } else {
        Client(Socket("127.0.0.1", port))
    }

    /** Waits (bounded) until [predicate] holds over the log, returning whether it did. */
    fun awaitLog(timeoutMs: Long = 5000, predicate: (List<String>) -> Boolean): Boolean = awaitTrue(timeoutMs) {
        synchronized(logLines) { predicate(logLines.toList()) }
    }

    /** The log so far, one line each: a copy under the list's lock, since the server appends while a test reads. */
    fun logText(): String = synchronized(logLines) { logLines.joinToString("\n") }

    override fun close() {
        server.close()
        socketDir?.toFile()?.deleteRecursively()
    }
}

fun awaitTrue(timeoutMs: Long, condition: () -> Boolean): Boolean {
    val deadline = System.nanoTime() + timeoutMs * 1_000_000
    while (System.nanoTime() < deadline) {
        if (condition()) return true
        Thread.sleep(5)
    }
    return condition()
}

/** A raw loopback client (TCP or Unix socket): writes exact lines and bytes, reads reply lines or binary frames. */
class Client(rawInput: InputStream, val output: OutputStream, private val connection: Closeable) : Closeable {
    constructor(socket: Socket) : this(socket.apply { tcpNoDelay = true; soTimeout = 10_000 }.getInputStream(), socket.getOutputStream(), socket)

    private val input = BufferedInputStream(rawInput)

    /** The TCP socket (TCP clients only). */
    val socket: Socket get() = connection as Socket

    fun send(vararg lines: String) {
        output.write(lines.joinToString("") { "$it\n" }.toByteArray(Charsets.UTF_8))
        output.flush()
    }

    /** Writes [bytes] as they are (binary frames, or lines and frames together) in one write. */
    fun sendBytes(bytes: ByteArray) {
        output.write(bytes)
        output.flush()
    }

    /** Reads one reply line (without the newline), or null at EOF. */
    fun readLine(): String? {
        val bytes = ByteArrayOutputStream()
        while (true) {
            val b = input.read()
            if (b < 0) return if (bytes.size() == 0) null else bytes.toString(Charsets.UTF_8)
            if (b == '\n'.code) return bytes.toString(Charsets.UTF_8)
            bytes.write(b)
        }
    }

    fun request(line: String): String {
        send(line)
        return checkNotNull(readLine()) { "connection closed before a reply to $line" }
    }

    fun peek(): Int {
        input.mark(1)
        val b = input.read()
        input.reset()
        return b
    }

    fun readFrame(): BinaryStateFrame.Frame = BinaryStateFrame.read(input)

    override fun close() = connection.close()
}
