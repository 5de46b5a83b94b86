package collektive.engine

import kotlin.math.floor
import kotlin.math.sqrt

/**
 * Unit-disk neighbourhoods through a uniform hash grid with cell size = radius: device j is a neighbour of i
 * (i != j) when the Euclidean 3D distance between them is <= radius. Each device only looks at the (up to) 27
 * cells around its own, so a build costs O(N × density) rather than O(N²).
 *
 * [build] fills compressed neighbour lists (ascending ids) and the matching distances; all buffers are reused
 * across builds.
 */
public class SpatialGrid {
    /**
     * Where each device's links start in [ids] and [distances]: device i's are at `offsets[i] until offsets[i + 1]`
     * ([size] + 1 entries in use). The grid's own buffer, reused by the next [build]: read only.
     */
    public var offsets: IntArray = IntArray(1)
        private set

    /** The neighbour ids of every device, ascending per device, at [offsets] (the grid's own buffer: read only). */
    public var ids: IntArray = IntArray(16)
        private set

    /** The distance of each link in [ids], same positions (the grid's own buffer: read only). */
    public var distances: DoubleArray = DoubleArray(16)
        private set

    /** Number of devices of the last [build]. */
    public var size: Int = 0
        private set

    private var cellX = IntArray(0)
    private var cellY = IntArray(0)
    private var cellZ = IntArray(0)
    private var bucketStart = IntArray(0)
    private var bucketFill = IntArray(0)
    private var bucketOf = IntArray(0)
    private var order = IntArray(0)
    private var sortedXyz = DoubleArray(0)
    private var stamp = IntArray(0)
    private var epoch = 0

    /** Total number of (directed) neighbour links of the last [build]. */
    public val linkCount: Int get() = offsets[size]

    /** Number of neighbours of [node]. */
    public fun neighborCount(node: Int): Int {
        checkNode(node)
        return offsets[node + 1] - offsets[node]
    }

    /** The neighbours of [node], ascending (a copy). */
    public fun neighborsOf(node: Int): IntArray {
        checkNode(node)
        return ids.copyOfRange(offsets[node], offsets[node + 1])
    }

    /** The distances from [node] to each of [neighborsOf] (a copy, same order). */
    public fun distancesOf(node: Int): DoubleArray {
        checkNode(node)
        return distances.copyOfRange(offsets[node], offsets[node + 1])
    }

    /** Forgets all links: [count] devices with no neighbours. */
    public fun clear(count: Int) {
        require(count >= 0) { "count must be >= 0, was $count" }
        if (offsets.size < count + 1) offsets = IntArray(count + 1)
        offsets.fill(0, 0, count + 1)
        size = count
    }

    /**
     * Recomputes the neighbourhoods of the first [count] devices of [xyz] (x0 y0 z0 x1 ...; finite values) for
     * [radius] (> 0, finite). At most [maxLinks] directed links are stored: a denser layout throws
     * [BudgetExceededException] as soon as the budget is reached (the link arrays never grow beyond it), leaving
     * this grid's contents undefined (the caller discards them).
     */
    public fun build(xyz: DoubleArray, count: Int, radius: Double, maxLinks: Int = Int.MAX_VALUE) {
        require(count >= 0) { "count must be >= 0, was $count" }
        require(maxLinks > 0) { "maxLinks must be > 0, was $maxLinks" }
        require(xyz.size >= 3 * count) { "xyz must hold 3 × $count coordinates, has ${xyz.size}" }
        require(radius > 0.0 && radius.isFinite()) { "radius must be > 0 and finite, was $radius" }
        ensureCapacity(count)
        size = count
        if (count == 0) {
            offsets[0] = 0
            return
        }
        val inv = 1.0 / radius
        var minX = Int.MAX_VALUE; var maxX = Int.MIN_VALUE
        var minY = Int.MAX_VALUE; var maxY = Int.MIN_VALUE
        var minZ = Int.MAX_VALUE; var maxZ = Int.MIN_VALUE
        for (i in 0 until count) {
            val cx = floor(xyz[3 * i] * inv).toInt()
            val cy = floor(xyz[3 * i + 1] * inv).toInt()
            val cz = floor(xyz[3 * i + 2] * inv).toInt()
            cellX[i] = cx; cellY[i] = cy; cellZ[i] = cz
            if (cx < minX) minX = cx
            if (cx > maxX) maxX = cx
            if (cy < minY) minY = cy
            if (cy > maxY) maxY = cy
            if (cz < minZ) minZ = cz
            if (cz > maxZ) maxZ = cz
        }
        // Counting sort of the devices by bucket (stable: ascending ids inside a bucket).
        val tableSize = tableSizeFor(count)
        val mask = tableSize - 1
        val start = bucketStart
        start.fill(0, 0, tableSize + 1)
        for (i in 0 until count) {
            val b = hash(cellX[i], cellY[i], cellZ[i]) and mask
            bucketOf[i] = b
            start[b + 1]++
        }
        for (b in 0 until tableSize) start[b + 1] += start[b]
        val fill = bucketFill
        start.copyInto(fill, 0, 0, tableSize)
        val sorted = sortedXyz
        for (i in 0 until count) {
            val p = fill[bucketOf[i]]++
            order[p] = i
            // Coordinates in bucket order: the candidate scan below reads them sequentially.
            sorted[3 * p] = xyz[3 * i]
            sorted[3 * p + 1] = xyz[3 * i + 1]
            sorted[3 * p + 2] = xyz[3 * i + 2]
        }

        val limit2 = radius * radius * (1.0 + 1e-9)
        var n = 0
        offsets[0] = 0
        for (i in 0 until count) {
            val x = xyz[3 * i]
            val y = xyz[3 * i + 1]
            val z = xyz[3 * i + 2]
            val cx = cellX[i]
            val cy = cellY[i]
            val cz = cellZ[i]
            if (epoch == Int.MAX_VALUE) {
                stamp.fill(0)
                epoch = 0
            }
            val e = ++epoch
            // The (up to) 3 × 3 × 3 cells around (cx, cy, cz), clamped to the occupied box. Int arithmetic on
            // purpose (Kotlin/JS emulates Long with objects, and this runs 27 times per device per round): a
            // neighbour cell index is formed only when it lies inside [min, max], so cx ± 1 never overflows, even
            // for cells that saturate at Int.MIN_VALUE / Int.MAX_VALUE (coordinates beyond 2^31 × radius).
            val x0 = if (cx > minX) cx - 1 else cx
            val x1 = if (cx < maxX) cx + 1 else cx
            val y0 = if (cy > minY) cy - 1 else cy
            val y1 = if (cy < maxY) cy + 1 else cy
            val z0 = if (cz > minZ) cz - 1 else cz
            val z1 = if (cz < maxZ) cz + 1 else cz
            for (zz in z0..z1) {
                for (yy in y0..y1) {
                    for (xx in x0..x1) {
                        val b = hash(xx, yy, zz) and mask
                        if (stamp[b] == e) continue
                        stamp[b] = e
                        for (p in start[b] until start[b + 1]) {
                            val j = order[p]
                            if (j == i) continue
                            val ddx = sorted[3 * p] - x
                            val ddy = sorted[3 * p + 1] - y
                            val ddz = sorted[3 * p + 2] - z
                            val d2 = ddx * ddx + ddy * ddy + ddz * ddz
                            if (d2 > limit2) continue
                            val d = sqrt(d2)
                            if (d <= radius) {
                                if (n == ids.size || n == maxLinks) grow(n, maxLinks)
                                ids[n] = j
                                distances[n] = d
                                n++
                            }
                        }
                    }
                }
            }
            sortSegment(offsets[i], n)
            offsets[i + 1] = n
        }
    }

    private fun sortSegment(from: Int, to: Int) {
        val ids = ids
        val ds = distances
        for (a in from + 1 until to) {
            val id = ids[a]
            val d = ds[a]
            var b = a - 1
            while (b >= from && ids[b] > id) {
                ids[b + 1] = ids[b]
                ds[b + 1] = ds[b]
                b--
            }
            ids[b + 1] = id
            ds[b + 1] = d
        }
    }

    private fun grow(n: Int, maxLinks: Int) {
        if (n >= maxLinks) {
            throw BudgetExceededException("a round would have more than $maxLinks neighbour links (link budget): devices too dense for their radius")
        }
        val size = if (ids.size > maxLinks / 2) maxLinks else ids.size * 2
        ids = ids.copyOf(size)
        distances = distances.copyOf(size)
    }

    private fun ensureCapacity(count: Int) {
        if (offsets.size < count + 1) offsets = IntArray(count + 1)
        if (cellX.size < count) {
            cellX = IntArray(count); cellY = IntArray(count); cellZ = IntArray(count)
            bucketOf = IntArray(count); order = IntArray(count)
            sortedXyz = DoubleArray(3 * count)
        }
        val tableSize = tableSizeFor(count)
        if (bucketStart.size < tableSize + 1) {
            bucketStart = IntArray(tableSize + 1)
            bucketFill = IntArray(tableSize)
            stamp = IntArray(tableSize)
            epoch = 0
        }
    }

    private fun checkNode(node: Int) {
        require(node in 0 until size) { "node must be in 0 until $size, was $node" }
    }

    private companion object {
        fun tableSizeFor(count: Int): Int {
            var t = 16
            while (t < 2 * count) t = t shl 1
            return t
        }

        fun hash(x: Int, y: Int, z: Int): Int {
            var h = x * 73856093 xor (y * 19349663) xor (z * 83492791)
            h = h xor (h ushr 15)
            return h
        }
    }
}
