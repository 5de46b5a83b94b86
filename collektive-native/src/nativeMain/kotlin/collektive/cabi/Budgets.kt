@file:OptIn(ExperimentalForeignApi::class)

package collektive.cabi

import kotlin.concurrent.AtomicLong
import kotlinx.cinterop.ExperimentalForeignApi
import kotlinx.cinterop.toKString
import platform.posix.getenv

/**
 * Resource budgets of the library (collektive-native/README.md, "Budgets"), checked before anything is allocated,
 * so an oversized request fails with `SG_LIMIT` instead of aborting the host process on an allocation failure:
 *
 * - [MAX_NODE_COUNT] devices per engine (fixed, the header's `SG_MAX_NODE_COUNT`);
 * - [maxLiveDevices] devices over all live engines (default [DEFAULT_MAX_LIVE_DEVICES], environment variable
 *   `SG_MAX_LIVE_DEVICES` read once at the first create);
 * - [maxLinks] directed neighbour links per round and engine (default [DEFAULT_MAX_LINKS], environment variable
 *   `SG_MAX_LINKS`), so a dense (all-pairs) layout fails its step instead of growing without bound.
 */
internal object Budgets {
    const val MAX_NODE_COUNT = 1_000_000
    const val DEFAULT_MAX_LIVE_DEVICES = 4_000_000L
    const val DEFAULT_MAX_LINKS = 16_777_216

    val maxLiveDevices: Long = env("SG_MAX_LIVE_DEVICES", DEFAULT_MAX_LIVE_DEVICES, Long.MAX_VALUE / 2)
    val maxLinks: Int = env("SG_MAX_LINKS", DEFAULT_MAX_LINKS.toLong(), Int.MAX_VALUE.toLong()).toInt()

    private val liveDevices = AtomicLong(0)

    /** Reserves [nodeCount] devices (already checked >= 0) or throws [AbiFailure] with `SG_LIMIT`. */
    fun reserve(nodeCount: Int) {
        if (nodeCount > MAX_NODE_COUNT) {
            throw AbiFailure(ErrorCode.LIMIT, "nodeCount $nodeCount is over the per-engine budget of $MAX_NODE_COUNT devices (SG_MAX_NODE_COUNT)")
        }
        while (true) {
            val live = liveDevices.value
            if (live + nodeCount > maxLiveDevices) {
                throw AbiFailure(ErrorCode.LIMIT, "nodeCount $nodeCount would bring the live engines to ${live + nodeCount} devices, over the budget of $maxLiveDevices (SG_MAX_LIVE_DEVICES)")
            }
            if (liveDevices.compareAndSet(live, live + nodeCount)) return
        }
    }

    /** Returns [nodeCount] devices to the budget (on destroy, or when a create fails after [reserve]). */
    fun release(nodeCount: Int) {
        liveDevices.addAndGet(-nodeCount.toLong())
    }

    private fun env(name: String, default: Long, max: Long): Long {
        val raw = getenv(name)?.toKString() ?: return default
        val value = raw.trim().toLongOrNull()
        return if (value != null && value in 1..max) value else default
    }
}
