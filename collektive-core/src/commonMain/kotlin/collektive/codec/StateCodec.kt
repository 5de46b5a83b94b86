package collektive.codec

import collektive.engine.AggregateEngine
import collektive.engine.EngineState

/**
 * The binary state buffer of the reference C ABI (docs/reference-study.md), little-endian: int32 nodeCount, then per node:
 * float64 value, int32 neighbourCount, neighbourCount × int32 ids. Infinities are plain IEEE-754 values.
 */
public object StateCodec {
    /** Bytes [encode] produces for [state]. */
    public fun encodedSize(state: EngineState): Int {
        var size = 4
        for (list in state.neighbors) size += 12 + 4 * list.size
        return size
    }

    /** Encodes [state]. */
    public fun encode(state: EngineState): ByteArray {
        val w = LittleEndianWriter(encodedSize(state))
        w.int(state.nodeCount)
        for (i in 0 until state.nodeCount) {
            w.double(state.values[i])
            val list = state.neighbors[i]
            w.int(list.size)
            for (id in list) w.int(id)
        }
        return w.bytes
    }

    /** Encodes [engine]'s last-round state, read straight from its views (no [AggregateEngine.snapshot]). */
    public fun encode(engine: AggregateEngine): ByteArray {
        val w = LittleEndianWriter(encodedSize(engine))
        forEachWord(engine) { w.int(it) }
        return w.bytes
    }

    /**
     * Decodes a buffer made by [encode]. Throws [IllegalArgumentException] on truncated input, negative counts,
     * neighbour ids out of range, or trailing bytes.
     */
    public fun decode(bytes: ByteArray): EngineState {
        val r = LittleEndianReader(bytes)
        val n = r.int("nodeCount")
        require(n >= 0) { "nodeCount must be >= 0, was $n" }
        require(n.toLong() * 12 <= r.remaining) { "truncated input: $n nodes need at least ${n.toLong() * 12} more bytes, ${r.remaining} left" }
        val values = DoubleArray(n)
        val neighbors = arrayOfNulls<IntArray>(n)
        for (i in 0 until n) {
            values[i] = r.double("value of node $i")
            val k = r.int("neighbour count of node $i")
            require(k >= 0) { "neighbour count of node $i must be >= 0, was $k" }
            require(k.toLong() * 4 <= r.remaining) { "truncated input: $k neighbours of node $i need ${k.toLong() * 4} bytes, ${r.remaining} left" }
            neighbors[i] = IntArray(k) { t ->
                val id = r.int("neighbour $t of node $i")
                require(id in 0 until n) { "neighbour $t of node $i must be in 0 until $n, was $id" }
                id
            }
        }
        require(r.remaining == 0) { "garbage after the state: ${r.remaining} trailing bytes" }
        @Suppress("UNCHECKED_CAST")
        return EngineState(values, neighbors as Array<IntArray>)
    }

    /** Bytes [encode] produces for [engine]'s last-round state. */
    public fun encodedSize(engine: AggregateEngine): Int =
        4 + 12 * engine.nodeCount + 4 * engine.topology.offsets[engine.nodeCount]

    /**
     * [engine]'s last-round state in the layout of [encode], as its 32-bit little-endian words in order (a double as
     * its low, then its high word; every field starts at a multiple of 4 bytes), read straight from the engine's
     * views. Each host writes the words into its own memory (a ByteArray, Wasm linear memory); inline, so [word] is a
     * plain store there.
     */
    public inline fun forEachWord(engine: AggregateEngine, word: (Int) -> Unit) {
        forEachRun(engine, word) { ids, from, to -> for (j in from until to) word(ids[j]) }
    }

    /**
     * [forEachWord] with each node's neighbour ids handed over as one run (`ids[from until to]`, the engine's own
     * array: read only), for a host that copies them in bulk (the native C ABI: `copyInto`).
     */
    public inline fun forEachRun(engine: AggregateEngine, word: (Int) -> Unit, idRun: (ids: IntArray, from: Int, to: Int) -> Unit) {
        val n = engine.nodeCount
        val values = engine.valuesView
        val offsets = engine.topology.offsets
        val ids = engine.topology.ids
        word(n)
        for (i in 0 until n) {
            val bits = values[i].toRawBits()
            word(bits.toInt())
            word((bits ushr 32).toInt())
            val from = offsets[i]
            val to = offsets[i + 1]
            word(to - from)
            idRun(ids, from, to)
        }
    }
}
