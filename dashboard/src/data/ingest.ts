/**
 * Loading data into the database through the Connector: published runs (CSV files registered with DuckDB and
 * read by its CSV reader, schema from run.json) and user uploads (parsed and checked in one pass by
 * csvParse.ts, each problem named with its line, then appended to samples_raw as one Arrow IPC stream). Free of browser APIs except what
 * the caller passes in, so tests run it over DuckDB's Node build with files read from disk.
 */
import { Dictionary, Int32, Table, Utf8, makeData, makeVector, tableToIPC, vectorFromArray } from 'apache-arrow';
import type { Connector } from '../db/connector';
import type { RunJson } from '../model/runs';
import {
  CREATE_TABLES, countFileRows, deleteFile, insertConfig, insertFile, insertRun, insertRunOnce, insertSamplesFromCsv,
} from '../sql/schema';
import { CsvError, guessShape, headerError, parseTimingCsv, type ParsedSamples } from './csvParse';

/** Uploads larger than this are refused before reading (the page keeps everything in memory). */
export const MAX_UPLOAD_BYTES = 256 * 1024 * 1024;
export const UPLOAD_RUN = 'uploads';

export async function createTables(db: Connector): Promise<void> {
  await db.query(CREATE_TABLES);
}

let fileCounter = 0;
const registeredName = (hint: string) => `f${++fileCounter}_${hint.replace(/[^A-Za-z0-9._-]/g, '_')}`;
// File keys are handed out here, synchronously: published runs are ingested while the user may already upload,
// and a `max(file_key) + 1` query would give two concurrent ingestions the same key (their samples would merge).
let lastFileKey = 0;
const nextFileKey = () => ++lastFileKey;

/**
 * Every CSV a run lists: each configuration's merged files (invocation null), then its invocations' own files
 * tagged with the invocation index (docs/measurements.md, "Invocations"). Both are loaded: the merged files drive the
 * reference analysis unchanged, the invocation files the invocation-level intervals (see dashboard/README.md).
 */
export const runFiles = (run: RunJson) => run.configurations.flatMap((c) => [
  ...c.files.map((f) => ({ c, f, invocation: null as number | null })),
  ...(c.invocations ?? []).flatMap((inv) => inv.files.map((f) => ({ c, f, invocation: inv.index as number | null }))),
]);

/** Loads every CSV of a run; `fetchBytes` resolves a path relative to the run folder. */
export async function ingestRun(db: Connector, run: RunJson, fetchBytes: (path: string) => Promise<Uint8Array>): Promise<void> {
  const files = runFiles(run);
  const bytes = await Promise.all(files.map(({ f }) => fetchBytes(f.file)));
  await db.query(insertRun({
    run: run.id, kind: run.kind, title: run.title, createdAt: run.createdAt,
    timerResolutionNs: run.environment?.timerResolutionNs ?? null, source: 'published',
  }));
  for (const c of run.configurations) {
    await db.query(insertConfig({
      run: run.id, config: c.id, title: c.title ?? c.id, scenario: c.scenario, n: c.nodeCount, maxDistance: c.maxDistance,
      pacing: c.pacing, tickMs: c.tickMs, timeScale: c.timeScale, encoding: c.encoding,
    }));
  }
  for (let i = 0; i < files.length; i++) {
    const { c, f, invocation } = files[i];
    const name = registeredName(f.file);
    const fileKey = nextFileKey();
    await db.query(insertFile({ fileKey, run: run.id, config: c.id, file: f.file, side: f.side, platform: f.platform, transport: f.transport, invocation }));
    await db.registerFile(name, bytes[i]);
    try {
      await db.query(insertSamplesFromCsv(fileKey, name, invocation === null ? 'samples_raw' : 'invocation_samples_raw'));
    } catch (e) {
      throw new Error(`${run.id}/${f.file}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      await db.dropFile(name).catch(() => undefined);
    }
    await db.query(countFileRows(fileKey, invocation === null ? 'samples_raw' : 'invocation_samples_raw'));
  }
}

/** Non-negative integers (< 2^53) as Int64 without BigInt arithmetic: low and high 32-bit words. */
function toInt64(v: Float64Array): BigInt64Array {
  const words = new Uint32Array(v.length * 2);
  for (let i = 0; i < v.length; i++) { words[2 * i] = v[i] % 4294967296; words[2 * i + 1] = Math.floor(v[i] / 4294967296); }
  return new BigInt64Array(words.buffer);
}

/**
 * A parsed upload as an Arrow IPC stream with samples_raw's columns (file_key, seq, k, t_ns, id, duration_ns);
 * ids dictionary-encoded, so no per-row string is built.
 */
export function samplesIpc(fileKey: number, p: ParsedSamples): Uint8Array {
  const n = p.rows;
  const ids = makeVector(makeData({ type: new Dictionary(new Utf8(), new Int32(), 0), length: n, nullCount: 0, data: p.idIndex, dictionary: vectorFromArray(p.ids, new Utf8()) }));
  const table = new Table({
    file_key: makeVector(new Int32Array(n).fill(fileKey)), seq: makeVector(p.seq), k: makeVector(p.k),
    t_ns: makeVector(toInt64(p.tNs)), id: ids, duration_ns: makeVector(toInt64(p.durationNs)),
  });
  return tableToIPC(table, 'stream');
}

/** A file the user picked or dropped (the browser File satisfies it). */
export interface UploadSource { name: string; size: number; slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> }; arrayBuffer(): Promise<ArrayBuffer> }

export type UploadResult =
  | { ok: true; run: string; config: string; file: string; rows: number; side: string; platform: string; ms: number }
  | { ok: false; file: string; error: string };

const fail = (file: string, error: string): UploadResult => ({ ok: false, file, error: `${file}: ${error}` });

/** Checks the start of a file before parsing: empty, too large, binary, no commas. Returns a message or null. */
export function checkHead(head: Uint8Array, size: number): string | null {
  if (size === 0) return 'the file is empty (0 bytes); expected a CSV with header t_ns,id,duration_ns';
  if (size > MAX_UPLOAD_BYTES) return `the file is too large (${(size / 1048576).toFixed(0)} MB; limit ${MAX_UPLOAD_BYTES / 1048576} MB)`;
  if (head.includes(0)) return 'not a CSV file: it contains binary data (NUL bytes)';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  const nl = text.indexOf('\n');
  const first = (nl < 0 ? text : text.slice(0, nl)).replace(/\r$/, '').trim();
  if (first === '') return 'the first line is empty; expected the header t_ns,id,duration_ns';
  if (!first.includes(',')) return `not a CSV file: the first line "${first.slice(0, 60)}" has no commas; expected the header t_ns,id,duration_ns`;
  return headerError(first);
}

/**
 * Checks and loads an uploaded CSV as a configuration of the run "uploads". Nothing is changed in the database
 * unless the whole file is valid.
 */
export async function ingestUpload(db: Connector, src: UploadSource): Promise<UploadResult> {
  const t0 = performance.now();
  const headError = checkHead(new Uint8Array(await src.slice(0, 65536).arrayBuffer()), src.size);
  if (headError) return fail(src.name, headError);
  let parsed;
  try {
    parsed = parseTimingCsv(new Uint8Array(await src.arrayBuffer()), { rejectNegative: true });
  } catch (e) {
    if (e instanceof CsvError) return fail(src.name, e.message);
    throw e;
  }
  const { side, platform } = guessShape(parsed.ids);
  const fileKey = nextFileKey();
  const config = `${String(fileKey).padStart(3, '0')}-${src.name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  await db.query(insertRunOnce({ run: UPLOAD_RUN, kind: 'upload', title: 'Uploaded CSVs', createdAt: null, timerResolutionNs: null, source: 'upload' }));
  await db.query(insertConfig({ run: UPLOAD_RUN, config, title: src.name, scenario: 'upload', n: null, maxDistance: null, pacing: 'free', tickMs: null, timeScale: null, encoding: 'json' }));
  // rows_loaded counts every row of the file: for an upload (negative values refused) the parser's count.
  await db.query(insertFile({ fileKey, run: UPLOAD_RUN, config, file: src.name, side, platform, transport: null, rowsLoaded: parsed.rows }));
  try {
    await db.appendArrowIpc('samples_raw', samplesIpc(fileKey, parsed));
  } catch (e) {
    await db.query(deleteFile(fileKey, UPLOAD_RUN, config)).catch(() => undefined);
    throw e;
  }
  return { ok: true, run: UPLOAD_RUN, config, file: src.name, rows: parsed.rows, side, platform, ms: performance.now() - t0 };
}
