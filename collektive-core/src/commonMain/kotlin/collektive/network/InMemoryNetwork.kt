package collektive.network

/**
 * A [Network] held in memory: the topology is set explicitly with [updateTopology], each receiver keeps a mailbox
 * with the latest message of each neighbour, and mailboxes are pruned to the new neighbours whenever the topology
 * changes. Straightforward rather than fast; [collektive.engine.AggregateEngine] uses an array-based equivalent.
 */
public class InMemoryNetwork<ID : Any> : Network<ID> {
    private var topology: Map<ID, List<ID>> = emptyMap()
    private val mailboxes = HashMap<ID, MutableMap<ID, OutboundMessage<ID>>>()

    /**
     * Replaces the topology: [neighbors] maps each device to its neighbours (in the order [inbound] reports them).
     * A device missing from the map has no neighbours. Messages from devices that are no longer neighbours of a
     * receiver are dropped.
     */
    public fun updateTopology(neighbors: Map<ID, List<ID>>) {
        for ((device, list) in neighbors) {
            require(device !in list) { "device $device cannot be its own neighbour" }
            require(list.toSet().size == list.size) { "neighbours of $device contain duplicates: $list" }
        }
        topology = neighbors.mapValues { (_, v) -> v.toList() }
        for ((receiver, box) in mailboxes) {
            val current = topology[receiver].orEmpty().toSet()
            box.keys.retainAll(current)
        }
    }

    /** The current neighbours of [device]. */
    public fun neighborsOf(device: ID): List<ID> = topology[device].orEmpty()

    override fun inbound(receiver: ID): InboundMessages<ID> {
        val box = mailboxes[receiver]
        val builder = InboundMessages.Builder<ID>()
        for (n in topology[receiver].orEmpty()) builder.add(n, box?.get(n))
        return builder.build()
    }

    override fun send(message: OutboundMessage<ID>) {
        val sender = message.senderId
        for (n in topology[sender].orEmpty()) mailboxes.getOrPut(n) { HashMap() }[sender] = message
    }
}
