/**
 * The analysis as SQL text, built by pure functions (no database here). The reference method (docs/reference-study.md):
 * drop rows with negative t_ns or duration_ns; stable-sort by t_ns within each series (run, config, file, id) —
 * done once at load time as the rank k (schema.ts) —; drop the first `warmup` samples of each series (k > warmup); per series count, median, mean, p95, p99 (quantile_cont:
 * linear interpolation between order statistics) and sample standard deviation (n − 1). Back-end overhead =
 * step.service − step.compute paired by order after warm-up (inner join on the rank: truncated to the shorter).
 */
import { inInts, inList, int, str } from './literals';
import { timingIdKey, transportOf } from './schema';

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

export const filterSql = (f: SampleFilter = {}, a = 's'): string => [
  inList(`${a}.run`, f.runs),
  inList(`${a}.run || '/' || ${a}.config`, f.configs),
  inList(`${a}.transport`, f.transports),
  inList(`${a}.platform`, f.platforms),
  inList(`${a}.file`, f.files),
  f.nodeCounts === undefined ? 'TRUE' : `${a}.config IN (SELECT c.config FROM configs c WHERE c.run = ${a}.run AND ${inInts('c.n', f.nodeCounts)})`,
].filter((c) => c !== 'TRUE').join(' AND ') || 'TRUE';

/**
 * CTEs `paired` (overhead rows: service − compute of the same file and rank) and `kept` (valid rows after the
 * warm-up, k > warmup — k > 0 marks a valid row — plus the overhead rows), shared by every analysis. Each CTE
 * is referenced once so DuckDB streams it instead of materialising all rows.
 */
export const keptCtes = (warmup: number, f: SampleFilter = {}): string => `
paired AS (
  SELECT sv.run, sv.config, sv.file, sv.side, sv.platform, sv.transport, sv.seq, sv.k, sv.t_ns, ${str(OVERHEAD_ID)} AS id,
    sv.duration_ns - cp.duration_ns AS duration_ns
  FROM samples sv JOIN samples cp
    ON sv.run = cp.run AND sv.config = cp.config AND sv.file = cp.file AND sv.k = cp.k
  WHERE sv.id = 'step.service' AND cp.id = 'step.compute' AND sv.k > ${int(warmup)} AND ${filterSql(f, 'sv')}
    ${f.ids === undefined || f.ids.includes(OVERHEAD_ID) ? '' : 'AND FALSE'}
),
kept AS (
  SELECT s.run, s.config, s.file, s.side, s.platform, s.transport, s.seq, s.k, s.t_ns, s.id, s.duration_ns
  FROM samples s WHERE s.k > ${int(warmup)} AND s.k > 0 AND ${filterSql(f)} ${f.ids === undefined ? '' : `AND ${inList('s.id', f.ids)}`}
  UNION ALL
  SELECT * FROM paired
)`;

/**
 * Per-series statistics (one row per run/config/file/id, plus the overhead series): the statistics of keptCtes'
 * rows, grouped by integer keys rather than by the labels. A series is the samples of one id in the merged files
 * with the same run, config, file name, declared transport, side and platform (one file, except a file uploaded
 * twice in one batch), all keyed by the first of those files (`series_file`); ids stay keys (schema.ts
 * timingIdKey; the overhead series gets a key outside the 32-bit range) until the statistics are made, and the labels
 * are joined to those rows only. A series' path (transport) follows from the file and the id. The overhead pairs
 * service and compute of the same rank in one such series file. The transport filter selects whole series, so it
 * applies to them.
 */
export const summarySql = (warmup: number, f: SampleFilter = {}): string => `
WITH series_file AS (
  SELECT s.file_key, min(s.file_key) OVER (PARTITION BY s.run, s.config, s.file, s.transport, s.side, s.platform) AS g
  FROM files s WHERE s.invocation IS NULL AND ${filterSql({ ...f, transports: undefined })}
),
-- Not materialized: read three times (the kept rows, then service and compute for the overhead), each filter is
-- pushed into its own scan instead of the join being stored whole first (DuckDB-Wasm over every published run,
-- warm: 200 → 150–165 ms; the same rows, std equal to the last bits).
rows_ AS NOT MATERIALIZED (SELECT sf.g, r.k, r.id_key, r.duration_ns FROM samples_raw r JOIN series_file sf ON sf.file_key = r.file_key),
kept AS (
  SELECT g, id_key::BIGINT AS id_key, duration_ns FROM rows_ WHERE k > ${int(warmup)} AND k > 0 ${f.ids === undefined ? '' : `AND ${inKeys('id_key', f.ids)}`}
  UNION ALL
  SELECT sv.g, ${OVERHEAD_KEY} AS id_key, sv.duration_ns - cp.duration_ns AS duration_ns
  FROM rows_ sv JOIN rows_ cp ON sv.g = cp.g AND sv.k = cp.k
  WHERE sv.id_key = ${timingIdKey('step.service')} AND cp.id_key = ${timingIdKey('step.compute')} AND sv.k > ${int(warmup)}
    ${f.ids === undefined || f.ids.includes(OVERHEAD_ID) ? '' : 'AND FALSE'}
),
stats AS (
SELECT k.g, k.id_key,
  count(*) AS count,
  quantile_cont(k.duration_ns, [0.5, 0.95, 0.99]) AS q,
  avg(k.duration_ns) AS mean,
  stddev_samp(k.duration_ns) AS std,
  min(k.duration_ns) AS min,
  max(k.duration_ns) AS max
FROM kept k
GROUP BY k.g, k.id_key),
named AS (
SELECT st.*, CASE WHEN st.id_key = ${OVERHEAD_KEY} THEN ${str(OVERHEAD_ID)} ELSE ti.id END AS id
FROM stats st LEFT JOIN timing_ids ti ON ti.id_key = st.id_key),
labelled AS (
SELECT fl.run, fl.config, fl.file, fl.side, fl.platform, ${transportOf('fl', 'st.id')} AS transport, st.id,
  st.count, st.q[1] AS median, st.mean, st.q[2] AS p95, st.q[3] AS p99, st.std, st.min, st.max
FROM named st JOIN files fl ON fl.file_key = st.g)
SELECT run, config, file, side, platform, transport, id, count, median, mean, p95, p99, std, min, max
FROM labelled WHERE ${inList('transport', f.transports)} ORDER BY run, config, file, transport NULLS LAST, id`;

/** The overhead series' id key in summarySql: outside the 32-bit range of the ids' keys. */
const OVERHEAD_KEY = 2 ** 32;

/** `col IN (keys of ids)` (schema.ts timingIdKey), FALSE for none. */
const inKeys = (col: string, ids: readonly string[]): string =>
  (ids.length === 0 ? 'FALSE' : `${col} IN (${[...new Set(ids.map(timingIdKey))].join(', ')})`);

/** All samples of a series in time order, with their rank, so a plot can show where warm-up ends. */
export const timeSeriesSql = (f: SampleFilter, maxPoints = 20000): string => `
WITH valid AS (SELECT s.* FROM samples s WHERE s.k > 0 AND ${filterSql(f)} AND ${inList('s.id', f.ids)}),
ranked AS (SELECT *, count(*) OVER (PARTITION BY run, config, file, id) AS total FROM valid)
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

/**
 * valuesSql as one row per series (run, config, file, id) with its durations in a list `v`, in the same ascending
 * order: read column-wise (model/arrow.ts seriesValuesOf) instead of one row object per sample. `maxPerSeries` null:
 * the caller knows that no series is longer (the summary's counts), so none is thinned and no row is ranked.
 */
export const seriesValuesSql = (warmup: number, f: SampleFilter, maxPerSeries: number | null = 20000): string => `
SELECT run, config, file, id, list(duration_ns ORDER BY duration_ns) AS v
FROM (${maxPerSeries === null ? `WITH ${keptCtes(warmup, f)} SELECT run, config, file, id, duration_ns FROM kept` : valuesSql(warmup, f, maxPerSeries)})
GROUP BY run, config, file, id ORDER BY run, config, file, id`;

/** Identifies one series for two-sample tests. */
export interface SeriesKey { run: string; config: string; file: string; id: string }

const seriesWhere = (alias: string, s: SeriesKey): string =>
  `${alias}.run = ${str(s.run)} AND ${alias}.config = ${str(s.config)} AND ${alias}.file = ${str(s.file)} AND ${alias}.id = ${str(s.id)}`;

/**
 * Mann–Whitney U between two series after warm-up: average ranks for ties, U of the first sample,
 * normal approximation with tie correction (z; the p-value is computed from z by the model layer).
 */
export const mannWhitneySql = (warmup: number, a: SeriesKey, b: SeriesKey): string => `
WITH ${keptCtes(warmup, { runs: [...new Set([a.run, b.run])], configs: [...new Set([`${a.run}/${a.config}`, `${b.run}/${b.config}`])], files: [...new Set([a.file, b.file])], ids: [...new Set([a.id, b.id])] })},
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

/** A series to average in blocks of `blockSteps` consecutive samples. */
export interface BlockTarget extends SeriesKey { blockSteps: number }

/**
 * Median of K-sample block means per target series: the samples after warm-up in t_ns order (the rank k: t_ns,
 * then file order; 1..n without gaps among a file's valid rows of one id, so k − warmup numbers the kept samples)
 * grouped into consecutive blocks of K (an incomplete last block is dropped), averaged per block; the median
 * (quantile_cont) over the blocks. The desktop counterpart of `step.web.e2e.block`, whose samples are means over
 * K back-to-back steps. No target: no rows.
 */
export const blockMeansSql = (warmup: number, targets: readonly BlockTarget[]): string => {
  if (targets.length === 0) return `SELECT NULL::VARCHAR AS run, NULL::VARCHAR AS config, NULL::VARCHAR AS file, NULL::VARCHAR AS id,
  NULL::INTEGER AS block_steps, NULL::BIGINT AS blocks, NULL::DOUBLE AS median WHERE FALSE`;
  const values = targets.map((t) => {
    if (!Number.isInteger(t.blockSteps) || t.blockSteps < 1) throw new Error(`block size must be an integer >= 1: ${t.blockSteps}`);
    return `(${str(t.run)}, ${str(t.config)}, ${str(t.file)}, ${str(t.id)}, ${int(t.blockSteps)})`;
  });
  // warmup >= 0 (int() refuses less), so k > warmup also leaves out the invalid rows (k = 0).
  const w = int(warmup);
  return `
WITH targets (run, config, file, id, block_steps) AS (VALUES ${values.join(', ')}),
blocks AS (
  SELECT t.run, t.config, t.file, t.id, t.block_steps, avg(s.duration_ns) AS mean_ns
  FROM samples s JOIN targets t ON s.run = t.run AND s.config = t.config AND s.file = t.file AND s.id = t.id
  WHERE s.k > ${w}
  GROUP BY t.run, t.config, t.file, t.id, t.block_steps, (s.k - ${w} - 1) // t.block_steps
  HAVING count(*) = block_steps
)
SELECT run, config, file, id, block_steps, count(*) AS blocks, quantile_cont(mean_ns, 0.5) AS median
FROM blocks GROUP BY run, config, file, id, block_steps ORDER BY run, config, file, id, block_steps`;
};

/** The front-end's per-step end-to-end ids, whose start times mark the steps (web page, Unity/desktop front-end). */
export const STEP_START_IDS = ['step.web.e2e', 'step.unity.e2e'] as const;

/**
 * Step period of each front-end file: the median interval between consecutive step starts (t_ns of the per-step
 * e2e samples, in rank order, after warm-up). Under free pacing it is everything a step costs the front-end —
 * the step, rendering, event-loop waits — so it compares paths whose e2e windows differ (a WebSocket reply
 * waits behind a frame's render; a Wasm step starts after it). Under tick or frame pacing it is the tick.
 */
export const stepPeriodSql = (warmup: number, f: SampleFilter = {}): string => `
WITH gaps AS (
  SELECT s.run, s.config, s.file, s.platform, s.transport, s.id,
    s.t_ns - lag(s.t_ns) OVER (PARTITION BY s.run, s.config, s.file, s.id ORDER BY s.k) AS gap_ns
  FROM samples s WHERE s.k > ${int(warmup)} AND s.k > 0 AND ${filterSql(f)} AND ${inList('s.id', STEP_START_IDS)}
)
SELECT run, config, file, any_value(platform) AS platform, transport, id, count(*) AS intervals, quantile_cont(gap_ns, 0.5) AS median
FROM gaps WHERE gap_ns IS NOT NULL
GROUP BY run, config, file, transport, id ORDER BY run, config, file, transport, id`;

/**
 * Apparent clock resolution of each published merged file: the largest power of ten (1 ns … 1 ms) dividing every
 * duration and start time (e.g. Unity's Stopwatch gives multiples of 100 ns), found while loading
 * (ingest.ts apparentResolutionNs; the same as `apparentResolutionScanSql` over its samples).
 */
export const apparentResolutionSql = (): string => `
SELECT run, config, file, resolution_ns FROM files
WHERE run <> 'uploads' AND invocation IS NULL AND resolution_ns IS NOT NULL ORDER BY run, config, file`;

/** The same from the samples themselves (a scan of every row; kept to check the figure found while loading). */
export const apparentResolutionScanSql = (): string => `
SELECT run, config, file,
  CASE ${RESOLUTIONS.map((p) => `WHEN bool_and(duration_ns % ${p} = 0 AND t_ns % ${p} = 0) THEN ${p}`).join(' ')} ELSE 1 END AS resolution_ns
FROM samples WHERE run <> 'uploads' GROUP BY run, config, file ORDER BY run, config, file`;

/** The resolutions looked for, coarsest first. */
export const RESOLUTIONS = [1e6, 1e5, 1e4, 1e3, 1e2, 1e1] as const;

/** Loaded series: what the selectors offer. */
export const catalogSql = (): string => `
SELECT s.run, s.config, s.file, s.side, s.platform, s.transport, s.id, c.n, c.pacing, c.tick_ms, c.time_scale,
  count(*) AS rows
FROM samples s LEFT JOIN configs c ON c.run = s.run AND c.config = s.config
GROUP BY ALL ORDER BY s.run, s.config, s.file, s.id`;
