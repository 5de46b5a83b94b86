// Spreading a run's invocations over a wall-clock window (docs/measurements.md, "Drift"): the machine's state drifts
// over minutes, so invocations taken back to back sample seconds of it and their interval says nothing about the
// next run. Round k (invocation k of every configuration, paths interleaved within it) starts no earlier than
// k × spread / R after the first; a round that overruns its slot delays the next, never shortens it.

/**
 * The default window: chosen from the calibration drift sampled on this project's 2-core VM (docs/measurements.md,
 * "Drift"): the CPU kernel's and loopback's medians over a 2-minute window come within DRIFT_LIMIT of their
 * 20-minute medians, back-to-back runs of 8 s do not.
 */
export const DEFAULT_SPREAD_SECONDS = 120;

/** "120s", "2m", "1.5m", "90" (seconds), "0": seconds, or null when it is not a duration. */
export function parseDuration(text) {
  const m = String(text ?? '').trim().match(/^(\d+(?:\.\d+)?)\s*(ms|s|m|min)?$/);
  if (!m) return null;
  const v = Number(m[1]);
  return { ms: v / 1000, s: v, m: v * 60, min: v * 60 }[m[2] ?? 's'];
}

/** When round k of R may start, in ms after the first round started, for a window of `spreadSeconds`. */
export const roundStartMs = (k, R, spreadSeconds) => (R > 0 ? (k * spreadSeconds * 1000) / R : 0);

/**
 * Waits until round k's slot (see roundStartMs) since `startedAtMs` (Date.now() of round 0); resolves the ms waited.
 * `onWait(ms)` is told before a wait, e.g. for a progress line.
 */
export async function waitForRound(k, R, spreadSeconds, startedAtMs, onWait = () => {}) {
  const wait = Math.max(0, startedAtMs + roundStartMs(k, R, spreadSeconds) - Date.now());
  if (wait > 0) {
    onWait(wait);
    await new Promise((r) => setTimeout(r, wait));
  }
  return wait;
}
