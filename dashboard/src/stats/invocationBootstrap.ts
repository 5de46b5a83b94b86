/**
 * The inner level of the invocation-level bootstrap (docs/measurements.md, "Intervals"), pure, run in a worker:
 * for invocation kk and inner replicate c, n draws with replacement, draw j taking sample
 * `chain(seed, salt, 0, kk, c, j) mod n`; the replicate's median, p95 and p99 (linear interpolation, the needed
 * order statistics found by quickselect rather than a full sort). The same
 * counter-based draws as `measurement/src/intervals.mjs` and the SQL in `sql/intervals.ts`, so the outer level and
 * the percentiles run in SQL over these replicates and give the same interval. The hash is the measurement
 * library's own (one definition of the draws).
 */
import { chain, h32 } from '../../../measurement/src/intervals.mjs';

/** Rearranges a[lo..hi] so that a[k] is the k-th smallest, smaller ones before it, larger after (quickselect). */
function select(a: Float64Array, k: number, lo: number, hi: number): void {
  while (hi > lo) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo; let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) { const t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    if (k <= j) hi = j; else if (k >= i) lo = i; else return;
  }
}

const LEVELS = [0.5, 0.95, 0.99] as const;

/**
 * Quantiles at LEVELS of a (reordered in place), linear interpolation between order statistics: the same values
 * as sorting and interpolating (quantile_cont), with only the order statistics they need selected.
 */
function quantiles3(a: Float64Array, out: Float64Array): void {
  const n = a.length;
  const need = [...new Set(LEVELS.flatMap((q) => { const h = (n - 1) * q; const lo = Math.floor(h); return [lo, Math.min(lo + 1, n - 1)]; }))].sort((x, y) => x - y);
  let from = 0;
  for (const k of need) { select(a, k, from, n - 1); from = k + 1; }
  LEVELS.forEach((q, i) => {
    const h = (n - 1) * q; const lo = Math.floor(h); const hi = Math.min(lo + 1, n - 1);
    out[i] = a[lo] + (h - lo) * (a[hi] - a[lo]);
  });
}

/** One series' invocations (samples after each one's warm-up, in time order, non-empty ones in run order). */
export interface InnerJob { series: string; salt: number; invocations: Float64Array[] }
/** Its inner replicates: q50/q95/q99 at index kk * C + c. */
export interface InnerResult { series: string; r: number; c: number; q50: Float64Array; q95: Float64Array; q99: Float64Array }

export function innerReplicates(job: InnerJob, innerResamples: number, seed: number): InnerResult {
  const R = job.invocations.length; const C = innerResamples;
  const q50 = new Float64Array(R * C); const q95 = new Float64Array(R * C); const q99 = new Float64Array(R * C);
  job.invocations.forEach((values, kk) => {
    const n = values.length;
    const buf = new Float64Array(n);
    const prefix = chain(seed, job.salt, 0, kk);
    const q = new Float64Array(3);
    for (let c = 0; c < C; c++) {
      const base = h32(prefix + c);
      for (let j = 0; j < n; j++) buf[j] = values[h32(base + j) % n];
      quantiles3(buf, q);
      q50[kk * C + c] = q[0]; q95[kk * C + c] = q[1]; q99[kk * C + c] = q[2];
    }
  });
  return { series: job.series, r: R, c: C, q50, q95, q99 };
}
