/**
 * Percentile bootstrap, seeded (mulberry32), pure. Used in a worker (bootstrap.worker.ts) and in tests.
 * `resamples` resamples of the same size with replacement; the CI is the 2.5th/97.5th percentile (linear
 * interpolation) of the resampled statistic.
 */

import { quantileSorted } from '../../../measurement/src/analysis.mjs';
import { mulberry32 } from '../../../measurement/src/random.mjs';

export { mulberry32, quantileSorted };

/** Median of a copy (sorted numerically). */
export function median(values: ArrayLike<number>): number {
  const a = Float64Array.from(values).sort();
  return quantileSorted(a, 0.5);
}

/**
 * Median of one resample (n draws with replacement, index = ⌊rnd·n⌋), by counting how often each original index
 * is drawn and walking the indices in value order (`order`, an argsort of `values`): the same draws and the same
 * value as sorting the resample, in O(n) instead of O(n log n) per resample.
 */
function resampleMedian(values: Float64Array, rnd: () => number, counts: Int32Array, order: Uint32Array): number {
  const n = values.length;
  counts.fill(0);
  for (let i = 0; i < n; i++) counts[(rnd() * n) | 0]++;
  const pos = (n - 1) * 0.5;
  const lo = Math.floor(pos); const hi = Math.ceil(pos);
  let seen = 0;
  let vlo = NaN;
  for (let j = 0; j < n; j++) {
    const idx = order[j];
    seen += counts[idx];
    if (seen > lo && Number.isNaN(vlo)) vlo = values[idx];
    if (seen > hi) return vlo + (values[idx] - vlo) * (pos - lo);
  }
  return vlo;
}

/** Indices of `values` in ascending value order (ties by index). */
function argsort(values: Float64Array): Uint32Array {
  const order = new Uint32Array(values.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort((a, b) => values[a] - values[b] || a - b);
}

export interface Interval { lo: number; hi: number; estimate: number; resamples: number; seed: number }

export function bootstrapMedianCI(values: ArrayLike<number>, resamples = 1000, seed = 42, level = 0.95): Interval {
  const v = Float64Array.from(values);
  if (v.length === 0) return { lo: NaN, hi: NaN, estimate: NaN, resamples, seed };
  const rnd = mulberry32(seed);
  const counts = new Int32Array(v.length);
  const order = argsort(v);
  const meds = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) meds[b] = resampleMedian(v, rnd, counts, order);
  meds.sort();
  const a = (1 - level) / 2;
  return { lo: quantileSorted(meds, a), hi: quantileSorted(meds, 1 - a), estimate: median(v), resamples, seed };
}

/** CI of median(b) / median(a), resampling both samples independently. */
export function bootstrapMedianRatioCI(a: ArrayLike<number>, b: ArrayLike<number>, resamples = 1000, seed = 42, level = 0.95): Interval {
  const va = Float64Array.from(a); const vb = Float64Array.from(b);
  if (va.length === 0 || vb.length === 0) return { lo: NaN, hi: NaN, estimate: NaN, resamples, seed };
  const rnd = mulberry32(seed);
  const ca = new Int32Array(va.length); const cb = new Int32Array(vb.length);
  const oa = argsort(va); const ob = argsort(vb);
  const r = new Float64Array(resamples);
  for (let i = 0; i < resamples; i++) r[i] = resampleMedian(vb, rnd, cb, ob) / resampleMedian(va, rnd, ca, oa);
  r.sort();
  const q = (1 - level) / 2;
  return { lo: quantileSorted(r, q), hi: quantileSorted(r, 1 - q), estimate: median(vb) / median(va), resamples, seed };
}
