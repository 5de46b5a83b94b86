package collektive.protocol

/** How clients reach the server (`--transport`; docs/protocol.md, "Transports"). */
public enum class Transport(public val flag: String) {
    /** TCP on [ServerOptions.host]:[ServerOptions.port]: the reference protocol's transport. */
    TCP("tcp"),

    /** A Unix domain socket at [ServerOptions.path]: the same framing and encodings as TCP. */
    UDS("uds"),

    /** One shared-memory channel in the file [ServerOptions.path], woken through the Unix socket `PATH.sock`. */
    SHM("shm"),
    ;

    public companion object {
        /** The transport named [flag]; throws [IllegalArgumentException] on anything else. */
        public fun of(flag: String): Transport =
            entries.firstOrNull { it.flag == flag } ?: throw IllegalArgumentException("--transport must be tcp, uds or shm, was \"$flag\"")
    }
}
