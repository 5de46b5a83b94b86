// The timing CSV (docs/measurements.md, "CSV": header t_ns,id,duration_ns; integers in ns), parsed once for every
// reader: the benches and the headline (analysis.mjs parseTimingCsvText: rows), the dashboard's loader and uploads
// (columns). Strict and fast: one pass over the bytes, the first problem named with its line number. It also
// computes each row's rank k within its id by (t_ns, file order), the reference method's stable sort, so the
// dashboard's SQL drops the warm-up with `k > warmup` instead of a window over every row. No I/O.
// A line ends at LF, CRLF or a lone CR (old Mac exports), everywhere a line is cut: the parser, its row count,
// the upload's first look (ingest.ts checkHead) and the Live view's joined exports (timingCsvDataLines).

/**
 * @typedef {object} ParsedSamples
 * @property {Int32Array} seq 1-based position of the row in the file (line − 1)
 * @property {Int32Array} k rank within its id by (t_ns, seq), 1-based; 0 for rows the reference method drops (negative values)
 * @property {Float64Array} tNs integers (exact: |v| < 2^53)
 * @property {Float64Array} durationNs
 * @property {Int32Array} idIndex index into `ids`
 * @property {string[]} ids
 * @property {number} rows
 */


/** A malformed timing CSV (the message names the line). */
export class CsvError extends Error {}

const HEADER = ['t_ns', 'id', 'duration_ns'];

/**
 * What is wrong with a header line (fields trimmed, optionally quoted; a trailing CR ignored), or null when it is
 * exactly t_ns,id,duration_ns. Shared by the upload's first look (ingest.ts checkHead) and the parser.
 * @param {string} line
 * @returns {string | null}
 */
export function headerError(line) {
  const cols = line.replace(/\r$/, '').split(',').map((s) => s.trim().replace(/^"(.*)"$/, '$1'));
  if (cols.length === HEADER.length && cols.every((c, i) => c === HEADER[i])) return null;
  const missing = HEADER.filter((h) => !cols.includes(h));
  return `wrong columns: found "${cols.join(',').slice(0, 80)}", expected exactly t_ns,id,duration_ns${missing.length ? ` (missing ${missing.join(', ')})` : ''}`;
}

// One decoder for every call (decode() without `stream` starts afresh each time).
const utf8 = new TextDecoder();
/** Distinct id spellings compared byte by byte before decoding; a file with more ids decodes the rest. */
const MAX_ID_SPELLINGS = 16;

const COMMA = 44; const NL = 10; const CR = 13; const QUOTE = 34; const MINUS = 45; const ZERO = 48; const NINE = 57;
const MAX_SAFE_DIGITS = 15;

/** Length of the line break at `i` (2 for CRLF, 1 for LF or a lone CR), 0 when there is none. */
const breakAt = (bytes, i) => (bytes[i] === NL ? 1 : bytes[i] === CR ? (bytes[i + 1] === NL ? 2 : 1) : 0);

/** Where the line starting at `p` ends (its first CR or LF), or `bytes.length`. */
function lineEnd(bytes, p) {
  while (p < bytes.length && bytes[p] !== NL && bytes[p] !== CR) p++;
  return p;
}

/**
 * The first line of `text` (without its break), cut as the parser cuts lines.
 * @param {string} text
 * @returns {string}
 */
export const firstLine = (text) => text.split(/\r\n|\r|\n/, 1)[0];

/**
 * The data lines of a timing CSV text (header dropped, blank lines dropped), cut as the parser cuts lines.
 * @param {string} text
 * @returns {string[]}
 */
export const timingCsvDataLines = (text) => text.split(/\r\n|\r|\n/).slice(1).filter((l) => l !== '');

/**
 * Parses `bytes` (the whole file, header included). With `rejectNegative` (uploads) a negative value is an
 * error; without it (published data, as the reference method) the row is kept with k = 0.
 * @param {Uint8Array} bytes
 * @param {{ rejectNegative?: boolean; allowEmpty?: boolean }} [options]
 * @returns {ParsedSamples}
 */
export function parseTimingBytes(bytes, { rejectNegative = true, allowEmpty = false } = {}) {
  let p = 0;
  const n = bytes.length;
  if (n >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) p = 3;
  // header
  const eol = lineEnd(bytes, p);
  const headerProblem = headerError(utf8.decode(bytes.subarray(p, eol)));
  if (headerProblem) throw new CsvError(headerProblem);
  p = eol + breakAt(bytes, eol);
  // Upper bound of rows: every row but the last ends with a line break, counted as the rows are cut (a CRLF once).
  // Counting LFs alone let a file with lone CRs hold more rows than its arrays, whose values then read undefined.
  let cap = 1;
  for (let i = p; i < n; i++) if (bytes[i] === NL || (bytes[i] === CR && bytes[i + 1] !== NL)) cap++;
  const seq = new Int32Array(cap); const t = new Float64Array(cap); const d = new Float64Array(cap); const idx = new Int32Array(cap);
  const ids = []; const idMap = new Map();
  // The bytes of the ids seen so far (up to MAX_ID_SPELLINGS spellings) and their index: a row's id is found by
  // comparing bytes, whatever the order of ids in the file; only a new spelling is decoded.
  const spellings = []; const spellingId = [];
  let rows = 0; let line = 1;

  const fail = (msg) => { throw new CsvError(`line ${line}: ${msg}`); };
  const fieldText = (s, e) => utf8.decode(bytes.subarray(s, Math.min(e, s + 40)));

  const idOf = (s, e) => {
    const len = e - s;
    for (let j = 0; j < spellings.length; j++) {
      const b = spellings[j];
      if (b.length !== len) continue;
      let i = 0;
      while (i < len && bytes[s + i] === b[i]) i++;
      if (i === len) return spellingId[j];
    }
    const key = utf8.decode(bytes.subarray(s, e)).trim();
    if (key === '') fail('id is empty');
    let got = idMap.get(key);
    if (got === undefined) { got = ids.length; ids.push(key); idMap.set(key, got); }
    if (spellings.length < MAX_ID_SPELLINGS) { spellings.push(bytes.slice(s, e)); spellingId.push(got); }
    return got;
  };

  const readInt = (name, last) => {
    const start = p;
    // A quoted integer ("123", as spreadsheets write numbers) is the integer.
    const quoted = bytes[p] === QUOTE;
    if (quoted) p++;
    let neg = false;
    if (bytes[p] === MINUS) { neg = true; p++; }
    let v = 0; let digits = 0;
    while (p < n) {
      const c = bytes[p];
      if (c >= ZERO && c <= NINE) { v = v * 10 + (c - ZERO); digits++; p++; } else break;
    }
    if (quoted) { if (bytes[p] === QUOTE) p++; else digits = 0; }
    const c = p < n ? bytes[p] : NL;
    const endOk = last ? (c === NL || c === CR) : c === COMMA;
    if (digits === 0 || !endOk) {
      let e = p;
      while (e < n && bytes[e] !== COMMA && bytes[e] !== NL && bytes[e] !== CR) e++;
      if (!last && e < n && bytes[e] !== COMMA) fail(`expected 3 values (t_ns,id,duration_ns), found fewer`);
      if (last && e < n && bytes[e] === COMMA) fail('expected 3 values (t_ns,id,duration_ns), found more');
      fail(`${name} is not an integer ("${fieldText(start, e)}")`);
    }
    if (digits > MAX_SAFE_DIGITS) fail(`${name} has more than ${MAX_SAFE_DIGITS} digits`);
    if (neg && v !== 0 && rejectNegative) fail(`${name} is negative (-${v}); values must be >= 0`);
    return neg ? -v : v;
  };

  while (p < n) {
    line++;
    const blank = breakAt(bytes, p);
    if (blank) { p += blank; continue; }
    // Never write past the arrays: a row the count missed is a file this parser cannot read whole.
    if (rows === cap) fail('more rows than line breaks; the file cannot be read whole');
    const tv = readInt('t_ns', false);
    p++; // comma
    let s = p; let e;
    if (bytes[p] === QUOTE) {
      s = ++p;
      // A row is one line (the line numbers count on it): a quoted id does not hold a line break.
      while (p < n && bytes[p] !== QUOTE && bytes[p] !== NL && bytes[p] !== CR) p++;
      if (p < n && bytes[p] !== QUOTE) fail('id holds a line break (a quote left open?)');
      e = p++;
    } else {
      while (p < n && bytes[p] !== COMMA && bytes[p] !== NL && bytes[p] !== CR) p++;
      e = p;
    }
    if (p >= n || bytes[p] !== COMMA) fail('expected 3 values (t_ns,id,duration_ns), found fewer');
    if (e === s) fail('id is empty');
    const id = idOf(s, e);
    p++; // comma
    const dv = readInt('duration_ns', true);
    p += breakAt(bytes, p); // nothing at the end of the file
    seq[rows] = rows + 1; t[rows] = tv; d[rows] = dv; idx[rows] = id;
    rows++;
  }
  if (rows === 0 && !allowEmpty) throw new CsvError('no data rows: the file has only the header');
  const k = ranksWithinIds(t.subarray(0, rows), d.subarray(0, rows), idx.subarray(0, rows), ids.length);
  return { seq: seq.subarray(0, rows), k, tNs: t.subarray(0, rows), durationNs: d.subarray(0, rows), idIndex: idx.subarray(0, rows), ids, rows };
}

/**
 * Each row's rank within its id by (t, row order), 1-based: the reference method's stable sort, so the dashboard's
 * SQL drops the warm-up with `k > warmup`. Rows with a negative t or duration get 0 (the reference drops them).
 * One pass when every id's times are already in order (as the benches write them), else a sort.
 * @param {Float64Array} t
 * @param {Float64Array} d
 * @param {Int32Array} idx
 * @param {number} idCount
 * @returns {Int32Array}
 */
export function ranksWithinIds(t, d, idx, idCount) {
  const rows = t.length;
  const k = new Int32Array(rows);
  const counts = new Int32Array(idCount);
  const lastT = new Float64Array(idCount).fill(-Infinity);
  let sorted = true;
  for (let i = 0; i < rows; i++) {
    if (t[i] < 0 || d[i] < 0) continue;
    const j = idx[i];
    if (t[i] < lastT[j]) { sorted = false; break; }
    lastT[j] = t[i];
    k[i] = ++counts[j];
  }
  if (!sorted) {
    k.fill(0);
    const order = Array.from({ length: rows }, (_, i) => i).filter((i) => t[i] >= 0 && d[i] >= 0);
    order.sort((a, b) => idx[a] - idx[b] || t[a] - t[b] || a - b);
    let prev = -1; let r = 0;
    for (const i of order) { r = idx[i] === prev ? r + 1 : 1; prev = idx[i]; k[i] = r; }
  }
  return k;
}
