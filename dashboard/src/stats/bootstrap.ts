/**
 * Percentile bootstrap, seeded (mulberry32), pure. Used in a worker (bootstrap.worker.ts) and in tests.
 * `resamples` resamples of the same size with replacement; the CI is the 2.5th/97.5th percentile (linear
 * interpolation) of the resampled statistic.
 */

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Quantile with linear interpolation between order statistics of a sorted array (as quantile_cont). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const pos = (n - 1) * q;
  const lo = Math.floor(pos); const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Median of a copy (sorted numerically). */
export function median(values: ArrayLike<number>): number {
  const a = Float64Array.from(values).sort();
  return quantileSorted(a, 0.5);
}

function resampleMedian(values: Float64Array, rnd: () => number, buf: Float64Array): number {
  const n = values.length;
  for (let i = 0; i < n; i++) buf[i] = values[(rnd() * n) | 0];
  buf.sort();
  return quantileSorted(buf, 0.5);
}

export interface Interval { lo: number; hi: number; estimate: number; resamples: number; seed: number }

export function bootstrapMedianCI(values: ArrayLike<number>, resamples = 1000, seed = 42, level = 0.95): Interval {
  const v = Float64Array.from(values);
  if (v.length === 0) return { lo: NaN, hi: NaN, estimate: NaN, resamples, seed };
  const rnd = mulberry32(seed);
  const buf = new Float64Array(v.length);
  const meds = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) meds[b] = resampleMedian(v, rnd, buf);
  meds.sort();
  const a = (1 - level) / 2;
  return { lo: quantileSorted(meds, a), hi: quantileSorted(meds, 1 - a), estimate: median(v), resamples, seed };
}

/** CI of median(b) / median(a), resampling both samples independently. */
export function bootstrapMedianRatioCI(a: ArrayLike<number>, b: ArrayLike<number>, resamples = 1000, seed = 42, level = 0.95): Interval {
  const va = Float64Array.from(a); const vb = Float64Array.from(b);
  if (va.length === 0 || vb.length === 0) return { lo: NaN, hi: NaN, estimate: NaN, resamples, seed };
  const rnd = mulberry32(seed);
  const ba = new Float64Array(va.length); const bb = new Float64Array(vb.length);
  const r = new Float64Array(resamples);
  for (let i = 0; i < resamples; i++) r[i] = resampleMedian(vb, rnd, bb) / resampleMedian(va, rnd, ba);
  r.sort();
  const q = (1 - level) / 2;
  return { lo: quantileSorted(r, q), hi: quantileSorted(r, 1 - q), estimate: median(vb) / median(va), resamples, seed };
}
