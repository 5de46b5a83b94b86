/** Flags a series whose median sits at a multiple of its pacing period: it measures the tick, not the work. */
export interface TickFlag { periodMs: number; multiple: number; medianMs: number }

/**
 * Returns a flag when |median − k·period| ≤ tolerance·period for k = 1…4 (default tolerance 2.5 %); the
 * reference socket scene's e2e (≈ 200 ms under a 20 ms tick at time scale 0.1) is the example.
 */
export function tickFlag(medianNs: number, periodMs: number | null, tolerance = 0.025): TickFlag | null {
  if (periodMs === null || !(periodMs > 0)) return null;
  const medianMs = medianNs / 1e6;
  for (let k = 1; k <= 4; k++) {
    if (Math.abs(medianMs - k * periodMs) <= tolerance * periodMs) return { periodMs, multiple: k, medianMs };
  }
  return null;
}
