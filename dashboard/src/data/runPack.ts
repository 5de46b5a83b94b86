/**
 * A run pack: every CSV of a published run in one file, so that the page fetches a run in one request instead of
 * one per file (a run with invocations lists 60 to 120 CSVs; hundreds of small requests through the browser's six
 * connections per host took seconds on a loopback server). The build writes one per run the page loads, next to its
 * run.json (`run.pack.gz`, vite.config.ts runPacks; the dev server makes them on request); the published CSVs stay
 * the data, and a host without packs is served file by file (published.worker.ts). Format (docs/hosting.md):
 * one line of JSON `{"format":"collektive-run-pack","version":2,"files":[{"file":…,"bytes":…},…]}`, a newline, then
 * the files' bytes back to back in that order (runFiles order); the file is that, gzip-compressed once at build
 * time, so no server compresses it per request. Since version 2 a file's bytes may be its parsed columns
 * (measurement/src/timingColumns.mjs, recognised by their magic) instead of its CSV text: the build parses each CSV
 * once with the page's parser, so the page decodes columns instead of parsing text (4× faster), and the pack is a
 * fifth of the CSVs' size before compression, about half after. A CSV the parser refuses stays text, so the page
 * names its problem as before.
 */
import { encodeTimingColumns } from '../../../measurement/src/timingColumns.mjs';
import { parseTimingCsv } from './csvParse.ts';

export const RUN_PACK = 'run.pack.gz';
const FORMAT = 'collektive-run-pack';
const VERSION = 2;
const NL = 10;

export class RunPackError extends Error {}

interface PackHeader { format: string; version: number; files: { file: string; bytes: number }[] }

/** The pack of `files` (paths relative to the run folder, in runFiles order). */
export function packRun(files: readonly { file: string; bytes: Uint8Array }[]): Uint8Array {
  const header: PackHeader = { format: FORMAT, version: VERSION, files: files.map(({ file, bytes }) => ({ file, bytes: bytes.length })) };
  const head = new TextEncoder().encode(`${JSON.stringify(header)}\n`);
  const out = new Uint8Array(head.length + files.reduce((a, f) => a + f.bytes.length, 0));
  out.set(head, 0);
  let at = head.length;
  for (const { bytes } of files) { out.set(bytes, at); at += bytes.length; }
  return out;
}

/**
 * `files` with each CSV replaced by its columns, as the build packs them (a file the parser refuses is kept as it is;
 * the published CSVs are read with negative values kept, as the loader reads them).
 */
export function asColumns(files: readonly { file: string; bytes: Uint8Array }[]): { file: string; bytes: Uint8Array }[] {
  return files.map(({ file, bytes }) => {
    try {
      return { file, bytes: encodeTimingColumns(parseTimingCsv(bytes, { rejectNegative: false, allowEmpty: true })) };
    } catch {
      return { file, bytes };
    }
  });
}

/** Whether `bytes` start as gzip does (RFC 1952: 1f 8b). */
export const isGzip = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * The pack inside a fetched `run.pack.gz`: gunzipped here (DecompressionStream, off the page's thread in the
 * loader worker), or as it came when the host already decoded it (a server that sends it with
 * `Content-Encoding: gzip`, so the browser did).
 */
export async function openPack(fetched: Uint8Array): Promise<Uint8Array> {
  if (!isGzip(fetched)) return fetched;
  const stream = new Blob([fetched as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  try {
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (e) {
    throw new RunPackError(`the pack is not valid gzip: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * The files of a pack, as views into it, in the order of `expected` (the run's files, runFiles order). Throws a
 * RunPackError naming the problem when the pack is not one, or does not hold exactly those files (a pack built from
 * other data than the run.json the page read).
 */
export function unpackRun(pack: Uint8Array, expected: readonly string[]): Uint8Array[] {
  const eol = pack.indexOf(NL);
  if (eol < 0) throw new RunPackError('not a run pack: no header line');
  let header: PackHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(pack.subarray(0, eol))) as PackHeader;
  } catch {
    throw new RunPackError('not a run pack: the header line is not JSON');
  }
  if (header?.format !== FORMAT || header.version !== VERSION || !Array.isArray(header.files)) {
    throw new RunPackError(`not a ${FORMAT} version ${VERSION}`);
  }
  const names = header.files.map((f) => f.file);
  if (names.length !== expected.length || names.some((n, i) => n !== expected[i])) {
    throw new RunPackError(`the pack lists ${names.length} files, run.json ${expected.length}${names.length === expected.length ? ' (different names or order)' : ''}`);
  }
  const out: Uint8Array[] = [];
  let at = eol + 1;
  for (const { file, bytes } of header.files) {
    if (!Number.isInteger(bytes) || bytes < 0 || at + bytes > pack.length) throw new RunPackError(`${file}: the pack is shorter than its header says`);
    out.push(pack.subarray(at, at + bytes));
    at += bytes;
  }
  if (at !== pack.length) throw new RunPackError(`the pack has ${pack.length - at} bytes after its last file`);
  return out;
}
