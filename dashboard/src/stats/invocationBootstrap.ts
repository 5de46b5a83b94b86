/**
 * The inner level of the invocation-level bootstrap (docs/measurements.md, "Intervals"), pure, run in a worker:
 * for invocation kk and inner replicate c, n draws with replacement, draw j taking sample
 * `chain(seed, salt, 0, kk, c, j) mod n`; the replicate's median, p95 and p99 (linear interpolation). The same
 * counter-based draws as `measurement/src/intervals.mjs` and the SQL in `sql/intervals.ts`, so the outer level and
 * the percentiles run in SQL over these replicates and give the same interval.
 */
import { quantileSorted } from './bootstrap';

/** 32-bit integer hash (two multiply-xorshift rounds); x and the result in [0, 2^32). */
export function h32(x: number): number {
  let v = x >>> 0;
  v = Math.imul((v >>> 16) ^ v, 0x45d9f3b) >>> 0;
  v = Math.imul((v >>> 16) ^ v, 0x45d9f3b) >>> 0;
  return ((v >>> 16) ^ v) >>> 0;
}

/** h32(…h32(h32(seed) + k1)… + kn), each sum mod 2^32. */
export function chain(seed: number, ...keys: number[]): number {
  let u = h32(seed);
  for (const k of keys) u = h32(u + k);
  return u;
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
    for (let c = 0; c < C; c++) {
      const base = h32(prefix + c);
      for (let j = 0; j < n; j++) buf[j] = values[h32(base + j) % n];
      buf.sort();
      q50[kk * C + c] = quantileSorted(buf, 0.5); q95[kk * C + c] = quantileSorted(buf, 0.95); q99[kk * C + c] = quantileSorted(buf, 0.99);
    }
  });
  return { series: job.series, r: R, c: C, q50, q95, q99 };
}
