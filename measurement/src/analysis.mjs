// The reference study's analysis (docs/reference-study.md), as pure functions over parsed CSV rows: drop rows with negative
// t_ns or duration_ns; sort by t_ns (stable); within each id drop the first `warmup` samples; per series count,
// median, mean, p95, p99 (linear interpolation between order statistics, as numpy/pandas) and sample std (n−1).
// Back-end overhead = step.service − step.compute paired by order after warm-up removal, truncated to the shorter
// series; ratios socket/native paired by order, as the reference's computation.py does.
// No Node imports: the dashboard's page imports this module (reading files: timingFiles.mjs).
import { BACKEND_IDS, FLOORS_FILE, PATHS } from './catalogue.mjs';
import { CsvError, parseTimingBytes } from './timingCsv.mjs';

/**
 * One CSV row: t_ns, id, duration_ns.
 * @typedef {object} TimingRow
 * @property {number} t
 * @property {string} id
 * @property {number} d
 */

/**
 * Summary statistics of a series (NaN when empty).
 * @typedef {object} SeriesStats
 * @property {number} count
 * @property {number} median
 * @property {number} mean
 * @property {number} p95
 * @property {number} p99
 * @property {number} std
 */

const utf8 = new TextEncoder();

/**
 * Parses the text of a `t_ns,id,duration_ns` CSV into rows (through timingCsv.mjs's parseTimingBytes, the one parser); throws on a wrong header or a
 * malformed row, naming `name` and the line.
 * @param {string} text
 * @param {string} [name]
 * @returns {TimingRow[]}
 */
export function parseTimingCsvText(text, name = 'csv') {
  let p;
  try {
    p = parseTimingBytes(utf8.encode(text), { rejectNegative: false, allowEmpty: true });
  } catch (e) {
    if (e instanceof CsvError) throw new Error(`${name}: ${e.message}`);
    throw e;
  }
  const rows = new Array(p.rows);
  for (let i = 0; i < p.rows; i += 1) rows[i] = { t: p.tNs[i], id: p.ids[p.idIndex[i]], d: p.durationNs[i] };
  return rows;
}

/**
 * Reference preprocessing: Map id → durations (ns) in time order, warm-up removed.
 * @param {readonly TimingRow[]} rows
 * @param {number} [warmup]
 * @returns {Map<string, number[]>}
 */
export function series(rows, warmup = 30) {
  const valid = rows.filter((r) => r.t >= 0 && r.d >= 0).map((r, i) => ({ ...r, i }));
  valid.sort((a, b) => a.t - b.t || a.i - b.i);
  const byId = new Map();
  for (const r of valid) {
    if (!byId.has(r.id)) byId.set(r.id, []);
    byId.get(r.id).push(r.d);
  }
  for (const [id, ds] of byId) byId.set(id, ds.slice(warmup));
  return byId;
}

/**
 * Quantile with linear interpolation between order statistics (numpy's default) of a sorted array.
 * @param {ArrayLike<number>} sorted
 * @param {number} p
 * @returns {number}
 */
export function quantileSorted(sorted, p) {
  if (!sorted.length) return NaN;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/**
 * count, median, mean, p95, p99, std (n−1) of an array of numbers.
 * @param {readonly number[]} values
 * @returns {SeriesStats}
 */
export function stats(values) {
  const n = values.length;
  if (!n) return { count: 0, median: NaN, mean: NaN, p95: NaN, p99: NaN, std: NaN };
  const sorted = Float64Array.from(values).sort();
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const std = n > 1 ? Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : NaN;
  return { count: n, median: quantileSorted(sorted, 0.5), mean, p95: quantileSorted(sorted, 0.95), p99: quantileSorted(sorted, 0.99), std };
}

/** a[i] − b[i], truncated to the shorter series (the reference's pairing by order). */
export function pairedDiff(a = [], b = []) {
  const n = Math.min(a.length, b.length);
  return Array.from({ length: n }, (_, i) => a[i] - b[i]);
}

/**
 * Means of consecutive complete blocks of `k` samples (a per-step series read as the block timing of the web page).
 * @param {readonly number[]} [values]
 * @param {number} [k]
 * @returns {number[]}
 */
export function blockMeans(values = [], k = 1) {
  const out = [];
  for (let i = 0; i + k <= values.length; i += k) {
    let sum = 0;
    for (let j = i; j < i + k; j++) sum += values[j];
    out.push(sum / k);
  }
  return out;
}

/** The reference's speedup: stats of a[i] / b[i] paired by order (mean, median, p95, p99). */
export function pairedRatio(a = [], b = []) {
  const n = Math.min(a.length, b.length);
  const r = [];
  for (let i = 0; i < n; i += 1) if (b[i] > 0) r.push(a[i] / b[i]);
  const s = stats(r);
  return { mean: s.mean, median: s.median, p95: s.p95, p99: s.p99 };
}

/** Ratios of statistics a/b for mean, median, p95, p99 (docs/reference-study.md "ratios socket/native of mean, median, p95, p99"). */
export function statRatio(a, b) {
  const r = (k) => (b[k] > 0 ? a[k] / b[k] : NaN);
  return { mean: r('mean'), median: r('median'), p95: r('p95'), p99: r('p99') };
}

/**
 * Analyses one configuration's four reference files (+ floors): per-id stats, back-end overheads, transport
 * (socket wait − service, paired), ratios socket/native, and the share of socket e2e that is frame wait.
 * `files` holds parsed rows: { native, socket, unityNative, unitySocket, floors } (any may be missing).
 */
export function analyseConfiguration(files, warmup = 30) {
  const s = Object.fromEntries(Object.entries(files).filter(([, rows]) => rows).map(([k, rows]) => [k, series(rows, warmup)]));
  const get = (file, id) => s[file]?.get(id) ?? [];
  const [N, S, B] = [PATHS.native, PATHS.socket, BACKEND_IDS];
  const [nb, nf, sb, sf] = [N.files.backend.key, N.files.frontend.key, S.files.backend.key, S.files.frontend.key];
  const native = {
    compute: stats(get(nb, B.compute)),
    service: stats(get(nb, B.service)),
    overhead: stats(pairedDiff(get(nb, B.service), get(nb, B.compute))),
    call: stats(get(nf, N.ids.call)),
    parse: stats(get(nf, N.ids.parse)),
    apply: stats(get(nf, N.ids.apply)),
    frameWait: stats(get(nf, N.ids.frameWait)),
    e2e: stats(get(nf, N.ids.e2e)),
    floor: stats(get(FLOORS_FILE.key, N.floor)),
  };
  const socket = {
    compute: stats(get(sb, B.compute)),
    service: stats(get(sb, B.service)),
    overhead: stats(pairedDiff(get(sb, B.service), get(sb, B.compute))),
    send: stats(get(sf, S.ids.send)),
    wait: stats(get(sf, S.ids.wait)),
    transport: stats(pairedDiff(get(sf, S.ids.wait), get(sb, B.service))),
    parse: stats(get(sf, S.ids.parse)),
    apply: stats(get(sf, S.ids.apply)),
    frameWait: stats(get(sf, S.ids.frameWait)),
    e2e: stats(get(sf, S.ids.e2e)),
    floor: stats(get(FLOORS_FILE.key, S.floor)),
  };
  // Ratios socket/native: of the statistics (as the dashboard reports them), and paired by order like the
  // reference's computation.py speedup() (stats of socket_i / native_i).
  const ratios = {
    overhead: statRatio(socket.overhead, native.overhead),
    e2e: statRatio(socket.e2e, native.e2e),
    pairedOverhead: pairedRatio(pairedDiff(get(sb, B.service), get(sb, B.compute)),
      pairedDiff(get(nb, B.service), get(nb, B.compute))),
    pairedE2e: pairedRatio(get(sf, S.ids.e2e), get(nf, N.ids.e2e)),
  };
  const frameWaitShare = socket.e2e.median > 0 ? socket.frameWait.median / socket.e2e.median : NaN;
  return { native, socket, ratios, frameWaitShare };
}
