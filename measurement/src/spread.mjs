// Spreading a run's invocations over a wall-clock window (docs/measurements.md, "Drift"): the machine's state drifts
// over minutes, so invocations taken back to back sample seconds of it and their interval says nothing about the
// next run. Round k (invocation k of every configuration, paths interleaved within it) starts no earlier than
// k × spread / R after the first; a round that overruns its slot delays the next, never shortens it.

/**
 * The default window, chosen from this project's 2-core VM (docs/measurements.md, "Drift" and "Calibrating a
 * machine"): the CPU kernel's window medians scatter half as much over 240 s as over 60 s, and with 240 s and 20
 * invocations five back-to-back canonical desktop runs on a quiet machine agreed (e2e ratio 12 of 12 ordered pairs
 * among the undisturbed runs, transport / echo 19 of 20), where 120 s and 5 invocations did not (13 and 9 of 20).
 */
export const DEFAULT_SPREAD_SECONDS = 240;
/** bench:desktop's default invocations per configuration (same measurement); a web invocation, a browser's start, stays at 5. */
export const DEFAULT_DESKTOP_INVOCATIONS = 20;

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
export async function waitForRound(k, R, spreadSeconds, startedAtMs, onWait = (/** @type {number} */ _ms) => {}) {
  const wait = Math.max(0, startedAtMs + roundStartMs(k, R, spreadSeconds) - Date.now());
  if (wait > 0) {
    onWait(wait);
    await new Promise((r) => setTimeout(r, wait));
  }
  return wait;
}
