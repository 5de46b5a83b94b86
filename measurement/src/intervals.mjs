// Invocation-level confidence intervals (docs/measurements.md, "Intervals"): a process invocation is the unit of
// repetition, so a path's figure is the mean over invocations of each invocation's statistic, and its 95 % interval
// comes from a two-level percentile bootstrap: resample invocations, then samples within each. Every random draw is
// a counter-based hash of (seed, salt, level, indices), so the same data give the same interval here, in the
// dashboard (its worker calls these functions) and in the independent Python implementation the tests compare
// against. Each path's salt: catalogue.mjs.

import { quantileSorted } from './analysis.mjs';

/**
 * The statistics of the default set (STATISTICS).
 * @typedef {'median' | 'p95' | 'p99'} Statistic
 */

/**
 * Any statistic an interval can be built for: one of the default set, the mean, or a quantile level in [0, 1].
 * @typedef {Statistic | 'mean' | number} StatisticSpec
 */

/**
 * The bootstrap's options (docs/measurements.md, "Intervals"): the statistic, the salt of the series' draws, the
 * seed, the outer and inner replicate counts, the interval's level, and whether to resample within invocations.
 * @typedef {{ statistic?: StatisticSpec; salt?: number; seed?: number; resamples?: number; innerResamples?: number; level?: number; inner?: boolean }} IntervalOptions
 */

/**
 * Bootstrap defaults: outer replicates, inner replicates per invocation, seed, level.
 * @type {Readonly<{ resamples: number; innerResamples: number; seed: number; level: number }>}
 */
export const DEFAULTS = Object.freeze({ resamples: 2000, innerResamples: 200, seed: 1, level: 0.95 });


/**
 * 32-bit integer hash (two multiply-xorshift rounds); x and the result in [0, 2^32).
 * @param {number} x
 * @returns {number}
 */
export function h32(x) {
  let v = x >>> 0;
  v = Math.imul((v >>> 16) ^ v, 0x45d9f3b) >>> 0;
  v = Math.imul((v >>> 16) ^ v, 0x45d9f3b) >>> 0;
  return ((v >>> 16) ^ v) >>> 0;
}

/**
 * Hash chain h32(...h32(h32(seed) + k1)... + kn), each sum taken mod 2^32.
 * @param {number} seed
 * @param {...number} keys
 * @returns {number}
 */
export function chain(seed, ...keys) {
  let u = h32(seed);
  for (const k of keys) u = h32(u + k);
  return u;
}

/**
 * Quantile q of an unsorted array (copied).
 * @param {ArrayLike<number>} values
 * @param {number} q
 * @returns {number}
 */
export const quantile = (values, q) => quantileSorted(Float64Array.from(values).sort(), q);

/**
 * The statistics an interval can be built for, by name: quantile levels.
 * @type {Readonly<Record<Statistic, number>>}
 */
export const STATISTICS = Object.freeze({ median: 0.5, p95: 0.95, p99: 0.99 });

/** 'mean' is a statistic too (docs/measurements.md, "Clock resolution"), though not one of the default set. */
const qOf = (statistic) => {
  if (statistic === 'mean') return 'mean';
  const q = typeof statistic === 'number' ? statistic : STATISTICS[statistic];
  if (!(q >= 0 && q <= 1)) throw new Error(`unknown statistic ${statistic}: use median, p95, p99, mean or a level in [0, 1]`);
  return q;
};

const meanOf = (a) => { let sum = 0; for (let i = 0; i < a.length; i += 1) sum += a[i]; return sum / a.length; };
/** The statistic (median, p95, p99, mean or a level) of an unsorted array. */
export const statisticOf = (values, statistic) => (qOf(statistic) === 'mean' ? meanOf(values) : quantile(values, qOf(statistic)));

/**
 * Rearranges a[lo..hi] so that a[k] is the k-th smallest, smaller ones before it, larger after (quickselect).
 * @param {Float64Array | number[]} a @param {number} k @param {number} lo @param {number} hi
 */
export function select(a, k, lo, hi) {
  while (hi > lo) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i += 1;
      while (a[j] > pivot) j -= 1;
      if (i <= j) { const t = a[i]; a[i] = a[j]; a[j] = t; i += 1; j -= 1; }
    }
    if (k <= j) hi = j; else if (k >= i) lo = i; else return;
  }
}

/**
 * Quantiles at `levels` of a (reordered in place) into out: the same values as sorting and interpolating
 * (quantileSorted), with only the order statistics they need selected.
 */
function quantilesInPlace(a, levels, out = new Float64Array(levels.length)) {
  const n = a.length;
  const bounds = (q) => { const h = (n - 1) * q; const lo = Math.floor(h); return [h, lo, Math.min(lo + 1, n - 1)]; };
  const need = [...new Set(levels.flatMap((q) => bounds(q).slice(1)))].sort((x, y) => x - y);
  let from = 0;
  for (const k of need) { select(a, k, from, n - 1); from = k + 1; }
  levels.forEach((q, i) => {
    const [h, lo, hi] = bounds(q);
    out[i] = a[lo] + (h - lo) * (a[hi] - a[lo]);
  });
  return out;
}

/**
 * Inner level, several statistics at once (each replicate's draws are shared): for invocation k (0-based) and inner
 * replicate c, the statistics of n draws with replacement, draw j taking sample chain(seed, salt, 0, k, c, j) mod n.
 * Returns { statistic: [Float64Array(innerResamples) per invocation] }.
 * @template {Statistic | 'mean'} S
 * @param {readonly ArrayLike<number>[]} invocations
 * @param {{ statistics?: readonly S[]; salt?: number; seed?: number; innerResamples?: number }} [options]
 * @returns {Record<S, Float64Array[]>}
 */
export function innerReplicatesOf(invocations, { statistics = /** @type {S[]} */ (Object.keys(STATISTICS)), salt, seed = DEFAULTS.seed, innerResamples = DEFAULTS.innerResamples } = {}) {
  const all = statistics.map(qOf);
  const levels = all.filter((x) => x !== 'mean');
  const out = Object.fromEntries(statistics.map((s) => [s, []]));
  const q = new Float64Array(levels.length);
  invocations.forEach((values, k) => {
    const n = values.length;
    const reps = statistics.map((s) => { const r = new Float64Array(innerResamples); out[s].push(r); return r; });
    if (n === 0) { reps.forEach((r) => r.fill(NaN)); return; }
    const buf = new Float64Array(n);
    const prefix = chain(seed, salt, 0, k);
    for (let c = 0; c < innerResamples; c += 1) {
      const base = h32(prefix + c);
      for (let j = 0; j < n; j += 1) buf[j] = values[h32(base + j) % n];
      const mean = all.length > levels.length ? meanOf(buf) : NaN;
      quantilesInPlace(buf, levels, q);
      for (let i = 0, j = 0; i < reps.length; i += 1) reps[i][c] = all[i] === 'mean' ? mean : q[j++];
    }
  });
  return /** @type {Record<S, Float64Array[]>} */ (out);
}

/**
 * Inner level of one statistic (see innerReplicatesOf): Float64Array(innerResamples) per invocation.
 * @param {readonly ArrayLike<number>[]} invocations
 * @param {IntervalOptions} [options]
 */
export function innerReplicates(invocations, { statistic = 'median', ...options } = {}) {
  return innerReplicatesOf(invocations, { ...options, statistics: [/** @type {Statistic | 'mean'} */ (statistic)] })[statistic];
}

/**
 * Outer level, several statistics at once: replicate b's path statistic is the mean over R slots r of
 * inner[k][c], with k = chain(seed, salt, 1, b, r) mod R and c = chain(seed, salt, 2, b, r) mod innerResamples
 * (the same slots for every statistic). `inner`: { statistic: [Float64Array per invocation] } as innerReplicatesOf
 * gives it. Returns { statistic: Float64Array(resamples) }.
 * @template {string} S
 * @param {Record<S, readonly Float64Array[]>} inner
 * @param {{ salt?: number; seed?: number; resamples?: number }} [options]
 * @returns {Record<S, Float64Array>}
 */
export function outerReplicatesOf(inner, { salt, seed = DEFAULTS.seed, resamples = DEFAULTS.resamples } = {}) {
  const stats = Object.keys(inner);
  const arrays = stats.map((s) => inner[s]);
  const R = arrays[0]?.length ?? 0;
  const C = arrays[0]?.[0]?.length ?? 0;
  const sums = new Float64Array(stats.length);
  const out = stats.map(() => new Float64Array(resamples));
  const p1 = chain(seed, salt, 1);
  const p2 = chain(seed, salt, 2);
  for (let b = 0; b < resamples; b += 1) {
    const u1 = h32(p1 + b);
    const u2 = h32(p2 + b);
    sums.fill(0);
    for (let r = 0; r < R; r += 1) {
      const k = h32(u1 + r) % R;
      const c = h32(u2 + r) % C;
      for (let i = 0; i < arrays.length; i += 1) sums[i] += arrays[i][k][c];
    }
    for (let i = 0; i < arrays.length; i += 1) out[i][b] = sums[i] / R;
  }
  return /** @type {Record<S, Float64Array>} */ (Object.fromEntries(stats.map((s, i) => [s, out[i]])));
}

/**
 * Outer level of one statistic (see outerReplicatesOf): `inner[k][c]` → Float64Array(resamples).
 * @param {readonly Float64Array[]} inner
 * @param {IntervalOptions} [options]
 */
const outerReplicates = (inner, options = {}) => outerReplicatesOf({ x: inner }, options).x;

/**
 * The percentile interval of bootstrap replicates (non-finite ones left out); null when fewer than 90 % of them
 * are finite.
 * @param {Float64Array} replicates
 * @param {number} level
 * @returns {[number, number] | null}
 */
export function percentileCi(replicates, level) {
  const finite = Float64Array.from(replicates.filter(Number.isFinite)).sort();
  // An interval from fewer than 90 % of the replicates would hide how often the statistic is undefined.
  if (finite.length < 0.9 * replicates.length || finite.length === 0) return null;
  const a = (1 - level) / 2;
  return [quantileSorted(finite, a), quantileSorted(finite, 1 - a)];
}

/**
 * A path's figure with its interval. `invocations`: one array of samples (ns, warm-up removed) per invocation, in
 * run order. Returns { estimate, ci95: [lo, hi] | null, invocations: R, perInvocation: [statistic of each] }; the
 * interval is null with R < 2 (one invocation says nothing about the next). `inner: false` skips the inner level
 * (each invocation contributes its own statistic): for figures whose raw samples were not kept.
 * @param {number[][]} invocations
 * @param {IntervalOptions} [options]
 * @returns {{ estimate: number; ci95: [number, number] | null; invocations: number; perInvocation: number[] }}
 */
export function pathInterval(invocations, options = {}) {
  const { statistic = 'median', salt = 1, level = DEFAULTS.level, inner = true } = options;
  const valid = invocations.filter((v) => v.length > 0);
  const perInvocation = valid.map((v) => statisticOf(v, statistic));
  const estimate = perInvocation.length ? perInvocation.reduce((a, b) => a + b, 0) / perInvocation.length : NaN;
  const result = { estimate, ci95: null, invocations: valid.length, perInvocation };
  if (valid.length < 2) return result;
  const reps = replicatesOf(valid, { ...options, statistic, salt, inner });
  return { ...result, ci95: percentileCi(reps, level) };
}

/**
 * The outer replicates of a path's figure (see pathInterval).
 * @param {readonly ArrayLike<number>[]} invocations
 * @param {IntervalOptions} [options]
 */
export function replicatesOf(invocations, { statistic = 'median', salt = 1, seed = DEFAULTS.seed, resamples = DEFAULTS.resamples,
  innerResamples = DEFAULTS.innerResamples, inner = true } = {}) {
  const innerReps = inner ? innerReplicates(invocations, { statistic, salt, seed, innerResamples })
    : invocations.map((v) => Float64Array.of(statisticOf(v, statistic)));
  return outerReplicates(innerReps, { salt, seed, resamples });
}

/**
 * Ratio of two paths' figures, numerator / denominator, each { invocations, salt } (salt: the path's, catalogue.mjs).
 * Different salts resample the two sides independently (different processes); the same salt pairs them (two series
 * of the same invocations, e.g. transport and echo floor). Returns { estimate, ci95, invocations: [R_num, R_den] }.
 */
export function ratioInterval(numerator, denominator, options = {}) {
  const { level = DEFAULTS.level } = options;
  const num = pathInterval(numerator.invocations, { ...options, salt: numerator.salt });
  const den = pathInterval(denominator.invocations, { ...options, salt: denominator.salt });
  const estimate = den.estimate > 0 ? num.estimate / den.estimate : NaN;
  const result = { estimate, ci95: null, invocations: Math.min(num.invocations, den.invocations), perInvocation: null };
  if (num.invocations < 2 || den.invocations < 2) return result;
  const a = replicatesOf(numerator.invocations.filter((v) => v.length), { ...options, salt: numerator.salt });
  const b = replicatesOf(denominator.invocations.filter((v) => v.length), { ...options, salt: denominator.salt });
  const r = a.map((x, i) => (b[i] > 0 ? x / b[i] : NaN));
  // Per-invocation ratios exist only when the sides are paired invocation by invocation (same salt, same R).
  const paired = numerator.salt === denominator.salt && num.invocations === den.invocations;
  return { ...result, ci95: percentileCi(r, level), perInvocation: paired ? num.perInvocation.map((x, i) => x / den.perInvocation[i]) : null };
}

/**
 * Paired ratio of two paths measured close together in time, invocation by invocation (both paths of invocation k
 * ran back to back in the same round): the estimate is the mean over invocations of each invocation's ratio
 * stat(num_k) / stat(den_k), and the interval resamples invocations jointly (replicate b, slot r takes the same
 * invocation k = chain(seed, PAIR_SALT, 1, b, r) mod R on both sides, each side's inner replicate drawn with its own
 * salt), so drift that moves both paths alike cancels. `numerator`, `denominator`: { invocations, salt }, the same R
 * in the same order; otherwise null.
 */
const PAIR_SALT = 9;
export const pairedRatioInterval = (numerator, denominator, options = {}) => pairedInterval(numerator, denominator, (n, d) => (d > 0 ? n / d : NaN), options);

/**
 * Paired difference stat(num_k) − stat(den_k), resampled exactly as pairedRatioInterval (the same draws): what the
 * numerator's path adds to the denominator's, e.g. the process boundary's added cost in ns per step
 * (docs/measurements.md, "Intervals"). Null when the two sides are not paired invocation by invocation.
 */
export const pairedDifferenceInterval = (numerator, denominator, options = {}) => pairedInterval(numerator, denominator, (n, d) => n - d, options);

/** The paired figure combine(stat(num_k), stat(den_k)) averaged over invocations (see pairedRatioInterval). */
function pairedInterval(numerator, denominator, combine, options) {
  const { statistic = 'median', seed = DEFAULTS.seed, resamples = DEFAULTS.resamples, innerResamples = DEFAULTS.innerResamples, level = DEFAULTS.level } = options;
  const R = numerator.invocations.length;
  if (R !== denominator.invocations.length || numerator.invocations.some((v, k) => !v.length || !denominator.invocations[k].length)) return null;
  const perInvocation = numerator.invocations.map((v, k) => combine(statisticOf(v, statistic), statisticOf(denominator.invocations[k], statistic)));
  const estimate = perInvocation.reduce((x, y) => x + y, 0) / R;
  const result = { estimate, ci95: null, invocations: R, perInvocation, paired: true };
  if (R < 2) return result;
  const num = innerReplicates(numerator.invocations, { statistic, salt: numerator.salt, seed, innerResamples });
  const den = innerReplicates(denominator.invocations, { statistic, salt: denominator.salt, seed, innerResamples });
  const reps = new Float64Array(resamples);
  for (let b = 0; b < resamples; b += 1) {
    let sum = 0;
    for (let r = 0; r < R; r += 1) {
      const k = chain(seed, PAIR_SALT, 1, b, r) % R;
      const c = chain(seed, PAIR_SALT, 2, b, r) % innerResamples;
      sum += combine(num[k][c], den[k][c]);
    }
    reps[b] = sum / R;
  }
  return { ...result, ci95: percentileCi(reps, level) };
}

/**
 * A limit check on a figure with its interval: "met" when the whole interval is on the right side of the limit,
 * "not met" when the whole interval is on the wrong side, "inconclusive" when it straddles the limit; without an
 * interval (one invocation) the point estimate decides and the verdict says so.
 */
export function verdict({ estimate, ci95 }, limit, { atMost = true } = {}) {
  if (!Number.isFinite(estimate) || !Number.isFinite(limit)) return 'no data';
  const ok = (x) => (atMost ? x <= limit : x >= limit);
  if (!ci95) return ok(estimate) ? 'met (point estimate, no interval)' : 'not met (point estimate, no interval)';
  if (ok(ci95[0]) && ok(ci95[1])) return 'met';
  if (!ok(ci95[0]) && !ok(ci95[1])) return 'not met';
  return 'inconclusive';
}

/** Does interval [lo, hi] contain x? */
export const covers = (ci, x) => Array.isArray(ci) && Number.isFinite(x) && ci[0] <= x && x <= ci[1];
/** Do two intervals overlap? */
export const overlaps = (a, b) => Array.isArray(a) && Array.isArray(b) && a[0] <= b[1] && b[0] <= a[1];

/**
 * A figure combined from several path figures, e.g. e2e / (compute + floor): `parts` are { invocations, salt,
 * statistic }, `combine` maps their values (estimates, then each replicate's) to the figure. Parts with the same
 * salt are resampled jointly (same invocations), others independently.
 */
export function combinedInterval(parts, combine, options = {}) {
  const { level = DEFAULTS.level } = options;
  const figures = parts.map((p) => pathInterval(p.invocations, { ...options, statistic: p.statistic ?? 'median', salt: p.salt }));
  const estimate = combine(figures.map((f) => f.estimate));
  const result = { estimate, ci95: null, invocations: Math.min(...figures.map((f) => f.invocations)), perInvocation: null };
  if (result.invocations < 2) return result;
  const reps = parts.map((p) => replicatesOf(p.invocations.filter((v) => v.length), { ...options, statistic: p.statistic ?? 'median', salt: p.salt }));
  const combined = reps[0].map((_, b) => combine(reps.map((r) => r[b])));
  return { ...result, ci95: percentileCi(combined, level) };
}
