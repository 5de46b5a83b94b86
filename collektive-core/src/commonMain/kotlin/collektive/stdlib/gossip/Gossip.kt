package collektive.stdlib.gossip

import collektive.aggregate.api.Aggregate

/**
 * What a device holds in [gossipMax]: the [best] value it knows and the [path] of devices it came through, from the
 * device where it is local to this one (both included).
 */
public class Gossip<ID : Any, out T>(
    /** The largest value known. */
    public val best: T,
    /** Devices the value travelled through, its origin first. */
    public val path: List<ID>,
)

/**
 * Self-stabilising gossip of the largest value (Collektive's `gossipMax`): every device converges to the largest
 * [local] of its connected component, and forgets a value once the device holding it leaves. Each device keeps
 * the best of its own [local] and its neighbours' values, each neighbour's value extended by this device, ignoring
 * values whose path already went through this device (they could only be echoes of its own past). A value whose
 * origin is gone survives only along ever longer loop-free paths, so it dies within as many rounds as the
 * component has devices. Ties keep the shorter path, then the neighbour first in field order (lowest id).
 */
public fun <ID : Any, T : Comparable<T>> Aggregate<ID>.gossipMax(local: T): T {
    val self = localId // read once, not through the interface per neighbour
    val own = Gossip(local, IdPath<ID>(arrayOf(self)))
    return share(own) { field ->
        var best: Gossip<ID, T> = own
        var bestLength = 1
        for (k in 0 until field.neighborCount) {
            val heard = field.valueIn(k)
            if (heard.path.containsId(self)) continue
            val length = heard.path.size + 1
            val order = heard.best.compareTo(best.best)
            if (order > 0 || (order == 0 && length < bestLength)) {
                best = heard
                bestLength = length
            }
        }
        if (best === own) own else Gossip(best.best, best.path.extendedBy(self))
    }.best
}

/**
 * `id in this`, the loop check of every heard path: on the paths [gossipMax] builds ([IdPath]) a scan of a plain
 * array, Int ids (the engine's) compared unboxed; a virtual `equals` per element (and an interface call per
 * element) was most of the program's cost on Kotlin/Native.
 */
private fun <ID : Any> List<ID>.containsId(id: ID): Boolean = if (this is IdPath<*>) has(id) else contains(id)

/** [this] with [id] appended, as an [IdPath] (one array copy, like a hand-written gossip). */
private fun <ID : Any> List<ID>.extendedBy(id: ID): List<ID> {
    val n = size
    val ids = arrayOfNulls<Any?>(n + 1)
    if (this is IdPath<*>) copyInto(ids) else for (k in 0 until n) ids[k] = this[k]
    ids[n] = id
    return IdPath(ids)
}

/** An immutable list of device ids over a plain array (equality, hash and text of any list). */
private class IdPath<ID : Any>(private val ids: Array<Any?>) : AbstractList<ID>() {
    override val size: Int get() = ids.size

    @Suppress("UNCHECKED_CAST")
    override fun get(index: Int): ID = ids[index] as ID

    fun has(id: Any): Boolean {
        val ids = ids
        if (id is Int) {
            for (p in ids) if (p is Int && p == id) return true
            return false
        }
        for (p in ids) if (p == id) return true
        return false
    }

    fun copyInto(target: Array<Any?>) {
        ids.copyInto(target)
    }
}
