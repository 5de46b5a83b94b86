// Invocation-level confidence intervals (docs/measurements.md, "Intervals"): a process invocation is the unit of
// repetition, so a path's figure is the mean over invocations of each invocation's statistic, and its 95 % interval
// comes from a two-level percentile bootstrap: resample invocations, then samples within each. Every random draw is
// a counter-based hash of (seed, salt, level, indices), so the same data give the same interval here, in the
// dashboard's SQL (DuckDB-Wasm) and in the independent Python implementation the tests compare against.

/** Bootstrap defaults: outer replicates, inner replicates per invocation, seed, level. */
export const DEFAULTS = Object.freeze({ resamples: 2000, innerResamples: 200, seed: 1, level: 0.95 });

/** Salt of each path's draws: different paths are resampled independently, one path's series jointly. */
export const PATH_SALT = Object.freeze({ native: 1, socket: 2, wasm: 3, websocket: 4, jvm: 5, js: 6, 'wasm-engine': 7, 'native-engine': 8 });

/** 32-bit integer hash (two multiply-xorshift rounds); x and the result in [0, 2^32). */
export function h32(x) {
  let v = x >>> 0;
  v = Math.imul((v >>> 16) ^ v, 0x45d9f3b) >>> 0;
  v = Math.imul((v >>> 16) ^ v, 0x45d9f3b) >>> 0;
  return ((v >>> 16) ^ v) >>> 0;
}

/** Hash chain h32(...h32(h32(seed) + k1)... + kn), each sum taken mod 2^32. */
export function chain(seed, ...keys) {
  let u = h32(seed);
  for (const k of keys) u = h32(u + k);
  return u;
}

/** Quantile q of an ascending array, linear interpolation between order statistics (numpy's default). */
export function quantileSorted(sorted, q) {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Quantile q of an unsorted array (copied). */
export const quantile = (values, q) => quantileSorted(Float64Array.from(values).sort(), q);

/** The statistics an interval can be built for, by name: quantile levels. */
export const STATISTICS = Object.freeze({ median: 0.5, p95: 0.95, p99: 0.99 });

const qOf = (statistic) => {
  const q = typeof statistic === 'number' ? statistic : STATISTICS[statistic];
  if (!(q >= 0 && q <= 1)) throw new Error(`unknown statistic ${statistic}: use median, p95, p99 or a level in [0, 1]`);
  return q;
};

/**
 * Inner level: for invocation k (0-based) and inner replicate c, the statistic of n draws with replacement, draw j
 * taking sample chain(seed, salt, 0, k, c, j) mod n. Returns Float64Array(innerResamples) per invocation.
 */
export function innerReplicates(invocations, { statistic = 'median', salt, seed = DEFAULTS.seed, innerResamples = DEFAULTS.innerResamples } = {}) {
  const q = qOf(statistic);
  return invocations.map((values, k) => {
    const n = values.length;
    const out = new Float64Array(innerResamples);
    if (n === 0) return out.fill(NaN);
    const buf = new Float64Array(n);
    for (let c = 0; c < innerResamples; c += 1) {
      const base = chain(seed, salt, 0, k, c);
      for (let j = 0; j < n; j += 1) buf[j] = values[h32(base + j) % n];
      buf.sort();
      out[c] = quantileSorted(buf, q);
    }
    return out;
  });
}

/**
 * Outer level: replicate b's path statistic is the mean over R slots r of inner[k][c], with
 * k = chain(seed, salt, 1, b, r) mod R and c = chain(seed, salt, 2, b, r) mod innerResamples.
 */
export function outerReplicates(inner, { salt, seed = DEFAULTS.seed, resamples = DEFAULTS.resamples } = {}) {
  const R = inner.length;
  const C = inner[0]?.length ?? 0;
  const out = new Float64Array(resamples);
  for (let b = 0; b < resamples; b += 1) {
    let sum = 0;
    for (let r = 0; r < R; r += 1) {
      const k = chain(seed, salt, 1, b, r) % R;
      const c = chain(seed, salt, 2, b, r) % C;
      sum += inner[k][c];
    }
    out[b] = sum / R;
  }
  return out;
}

function percentileCi(replicates, level) {
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
 */
export function pathInterval(invocations, options = {}) {
  const { statistic = 'median', salt = 1, level = DEFAULTS.level, inner = true } = options;
  const valid = invocations.filter((v) => v.length > 0);
  const perInvocation = valid.map((v) => quantile(v, qOf(statistic)));
  const estimate = perInvocation.length ? perInvocation.reduce((a, b) => a + b, 0) / perInvocation.length : NaN;
  const result = { estimate, ci95: null, invocations: valid.length, perInvocation };
  if (valid.length < 2) return result;
  const reps = replicatesOf(valid, { ...options, statistic, salt, inner });
  return { ...result, ci95: percentileCi(reps, level) };
}

/** The outer replicates of a path's figure (see pathInterval). */
export function replicatesOf(invocations, { statistic = 'median', salt = 1, seed = DEFAULTS.seed, resamples = DEFAULTS.resamples,
  innerResamples = DEFAULTS.innerResamples, inner = true } = {}) {
  const innerReps = inner ? innerReplicates(invocations, { statistic, salt, seed, innerResamples })
    : invocations.map((v) => Float64Array.of(quantile(v, qOf(statistic))));
  return outerReplicates(innerReps, { salt, seed, resamples });
}

/**
 * Ratio of two paths' figures, numerator / denominator, each { invocations, salt } (salt: PATH_SALT of the path).
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
