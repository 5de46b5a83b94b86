/**
 * Invocation-level intervals (docs/measurements.md, "Intervals") as SQL text built by pure functions.
 *
 * A figure's estimate is the mean over invocations of each invocation's statistic (median, p95, p99 of its samples
 * after its own warm-up); its 95 % interval comes from a two-level percentile bootstrap whose draws are a
 * counter-based 32-bit hash of (seed, salt, level, indices), the same draws as `measurement/src/intervals.mjs`:
 *
 * - inner: invocation kk (0-based among the series' non-empty invocations, in run order), replicate c, draw j takes
 *   sample `chain(seed, salt, 0, kk, c, j) mod n` (samples numbered from 0 in time order);
 * - outer: replicate b averages, over R slots r, inner replicate c of invocation kk with
 *   `kk = chain(seed, salt, 1, b, r) mod R`, `c = chain(seed, salt, 2, b, r) mod C`;
 * - interval: 2.5th/97.5th percentiles (quantile_cont) of the B replicates; for a ratio, of num_b / den_b, left out
 *   where den_b <= 0, none with fewer than 90 % finite replicates or fewer than 2 invocations.
 *
 * The hash is integer arithmetic on BIGINT: a value < 2^32 times 0x45d9f3b (< 2^27) fits, `& 4294967295` takes it
 * mod 2^32. Macros are expanded where they are used, so the chains are built one hash per query level (a nested
 * h32(h32(…)) would expand its argument 8 times per level).
 */
import { inList, int, num, str } from './literals';
import { filterSql, OVERHEAD_ID, type SampleFilter } from './analysis';
import { DEFAULTS } from '../../../measurement/src/intervals.mjs';
import { PATHS, PATH_ORDER } from '../../../measurement/src/catalogue.mjs';

/** Bootstrap parameters (docs/measurements.md, "Intervals"). */
export interface IntervalOptions { resamples: number; innerResamples: number; seed: number; level: number }
/** The method's defaults, from the measurement library (measurement/src/intervals.mjs). */
export const INTERVAL_DEFAULTS: IntervalOptions = DEFAULTS;

/** Salt of each path's draws (the catalogue's): paths (processes) resampled independently, one path's series jointly. */
export const PATH_SALT: Readonly<Record<string, number>> = Object.freeze(Object.fromEntries(PATH_ORDER.map((p) => [p, PATHS[p].salt])));

/** The statistics carried through both levels, in this order (q[1], q[2], q[3]). */
export const INTERVAL_STATS = ['median', 'p95', 'p99'] as const;
export type IntervalStat = (typeof INTERVAL_STATS)[number];

/** The hash as DuckDB macros (one multiply-xorshift round, then the whole h32). */
export const HASH_MACROS = `
CREATE OR REPLACE MACRO iv_round(x) AS (xor(x >> 16, x) * 73244475) & 4294967295;
CREATE OR REPLACE MACRO iv_h32(x) AS xor(iv_round(iv_round(x & 4294967295)) >> 16, iv_round(iv_round(x & 4294967295)));
`;

/** h32 of an expression (the macro; `x` may be any BIGINT expression, reduced mod 2^32 first). */
export const h32Sql = (x: string): string => `iv_h32((${x})::BIGINT)`;

/**
 * chain(seed, k1, …, kn) over constant integer keys, as nested subqueries (one hash per level): a one-row SELECT
 * with the value as column `u`.
 */
export function chainConstSql(seed: number, keys: readonly number[]): string {
  let q = `SELECT ${h32Sql(int(seed))} AS u`;
  for (const k of keys) q = `SELECT ${h32Sql(`u + ${int(k)}`)} AS u FROM (${q})`;
  return q;
}

/**
 * Key of an interval series: run | config | side | transport | id (the merged series it belongs to has the same
 * run, config, side, transport and id; see model/comparison.ts findSeries).
 */
export const intervalSeriesKey = (s: { run: string; config: string; side: string; transport: string | null; id: string }): string =>
  `${s.run}|${s.config}|${s.side}|${s.transport ?? ''}|${s.id}`;
const KEY_SQL = (a: string) => `${a}.run || '|' || ${a}.config || '|' || ${a}.side || '|' || coalesce(${a}.transport, '') || '|' || ${a}.id`;

/**
 * Values of every invocation series after each invocation's own warm-up (k > warmup within the invocation's file),
 * the back-end overhead paired by rank inside each invocation file, as rows (series, salt, inv, kk, j, x): inv the
 * invocation's index, kk its 0-based position among the series' non-empty invocations, j the sample's 0-based
 * position in time order. Only the catalogue's paths (those with a salt).
 */
export function invocationValuesSql(warmup: number, f: SampleFilter = {}): string {
  const w = int(warmup);
  const where = (a: string) => `${filterSql({ ...f, files: undefined }, a)} AND ${a}.transport IN (${Object.keys(PATH_SALT).map(str).join(', ')})`;
  const ids = f.ids;
  const salt = `CASE transport ${Object.entries(PATH_SALT).map(([t, s]) => `WHEN ${str(t)} THEN ${int(s)}`).join(' ')} END`;
  return `
SELECT ${KEY_SQL('v')} AS series, ${salt} AS salt, v.invocation AS inv,
  (dense_rank() OVER (PARTITION BY ${KEY_SQL('v')} ORDER BY v.invocation) - 1)::BIGINT AS kk,
  (row_number() OVER (PARTITION BY ${KEY_SQL('v')}, v.invocation ORDER BY v.k) - 1)::BIGINT AS j,
  v.duration_ns::DOUBLE AS x
FROM (
  SELECT s.run, s.config, s.side, s.transport, s.id, s.invocation, s.k, s.duration_ns FROM invocation_samples s
  WHERE s.k > ${w} AND s.k > 0 AND ${where('s')}${ids === undefined ? '' : ` AND ${inList('s.id', ids)}`}
  UNION ALL
  SELECT sv.run, sv.config, sv.side, sv.transport, ${str(OVERHEAD_ID)}, sv.invocation, sv.k, sv.duration_ns - cp.duration_ns
  FROM invocation_samples sv JOIN invocation_samples cp ON sv.run = cp.run AND sv.config = cp.config AND sv.file = cp.file AND sv.k = cp.k
  WHERE sv.id = 'step.service' AND cp.id = 'step.compute' AND sv.k > ${w} AND ${where('sv')}${ids === undefined || ids.includes(OVERHEAD_ID) ? '' : ' AND FALSE'}
) v`;
}

/** The inner level in SQL: base = chain(seed, salt, 0, kk, c); draw j picks sample h32(base + j) mod n. */
const innerCtes = (C: number): string => `
iv_base1 AS (SELECT i.series, i.kk, i.n, ${h32Sql('p.p + i.kk')} AS u FROM iv_inv i JOIN iv_prefix p ON p.salt = i.salt AND p.L = 0),
iv_base AS MATERIALIZED (SELECT series, kk, n, c, ${h32Sql('u + c')} AS base FROM iv_base1, range(${int(C)}) t(c)),
iv_draws AS (SELECT b.series, b.kk, b.c, ${h32Sql('b.base + v.j')} % b.n AS pick
  FROM iv_base b JOIN iv_vals v ON v.series = b.series AND v.kk = b.kk),
iv_inner AS MATERIALIZED (SELECT d.series, d.kk, d.c, quantile_cont(v.x, [0.5, 0.95, 0.99]) AS q
  FROM iv_draws d JOIN iv_vals v ON v.series = d.series AND v.kk = d.kk AND v.j = d.pick GROUP BY d.series, d.kk, d.c),`;

/** One figure to build an interval for: numerator (minus an optional series) over an optional denominator. */
export interface FigureSpec {
  key: string;
  /** series keys (intervalSeriesKey); `minus` of the same path: (num − minus) / den, e.g. (wait − service) / echo */
  num: string; minus?: string; den?: string;
}

/**
 * Estimates and intervals of figures over the invocation values `values` (a SELECT with the columns of
 * invocationValuesSql). One row per figure and statistic: figure, stat ('median' | 'p95' | 'p99'), estimate,
 * lo, hi (NULL without an interval), invocations (R; a ratio's: the smaller side), finite (replicates used).
 * A figure with only `num` is the path's own statistic. `inner`: a SELECT of the inner replicates computed elsewhere
 * (columns series, kk, c, q50, q95, q99; the bootstrap worker draws them with the same hash), else they are drawn
 * here in SQL.
 */
export function intervalsSql(values: string, figures: readonly FigureSpec[], o: Partial<IntervalOptions> = {}, inner?: string): string {
  const { resamples: B, innerResamples: C, seed, level } = { ...INTERVAL_DEFAULTS, ...o };
  if (figures.length === 0) {
    return `SELECT NULL::VARCHAR AS figure, NULL::VARCHAR AS stat, NULL::DOUBLE AS estimate, NULL::DOUBLE AS lo, NULL::DOUBLE AS hi,
  NULL::BIGINT AS invocations, NULL::BIGINT AS finite WHERE FALSE`;
  }
  const a = (1 - level) / 2;
  const series = [...new Set(figures.flatMap((fg) => [fg.num, fg.minus, fg.den].filter((x): x is string => x !== undefined)))];
  const figRows = figures.map((fg) => `(${str(fg.key)}, ${str(fg.num)}, ${fg.minus ? str(fg.minus) : 'NULL::VARCHAR'}, ${fg.den ? str(fg.den) : 'NULL::VARCHAR'})`);
  // chain(seed, salt, L) per salt and level L, one hash per query level.
  const prefixes = `
  SELECT salt, L, ${h32Sql(`u1 + L`)} AS p FROM (
    SELECT salt, ${h32Sql(`u0 + salt`)} AS u1 FROM (SELECT DISTINCT salt, (${chainConstSql(seed, [])}) AS u0 FROM iv_vals)
  ), (VALUES (0), (1), (2)) t(L)`;
  const stats = INTERVAL_STATS.map((s, i) => ({ s, i: i + 1 }));
  return `${HASH_MACROS}
WITH iv_vals AS MATERIALIZED (SELECT * FROM (${values}) WHERE series IN (${series.map(str).join(', ')})),
iv_prefix AS MATERIALIZED (${prefixes}),
iv_inv AS MATERIALIZED (SELECT series, salt, kk, count(*)::BIGINT AS n, quantile_cont(x, [0.5, 0.95, 0.99]) AS q FROM iv_vals GROUP BY series, salt, kk),
iv_series AS (SELECT series, any_value(salt) AS salt, count(*)::BIGINT AS r,
  ${stats.map(({ s, i }) => `avg(q[${i}]) AS est_${s}`).join(', ')} FROM iv_inv GROUP BY series),
${inner === undefined ? innerCtes(C) : `iv_inner AS MATERIALIZED (SELECT series, kk::BIGINT AS kk, c::BIGINT AS c, [q50, q95, q99] AS q FROM (${inner})),`}
-- outer level: slot r of replicate b takes inner replicate c of invocation kk
iv_slots AS MATERIALIZED (
  SELECT salt, r_, b, slot, ${h32Sql('u1 + slot')} % r_ AS kk, ${h32Sql('u2 + slot')} % ${int(C)} AS c FROM (
    SELECT g.salt, g.r_, b, slot, ${h32Sql('p1.p + b')} AS u1, ${h32Sql('p2.p + b')} AS u2
    FROM (SELECT DISTINCT salt, r AS r_ FROM iv_series WHERE r >= 2) g
    JOIN iv_prefix p1 ON p1.salt = g.salt AND p1.L = 1 JOIN iv_prefix p2 ON p2.salt = g.salt AND p2.L = 2,
    range(${int(B)}) tb(b), range(g.r_) ts(slot))),
iv_outer AS MATERIALIZED (
  SELECT s.series, t.b, ${stats.map(({ s, i }) => `sum(i.q[${i}]) / s.r AS m_${s}`).join(', ')}
  FROM iv_series s JOIN iv_slots t ON t.salt = s.salt AND t.r_ = s.r JOIN iv_inner i ON i.series = s.series AND i.kk = t.kk AND i.c = t.c
  GROUP BY s.series, s.r, t.b),
iv_figs (figure, num, minus, den) AS (VALUES ${figRows.join(', ')}),
iv_fig_est AS (
  SELECT f.figure, least(n.r, coalesce(m.r, n.r), coalesce(d.r, n.r)) AS r,
    ${stats.map(({ s }) => `CASE WHEN f.den IS NULL THEN n.est_${s} - coalesce(m.est_${s}, 0)
      WHEN d.est_${s} > 0 THEN (n.est_${s} - coalesce(m.est_${s}, 0)) / d.est_${s} END AS est_${s}`).join(',\n    ')}
  FROM iv_figs f JOIN iv_series n ON n.series = f.num LEFT JOIN iv_series m ON m.series = f.minus LEFT JOIN iv_series d ON d.series = f.den
  WHERE (f.minus IS NULL OR m.series IS NOT NULL) AND (f.den IS NULL OR d.series IS NOT NULL)),
iv_fig_reps AS (
  SELECT f.figure, n.b,
    ${stats.map(({ s }) => `CASE WHEN f.den IS NULL THEN n.m_${s} - coalesce(m.m_${s}, 0)
      WHEN d.m_${s} > 0 THEN (n.m_${s} - coalesce(m.m_${s}, 0)) / d.m_${s} END AS m_${s}`).join(',\n    ')}
  FROM iv_figs f JOIN iv_outer n ON n.series = f.num
    LEFT JOIN iv_outer m ON m.series = f.minus AND m.b = n.b LEFT JOIN iv_outer d ON d.series = f.den AND d.b = n.b
  WHERE (f.minus IS NULL OR m.b IS NOT NULL) AND (f.den IS NULL OR d.b IS NOT NULL)),
iv_fig_ci AS (
  SELECT figure, ${stats.map(({ s }) => `count(m_${s}) AS finite_${s}, quantile_cont(m_${s}, [${num(a)}, ${num(1 - a)}]) AS ci_${s}`).join(', ')}
  FROM iv_fig_reps GROUP BY figure)
${stats.map(({ s }) => `SELECT e.figure, ${str(s)} AS stat, e.est_${s} AS estimate,
  CASE WHEN e.r >= 2 AND c.finite_${s} >= ${num(0.9 * B)} THEN c.ci_${s}[1] END AS lo,
  CASE WHEN e.r >= 2 AND c.finite_${s} >= ${num(0.9 * B)} THEN c.ci_${s}[2] END AS hi,
  e.r AS invocations, coalesce(c.finite_${s}, 0) AS finite
FROM iv_fig_est e LEFT JOIN iv_fig_ci c ON c.figure = e.figure`).join('\nUNION ALL\n')}
ORDER BY figure, stat`;
}

/**
 * Per-invocation statistics of the selected series (for the strips over distributions and the noise table): one
 * row per series and invocation: run, config, side, transport, id, invocation, n, median, p95, p99.
 */
export const perInvocationSql = (warmup: number, f: SampleFilter = {}): string => `
WITH v AS (${invocationValuesSql(warmup, f)})
SELECT split_part(series, '|', 1) AS run, split_part(series, '|', 2) AS config, split_part(series, '|', 3) AS side,
  split_part(series, '|', 4) AS transport, split_part(series, '|', 5) AS id, inv AS invocation, count(*) AS n,
  quantile_cont(x, 0.5) AS median, quantile_cont(x, 0.95) AS p95, quantile_cont(x, 0.99) AS p99
FROM v GROUP BY series, inv ORDER BY run, config, side, transport, id, invocation`;
