package collektive.network

/**
 * Delivers [OutboundMessage]s between devices. Transports (sockets, WebSockets) live in the hosts; the core only
 * needs this contract:
 * - [inbound] lists the receiver's *current* neighbours, each with the latest message it delivered to the
 *   receiver while they were neighbours (null when none);
 * - a message from a device that stopped being a neighbour vanishes: it is not returned by [inbound], and it does
 *   not come back if the device becomes a neighbour again before sending anew.
 */
public interface Network<ID : Any> {
    /** The neighbourhood of [receiver] with the latest message of each neighbour. */
    public fun inbound(receiver: ID): InboundMessages<ID>

    /** Delivers [message] to the current neighbours of its sender. */
    public fun send(message: OutboundMessage<ID>)
}
