/**
 * The invocation-level bootstrap (docs/measurements.md, "Intervals") wholly in DuckDB SQL: a check on the
 * measurement library (measurement/src/intervals.mjs, which the page runs) by a second implementation in another
 * runtime. The same counter-based draws:
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
import type { Connector } from '../../src/db/connector';
import { rowsOf, type Row } from '../../src/model/arrow';
import type { SampleFilter } from '../../src/sql/analysis';
import { INTERVAL_DEFAULTS, INTERVAL_STATS, invocationValuesSql, type FigureSpec, type IntervalOptions } from '../../src/sql/intervals';
import { int, num, str } from '../../src/sql/literals';

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

/** The inner level in SQL: base = chain(seed, salt, 0, kk, c); draw j picks sample h32(base + j) mod n. */
const innerCtes = (C: number): string => `
iv_base1 AS (SELECT i.series, i.kk, i.n, ${h32Sql('p.p + i.kk')} AS u FROM iv_inv i JOIN iv_prefix p ON p.salt = i.salt AND p.L = 0),
iv_base AS MATERIALIZED (SELECT series, kk, n, c, ${h32Sql('u + c')} AS base FROM iv_base1, range(${int(C)}) t(c)),
iv_draws AS (SELECT b.series, b.kk, b.c, ${h32Sql('b.base + v.j')} % b.n AS pick
  FROM iv_base b JOIN iv_vals v ON v.series = b.series AND v.kk = b.kk),
iv_inner AS MATERIALIZED (SELECT d.series, d.kk, d.c, quantile_cont(v.x, [0.5, 0.95, 0.99]) AS q
  FROM iv_draws d JOIN iv_vals v ON v.series = d.series AND v.kk = d.kk AND v.j = d.pick GROUP BY d.series, d.kk, d.c),`;

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

/** Figure rows for `figures` over the invocation files selected by `filter`, the bootstrap wholly in SQL. */
export async function sqlIntervals(db: Connector, warmup: number, figures: FigureSpec[], filter: SampleFilter, options: Partial<IntervalOptions> = {}): Promise<Row[]> {
  if (figures.length === 0) return [];
  return rowsOf(await db.query(intervalsSql(invocationValuesSql(warmup, filter), figures, { ...INTERVAL_DEFAULTS, ...options })));
}
