package collektive.aggregate

import collektive.network.OutboundMessage

/** The outcome of one device's round: the program's [result], the [newState] to keep, the [outbound] message to send. */
public class AggregateResult<ID : Any, out R>(
    /** What the program returned. */
    public val result: R,
    /** The state to pass to the device's next round. */
    public val newState: AggregateState,
    /** The message to hand to the network. */
    public val outbound: OutboundMessage<ID>,
)
