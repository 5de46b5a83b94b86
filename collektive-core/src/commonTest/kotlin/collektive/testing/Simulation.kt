package collektive.testing

import collektive.aggregate.AggregateState
import collektive.aggregate.aggregate
import collektive.aggregate.api.Aggregate
import collektive.network.InMemoryNetwork

/**
 * Runs [program] on devices through the public [aggregate] function and an [InMemoryNetwork]: the straightforward
 * way to simulate, used to check runtime semantics and to cross-check the engine's array-based network.
 */
class Simulation<R>(private val program: Aggregate<Int>.() -> R) {
    val network = InMemoryNetwork<Int>()
    private val states = HashMap<Int, AggregateState>()
    val results = HashMap<Int, R>()
    val entryCounts = HashMap<Int, Int>()

    /** Sets the topology from undirected [links]; [devices] lists every device (isolated ones included). */
    fun links(devices: Iterable<Int>, vararg links: Pair<Int, Int>) {
        val map = devices.associateWith { mutableListOf<Int>() }
        for ((a, b) in links) {
            map.getValue(a).add(b)
            map.getValue(b).add(a)
        }
        network.updateTopology(map.mapValues { (_, v) -> v.sorted() })
    }

    /** Sets the topology from adjacency lists (index = device id). */
    fun adjacency(adjacency: Array<IntArray>) {
        network.updateTopology(adjacency.indices.associateWith { adjacency[it].toList() })
    }

    /** Runs one round of [device]. */
    fun run(device: Int): R {
        val result = aggregate(device, states[device] ?: AggregateState(), network.inbound(device), program)
        states[device] = result.newState
        network.send(result.outbound)
        results[device] = result.result
        entryCounts[device] = result.outbound.entryCount
        return result.result
    }

    /** Runs one round of every device in [order], in place. */
    fun round(order: List<Int>): Map<Int, R> {
        order.forEach(::run)
        return order.associateWith { results.getValue(it) }
    }
}

/** Devices 0 until [n] in reverse order (the engine's evaluation order). */
fun reverseOrder(n: Int): List<Int> = (n - 1 downTo 0).toList()
