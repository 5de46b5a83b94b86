/**
 * Percentile bootstrap of a median and of a ratio of medians, seeded (mulberry32), pure. Used in a worker
 * (bootstrap.worker.ts) and in tests. `resamples` resamples of the same size with replacement, each resample's median
 * drawn from its exact distribution ([resampleMedian]); the CI is the 2.5th/97.5th percentile (linear interpolation)
 * of the resampled statistic.
 */

import { quantileSorted } from '../../../measurement/src/analysis.mjs';
import { select } from '../../../measurement/src/intervals.mjs';
import { mulberry32 } from '../../../measurement/src/random.mjs';

export { mulberry32, quantileSorted };

/** Median of a copy (sorted numerically). */
export function median(values: ArrayLike<number>): number {
  const a = Float64Array.from(values).sort();
  return quantileSorted(a, 0.5);
}

/**
 * A standard normal variate (Box–Muller; the second variate of the pair is dropped, so one draw uses two uniforms).
 */
function normal(rnd: () => number): number {
  const u = 1 - rnd(); // in (0, 1]: log(u) is finite
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
}

/** A Gamma(shape, 1) variate for shape ≥ 1 (Marsaglia & Tsang 2000, exact rejection sampler). */
function gamma(shape: number, rnd: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(rnd);
    let v = 1 + c * x;
    if (v <= 0) continue;
    v = v * v * v;
    const u = rnd();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/**
 * The median of one resample (n draws with replacement from `sorted`, ascending), drawn without drawing the n
 * indices: a draw is ⌊U·n⌋ of a uniform U, so the resample's k-th smallest value is `sorted[⌊U₍ₖ₎·n⌋]`, with U₍ₖ₎
 * the k-th smallest of n uniforms, a Beta(k, n − k + 1) variate (a ratio of two gamma variates); given it, the next
 * one is U₍ₖ₎ + (1 − U₍ₖ₎)·B with B ~ Beta(1, n − k), the least of the n − k uniforms above it. The same
 * distribution as sorting an n-draw resample, in O(1) instead of O(n) per resample (n is up to 200 000 here):
 * dashboard/test/stats.test.ts checks it against every resample of small samples.
 */
export function resampleMedian(sorted: OrderStatistics, rnd: () => number): number {
  const n = sorted.length;
  const pos = (n - 1) * 0.5;
  const lo = Math.floor(pos); // 0-based: the (lo + 1)-th smallest
  const g1 = gamma(lo + 1, rnd);
  const u = g1 / (g1 + gamma(n - lo, rnd));
  const vlo = sorted.at(Math.min(n - 1, Math.floor(u * n)))!;
  if (pos === lo) return vlo;
  const next = u + (1 - u) * (1 - Math.pow(1 - rnd(), 1 / (n - lo - 1)));
  return vlo + (sorted.at(Math.min(n - 1, Math.floor(next * n)))! - vlo) * (pos - lo);
}

/** A sample's order statistics: the j-th smallest value is `at(j)` (a sorted array is one). */
export interface OrderStatistics { readonly length: number; at(j: number): number | undefined }

/**
 * The order statistics a resample's median takes, without sorting the whole sample: a resample's median is the
 * sample's value at index ⌊U·n⌋ with U within a few 1/√n of ½ ([resampleMedian]), so only the values ranked within
 * 12·√n of the middle (24 standard deviations of that index) are selected (quickselect) and sorted; an index outside
 * them, which no resample is expected to reach, sorts the whole sample then. O(n + √n·log n) instead of O(n log n).
 */
export class NearMedian implements OrderStatistics {
  readonly length: number;
  private readonly window: Float64Array;
  private readonly from: number;
  private sorted: Float64Array | null = null;

  constructor(private readonly values: Float64Array) {
    const n = values.length;
    this.length = n;
    const w = Math.ceil(12 * Math.sqrt(n)) + 2;
    const from = Math.max(0, Math.floor((n - 1) / 2) - w);
    const to = Math.min(n - 1, Math.ceil((n - 1) / 2) + w);
    const a = Float64Array.from(values);
    if (n > 0) { select(a, from, 0, n - 1); select(a, to, from, n - 1); }
    this.window = a.slice(from, to + 1).sort();
    this.from = from;
  }

  /** The sample's median, as quantileSorted interpolates it (both middle values are in the window). */
  median(): number {
    const h = (this.length - 1) * 0.5;
    const lo = Math.floor(h);
    const hi = Math.min(lo + 1, this.length - 1);
    return this.at(lo)! + (h - lo) * (this.at(hi)! - this.at(lo)!);
  }

  at(j: number): number | undefined {
    const k = j - this.from;
    if (k >= 0 && k < this.window.length) return this.window[k];
    return (this.sorted ??= Float64Array.from(this.values).sort())[j];
  }
}

export interface Interval { lo: number; hi: number; estimate: number; resamples: number; seed: number }

export function bootstrapMedianCI(values: ArrayLike<number>, resamples = 1000, seed = 42, level = 0.95): Interval {
  const v = Float64Array.from(values);
  if (v.length === 0) return { lo: NaN, hi: NaN, estimate: NaN, resamples, seed };
  const rnd = mulberry32(seed);
  const sorted = new NearMedian(v);
  const meds = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) meds[b] = resampleMedian(sorted, rnd);
  meds.sort();
  const a = (1 - level) / 2;
  return { lo: quantileSorted(meds, a), hi: quantileSorted(meds, 1 - a), estimate: sorted.median(), resamples, seed };
}

/** CI of median(b) / median(a), resampling both samples independently. */
export function bootstrapMedianRatioCI(a: ArrayLike<number>, b: ArrayLike<number>, resamples = 1000, seed = 42, level = 0.95): Interval {
  const va = Float64Array.from(a); const vb = Float64Array.from(b);
  if (va.length === 0 || vb.length === 0) return { lo: NaN, hi: NaN, estimate: NaN, resamples, seed };
  const rnd = mulberry32(seed);
  const sa = new NearMedian(va); const sb = new NearMedian(vb);
  const r = new Float64Array(resamples);
  for (let i = 0; i < resamples; i++) r[i] = resampleMedian(sb, rnd) / resampleMedian(sa, rnd);
  r.sort();
  const q = (1 - level) / 2;
  return { lo: quantileSorted(r, q), hi: quantileSorted(r, 1 - q), estimate: sb.median() / sa.median(), resamples, seed };
}
