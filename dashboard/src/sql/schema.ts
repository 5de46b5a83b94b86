/**
 * The tables the dashboard keeps in DuckDB, as SQL built by pure functions.
 *
 * - `runs`: one row per run (run.json), with the declared timer resolution.
 * - `configs`: one row per configuration (N, pacing, tick, time scale, encoding).
 * - `files`: one row per CSV file (file_key, side, platform, declared transport, and the invocation index for an
 *   invocation's own file, NULL for the configuration's merged files; docs/measurements.md, "Invocations").
 * - `timing_ids`: the timing ids (docs/measurements.md, "CSV") by key: id_key ([timingIdKey]), id.
 * - `samples_raw`: every CSV row: file_key, seq (1-based row position in the file), k (rank of the row within
 *   its file and id by (t_ns, seq) among valid rows — the reference method's stable sort; 0 for rows with a
 *   negative t_ns or duration_ns, which the method drops), t_ns, id_key, duration_ns.
 * - `invocation_samples_raw`: the same for each invocation's own files (docs/measurements.md, "Invocations"), kept
 *   apart so the analysis of the merged files reads exactly what it read before invocations existed.
 * - `samples` (view): samples_raw with its id and its file's run/config/file/side/platform/transport, what queries
 *   use; `invocation_samples` (view): invocation_samples_raw with the same columns plus `invocation`.
 *
 * The raw tables hold an integer key per row rather than the id's text: appending millions of rows copied a string
 * per row, and took twice as long (docs/hosting.md, "Each view loads what it shows").
 */
import { int, num, str } from './literals';
import { FLOORS, OS_FLOOR_IDS, PLATFORMS } from '../../../measurement/src/catalogue.mjs';

/**
 * A sample's path: its file's declared transport (alias `f`), else read from its id (expression `id`): a floor's path
 * from the catalogue (floors.csv holds every path's floors; the OS floors, floor.os.*, of no one path, belong to the
 * platform's out-of-process path, as in measurement/src/invocations.mjs, so they are resampled jointly with its
 * transport: docs/os-floor.md), else by the id's name (uploads).
 */
export const transportOf = (f: string, id: string): string => `CASE WHEN ${f}.transport IS NOT NULL THEN ${f}.transport
      ${Object.entries(FLOORS).filter(([, fl]) => fl.path).map(([fid, fl]) => `WHEN ${id} = ${str(fid)} THEN ${str(fl.path!)}`).join(' ')}
      WHEN ${id} IN (${Object.values(OS_FLOOR_IDS).map((x) => str(x)).join(', ')}) THEN CASE ${f}.platform ${Object.values(PLATFORMS).map((p) => `WHEN ${str(p.name)} THEN ${str(p.outOfProcess)}`).join(' ')} ELSE NULL END
      WHEN ${id} LIKE '%.web.wasm.%' THEN 'wasm' WHEN ${id} LIKE '%.web.ws.%' THEN 'websocket'
      WHEN ${id} LIKE '%.native.%' THEN 'native' WHEN ${id} LIKE '%.socket.%' THEN 'socket' ELSE NULL END`;
const TRANSPORT_OF_ROW = transportOf('f', 'i.id');

/**
 * The key a timing id is stored under in the raw tables: a 32-bit FNV-1a hash of its UTF-16 code units, so that
 * the page's loader worker and its main thread (uploads) key ids alike without asking each other. Two ids of one
 * database with the same key are refused when the second is loaded ([collidingTimingIds]); the catalogue's ids
 * have distinct keys (a unit test).
 */
export function timingIdKey(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h | 0;
}

const idPairs = (ids: readonly string[]): string => `(VALUES ${ids.map((id) => `(${num(timingIdKey(id))}, ${str(id)})`).join(', ')}) v(id_key, id)`;

/** The ids of `ids` whose key the database already holds for another id (columns id, other). */
export const collidingTimingIds = (ids: readonly string[]): string =>
  `SELECT v.id, t.id AS other FROM ${idPairs(ids)} JOIN timing_ids t ON t.id_key = v.id_key AND t.id <> v.id`;

/** Adds `ids` to timing_ids, once each, those not in it yet ('' for none): a key has one row, or the views repeat samples. */
export const insertTimingIds = (ids: readonly string[]): string => (ids.length
  ? `INSERT INTO timing_ids SELECT v.id_key, v.id FROM ${idPairs([...new Set(ids)])} WHERE NOT EXISTS (SELECT 1 FROM timing_ids t WHERE t.id_key = v.id_key)`
  : '');

export const CREATE_TABLES = `
CREATE TABLE IF NOT EXISTS runs (run VARCHAR, kind VARCHAR, title VARCHAR, created_at VARCHAR,
  timer_resolution_ns DOUBLE, source VARCHAR);
CREATE TABLE IF NOT EXISTS configs (run VARCHAR, config VARCHAR, title VARCHAR, scenario VARCHAR, n INTEGER,
  max_distance DOUBLE, pacing VARCHAR, tick_ms DOUBLE, time_scale DOUBLE, encoding VARCHAR);
CREATE TABLE IF NOT EXISTS files (file_key INTEGER, run VARCHAR, config VARCHAR, file VARCHAR, side VARCHAR,
  platform VARCHAR, transport VARCHAR, rows_loaded BIGINT, invocation INTEGER, resolution_ns INTEGER);
CREATE TABLE IF NOT EXISTS timing_ids (id_key INTEGER, id VARCHAR);
CREATE TABLE IF NOT EXISTS samples_raw (file_key INTEGER, seq INTEGER, k INTEGER, t_ns BIGINT, id_key INTEGER, duration_ns BIGINT);
CREATE TABLE IF NOT EXISTS invocation_samples_raw (file_key INTEGER, seq INTEGER, k INTEGER, t_ns BIGINT, id_key INTEGER, duration_ns BIGINT);
CREATE OR REPLACE VIEW samples AS
  SELECT f.run, f.config, f.file, f.side, f.platform, ${TRANSPORT_OF_ROW} AS transport,
    s.seq, s.k, s.t_ns, i.id, s.duration_ns
  FROM samples_raw s JOIN files f ON f.file_key = s.file_key JOIN timing_ids i ON i.id_key = s.id_key;
CREATE OR REPLACE VIEW invocation_samples AS
  SELECT f.run, f.config, f.file, f.side, f.platform, ${TRANSPORT_OF_ROW} AS transport, f.invocation,
    s.seq, s.k, s.t_ns, i.id, s.duration_ns, s.file_key
  FROM invocation_samples_raw s JOIN files f ON f.file_key = s.file_key JOIN timing_ids i ON i.id_key = s.id_key;
`;

export interface RunRow { run: string; kind: string; title: string; createdAt: string | null; timerResolutionNs: number | null; source: string }
export interface ConfigRow {
  run: string; config: string; title: string; scenario: string; n: number | null; maxDistance: number | null;
  pacing: string; tickMs: number | null; timeScale: number | null; encoding: string;
}
export interface FileRow {
  fileKey: number; run: string; config: string; file: string; side: string; platform: string; transport: string | null;
  /** every row of the file (valid or not), when known before loading (uploads); else set by countFileRows */
  rowsLoaded?: number;
  /** index of the invocation whose own file this is (docs/measurements.md, "Invocations"); absent for merged files */
  invocation?: number | null;
  /** apparent clock resolution (ingest.ts apparentResolutionNs), for published files */
  resolutionNs?: number | null;
}

const nullable = (v: number | null | undefined, f = num): string => (v === null || v === undefined ? 'NULL' : f(v));
const nstr = (v: string | null | undefined): string => (v === null || v === undefined ? 'NULL' : str(v));

const runValues = (r: RunRow): string =>
  `(${str(r.run)}, ${str(r.kind)}, ${str(r.title)}, ${nstr(r.createdAt)}, ${nullable(r.timerResolutionNs)}, ${str(r.source)})`;
const configValues = (c: ConfigRow): string =>
  `(${str(c.run)}, ${str(c.config)}, ${str(c.title)}, ${str(c.scenario)}, ${nullable(c.n, int)}, ${nullable(c.maxDistance)}, ${str(c.pacing)}, ${nullable(c.tickMs)}, ${nullable(c.timeScale)}, ${str(c.encoding)})`;
const fileValues = (f: FileRow): string =>
  `(${int(f.fileKey)}, ${str(f.run)}, ${str(f.config)}, ${str(f.file)}, ${str(f.side)}, ${str(f.platform)}, ${nstr(f.transport)}, ${nullable(f.rowsLoaded, int)}, ${nullable(f.invocation, int)}, ${nullable(f.resolutionNs, int)})`;
/** One INSERT of many rows ('' for none). */
const insertMany = <T>(table: string, values: (r: T) => string, rows: readonly T[]): string =>
  (rows.length ? `INSERT INTO ${table} VALUES ${rows.map(values).join(', ')}` : '');

export const insertRun = (r: RunRow): string => `INSERT INTO runs VALUES ${runValues(r)}`;
export const insertRuns = (rows: readonly RunRow[]): string => insertMany('runs', runValues, rows);

/** Inserts the run row unless a row for that run exists. */
export const insertRunOnce = (r: RunRow): string =>
  `${insertRun(r).replace(/^INSERT INTO runs VALUES \((.*)\)$/s, 'INSERT INTO runs SELECT $1')} WHERE NOT EXISTS (SELECT 1 FROM runs WHERE run = ${str(r.run)})`;

export const insertConfig = (c: ConfigRow): string => `INSERT INTO configs VALUES ${configValues(c)}`;
export const insertConfigs = (rows: readonly ConfigRow[]): string => insertMany('configs', configValues, rows);


/** A configuration, unless the run already has one with that id (uploads add files to a configuration). */
export const insertConfigOnce = (c: ConfigRow): string =>
  `${insertConfig(c).replace(/^INSERT INTO configs VALUES \((.*)\)$/s, 'INSERT INTO configs SELECT $1')} WHERE NOT EXISTS (SELECT 1 FROM configs WHERE run = ${str(c.run)} AND config = ${str(c.config)})`;

export const insertFile = (f: FileRow): string => `INSERT INTO files VALUES ${fileValues(f)}`;

export const countFileRows = (fileKey: number, table: SamplesTable = 'samples_raw'): string =>
  `UPDATE files SET rows_loaded = (SELECT count(*) FROM ${table} WHERE file_key = ${int(fileKey)}) WHERE file_key = ${int(fileKey)}`;

/** Where a file's rows go: the merged (or only) files, or an invocation's own files. */
export type SamplesTable = 'samples_raw' | 'invocation_samples_raw';

/** Removes one file (and its configuration) after a failed load. */
export const deleteFile = (fileKey: number, run: string, config: string): string =>
  `DELETE FROM samples_raw WHERE file_key = ${int(fileKey)}; DELETE FROM files WHERE file_key = ${int(fileKey)}; ` +
  `DELETE FROM configs WHERE run = ${str(run)} AND config = ${str(config)} AND NOT EXISTS (SELECT 1 FROM files WHERE run = ${str(run)} AND config = ${str(config)})`;

/** Removes files (a run's later part) and their samples, leaving the rest of their run. */
export const deleteFiles = (fileKeys: readonly number[]): string => {
  const keys = fileKeys.length ? fileKeys.map(int).join(', ') : 'NULL';
  return ['samples_raw', 'invocation_samples_raw', 'files'].map((t) => `DELETE FROM ${t} WHERE file_key IN (${keys})`).join(';\n');
};

export const deleteRun = (run: string): string =>
  [`DELETE FROM samples_raw WHERE file_key IN (SELECT file_key FROM files WHERE run = ${str(run)})`,
    `DELETE FROM invocation_samples_raw WHERE file_key IN (SELECT file_key FROM files WHERE run = ${str(run)})`,
    ...['files', 'configs', 'runs'].map((t) => `DELETE FROM ${t} WHERE run = ${str(run)}`)].join(';\n');
