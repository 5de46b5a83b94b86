package collektive.stdlib.gossip

import collektive.aggregate.api.Aggregate
import collektive.aggregate.impl.shareInline

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
    @Suppress("UNCHECKED_CAST")
    val nothingYet = NOTHING_YET as Gossip<ID, T>
    return shareInline(nothingYet) { field ->
        var best: Gossip<ID, T>? = null // null: the device's own value
        var bestValue = local
        var bestLength = 1
        for (k in 0 until field.neighborCount) {
            val heard = field.valueIn(k)
            if (heard.path.containsId(self)) continue
            val length = heard.path.size + 1
            val order = heard.best.compareTo(bestValue)
            if (order > 0 || (order == 0 && length < bestLength)) {
                best = heard
                bestValue = heard.best
                bestLength = length
            }
        }
        // Last round's value is kept when it is equal to this round's (the usual case once the gossip settled): no
        // allocation per device per round, and the neighbours see the same path object round after round.
        val previous = field.local
        val known = previous !== nothingYet
        when {
            best == null ->
                if (known && previous.path.size == 1 && previous.best == local) previous else Gossip(local, IdPath.of(self))
            known && previous.best == best.best && previous.path.isExtensionOf(best.path, self) -> previous
            else -> Gossip(best.best, best.path.extendedBy(self))
        }
    }.best
}

/** The value of a device before its first round (never sent: a share sends only its body's results). */
private val NOTHING_YET: Gossip<Any, Nothing?> = Gossip(null, emptyList())

/** Whether this path is [prefix] followed by [id]. */
private fun <ID : Any> List<ID>.isExtensionOf(prefix: List<ID>, id: ID): Boolean {
    val n = prefix.size
    if (size != n + 1) return false
    val ints = (this as? IdPath<*>)?.ints
    val prefixInts = (prefix as? IdPath<*>)?.ints
    if (ints != null && prefixInts != null) {
        if (id !is Int || ints[n] != id) return false
        for (k in 0 until n) if (ints[k] != prefixInts[k]) return false
        return true
    }
    if (this[n] != id) return false
    for (k in 0 until n) if (this[k] != prefix[k]) return false
    return true
}

/**
 * `id in this`, the loop check of every heard path: on the paths [gossipMax] builds ([IdPath]) a scan of a plain
 * array; a virtual `equals` per element (and an interface call per element) was most of the program's cost on
 * Kotlin/Native.
 */
private fun <ID : Any> List<ID>.containsId(id: ID): Boolean = if (this is IdPath<*>) has(id) else contains(id)

/** [this] with [id] appended, as an [IdPath] (one array copy, like a hand-written gossip). */
private fun <ID : Any> List<ID>.extendedBy(id: ID): List<ID> {
    val ints = (this as? IdPath<*>)?.ints
    if (ints != null && id is Int) return IdPath(ints.copyOf(ints.size + 1).also { it[ints.size] = id }, null)
    val ids = arrayOfNulls<Any?>(size + 1)
    for (k in indices) ids[k] = this[k]
    ids[size] = id
    return IdPath(null, ids)
}

/**
 * An immutable list of device ids over a plain array (equality, hash and text of any list). Int ids (the
 * engine's) are kept in [ints]: the loop check then compares primitives in one contiguous array, where boxed ids
 * cost a load of each box (a cache miss per element on long paths). Other ids are kept in [refs].
 */
private class IdPath<ID : Any>(
    val ints: IntArray?,
    private val refs: Array<Any?>?,
) : AbstractList<ID>() {
    override val size: Int get() = ints?.size ?: refs!!.size

    @Suppress("UNCHECKED_CAST")
    override fun get(index: Int): ID {
        val ints = ints
        return (if (ints != null) ints[index] else refs!![index]) as ID
    }

    fun has(id: Any): Boolean {
        val ints = ints
        if (ints != null) {
            if (id !is Int) return false
            for (p in ints) if (p == id) return true
            return false
        }
        for (p in refs!!) if (p == id) return true
        return false
    }

    companion object {
        fun <ID : Any> of(id: ID): IdPath<ID> = if (id is Int) IdPath(intArrayOf(id), null) else IdPath(null, arrayOf(id))
    }
}
