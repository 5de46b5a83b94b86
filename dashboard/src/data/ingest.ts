/**
 * Loading data into the database through the Connector: published runs (trusted schema, from run.json) and
 * user uploads (checked first, each problem named with its line). Pure of any browser API except what the
 * caller passes in, so tests run it over DuckDB's Node build with files read from disk.
 */
import type { Connector } from '../db/connector';
import { rowsOf } from '../model/arrow';
import type { RunJson } from '../model/runs';
import {
  CREATE_TABLES, checkUpload, dropTable, insertConfig, insertFile, insertRun, insertRunOnce, insertSamples, insertUpload, stageUpload, uploadShape,
} from '../sql/schema';

export const HEADER = ['t_ns', 'id', 'duration_ns'] as const;
/** Uploads larger than this are refused before reading (the page keeps everything in memory). */
export const MAX_UPLOAD_BYTES = 256 * 1024 * 1024;
export const UPLOAD_RUN = 'uploads';

export async function createTables(db: Connector): Promise<void> {
  await db.query(CREATE_TABLES);
}

let fileCounter = 0;
const registeredName = (hint: string) => `f${++fileCounter}_${hint.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/** Loads every CSV of a run; `fetchBytes` resolves a path relative to the run folder. */
export async function ingestRun(db: Connector, run: RunJson, fetchBytes: (path: string) => Promise<Uint8Array>): Promise<void> {
  const files = run.configurations.flatMap((c) => c.files.map((f) => ({ c, f })));
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
    const { c, f } = files[i];
    const name = registeredName(f.file);
    await db.registerFile(name, bytes[i]);
    const row = { run: run.id, config: c.id, file: f.file, side: f.side, platform: f.platform, transport: f.transport };
    try {
      await db.query(insertSamples(row, name));
    } catch (e) {
      throw new Error(`${run.id}/${f.file}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      await db.dropFile(name).catch(() => undefined);
    }
    await db.query(insertFile(row));
  }
}

/** A file the user picked or dropped (the browser File satisfies it). */
export interface UploadSource { name: string; size: number; slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> }; arrayBuffer(): Promise<ArrayBuffer> }

export type UploadResult =
  | { ok: true; run: string; config: string; file: string; rows: number; side: string; platform: string }
  | { ok: false; file: string; error: string };

const fail = (file: string, error: string): UploadResult => ({ ok: false, file, error: `${file}: ${error}` });

/** Checks the start of a file in JS: empty, binary, header. Returns an error message or null. */
export function checkHead(head: Uint8Array, size: number): string | null {
  if (size === 0) return 'the file is empty (0 bytes); expected a CSV with header t_ns,id,duration_ns';
  if (size > MAX_UPLOAD_BYTES) return `the file is too large (${(size / 1048576).toFixed(0)} MB; limit ${MAX_UPLOAD_BYTES / 1048576} MB)`;
  if (head.includes(0)) return 'not a CSV file: it contains binary data (NUL bytes)';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  const nl = text.indexOf('\n');
  const first = (nl < 0 ? text : text.slice(0, nl)).replace(/\r$/, '').trim();
  if (first === '') return 'the first line is empty; expected the header t_ns,id,duration_ns';
  if (!first.includes(',')) return `not a CSV file: the first line "${first.slice(0, 60)}" has no commas; expected the header t_ns,id,duration_ns`;
  const cols = first.split(',').map((s) => s.trim().replace(/^"(.*)"$/, '$1'));
  if (cols.length !== 3 || cols.some((c, i) => c !== HEADER[i])) {
    const missing = HEADER.filter((h) => !cols.includes(h));
    return `wrong columns: found "${cols.join(',').slice(0, 80)}", expected exactly t_ns,id,duration_ns${missing.length ? ` (missing ${missing.join(', ')})` : ''}`;
  }
  const rest = nl < 0 ? '' : text.slice(nl + 1).trim();
  if (rest === '' && size <= head.length) return 'no data rows: the file has only the header';
  return null;
}

const explainDuckError = (msg: string): string => {
  const line = msg.match(/[Ll]ine:? ?(\d+)/)?.[1];
  if (/expected \d+ values per row|Expected Number of Columns|too many columns|columns? but found/i.test(msg)) {
    return `wrong number of columns${line ? ` on line ${line}` : ''}: every row needs exactly 3 values (t_ns,id,duration_ns)`;
  }
  return `could not be read as CSV${line ? ` (line ${line})` : ''}: ${msg.split('\n')[0].slice(0, 200)}`;
};

/**
 * Checks and loads an uploaded CSV as a configuration of the run "uploads". Nothing is changed in the database
 * unless the whole file is valid.
 */
export async function ingestUpload(db: Connector, src: UploadSource): Promise<UploadResult> {
  const head = new Uint8Array(await src.slice(0, 65536).arrayBuffer());
  const headError = checkHead(head, src.size);
  if (headError) return fail(src.name, headError);
  const name = registeredName(src.name);
  const staging = `staging_${fileCounter}`;
  await db.registerFile(name, new Uint8Array(await src.arrayBuffer()));
  try {
    try {
      await db.query(stageUpload(staging, name));
    } catch (e) {
      return fail(src.name, explainDuckError(e instanceof Error ? e.message : String(e)));
    }
    const [c] = rowsOf(await db.query(checkUpload(staging)));
    if (Number(c.rows) === 0) return fail(src.name, 'no data rows: the file has only the header');
    if (c.bad_t_line !== null) return fail(src.name, `line ${c.bad_t_line}: t_ns is not an integer ("${String(c.bad_t_value ?? '').slice(0, 40)}")`);
    if (c.bad_d_line !== null) return fail(src.name, `line ${c.bad_d_line}: duration_ns is not an integer ("${String(c.bad_d_value ?? '').slice(0, 40)}")`);
    if (c.empty_id_line !== null) return fail(src.name, `line ${c.empty_id_line}: id is empty`);
    if (c.neg_d_line !== null) return fail(src.name, `line ${c.neg_d_line}: duration_ns is negative (${c.neg_d_value}); durations must be >= 0`);
    if (c.neg_t_line !== null) return fail(src.name, `line ${c.neg_t_line}: t_ns is negative; start times must be >= 0`);
    const [shape] = rowsOf(await db.query(uploadShape(staging)));
    const config = name;
    const file = src.name;
    const side = String(shape.side); const platform = String(shape.platform);
    await db.query(insertRunOnce({ run: UPLOAD_RUN, kind: 'upload', title: 'Uploaded CSVs', createdAt: null, timerResolutionNs: null, source: 'upload' }));
    await db.query(insertConfig({ run: UPLOAD_RUN, config, title: src.name, scenario: 'upload', n: null, maxDistance: null, pacing: 'free', tickMs: null, timeScale: null, encoding: 'json' }));
    await db.query(insertUpload({ run: UPLOAD_RUN, config, file, side, platform }, staging));
    await db.query(insertFile({ run: UPLOAD_RUN, config, file, side, platform, transport: null }));
    return { ok: true, run: UPLOAD_RUN, config, file, rows: Number(c.rows), side, platform };
  } finally {
    await db.query(dropTable(staging)).catch(() => undefined);
    await db.dropFile(name).catch(() => undefined);
  }
}
