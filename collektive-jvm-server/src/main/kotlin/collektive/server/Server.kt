package collektive.server

import collektive.protocol.ServerOptions
import collektive.protocol.Transport
import collektive.server.timing.TimingLog
import collektive.server.transport.shm.ShmServer

/** A running server, whatever its transport: what the process entry point needs. */
public interface Server : AutoCloseable {
    /** What a fatal JVM error in a server thread does. */
    public var onFatal: (Throwable) -> Unit

    /** True once [close] has been called (a deliberate stop). */
    public val closed: Boolean

    /** Binds the transport's address (fails fast when taken); returns what the listening line names. */
    public fun listen(): String

    /** Starts serving (binds first if needed). */
    public fun serve()

    /** Blocks until the accept thread ends. */
    public fun awaitClose()

    public companion object {
        /** The server for [options]' transport. */
        public fun of(options: ServerOptions, timing: TimingLog?): Server =
            if (options.transport == Transport.SHM) ShmServer(options, timing) else GradientServer(options, timing)
    }
}
