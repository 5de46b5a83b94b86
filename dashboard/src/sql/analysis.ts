/**
 * The analysis as SQL text, built by pure functions (no database here). The reference method (DESIGN §2):
 * drop rows with negative t_ns or duration_ns; stable-sort by t_ns within each series (run, config, file, id);
 * drop the first `warmup` samples of each series; per series count, median, mean, p95, p99 (quantile_cont:
 * linear interpolation between order statistics) and sample standard deviation (n − 1). Back-end overhead =
 * step.service − step.compute paired by order after warm-up (inner join on the rank: truncated to the shorter).
 */
import { inInts, inList, int, str } from './literals';

/** Which samples an analysis looks at; undefined = no restriction. */
export interface SampleFilter {
  runs?: readonly string[];
  /** `run/config` keys. */
  configs?: readonly string[];
  ids?: readonly string[];
  transports?: readonly string[];
  platforms?: readonly string[];
  nodeCounts?: readonly number[];
  files?: readonly string[];
}

/** Derived series id for the paired back-end overhead. */
export const OVERHEAD_ID = 'backend.overhead';

export const filterSql = (f: SampleFilter = {}): string => [
  inList('s.run', f.runs),
  inList(`s.run || '/' || s.config`, f.configs),
  inList('s.transport', f.transports),
  inList('s.platform', f.platforms),
  inList('s.file', f.files),
  f.nodeCounts === undefined ? 'TRUE' : `s.config IN (SELECT c.config FROM configs c WHERE c.run = s.run AND ${inInts('c.n', f.nodeCounts)})`,
].filter((c) => c !== 'TRUE').join(' AND ') || 'TRUE';

/**
 * CTEs `valid` (invalid rows dropped), `ranked` (k = 1-based rank by t_ns within the series, ties by file
 * order), `kept` (k > warmup) and `paired` (overhead rows), shared by every analysis query.
 */
export const keptCtes = (warmup: number, f: SampleFilter = {}): string => `
valid AS (
  SELECT s.* FROM samples s WHERE s.t_ns >= 0 AND s.duration_ns >= 0 AND ${filterSql(f)}
),
ranked AS (
  SELECT *, row_number() OVER (PARTITION BY run, config, file, id ORDER BY t_ns, seq) AS k FROM valid
),
kept0 AS (SELECT * FROM ranked WHERE k > ${int(warmup)}),
paired AS (
  SELECT sv.run, sv.config, sv.file, sv.side, sv.platform, sv.transport, sv.seq, sv.t_ns, ${str(OVERHEAD_ID)} AS id,
    sv.duration_ns - cp.duration_ns AS duration_ns, sv.k
  FROM kept0 sv JOIN kept0 cp
    ON sv.run = cp.run AND sv.config = cp.config AND sv.file = cp.file AND sv.k = cp.k
  WHERE sv.id = 'step.service' AND cp.id = 'step.compute'
),
kept AS (
  SELECT * FROM kept0 ${f.ids === undefined ? '' : `WHERE ${inList('id', f.ids)}`}
  UNION ALL
  SELECT * FROM paired ${f.ids === undefined || f.ids.includes(OVERHEAD_ID) ? '' : 'WHERE FALSE'}
)`;

/** Per-series statistics (one row per run/config/file/id, plus the overhead series). */
export const summarySql = (warmup: number, f: SampleFilter = {}): string => `
WITH ${keptCtes(warmup, f)}
SELECT k.run, k.config, k.file, any_value(k.side) AS side, any_value(k.platform) AS platform,
  k.transport, k.id,
  count(*) AS count,
  quantile_cont(k.duration_ns, 0.5) AS median,
  avg(k.duration_ns) AS mean,
  quantile_cont(k.duration_ns, 0.95) AS p95,
  quantile_cont(k.duration_ns, 0.99) AS p99,
  stddev_samp(k.duration_ns) AS std,
  min(k.duration_ns) AS min,
  max(k.duration_ns) AS max
FROM kept k
GROUP BY k.run, k.config, k.file, k.transport, k.id
ORDER BY k.run, k.config, k.file, k.transport NULLS LAST, k.id`;

/** All samples of a series in time order, with their rank, so a plot can show where warm-up ends. */
export const timeSeriesSql = (f: SampleFilter, maxPoints = 20000): string => `
WITH valid AS (SELECT s.* FROM samples s WHERE s.t_ns >= 0 AND s.duration_ns >= 0 AND ${filterSql(f)}
  AND ${inList('s.id', f.ids)}),
ranked AS (SELECT *, row_number() OVER (PARTITION BY run, config, file, id ORDER BY t_ns, seq) AS k,
  count(*) OVER (PARTITION BY run, config, file, id) AS total FROM valid)
SELECT run, config, file, transport, id, k, t_ns, duration_ns FROM ranked
WHERE total <= ${int(maxPoints)} OR k % (total // ${int(maxPoints)} + 1) = 0 OR k <= 200
ORDER BY run, config, file, id, k`;

/**
 * Durations after warm-up of the selected series (overhead included), for distribution plots and the
 * bootstrap. Series longer than `maxPerSeries` are thinned to a systematic sample of the sorted values (every
 * j-th order statistic), which keeps the distribution's shape; statistics in tables never use this.
 */
export const valuesSql = (warmup: number, f: SampleFilter, maxPerSeries = 20000): string => `
WITH ${keptCtes(warmup, f)},
sorted AS (SELECT run, config, file, transport, id, duration_ns,
  row_number() OVER (PARTITION BY run, config, file, id ORDER BY duration_ns) AS r,
  count(*) OVER (PARTITION BY run, config, file, id) AS total FROM kept)
SELECT run, config, file, transport, id, duration_ns FROM sorted
WHERE total <= ${int(maxPerSeries)} OR (r - 1) % (total // ${int(maxPerSeries)} + 1) = 0
ORDER BY run, config, file, id, duration_ns`;

/** Identifies one series for two-sample tests. */
export interface SeriesKey { run: string; config: string; file: string; id: string }

const seriesWhere = (alias: string, s: SeriesKey): string =>
  `${alias}.run = ${str(s.run)} AND ${alias}.config = ${str(s.config)} AND ${alias}.file = ${str(s.file)} AND ${alias}.id = ${str(s.id)}`;

/**
 * Mann–Whitney U between two series after warm-up: average ranks for ties, U of the first sample,
 * normal approximation with tie correction (z; the p-value is computed from z by the model layer).
 */
export const mannWhitneySql = (warmup: number, a: SeriesKey, b: SeriesKey): string => `
WITH ${keptCtes(warmup, { runs: [...new Set([a.run, b.run])] })},
both_ AS (
  SELECT 1 AS g, duration_ns AS x FROM kept k WHERE ${seriesWhere('k', a)}
  UNION ALL
  SELECT 2 AS g, duration_ns AS x FROM kept k WHERE ${seriesWhere('k', b)}
),
ranked_ AS (
  SELECT g, x, (rank() OVER (ORDER BY x) + count(*) OVER (PARTITION BY x) - 1 + rank() OVER (ORDER BY x)) / 2.0 AS r
  FROM both_
),
ties AS (SELECT count(*)::DOUBLE AS t FROM both_ GROUP BY x),
agg AS (
  SELECT count(*) FILTER (WHERE g = 1)::DOUBLE AS n1, count(*) FILTER (WHERE g = 2)::DOUBLE AS n2,
    sum(r) FILTER (WHERE g = 1) AS r1 FROM ranked_
)
SELECT n1, n2, r1 - n1 * (n1 + 1) / 2 AS u1,
  n1 * n2 - (r1 - n1 * (n1 + 1) / 2) AS u2,
  (SELECT sum(t * t * t - t) FROM ties) AS tie_term
FROM agg`;

/**
 * Apparent clock resolution of each file: the largest power of ten (1 ns … 1 ms) dividing every duration and
 * start time (e.g. Unity's Stopwatch gives multiples of 100 ns).
 */
export const apparentResolutionSql = (): string => `
SELECT run, config, file,
  CASE ${[1e6, 1e5, 1e4, 1e3, 1e2, 1e1].map((p) => `WHEN bool_and(duration_ns % ${p} = 0 AND t_ns % ${p} = 0) THEN ${p}`).join(' ')} ELSE 1 END AS resolution_ns
FROM samples GROUP BY run, config, file ORDER BY run, config, file`;

/** Loaded series: what the selectors offer. */
export const catalogSql = (): string => `
SELECT s.run, s.config, s.file, s.side, s.platform, s.transport, s.id, c.n, c.pacing, c.tick_ms, c.time_scale,
  count(*) AS rows
FROM samples s LEFT JOIN configs c ON c.run = s.run AND c.config = s.config
GROUP BY ALL ORDER BY s.run, s.config, s.file, s.id`;
