// The reference study's analysis (docs/reference-study.md), as pure functions over parsed CSV rows: drop rows with negative
// t_ns or duration_ns; sort by t_ns (stable); within each id drop the first `warmup` samples; per series count,
// median, mean, p95, p99 (linear interpolation between order statistics, as numpy/pandas) and sample std (n−1).
// Back-end overhead = step.service − step.compute paired by order after warm-up removal, truncated to the shorter
// series; ratios socket/native paired by order, as the reference's computation.py does.
// No Node imports: the dashboard's page imports this module (reading files: timingFiles.mjs).

/** Parses a `t_ns,id,duration_ns` CSV; throws on a wrong header or a malformed row (with the line number). */
export function parseTimingCsv(text, name = 'csv') {
  const lines = text.split('\n');
  if (lines[0].trim() !== 't_ns,id,duration_ns') throw new Error(`${name}: header must be "t_ns,id,duration_ns", got "${lines[0]}"`);
  const rows = [];
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i].trim();
    if (!line) continue;
    const parts = line.split(',');
    if (parts.length !== 3 || !/^-?\d+$/.test(parts[0]) || !/^-?\d+$/.test(parts[2]) || !parts[1]) {
      throw new Error(`${name}:${i + 1}: malformed row "${line}"`);
    }
    rows.push({ t: Number(parts[0]), id: parts[1], d: Number(parts[2]) });
  }
  return rows;
}

/** Reference preprocessing: Map id → durations (ns) in time order, warm-up removed. */
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

/** Quantile with linear interpolation between order statistics (numpy's default) of a sorted array. */
export function quantileSorted(sorted, p) {
  if (!sorted.length) return NaN;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** count, median, mean, p95, p99, std (n−1) of an array of numbers. */
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

/** Means of consecutive complete blocks of `k` samples (a per-step series read as the block timing of the web page). */
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
  const native = {
    compute: stats(get('native', 'step.compute')),
    service: stats(get('native', 'step.service')),
    overhead: stats(pairedDiff(get('native', 'step.service'), get('native', 'step.compute'))),
    call: stats(get('unityNative', 'step.native.call')),
    parse: stats(get('unityNative', 'step.native.parse')),
    apply: stats(get('unityNative', 'step.unity.apply')),
    frameWait: stats(get('unityNative', 'step.frame.wait')),
    e2e: stats(get('unityNative', 'step.unity.e2e')),
    floor: stats(get('floors', 'floor.native.noop')),
  };
  const socket = {
    compute: stats(get('socket', 'step.compute')),
    service: stats(get('socket', 'step.service')),
    overhead: stats(pairedDiff(get('socket', 'step.service'), get('socket', 'step.compute'))),
    send: stats(get('unitySocket', 'step.socket.send')),
    wait: stats(get('unitySocket', 'step.socket.wait')),
    transport: stats(pairedDiff(get('unitySocket', 'step.socket.wait'), get('socket', 'step.service'))),
    parse: stats(get('unitySocket', 'step.socket.parse')),
    apply: stats(get('unitySocket', 'step.unity.apply')),
    frameWait: stats(get('unitySocket', 'step.frame.wait')),
    e2e: stats(get('unitySocket', 'step.unity.e2e')),
    floor: stats(get('floors', 'floor.socket.echo')),
  };
  // Ratios socket/native: of the statistics (as the dashboard reports them), and paired by order like the
  // reference's computation.py speedup() (stats of socket_i / native_i).
  const ratios = {
    overhead: statRatio(socket.overhead, native.overhead),
    e2e: statRatio(socket.e2e, native.e2e),
    pairedOverhead: pairedRatio(pairedDiff(get('socket', 'step.service'), get('socket', 'step.compute')),
      pairedDiff(get('native', 'step.service'), get('native', 'step.compute'))),
    pairedE2e: pairedRatio(get('unitySocket', 'step.unity.e2e'), get('unityNative', 'step.unity.e2e')),
  };
  const frameWaitShare = socket.e2e.median > 0 ? socket.frameWait.median / socket.e2e.median : NaN;
  return { native, socket, ratios, frameWaitShare };
}

/** The targets (N = 10, free pacing, medians), each { name, value, limit, ok } in ns. */
export function targetChecks(a) {
  const t = (name, value, limit) => ({ name, value, limit, ok: Number.isFinite(value) && value <= limit });
  return [
    t('native back-end overhead (service − compute) ≤ 3 µs', a.native.overhead.median, 3000),
    t('socket back-end overhead (service − compute) ≤ 40 µs', a.socket.overhead.median, 40000),
    t('socket parse (front-end) ≤ 30 µs', a.socket.parse.median, 30000),
    t('socket transport (wait − service) ≤ 2 × loopback echo floor', a.socket.transport.median, 2 * a.socket.floor.median),
    t('native e2e ≤ 2 × (compute + P/Invoke floor)', a.native.e2e.median, 2 * (a.native.compute.median + a.native.floor.median)),
  ];
}

/** Formats ns for tables: "812 ns", "12.3 µs", "4.56 ms". */
export function fmtNs(ns) {
  if (!Number.isFinite(ns)) return '–';
  const a = Math.abs(ns);
  if (a < 1000) return `${ns.toFixed(0)} ns`;
  if (a < 1e6) return `${(ns / 1e3).toFixed(a < 1e4 ? 2 : 1)} µs`;
  if (a < 1e9) return `${(ns / 1e6).toFixed(a < 1e7 ? 2 : 1)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}
