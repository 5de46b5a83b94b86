package collektive.aggregate

import collektive.aggregate.api.Aggregate
import collektive.aggregate.impl.AggregateContext
import collektive.network.InboundMessages
import collektive.network.OutboundMessage

/**
 * Runs one round of [program] on device [localId]: reads [previousState] and the [inbound] messages of the
 * current neighbours, and returns the program's result, the new state and the outbound message.
 *
 * [inbound] must not list [localId] itself.
 */
public fun <ID : Any, R> aggregate(
    localId: ID,
    previousState: AggregateState = AggregateState(),
    inbound: InboundMessages<ID> = InboundMessages.empty(),
    program: Aggregate<ID>.() -> R,
): AggregateResult<ID, R> {
    require(inbound.indexOf(localId) < 0) { "inbound messages of device $localId list the device itself" }
    val next = AggregateState(previousState.root)
    val outbound = OutboundMessage(localId)
    val result = AggregateContext<ID>().run(localId, previousState, next, inbound, outbound, program)
    return AggregateResult(result, next, outbound)
}
