package collektive.protocol

/**
 * What a server process hands to the protocol code it shares with the other servers (docs/protocol.md,
 * "Servers"): where replies go, where step timings go, and who it is. Each server's transport is a thin adapter
 * around [Session] and these.
 */
public fun interface ReplySink {
    /** Appends [length] bytes of [bytes] from [offset] to the replies (unflushed; the transport decides when they leave). */
    public fun write(bytes: ByteArray, offset: Int, length: Int)
}

/** Appends all of [bytes]. */
public fun ReplySink.write(bytes: ByteArray): Unit = write(bytes, 0, bytes.size)

/** Receives one timing sample: id [TimingIds], start on the host's monotonic clock, duration (ns). No I/O on the caller's thread. */
public fun interface StepTimings {
    public fun record(id: Int, startNs: Long, durationNs: Long)
}

/** The timing CSV ids every server writes (docs/measurements.md). */
public object TimingIds {
    /** Request in hand → reply handed to the transport. */
    public const val SERVICE: Int = 0

    /** The step's rounds alone. */
    public const val COMPUTE: Int = 1

    /**
     * An echo request in hand → its reply handed to the transport, timed as [SERVICE] is: the server's own floor, the
     * same reply path with no step (docs/os-floor.md, "The server's own floor"). Over TCP and Unix sockets.
     */
    public const val ECHO_SERVICE: Int = 2

    /** The CSV names, indexed by the ids above. */
    public val NAMES: List<String> = listOf("step.service", "step.compute", "echo.service")
}

/** Who answers `hello`: the server's name and the protocol version it speaks. */
public class ServerIdentity(public val name: String, public val version: String = ProtocolSpec.VERSION)
