// Printing a desktop run's figures (bench:desktop, and measurement/src/desktopSummaryFiles.mjs, which re-analyses a
// published run from its files): the invocation-level figures with their 95 % intervals and the targets as
// statistical verdicts (docs/measurements.md, "Intervals"), the reference analysis of the merged files
// (docs/reference-study.md), growth with N, and the summary.json bench:desktop writes beside run.json.
import { formatInterval, formatNsFixed as fmtNs, formatRatioInterval as formatRatio } from './format.mjs';
import { desktopTargets, serverRuntimeParts } from './invocations.mjs';

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

export function printConfiguration(c, a, { tickMs = 20, timeScale = 1 } = {}) {
  const rows = [
    ['back-end compute', a.native.compute, a.socket.compute],
    ['back-end service', a.native.service, a.socket.service],
    ['back-end overhead (service − compute)', a.native.overhead, a.socket.overhead],
    ['front-end call (native) / send (socket)', a.native.call, a.socket.send],
    ['socket wait (step written → reply read)', null, a.socket.wait],
    ['socket transport (wait − service)', null, a.socket.transport],
    ['parse', a.native.parse, a.socket.parse],
    ['apply (values, colours, link diff)', a.native.apply, a.socket.apply],
    ['frame wait (reply ready → picked up)', a.native.frameWait, a.socket.frameWait],
    ['e2e (step.unity.e2e)', a.native.e2e, a.socket.e2e],
    ['floor (P/Invoke no-op / JSON echo)', a.native.floor, a.socket.floor],
  ];
  const cell = (s) => (s ? `${lpad(fmtNs(s.median), 10)} ${lpad(fmtNs(s.p95), 10)}` : `${lpad('', 10)} ${lpad('', 10)}`);
  console.log(`\n-- reference analysis of the merged files (all invocations pooled; a description of this run, not an interval)`);
  console.log(`${pad('', 42)} ${lpad('native median', 10)} ${lpad('p95', 10)}   ${lpad('socket median', 10)} ${lpad('p95', 10)}   ${lpad('n (nat/sock)', 12)}`);
  for (const [label, n, s] of rows) console.log(`${pad(label, 42)} ${cell(n)}   ${cell(s)}   ${lpad(`${n?.count ?? '-'}/${s?.count ?? '-'}`, 12)}`);
  const r = (x) => ['mean', 'median', 'p95', 'p99'].map((k) => `${k} ${Number.isFinite(x[k]) ? x[k].toFixed(1) : '–'}×`).join('  ');
  console.log(`ratio socket/native of the statistics: overhead ${r(a.ratios.overhead)}`);
  console.log(`${' '.repeat(39)}e2e      ${r(a.ratios.e2e)}`);
  console.log(`paired by order (reference computation.py): overhead ${r(a.ratios.pairedOverhead)}`);
  console.log(`${' '.repeat(43)}e2e      ${r(a.ratios.pairedE2e)}`);
  if (c.pacing === 'fixed') {
    console.log(`tick quantization: socket e2e median ${fmtNs(a.socket.e2e.median)} of which frame wait ${fmtNs(a.socket.frameWait.median)} `
      + `(${(100 * a.frameWaitShare).toFixed(1)} %); native frame wait ${fmtNs(a.native.frameWait.median)}`);
  }
}

const fmtX = (x) => `${x.toFixed(2)}×`;

/** The invocation-level table of a configuration: each path's figures and the ratios, estimate [95 % CI]. */
export function printIntervals(c, h) {
  console.log(`\n== ${c.id}: ${c.scenario} scenario, N=${c.nodeCount}, ${c.pacing} pacing, ${c.encoding} encoding — `
    + `mean over invocations of each invocation's median [95 % CI over ${h.invocations.native}/${h.invocations.socket} invocations, two-level bootstrap]`);
  const figures = [['e2e (step.unity.e2e)', 'e2e'], ['back-end overhead (service − compute)', 'overhead'], ['back-end compute', 'compute'],
    ['send (socket) / call (native)', 'send', 'call'], ['socket wait', 'wait'], ['socket transport (wait − service)', 'transport'],
    ['parse', 'parse'], ['apply', 'apply'], ['floor (P/Invoke no-op / JSON echo)', 'floor']];
  const cell = (path, key, stat = 'median') => formatInterval(h.paths[path]?.[`${key}_${stat}`], fmtNs);
  console.log(`${pad('', 40)} ${pad('native', 34)} ${pad('socket', 34)}`);
  for (const [label, sk, nk = sk] of figures) console.log(`${pad(label, 40)} ${pad(h.paths.native?.[`${nk}_median`] ? cell('native', nk) : '', 34)} ${pad(cell('socket', sk), 34)}`);
  // What a step costs the machine (docs/os-floor.md, "CPU per step"): each process's CPU time per measured step.
  for (const [label, key] of [['CPU per step, front-end (C# host)', 'cpuFrontend'], ['CPU per step, server (JVM)', 'cpuServer']]) {
    if (h.paths.native?.[`${key}_perStep`] || h.paths.socket?.[`${key}_perStep`]) {
      console.log(`${pad(label, 40)} ${pad(h.paths.native?.[`${key}_perStep`] ? cell('native', key, 'perStep') : '', 34)} ${pad(cell('socket', key, 'perStep'), 34)}`);
    }
  }
  const os = [['tcp', 'osTcp'], ['uds', 'osUds'], ['shm spin', 'osShmSpin'], ['shm futex', 'osShmFutex']].filter(([, k]) => h.paths.socket?.[`${k}_median`]);
  if (os.length) console.log(`OS floors, C round trip between two processes (docs/os-floor.md): ${os.map(([l, k]) => `${l} ${cell('socket', k)}`).join('; ')}`);
  // Where the socket e2e goes, layer by layer above the OS floor (medians do not add up exactly: docs/os-floor.md).
  if (h.paths.socket?.transportAboveOs_median) {
    const parts = [[`OS floor (${c.osFloor ?? 'floor.os.tcp'})`, 'osFloor'], ['transport above it', 'transportAboveOs'], ...serverRuntimeParts(h.paths.socket),
      ['engine (compute)', 'compute'], ['front-end send', 'send'], ['parse', 'parse'], ['apply', 'apply']];
    console.log(`socket e2e ${cell('socket', 'e2e')} = ${parts.map(([l, k]) => `${l} ${cell('socket', k)}`).join(' + ')} + frame wait and the rest`);
  }
  if (h.paths.socket?.overheadBeyondEcho_median) {
    console.log(`server's own floor (no target): its echo (request in hand → echo flushed) ${cell('socket', 'echoService')}; back-end overhead beyond it ${cell('socket', 'overheadBeyondEcho')}`);
  }
  for (const fig of ['e2e', 'overhead']) {
    const r = ['median', 'p95', 'p99'].map((st) => `${st} ${h.ratios[`${fig}_${st}`] ? formatRatio(h.ratios[`${fig}_${st}`]) : '–'}`).join('   ');
    console.log(`ratio socket/native ${pad(fig, 9)} ${r}`);
  }
  if (h.ratios.e2e_median_paired) console.log(`ratio socket/native e2e, paired per invocation (median)  ${formatRatio(h.ratios.e2e_median_paired)}`);
  if (h.ratios.transport_echo_median) console.log(`socket transport / echo floor (median)  ${formatRatio(h.ratios.transport_echo_median)}`);
  if (h.ratios.transport_os_median) console.log(`socket transport / OS floor (${c.osFloor ?? 'floor.os.tcp'})  ${formatRatio(h.ratios.transport_os_median)}   e2e / OS floor ${formatRatio(h.ratios.e2e_os_median)}`);
  const per = (path) => (h.paths[path]?.e2e_median?.perInvocation ?? []).map(fmtNs).join(', ');
  console.log(`per-invocation e2e medians: native ${per('native')}; socket ${per('socket')}`);
}

export function printTargets(c, h) {
  console.log(`\n== targets (${c.id}; met only when the whole 95 % interval over invocations is within the limit)`);
  const checks = desktopTargets(h, { osFloor: c.osFloor });
  const f = (t, x) => (t.unit === 'x' ? fmtX(x) : fmtNs(x));
  for (const t of checks) {
    const value = Number.isFinite(t.estimate) ? `${f(t, t.estimate)}${t.ci95 ? ` [${f(t, t.ci95[0])}, ${f(t, t.ci95[1])}]` : ''}` : '–';
    console.log(`  ${pad(t.verdict.toUpperCase().split(' (')[0], 13)} ${pad(t.name, 62)} ${lpad(value, 30)} (limit ${f(t, t.limit)})`);
  }
  return checks;
}

export function printGrowth(results) {
  const free = results.filter((r) => r.c.pacing === 'free' && r.c.encoding === 'json').sort((x, y) => x.c.nodeCount - y.c.nodeCount);
  if (free.length < 2) return;
  console.log('\n== growth with N (free pacing, json, medians)');
  /** @type {[string, (a: any) => any][]} */
  const cols = [['native e2e', (a) => a.native.e2e], ['native compute', (a) => a.native.compute], ['native overhead', (a) => a.native.overhead],
    ['native parse', (a) => a.native.parse], ['socket e2e', (a) => a.socket.e2e], ['socket compute', (a) => a.socket.compute],
    ['socket overhead', (a) => a.socket.overhead], ['socket send', (a) => a.socket.send], ['socket parse', (a) => a.socket.parse],
    ['socket transport', (a) => a.socket.transport]];
  console.log(`${pad('N', 6)}${cols.map(([h]) => lpad(h, 16)).join('')}`);
  for (const r of free) console.log(`${pad(r.c.nodeCount, 6)}${cols.map(([, f]) => lpad(fmtNs(f(r.a).median), 16)).join('')}`);
}

/**
 * The summary.json content bench:desktop writes beside run.json (NaN → null): per configuration the invocation
 * counts, `ratios` (socket/native of e2e and overhead at median/p95/p99, transport/echo, transport and e2e over the
 * OS floor; each { estimate, ci95, invocations }), `paths` (each figure { estimate, ci95, invocations, perInvocation },
 * with the OS floors and CPU per step when the run has them) and, under `reference`, the reference analysis of the
 * merged files; `drift` (the calibration's spread, measurement/src/calibration.mjs) and `busy` (the busy rule over
 * the path invocations) describe the machine.
 */
export function summaryJson(run, results, targets, { drift = null, busy = null } = {}) {
  const summary = {
    runId: run.id, createdAt: run.createdAt, units: 'ns for durations, × for ratios',
    method: 'estimate = mean over invocations of each invocation\'s statistic; ci95 = two-level percentile bootstrap over invocations then samples (docs/measurements.md, "Intervals")',
    // The machine while the run sampled it (docs/measurements.md, "Drift" and "Noise control"): drift.drifted marks the run.
    spreadSeconds: run.parameters?.spreadSeconds ?? null, drift, busy,
    targets,
    configurations: results.map(({ c, a, h }) => ({ id: c.id, invocations: h.invocations, ratios: h.ratios, paths: h.paths, reference: a })),
  };
  return `${JSON.stringify(summary, (k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`;
}

/** The configurations whose targets the report checks: free-paced json at N = 10. */
export const isTargetConfiguration = (c) => c.nodeCount === 10 && c.pacing === 'free' && c.encoding === 'json';

/**
 * The targets of a run's analysed configurations ({ c, h }), as the report prints them and summary.json keeps them:
 * per target configuration its checks (desktopTargets).
 */
export const reportTargets = (results) => results.filter((r) => isTargetConfiguration(r.c))
  .map(({ c, h }) => ({ configuration: c.id, checks: desktopTargets(h, { osFloor: c.osFloor }) }));
