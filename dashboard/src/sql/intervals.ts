/**
 * Invocation-level intervals (docs/measurements.md, "Intervals"): the SQL that gives every invocation's values
 * after its own warm-up (and the per-invocation statistics); the bootstrap over them is the measurement library's
 * (measurement/src/intervals.mjs, called by data/invocationIntervals.ts and its worker). An SQL version of the whole
 * bootstrap is kept in the tests only (dashboard/test/support/intervalsSql.ts), as a check against the library.
 */
import { inInts, inList, int, str } from './literals';
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
export function invocationValuesSql(warmup: number, f: SampleFilter & { fileKeys?: readonly number[] } = {}): string {
  const w = int(warmup);
  // fileKeys (the invocation files of the selection, invocationFileKeysSql): a constant list on the raw table's
  // column lets the database skip the row groups of every other file instead of joining all of them.
  const keys = (a: string) => (f.fileKeys === undefined ? '' : ` AND ${inInts(`${a}.file_key`, f.fileKeys)}`);
  const where = (a: string) => `${filterSql({ ...f, files: undefined }, a)} AND ${a}.transport IN (${Object.keys(PATH_SALT).map(str).join(', ')})${keys(a)}`;
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
  WHERE sv.id = 'step.service' AND cp.id = 'step.compute' AND sv.k > ${w} AND ${where('sv')}${keys('cp')}${ids === undefined || ids.includes(OVERHEAD_ID) ? '' : ' AND FALSE'}
) v`;
}

/** The keys of the invocation files a selection reads (for invocationValuesSql's fileKeys). */
export const invocationFileKeysSql = (f: SampleFilter = {}): string => `
SELECT file_key FROM files f WHERE f.invocation IS NOT NULL AND ${filterSql({ runs: f.runs, configs: f.configs }, 'f')} ORDER BY file_key`;

/** One figure to build an interval for: numerator (minus an optional series) over an optional denominator. */
export interface FigureSpec {
  key: string;
  /** series keys (intervalSeriesKey); `minus` of the same path: (num − minus) / den, e.g. (wait − service) / echo */
  num: string; minus?: string; den?: string;
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
