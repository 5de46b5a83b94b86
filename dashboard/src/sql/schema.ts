/**
 * The tables the dashboard keeps in DuckDB, as SQL built by pure functions.
 *
 * - `runs`: one row per run (run.json), with the declared timer resolution.
 * - `configs`: one row per configuration (N, pacing, tick, time scale, encoding).
 * - `files`: one row per CSV file (side, platform, transport).
 * - `samples`: every CSV row, long format, tagged with its run/config/file; `seq` is the row's position in its
 *   file (1-based), the tie-breaker of the stable sort by `t_ns`.
 */
import { int, num, str } from './literals';

export const CREATE_TABLES = `
CREATE TABLE IF NOT EXISTS runs (run VARCHAR, kind VARCHAR, title VARCHAR, created_at VARCHAR,
  timer_resolution_ns DOUBLE, source VARCHAR);
CREATE TABLE IF NOT EXISTS configs (run VARCHAR, config VARCHAR, title VARCHAR, scenario VARCHAR, n INTEGER,
  max_distance DOUBLE, pacing VARCHAR, tick_ms DOUBLE, time_scale DOUBLE, encoding VARCHAR);
CREATE TABLE IF NOT EXISTS files (run VARCHAR, config VARCHAR, file VARCHAR, side VARCHAR, platform VARCHAR,
  transport VARCHAR, rows_loaded BIGINT);
CREATE TABLE IF NOT EXISTS samples (run VARCHAR, config VARCHAR, file VARCHAR, side VARCHAR, platform VARCHAR,
  transport VARCHAR, seq BIGINT, t_ns BIGINT, id VARCHAR, duration_ns BIGINT);
`;

export interface RunRow { run: string; kind: string; title: string; createdAt: string | null; timerResolutionNs: number | null; source: string }
export interface ConfigRow {
  run: string; config: string; title: string; scenario: string; n: number | null; maxDistance: number | null;
  pacing: string; tickMs: number | null; timeScale: number | null; encoding: string;
}
export interface FileRow { run: string; config: string; file: string; side: string; platform: string; transport: string | null }

const nullable = (v: number | null | undefined, f = num): string => (v === null || v === undefined ? 'NULL' : f(v));
const nstr = (v: string | null | undefined): string => (v === null || v === undefined ? 'NULL' : str(v));

export const insertRun = (r: RunRow): string =>
  `INSERT INTO runs VALUES (${str(r.run)}, ${str(r.kind)}, ${str(r.title)}, ${nstr(r.createdAt)}, ${nullable(r.timerResolutionNs)}, ${str(r.source)})`;

/** Inserts the run row unless a row for that run exists. */
export const insertRunOnce = (r: RunRow): string =>
  `${insertRun(r).replace(/^INSERT INTO runs VALUES \((.*)\)$/s, 'INSERT INTO runs SELECT $1')} WHERE NOT EXISTS (SELECT 1 FROM runs WHERE run = ${str(r.run)})`;

export const insertConfig = (c: ConfigRow): string =>
  `INSERT INTO configs VALUES (${str(c.run)}, ${str(c.config)}, ${str(c.title)}, ${str(c.scenario)}, ${nullable(c.n, int)}, ${nullable(c.maxDistance)}, ${str(c.pacing)}, ${nullable(c.tickMs)}, ${nullable(c.timeScale)}, ${str(c.encoding)})`;

/**
 * Transport of a row: the file's declared transport, else derived from the id (floors files hold both paths).
 */
export const transportExpr = (declared: string | null): string =>
  declared !== null ? str(declared) : `CASE
    WHEN id LIKE '%.web.wasm.%' THEN 'wasm' WHEN id LIKE '%.web.ws.%' THEN 'websocket'
    WHEN id LIKE '%.native.%' THEN 'native' WHEN id LIKE '%.socket.%' THEN 'socket' ELSE NULL END`;

/** CSV reader over a registered file with the fixed schema (no type sniffing). */
export const readCsv = (registered: string, type: 'BIGINT' | 'VARCHAR'): string =>
  `read_csv(${str(registered)}, header = true, delim = ',', quote = '"', escape = '"', auto_detect = false, ` +
  `strict_mode = true, columns = {'t_ns': '${type}', 'id': 'VARCHAR', 'duration_ns': '${type}'})`;

/** Loads a published CSV (trusted schema) into `samples`, keeping file order in `seq`. */
export const insertSamples = (f: FileRow, registered: string): string =>
  `INSERT INTO samples SELECT ${str(f.run)}, ${str(f.config)}, ${str(f.file)}, ${str(f.side)}, ${str(f.platform)}, ` +
  `${transportExpr(f.transport)}, row_number() OVER () AS seq, t_ns, id, duration_ns FROM ${readCsv(registered, 'BIGINT')}`;

export const insertFile = (f: FileRow): string =>
  `INSERT INTO files SELECT ${str(f.run)}, ${str(f.config)}, ${str(f.file)}, ${str(f.side)}, ${str(f.platform)}, ` +
  `${nstr(f.transport)}, count(*) FROM samples WHERE run = ${str(f.run)} AND config = ${str(f.config)} AND file = ${str(f.file)}`;

/**
 * Uploaded CSVs are staged as text first so that each kind of problem can be named with its line number
 * (line 1 is the header).
 */
export const stageUpload = (staging: string, registered: string): string =>
  `CREATE OR REPLACE TEMP TABLE ${staging} AS SELECT row_number() OVER () + 1 AS line, t_ns, id, duration_ns ` +
  `FROM ${readCsv(registered, 'VARCHAR')}`;

/** One row: count and the first offending line of each kind of problem (NULL when none). */
const notInt = (col: string) => `(${col} IS NULL OR NOT regexp_full_match(trim(${col}), '-?[0-9]{1,18}'))`;

export const checkUpload = (staging: string): string => `
SELECT count(*) AS rows,
  min(line) FILTER (WHERE ${notInt('t_ns')}) AS bad_t_line,
  arg_min(t_ns, line) FILTER (WHERE ${notInt('t_ns')}) AS bad_t_value,
  min(line) FILTER (WHERE ${notInt('duration_ns')}) AS bad_d_line,
  arg_min(duration_ns, line) FILTER (WHERE ${notInt('duration_ns')}) AS bad_d_value,
  min(line) FILTER (WHERE TRY_CAST(trim(t_ns) AS BIGINT) < 0) AS neg_t_line,
  min(line) FILTER (WHERE TRY_CAST(trim(duration_ns) AS BIGINT) < 0) AS neg_d_line,
  arg_min(duration_ns, line) FILTER (WHERE TRY_CAST(trim(duration_ns) AS BIGINT) < 0) AS neg_d_value,
  min(line) FILTER (WHERE id IS NULL OR trim(id) = '') AS empty_id_line
FROM ${staging}`;

/** Moves a checked upload into `samples` (transport derived from ids). */
export const insertUpload = (f: Omit<FileRow, 'transport'>, staging: string): string =>
  `INSERT INTO samples SELECT ${str(f.run)}, ${str(f.config)}, ${str(f.file)}, ${str(f.side)}, ${str(f.platform)}, ` +
  `${transportExpr(null)}, line - 1, CAST(trim(t_ns) AS BIGINT), trim(id), CAST(trim(duration_ns) AS BIGINT) FROM ${staging}`;

/** Side and platform of an upload, guessed from its ids. */
export const uploadShape = (staging: string): string => `
SELECT
  CASE WHEN bool_or(id LIKE 'floor.%') AND NOT bool_or(id NOT LIKE 'floor.%') THEN 'floor'
       WHEN bool_or(id IN ('step.service', 'step.compute')) THEN 'backend' ELSE 'frontend' END AS side,
  CASE WHEN bool_or(id LIKE '%.web.%') THEN 'web' ELSE 'desktop' END AS platform
FROM (SELECT DISTINCT trim(id) AS id FROM ${staging})`;

export const dropTable = (t: string): string => `DROP TABLE IF EXISTS ${t}`;

export const deleteRun = (run: string): string =>
  ['samples', 'files', 'configs', 'runs'].map((t) => `DELETE FROM ${t} WHERE run = ${str(run)}`).join(';\n');
