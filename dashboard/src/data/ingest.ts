/**
 * Loading data into the database through the Connector: published runs (schema from run.json) and user uploads,
 * each file parsed and checked in one pass by csvParse.ts (uploads: each problem named with its line) and appended
 * to samples_raw as one Arrow IPC stream. Free of browser APIs except what the caller passes in, so tests run it
 * over DuckDB's Node build with files read from disk.
 */
import { Int32, Int64, Table, Utf8, makeVector, tableToIPC, vectorFromArray } from 'apache-arrow';
import type { Connector } from '../db/connector';
import { runFiles, type ConfigEnvironment, type RunFile, type RunJson, type Side, type Transport } from '../model/runs';
import {
  CREATE_TABLES, collidingTimingIds, deleteFile, deleteFiles, deleteRun, insertConfigOnce, insertConfigs, insertFile, insertRunOnce,
  insertRuns, insertTimingIds, timingIdKey, type FileRow,
} from '../sql/schema';
import { rowsOf } from '../model/arrow';
import { RESOLUTIONS } from '../sql/analysis';
import { PATH_ORDER, TIMING_IDS } from '../../../measurement/src/catalogue.mjs';
import { CsvError, firstLine, guessShape, headerError, parseTimingCsv, type ParsedSamples } from './csvParse';
import { decodeTimingColumns, isTimingColumns } from '../../../measurement/src/timingColumns.mjs';

/** Uploads larger than this are refused before reading (the page keeps everything in memory). */
export const MAX_UPLOAD_BYTES = 256 * 1024 * 1024;
export const UPLOAD_RUN = 'uploads';

export async function createTables(db: Connector): Promise<void> {
  await db.query(CREATE_TABLES);
}

// File keys are handed out here, synchronously: published runs are ingested while the user may already upload,
// and a `max(file_key) + 1` query would give two concurrent ingestions the same key (their samples would merge).
let lastFileKey = 0;
const nextFileKey = () => ++lastFileKey;
/** `n` consecutive new file keys (a published run's files, parsed elsewhere); the first is returned. */
export const reserveFileKeys = (n: number): number => { const first = lastFileKey + 1; lastFileKey += n; return first; };

/** A run's file with its key and its parsed samples. */
export interface ParsedFile { config: string; file: RunFile; invocation: number | null; fileKey: number; parsed: ParsedSamples }

/**
 * A run, or a part of it (some of its configurations), ready to be added to the database: its rows of `files`, and
 * its samples as Arrow IPC streams.
 */
export interface PreparedRun {
  run: RunJson;
  /** The run's first part: it adds the run's rows of `runs` and `configs` (every configuration's, as run.json lists them). */
  newRun: boolean;
  files: { config: string; file: RunFile; invocation: number | null; fileKey: number; rows: number; resolutionNs: number }[];
  /** the merged (or only) files' samples, for samples_raw; null when there are none */
  samples: Uint8Array | null;
  /** the invocations' own files' samples, for invocation_samples_raw */
  invocationSamples: Uint8Array | null;
  /** the timing ids of its samples (the streams hold their keys, schema.ts timingIdKey) */
  ids: string[];
}

/**
 * Parses a run's CSVs (`bytes` in runFiles order; csvParse.ts: seq is the row's position in its file, k its rank
 * within its id by (t_ns, seq), the reference method's stable sort; negative rows kept with k = 0), keys from
 * `firstKey` on (reserveFileKeys); only the files of `configs` (ids) when given, each with its key in the whole run.
 * An error names the run and the file.
 */
export function parseRunFiles(run: RunJson, bytes: readonly Uint8Array[], firstKey: number, configs?: ReadonlySet<string>): ParsedFile[] {
  return runFiles(run).flatMap(({ c, f, invocation }, i) => {
    if (configs && !configs.has(c.id)) return [];
    try {
      // A published file may hold only its header (a run made with --floor-samples 0 --os-floors 0 writes an empty
      // floors.csv): no samples, not an error. An upload with no data rows is still refused (uploadRun.ts).
      // A run pack holds each file's columns, parsed by the build with the same parser (runPack.ts).
      const parsed = isTimingColumns(bytes[i]) ? decodeTimingColumns(bytes[i]) : parseTimingCsv(bytes[i], { rejectNegative: false, allowEmpty: true });
      return { config: c.id, file: f, invocation, fileKey: firstKey + i, parsed };
    } catch (e) {
      throw new Error(`${run.id}/${f.file}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}

/**
 * Apparent clock resolution of a file: the largest of RESOLUTIONS (1 ms … 10 ns) dividing every duration and
 * start time, else 1 ns (sql/analysis.ts apparentResolutionSql reads it).
 */
export function apparentResolutionNs(p: ParsedSamples): number {
  let r = 0;
  const divides = (q: number) => {
    for (let i = 0; i < p.rows; i++) if (p.durationNs[i] % q !== 0 || p.tNs[i] % q !== 0) return false;
    return true;
  };
  while (r < RESOLUTIONS.length && !divides(RESOLUTIONS[r])) r++;
  return r < RESOLUTIONS.length ? RESOLUTIONS[r] : 1;
}

/** A parsed run (or part, newRun: whether it is the run's first) as one Arrow stream per samples table (one append each, instead of one per file). */
export function prepareRun(run: RunJson, files: readonly ParsedFile[], newRun = true): PreparedRun {
  const merged = files.filter((f) => f.invocation === null);
  const own = files.filter((f) => f.invocation !== null);
  return {
    run, newRun, ids: [...new Set(files.flatMap((f) => f.parsed.ids))],
    files: files.map(({ config, file, invocation, fileKey, parsed }) => ({ config, file, invocation, fileKey, rows: parsed.rows, resolutionNs: apparentResolutionNs(parsed) })),
    samples: merged.length ? samplesBatchIpc(merged) : null,
    invocationSamples: own.length ? samplesBatchIpc(own) : null,
  };
}

/**
 * Adds prepared runs to the database: their runs, configurations and files rows, then their samples. When a part's
 * samples cannot be appended, every part of the batch is removed again (a run's later part: that part only) and the
 * error names the part's run.
 */
export async function addPreparedRuns(db: Connector, prepared: readonly PreparedRun[]): Promise<void> {
  if (prepared.length === 0) return;
  // A batch whose runs clash is refused whole: the caller then adds them one by one (DataProvider), and the second is refused.
  const clash = await keyClash(db, prepared.flatMap((p) => p.ids));
  if (clash) throw new Error(`${prepared.map((p) => p.run.id).join(', ')}: ${clash}`);
  const runs = prepared.filter((p) => p.newRun).map(({ run }) => run);
  await db.query([
    insertRuns(runs.map((run) => ({
      run: run.id, kind: run.kind, title: run.title, createdAt: run.createdAt,
      timerResolutionNs: run.environment?.timerResolutionNs ?? null, source: 'published',
    }))),
    insertConfigs(runs.flatMap((run) => run.configurations.map((c) => ({
      run: run.id, config: c.id, title: c.title ?? c.id, scenario: c.scenario, n: c.nodeCount, maxDistance: c.maxDistance,
      pacing: c.pacing, tickMs: c.tickMs, timeScale: c.timeScale, encoding: c.encoding,
    })))),
    insertTimingIds(prepared.flatMap((p) => p.ids)),
  ].filter((q) => q !== '').join(';\n'));
  const files = prepared.flatMap(({ run, files: fs }) => fs.map(({ config, file: f, invocation, fileKey, rows, resolutionNs }) => ({
    fileKey, run: run.id, config, file: f.file, side: f.side, platform: f.platform, transport: f.transport, rowsLoaded: rows, invocation, resolutionNs,
  })));
  if (files.length) await db.appendArrowIpc('files', filesIpc(files));
  for (const p of prepared) {
    try {
      if (p.samples) await db.appendArrowIpc('samples_raw', p.samples);
      if (p.invocationSamples) await db.appendArrowIpc('invocation_samples_raw', p.invocationSamples);
    } catch (e) {
      // The batch is taken out whole (the caller may add its parts again one by one): a run's first part takes the
      // run out, a later part (its other configurations, its invocation files) only itself.
      for (const q of prepared) await db.query(q.newRun ? deleteRun(q.run.id) : deleteFiles(q.files.map((f) => f.fileKey))).catch(() => undefined);
      throw new Error(`${p.run.id}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

/**
 * Loads every CSV of a run; `fetchBytes` resolves a path relative to the run folder. Each file is parsed here and
 * the run's samples appended as one Arrow stream to samples_raw (merged files) and one to invocation_samples_raw
 * (the invocations' own files). The page does the same work in a worker (published.worker.ts).
 */
export async function ingestRun(db: Connector, run: RunJson, fetchBytes: (path: string) => Promise<Uint8Array>): Promise<void> {
  const files = runFiles(run);
  const bytes = await Promise.all(files.map(({ f }) => fetchBytes(f.file)));
  await addPreparedRuns(db, [prepareRun(run, parseRunFiles(run, bytes, reserveFileKeys(files.length)))]);
}

/** Non-negative integers (< 2^53) as Int64 without BigInt arithmetic: low and high 32-bit words. */
function toInt64(v: Float64Array): BigInt64Array {
  const words = new Uint32Array(v.length * 2);
  for (let i = 0; i < v.length; i++) { words[2 * i] = v[i] % 4294967296; words[2 * i + 1] = Math.floor(v[i] / 4294967296); }
  return new BigInt64Array(words.buffer);
}

const keyClashMessage = (id: string, other: string): string =>
  `ids ${JSON.stringify(id)} and ${JSON.stringify(other)} have the same 32-bit key (the database stores ids by a hash); rename one`;

/**
 * Why `ids` cannot be added to the database, or null: two of them have one key (schema.ts timingIdKey), or one has
 * the key of another id the database holds.
 */
async function keyClash(db: Connector, ids: readonly string[]): Promise<string | null> {
  const byKey = new Map<number, string>();
  for (const id of ids) {
    const key = timingIdKey(id);
    const other = byKey.get(key);
    if (other !== undefined && other !== id) return keyClashMessage(id, other);
    byKey.set(key, id);
  }
  if (byKey.size === 0) return null;
  const [clash] = rowsOf(await db.query(collidingTimingIds([...byKey.values()])));
  return clash ? keyClashMessage(String(clash.id), String(clash.other)) : null;
}

/** Parsed samples as an Arrow IPC stream with samples_raw's columns (file_key, seq, k, t_ns, id_key, duration_ns). */
export const samplesIpc = (fileKey: number, p: ParsedSamples): Uint8Array => samplesBatchIpc([{ fileKey, parsed: p }]);

/** Several files' samples, in order, as one Arrow IPC stream; each id as its key (schema.ts timingIdKey). */
export function samplesBatchIpc(parts: readonly { fileKey: number; parsed: ParsedSamples }[]): Uint8Array {
  const n = parts.reduce((a, { parsed }) => a + parsed.rows, 0);
  const fileKey = new Int32Array(n); const seq = new Int32Array(n); const k = new Int32Array(n);
  const tNs = new Float64Array(n); const durationNs = new Float64Array(n); const idKey = new Int32Array(n);
  let at = 0;
  for (const { fileKey: key, parsed: p } of parts) {
    const keys = Int32Array.from(p.ids, timingIdKey);
    fileKey.fill(key, at, at + p.rows);
    seq.set(p.seq, at); k.set(p.k, at); tNs.set(p.tNs, at); durationNs.set(p.durationNs, at);
    for (let i = 0; i < p.rows; i++) idKey[at + i] = keys[p.idIndex[i]];
    at += p.rows;
  }
  const table = new Table({
    file_key: makeVector(fileKey), seq: makeVector(seq), k: makeVector(k),
    t_ns: makeVector(toInt64(tNs)), id_key: makeVector(idKey), duration_ns: makeVector(toInt64(durationNs)),
  });
  return tableToIPC(table, 'stream');
}

/**
 * Rows of `files` as one Arrow stream, in the table's column order. A run's hundreds of files as one SQL VALUES list
 * cost DuckDB-Wasm 100–230 ms to parse and bind in the page, and the database's one worker is the load's critical path
 * (docs/hosting.md); appended as Arrow they cost a few ms.
 */
export function filesIpc(rows: readonly FileRow[]): Uint8Array {
  const table = new Table({
    file_key: vectorFromArray(rows.map((r) => r.fileKey), new Int32()),
    run: vectorFromArray(rows.map((r) => r.run), new Utf8()),
    config: vectorFromArray(rows.map((r) => r.config), new Utf8()),
    file: vectorFromArray(rows.map((r) => r.file), new Utf8()),
    side: vectorFromArray(rows.map((r) => r.side), new Utf8()),
    platform: vectorFromArray(rows.map((r) => r.platform), new Utf8()),
    transport: vectorFromArray(rows.map((r) => r.transport), new Utf8()),
    rows_loaded: vectorFromArray(rows.map((r) => (r.rowsLoaded === undefined ? null : BigInt(r.rowsLoaded))), new Int64()),
    invocation: vectorFromArray(rows.map((r) => r.invocation ?? null), new Int32()),
    resolution_ns: vectorFromArray(rows.map((r) => r.resolutionNs ?? null), new Int32()),
  });
  return tableToIPC(table, 'stream');
}

/** A file the user picked or dropped (the browser File satisfies it). */
export interface UploadSource { name: string; size: number; slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> }; arrayBuffer(): Promise<ArrayBuffer> }

export type UploadPacing = 'free' | 'fixed' | 'frame';

/** What the person uploading says about the files (null or absent: read it from the file names). */
export interface UploadDeclaration {
  n?: number | null; pacing?: UploadPacing | null;
  /** what the files were measured on (the Live view's your-run: the visitor's browser); absent: not known */
  environment?: ConfigEnvironment | null;
}

/** An uploaded file as a configuration's file: its path (transport), N and pacing. */
export interface Recognised { transport: Transport | null; n: number | null; pacing: UploadPacing }

/**
 * Reads a file's path, N and pacing from its name and ids, as the published runs name them (docs/measurements.md):
 * `native.csv`, `unity_socket.csv`, `web_wasm.csv`, `websocket.csv`; the Live view's export
 * `web_websocket_n100_free.csv`; ids `step.native.*`, `step.socket.*`, `step.web.wasm.*`, `step.web.ws.*`. A
 * declaration wins over the name for N and pacing.
 */
export function recogniseUpload(name: string, ids: readonly string[], declared: UploadDeclaration = {}): Recognised {
  const base = name.toLowerCase().replace(/\.csv$/, '');
  const tokens = base.split(/[^a-z0-9]+/);
  const byName: Transport | null = tokens.includes('websocket') || tokens.includes('ws') ? 'websocket'
    : tokens.includes('wasm') ? 'wasm' : tokens.includes('socket') || tokens.includes('tcp') ? 'socket'
      : tokens.includes('native') || tokens.includes('ffi') ? 'native' : null;
  // An id only one path writes (the catalogue's), else the id's family (an id the catalogue does not know).
  const own = [...PATH_ORDER].reverse().find((p) => ids.some((i) => TIMING_IDS[i]?.paths.length === 1 && TIMING_IDS[i].paths[0] === p));
  const byFamily: Transport | null = ids.some((i) => i.startsWith('step.web.ws.')) ? 'websocket'
    : ids.some((i) => i.startsWith('step.web.wasm.')) ? 'wasm'
      : ids.some((i) => i.startsWith('step.socket.')) ? 'socket' : ids.some((i) => i.startsWith('step.native.')) ? 'native' : null;
  const byIds: Transport | null = own ?? byFamily;
  const nTok = tokens.map((t) => /^n(\d+)$/.exec(t)).find((m) => m);
  const pacingTok = tokens.find((t): t is UploadPacing => t === 'free' || t === 'fixed' || t === 'frame');
  return {
    transport: byIds ?? byName,
    n: declared.n ?? (nTok ? Number(nTok[1]) : null),
    pacing: declared.pacing ?? pacingTok ?? 'free',
  };
}

/** The configuration an upload batch's file joins: one per batch, N and pacing (`u1-n10-free`). */
export const uploadConfigId = (batch: number, r: Recognised): string => `u${batch}-n${r.n ?? 'x'}-${r.pacing}`;

/** Side of one id: floors, the back-end's service and compute, else the front-end (docs/measurements.md). */
export const sideOfId = (id: string): Side => TIMING_IDS[id]?.side ?? (id.startsWith('floor.') ? 'floor' : 'frontend');

/** The rows of `p` whose id is in `keep` (k, the rank within each id, is unchanged). */
function subset(p: ParsedSamples, keep: Set<number>): ParsedSamples {
  let n = 0;
  for (let i = 0; i < p.rows; i++) if (keep.has(p.idIndex[i])) n++;
  const out: ParsedSamples = { seq: new Int32Array(n), k: new Int32Array(n), tNs: new Float64Array(n), durationNs: new Float64Array(n), idIndex: new Int32Array(n), ids: p.ids, rows: n };
  for (let i = 0, j = 0; i < p.rows; i++) {
    if (!keep.has(p.idIndex[i])) continue;
    out.seq[j] = p.seq[i]; out.k[j] = p.k[i]; out.tNs[j] = p.tNs[i]; out.durationNs[j] = p.durationNs[i]; out.idIndex[j] = p.idIndex[i];
    j++;
  }
  return out;
}

export type UploadResult =
  | { ok: true; run: string; config: string; file: string; rows: number; side: string; platform: string; ms: number;
    transport: Transport | null; n: number | null; pacing: UploadPacing; sides: Side[]; digest: string; environment: ConfigEnvironment | null }
  | { ok: false; file: string; error: string; duplicate?: boolean };

const fail = (file: string, error: string): UploadResult => ({ ok: false, file, error: `${file}: ${error}` });

/** Checks the start of a file before parsing: empty, too large, binary, no commas. Returns a message or null. */
export function checkHead(head: Uint8Array, size: number): string | null {
  if (size === 0) return 'the file is empty (0 bytes); expected a CSV with header t_ns,id,duration_ns';
  if (size > MAX_UPLOAD_BYTES) return `the file is too large (${(size / 1048576).toFixed(0)} MB; limit ${MAX_UPLOAD_BYTES / 1048576} MB)`;
  if (head.includes(0)) return 'not a CSV file: it contains binary data (NUL bytes)';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  // Cut where the parser cuts its header (LF, CRLF or a lone CR), so the first look and the parse agree.
  const first = firstLine(text).trim();
  if (first === '') return 'the first line is empty; expected the header t_ns,id,duration_ns';
  if (!first.includes(',')) return `not a CSV file: the first line "${first.slice(0, 60)}" has no commas; expected the header t_ns,id,duration_ns`;
  return headerError(first);
}

async function digestOf(bytes: Uint8Array): Promise<string> {
  const h = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(h, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface UploadOptions extends UploadDeclaration {
  /** Upload batch (one pick or drop): its files form one configuration per N and pacing. */
  batch?: number;
  /** Digests of the files already uploaded → their names: the same content again is refused as a duplicate. */
  seen?: ReadonlyMap<string, string>;
}

let batchCounter = 0;
/** A new upload batch number. */
export const nextUploadBatch = (): number => ++batchCounter;

/**
 * Checks and loads an uploaded CSV into the run "uploads", as a file of the configuration its name, ids and the
 * declaration give (path, N, pacing), so that a pair of paths gets the same comparison as a published run. A file
 * holding several sides (the Live view's export: front-end, back-end and floors) becomes one file per side.
 * Nothing is changed in the database unless the whole file is valid and new.
 */
export async function ingestUpload(db: Connector, src: UploadSource, opts: UploadOptions = {}): Promise<UploadResult> {
  const t0 = performance.now();
  const headError = checkHead(new Uint8Array(await src.slice(0, 65536).arrayBuffer()), src.size);
  if (headError) return fail(src.name, headError);
  const bytes = new Uint8Array(await src.arrayBuffer());
  let parsed;
  try {
    parsed = parseTimingCsv(bytes, { rejectNegative: true });
  } catch (e) {
    if (e instanceof CsvError) return fail(src.name, e.message);
    throw e;
  }
  const digest = await digestOf(bytes);
  const twin = opts.seen?.get(digest);
  if (twin !== undefined) {
    return { ok: false, duplicate: true, file: src.name, error: `${src.name}: the same content as ${twin}, already uploaded; not loaded twice (remove the first from the runs, or reload the page, to load it again)` };
  }
  const clash = await keyClash(db, parsed.ids);
  if (clash) return fail(src.name, clash);
  const { side, platform } = guessShape(parsed.ids);
  const rec = recogniseUpload(src.name, parsed.ids, opts);
  const config = uploadConfigId(opts.batch ?? nextUploadBatch(), rec);
  const bySide = new Map<Side, Set<number>>();
  parsed.ids.forEach((id, i) => { const sd = sideOfId(id); if (!bySide.has(sd)) bySide.set(sd, new Set()); bySide.get(sd)!.add(i); });
  const parts: [Side, ParsedSamples][] = bySide.size <= 1 ? [[side, parsed]] : [...bySide].map(([sd, keep]) => [sd, subset(parsed, keep)]);
  await db.query(insertRunOnce({ run: UPLOAD_RUN, kind: 'upload', title: 'Uploaded CSVs', createdAt: null, timerResolutionNs: null, source: 'upload' }));
  await db.query(insertConfigOnce({ run: UPLOAD_RUN, config, title: `uploaded: ${rec.n === null ? 'N ?' : `N = ${rec.n}`}, ${rec.pacing}`, scenario: 'upload', n: rec.n, maxDistance: null, pacing: rec.pacing, tickMs: null, timeScale: null, encoding: 'json' }));
  const keys: number[] = [];
  try {
    for (const [sd, part] of parts) {
      const fileKey = nextFileKey();
      keys.push(fileKey);
      // rows_loaded counts every row of the part: for an upload (negative values refused) the parser's count.
      await db.query(`${insertFile({ fileKey, run: UPLOAD_RUN, config, file: src.name, side: sd, platform, transport: rec.transport, rowsLoaded: part.rows })};\n${insertTimingIds(part.ids)}`);
      await db.appendArrowIpc('samples_raw', samplesIpc(fileKey, part));
    }
  } catch (e) {
    for (const k of keys) await db.query(deleteFile(k, UPLOAD_RUN, config)).catch(() => undefined);
    throw e;
  }
  return {
    ok: true, run: UPLOAD_RUN, config, file: src.name, rows: parsed.rows, side, platform, ms: performance.now() - t0,
    transport: rec.transport, n: rec.n, pacing: rec.pacing, sides: parts.map(([sd]) => sd), digest, environment: opts.environment ?? null,
  };
}
