@file:OptIn(ExperimentalJsExport::class, UnsafeWasmMemoryApi::class)

package collektive.web

import collektive.codec.StateCodec
import kotlin.wasm.unsafe.MemoryAllocator
import kotlin.wasm.unsafe.Pointer
import kotlin.wasm.unsafe.UnsafeWasmMemoryApi
import kotlin.wasm.unsafe.withScopedMemoryAllocator

// Kotlin/Wasm exports of the facade. Scalars cross as Wasm values; bulk data crosses through linear memory: the
// export allocates a scoped block, and while it is alive calls back into the host object registered with
// [setHost] (src/js/engine.mjs), which copies the block to or from typed arrays. No per-element interop calls.

/** Current time for the timings: `performance.now()` in ms. */
@JsFun("() => performance.now()")
internal external fun nowMs(): Double

@JsFun("(host, addr, count) => host.fill(addr, count)")
private external fun hostFill(host: JsAny, addr: Int, count: Int)

@JsFun("(host, addr, n, k) => host.state(addr, n, k)")
private external fun hostState(host: JsAny, addr: Int, n: Int, k: Int)

@JsFun("(host, addr, length) => host.bytes(addr, length)")
private external fun hostBytes(host: JsAny, addr: Int, length: Int)

@JsFun("(host, addr, count) => host.ints(addr, count)")
private external fun hostInts(host: JsAny, addr: Int, count: Int)

@JsFun("(host, addr, count) => host.doubles(addr, count)")
private external fun hostDoubles(host: JsAny, addr: Int, count: Int)

/** Hands [values] to the host's `doubles(addr, count)`; returns 0, or -1 (with [Facade.lastError]) when null. */
private fun sendDoubles(values: DoubleArray?): Int {
    if (values == null) return -1
    withScopedMemoryAllocator { allocator ->
        val addr = allocator.aligned(8 * values.size)
        for (i in values.indices) Pointer((addr + 8 * i).toUInt()).storeLong(values[i].toRawBits())
        hostDoubles(requireHost(), addr, values.size)
    }
    return 0
}

private var host: JsAny? = null

private fun requireHost(): JsAny = host ?: throw IllegalStateException("no host registered: call setHost first")

/**
 * Registers the JS object exchanging bulk data with the exports:
 * `{ fill(addr, count), state(addr, n, k), bytes(addr, len), ints(addr, count), doubles(addr, count) }`.
 */
@JsExport
public fun setHost(receiver: JsAny) {
    host = receiver
}

/** Allocates [size] bytes aligned to 8 in the current scope; returns the aligned address. */
private fun MemoryAllocator.aligned(size: Int): Int {
    val raw = allocate(size + 8).address.toInt()
    return (raw + 7) and 7.inv()
}

/** All positions at once: the host's `fill(addr, count)` copies its pending Float64Array (count = 3 × n) in. */
@JsExport public fun updatePositions(handle: Int, count: Int): Int = Facade.call(handle, -1) { engine ->
    require(count == 3 * engine.nodeCount) { "positions must hold 3 × nodeCount = ${3 * engine.nodeCount} numbers, was $count" }
    val xyz = DoubleArray(count)
    withScopedMemoryAllocator { allocator ->
        val addr = allocator.aligned(8 * count)
        hostFill(requireHost(), addr, count)
        for (i in 0 until count) xyz[i] = Double.fromBits(Pointer((addr + 8 * i).toUInt()).loadLong())
    }
    engine.updatePositions(xyz)
    0
}

@JsExport public fun step(handle: Int, rounds: Int): Int = Facade.service(handle, rounds, -1) { 0 }

/** Steps (when [rounds] > 0) and hands the state to the host's `state(addr, n, k)` as flat arrays. */
@JsExport public fun stepAndGetState(handle: Int, rounds: Int): Int = Facade.service(handle, rounds, -1) { engine ->
    // Written straight from the engine's views (no intermediate arrays): values, offsets (n + 1), ids.
    val n = engine.nodeCount
    val values = engine.valuesView
    val offsets = engine.topology.offsets
    val ids = engine.topology.ids
    val k = offsets[n]
    withScopedMemoryAllocator { allocator ->
        val addr = allocator.aligned(8 * n + 4 * (n + 1) + 4 * k)
        var p = addr
        for (i in 0 until n) { Pointer(p.toUInt()).storeLong(values[i].toRawBits()); p += 8 }
        for (i in 0..n) { Pointer(p.toUInt()).storeInt(offsets[i]); p += 4 }
        for (i in 0 until k) { Pointer(p.toUInt()).storeInt(ids[i]); p += 4 }
        hostState(requireHost(), addr, n, k)
    }
    0
}

/** Steps (when [rounds] > 0) and hands the binary state buffer (docs/reference-study.md) to the host's `bytes(addr, length)`. */
@JsExport public fun stepAndGetStateBuffer(handle: Int, rounds: Int): Int = Facade.service(handle, rounds, -1) { engine ->
    // The layout of StateCodec.encode (docs/reference-study.md), written straight into linear memory (little-endian, as
    // Wasm stores are); the facade tests compare it with the test vectors through a decoder.
    val size = StateCodec.encodedSize(engine)
    withScopedMemoryAllocator { allocator ->
        val addr = allocator.aligned(size)
        var p = addr
        StateCodec.forEachWord(engine) { Pointer(p.toUInt()).storeInt(it); p += 4 }
        hostBytes(requireHost(), addr, size)
    }
    0
}

@JsExport public fun value(handle: Int, node: Int): Double = Facade.call(handle, Double.NaN) { it.value(node) }

/** The node's neighbour ids through the host's `ints(addr, count)`. */
@JsExport public fun neighbors(handle: Int, node: Int): Int = Facade.call(handle, -1) { engine ->
    val ids = engine.neighbors(node)
    withScopedMemoryAllocator { allocator ->
        val addr = allocator.aligned(4 * ids.size)
        for (i in ids.indices) Pointer((addr + 4 * i).toUInt()).storeInt(ids[i])
        hostInts(requireHost(), addr, ids.size)
    }
    0
}

/** Positions of [Facade.randomPositions] through the host's `doubles(addr, count)`. */
@JsExport public fun randomPositions(nodeCount: Int, seed: Double, meanDegree: Double, maxDistance: Double): Int =
    sendDoubles(Facade.randomPositions(nodeCount, seed, meanDegree, maxDistance))

/** Positions of [Facade.referencePositions] through the host's `doubles(addr, count)`. */
@JsExport public fun referencePositions(nodeCount: Int, maxDistance: Double): Int =
    sendDoubles(Facade.referencePositions(nodeCount, maxDistance))

@JsExport public fun timingsCsv(): String = Facade.timings.csv()

@JsExport public fun timingCount(): Int = Facade.timings.size

@JsExport public fun clearTimings() = Facade.timings.clear()

@JsExport public fun setTimingEnabled(enabled: Boolean) {
    Facade.timings.enabled = enabled
}
