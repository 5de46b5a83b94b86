// A timing CSV's parsed columns in a compact binary form (docs/hosting.md, "Run packs"): what the build puts in a
// run pack instead of the CSV text, so the page reads the columns instead of parsing text (the CSVs stay the
// published data; the build makes this from them with the same parser, timingCsv.mjs). Decoding gives exactly what
// parseTimingBytes gives for the CSV (seq, k, t, duration, ids), unit-tested against every published CSV.
//
// Layout (little-endian): magic "TCOL", version 1 (u8), rows (u32), ids as one JSON array (u32 byte length, UTF-8),
// then per row three varints: t_ns − previous row's t_ns, zigzag; the id's index; duration_ns, zigzag. Values are
// integers below 2^53 in magnitude (the parser refuses more than 15 digits), so every varint is at most 8 bytes.
import { ranksWithinIds } from './timingCsv.mjs';

/** @import { ParsedSamples } from './timingCsv.mjs' */

const MAGIC = [0x54, 0x43, 0x4f, 0x4c]; // "TCOL"
const VERSION = 1;
const HEAD = 13;
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

export class TimingColumnsError extends Error {}

/**
 * Whether `bytes` start as encoded columns do.
 * @param {Uint8Array} bytes
 * @returns {boolean}
 */
export const isTimingColumns = (bytes) => bytes.length >= 4 && MAGIC.every((b, i) => bytes[i] === b);

const zigzag = (v) => (v >= 0 ? 2 * v : -2 * v - 1);
const unzigzag = (z) => (z < 2147483648 ? (z >>> 1) ^ -(z & 1) : z % 2 === 0 ? z / 2 : -(z + 1) / 2);

/**
 * Encodes parsed samples (parseTimingBytes' result).
 * @param {ParsedSamples} p
 * @returns {Uint8Array}
 */
export function encodeTimingColumns(p) {
  const ids = utf8.encode(JSON.stringify(p.ids));
  const out = new Uint8Array(HEAD + ids.length + p.rows * 24);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  out[4] = VERSION;
  view.setUint32(5, p.rows, true);
  view.setUint32(9, ids.length, true);
  out.set(ids, HEAD);
  let at = HEAD + ids.length;
  const put = (v) => {
    while (v >= 128) { out[at++] = (v % 128) + 128; v = Math.floor(v / 128); }
    out[at++] = v;
  };
  let prev = 0;
  for (let i = 0; i < p.rows; i++) {
    put(zigzag(p.tNs[i] - prev));
    prev = p.tNs[i];
    put(p.idIndex[i]);
    put(zigzag(p.durationNs[i]));
  }
  return out.slice(0, at);
}

/**
 * Decodes encoded columns into what parseTimingBytes gives for the CSV they were made from.
 * @param {Uint8Array} bytes
 * @returns {ParsedSamples}
 */
export function decodeTimingColumns(bytes) {
  if (!isTimingColumns(bytes) || bytes.length < HEAD) throw new TimingColumnsError('not timing columns');
  if (bytes[4] !== VERSION) throw new TimingColumnsError(`timing columns version ${bytes[4]}, this page reads ${VERSION}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows = view.getUint32(5, true);
  const idBytes = view.getUint32(9, true);
  if (HEAD + idBytes > bytes.length) throw new TimingColumnsError('timing columns cut short in their ids');
  let ids;
  try { ids = JSON.parse(fromUtf8.decode(bytes.subarray(HEAD, HEAD + idBytes))); } catch { ids = null; }
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && id !== '')) throw new TimingColumnsError('timing columns whose ids are not a list of names');
  let at = HEAD + idBytes;
  // Every row takes at least three bytes: a count beyond that is a damaged file, refused before any allocation.
  if (rows > (bytes.length - at) / 3) throw new TimingColumnsError(`timing columns cut short: ${rows} rows announced`);
  const n = bytes.length;
  // Most values fit in one to four bytes: those are read with integer arithmetic, longer ones with doubles.
  const get = () => {
    if (at >= n) throw new TimingColumnsError(`timing columns cut short: ${rows} rows announced`);
    let b = bytes[at++];
    if (b < 128) return b;
    let v = b & 127;
    for (let shift = 7; ; shift += 7) {
      if (at >= n) throw new TimingColumnsError(`timing columns cut short: ${rows} rows announced`);
      b = bytes[at++];
      v = shift < 28 ? v | ((b & 127) << shift) : v + (b & 127) * 2 ** shift;
      if (b < 128) return v;
    }
  };
  const seq = new Int32Array(rows); const t = new Float64Array(rows); const d = new Float64Array(rows); const idx = new Int32Array(rows);
  let prev = 0;
  for (let i = 0; i < rows; i++) {
    prev += unzigzag(get());
    t[i] = prev;
    const id = get();
    if (id >= ids.length) throw new TimingColumnsError(`row ${i + 1}: id index ${id} of ${ids.length} ids`);
    idx[i] = id;
    d[i] = unzigzag(get());
    seq[i] = i + 1;
  }
  if (at !== n) throw new TimingColumnsError(`${n - at} bytes after the last row`);
  return { seq, k: ranksWithinIds(t, d, idx, ids.length), tNs: t, durationNs: d, idIndex: idx, ids, rows };
}
