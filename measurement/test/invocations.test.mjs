// Per-invocation figures of a configuration, run ids and the machine-noise record.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configurationIntervals, desktopTargets, webTargets } from '../src/invocations.mjs';
import { formatRatioInterval as formatRatio } from '../src/format.mjs';
import { PATH_SALT } from '../src/catalogue.mjs';
import { pathInterval } from '../src/intervals.mjs';
import { busyWarning, processCpuSeconds, startWindow } from '../src/machineLoadFiles.mjs';
import { uniqueRunId } from '../src/runId.mjs';

/** Rows of one file: `count` samples per id, durations from `f(i)`, in time order. */
const rows = (ids, count, f) => Object.entries(ids).flatMap(([id, base]) => Array.from({ length: count }, (_, i) => ({ t: i * 1000, id, d: Math.round(base * f(i)) })));

function desktopInvocation(scale) {
  const wobble = (i) => 1 + ((i * 37) % 11) / 100;
  return {
    files: {
      native: rows({ 'step.service': 2200, 'step.compute': 2000 }, 60, wobble),
      socket: rows({ 'step.service': 50000 * scale, 'step.compute': 9000 }, 60, wobble),
      unityNative: rows({ 'step.unity.e2e': 4000, 'step.native.call': 2300 }, 60, wobble),
      unitySocket: rows({ 'step.unity.e2e': 160000 * scale, 'step.socket.wait': 120000 * scale }, 60, wobble),
      floors: rows({ 'floor.native.noop': 45, 'floor.socket.echo': 40000 }, 60, wobble),
    },
  };
}

test('each path figure is the mean of per-invocation medians after each invocation drops its own warm-up', () => {
  const invs = [1, 1.5, 1.2, 2].map(desktopInvocation);
  // The first 30 samples of every invocation are a slow warm-up that must not count.
  for (const inv of invs) for (const r of inv.files.unitySocket) if (r.t < 30 * 1000) r.d *= 50;
  const h = configurationIntervals(invs, { platform: 'desktop', warmup: 30, options: { resamples: 200, innerResamples: 20 } });
  assert.deepEqual(h.invocations, { native: 4, socket: 4 });
  const per = h.paths.socket.e2e_median.perInvocation;
  assert.equal(per.length, 4);
  per.forEach((m, k) => assert.ok(m > 160000 * [1, 1.5, 1.2, 2][k] && m < 1.11 * 160000 * [1, 1.5, 1.2, 2][k], `inv ${k}: ${m}`));
  const e2e = h.ratios.e2e_median;
  assert.ok(Math.abs(e2e.estimate - h.paths.socket.e2e_median.estimate / h.paths.native.e2e_median.estimate) < 1e-9);
  assert.ok(e2e.ci95[0] < e2e.estimate && e2e.estimate < e2e.ci95[1]);
  assert.equal(h.ratios.overhead_median.invocations, 4);
  assert.ok(h.ratios.transport_echo_median.estimate > 1);
  assert.match(formatRatio(e2e), /^\d+\.\d× \[\d+\.\d+, \d+\.\d+\]$/);
  const same = pathInterval(/** @type {any} */ (h).series.socket.e2e, { statistic: 'median', salt: PATH_SALT.socket, resamples: 200, innerResamples: 20 });
  assert.deepEqual(same.ci95, h.paths.socket.e2e_median.ci95);
  const targets = desktopTargets(h);
  assert.equal(targets.length, 5);
  assert.equal(targets[0].verdict, 'met', 'native overhead ≈ 200 ns ≤ 3 µs');
  assert.equal(targets[1].verdict, 'not met', 'socket overhead 41–91 µs: the whole interval is above 40 µs');
});

test('web targets: the Node back-end overhead and e2e − echo floor − compute, over invocations', () => {
  const wobble = (i) => 1 + ((i * 37) % 11) / 100;
  const web = (e2e) => ({
    files: {
      wasm: rows({ 'step.service': 6000, 'step.compute': 5000 }, 60, wobble),
      websocket: rows({ 'step.service': 27000, 'step.compute': 6000 }, 60, wobble),
      webWasm: rows({ 'step.web.e2e': 10000 }, 60, wobble),
      webWebsocket: rows({ 'step.web.e2e': e2e, 'step.web.ws.wait': e2e - 30000 }, 60, wobble),
      floors: rows({ 'floor.web.ws.echo': 150000 }, 60, wobble),
    },
  });
  const options = { resamples: 200, innerResamples: 20 };
  const near = configurationIntervals([190000, 195000, 200000].map(web), { platform: 'web', warmup: 30, options });
  const [overhead, aboveEcho] = webTargets(near);
  assert.match(overhead.name, /Node back-end overhead/);
  assert.equal(overhead.verdict, 'met', `overhead ≈ 21–23 µs: ${overhead.estimate}`);
  // 190–200 µs minus 150 µs of echo minus 6 µs of compute (each about +5 % from the wobble's medians): ≈ 40 µs.
  assert.ok(Math.abs(aboveEcho.estimate - (near.paths.websocket.e2e_median.estimate - near.paths.websocket.floor_median.estimate
    - near.paths.websocket.compute_median.estimate)) < 1e-6);
  assert.equal(aboveEcho.verdict, 'met');
  const far = configurationIntervals([290000, 300000, 310000].map(web), { platform: 'web', warmup: 30, options });
  assert.equal(webTargets(far)[1].verdict, 'not met', 'about 140 µs above the echo and compute');
});

test('one invocation: figures without intervals', () => {
  const h = configurationIntervals([desktopInvocation(1)], { platform: 'desktop', warmup: 30 });
  assert.equal(h.ratios.e2e_median.ci95, null);
  assert.equal(h.ratios.e2e_median.invocations, 1);
  assert.match(desktopTargets(h)[0].verdict, /point estimate/);
});

test('run ids are unique within the same second', () => {
  const at = '2026-11-24T15:00:00.000Z';
  const ids = new Set(Array.from({ length: 50 }, () => uniqueRunId('desktop', 'abcdef0123', at)));
  assert.ok(ids.size >= 45, `${ids.size} distinct of 50`);
  for (const id of ids) assert.match(id, /^2026-11-24-desktop-abcdef0-150000-[0-9a-f]{4}$/);
});

test('noise record: own and other CPU time, load averages, busy flag', () => {
  const w = startWindow();
  const cpu0 = process.cpuUsage();
  // Burn 120 ms of this process's CPU (counted as own), however busy the machine is.
  while (((u) => u.user + u.system)(process.cpuUsage(cpu0)) < 120000) { /* spin */ }
  const r = w.end({ ownCpuSeconds: 0 });
  assert.ok(r.ownCpuSeconds >= 0.1, `own ${r.ownCpuSeconds}`);
  assert.ok(r.otherCpuSeconds >= 0);
  assert.equal(r.loadAverage.before.length, 3);
  assert.ok(processCpuSeconds(process.pid) > 0);
  assert.equal(processCpuSeconds(2 ** 30), null);
  assert.equal(busyWarning([{ ...r, busy: false }]), null);
  assert.match(busyWarning([{ ...r, busy: true, otherCpuSeconds: 0.1 }]), /in 1 of 1 path invocation\(s\) other processes used/);
});

test('busy rule: relative to the measured cores, with an absolute floor for short invocations', async () => {
  const { isBusy, recordIsBusy } = await import('../src/busyRule.mjs');
  // The headline's old false alarm: a 47 ms native invocation with 17 ms (two /proc ticks) of other CPU.
  assert.equal(isBusy(0.017, 0.047, 1), false);
  assert.equal(isBusy(0.3, 1, 2), false); // 15 % of two cores
  assert.equal(isBusy(0.6, 1, 2), true); // 30 % of two cores
  assert.equal(isBusy(0.3, 1, 1), true); // 30 % of the one pinned core
  assert.equal(isBusy(null, 1, 1), null);
  const rec = { startedAt: '2026-01-01T00:00:00.000Z', endedAt: '2026-01-01T00:00:01.000Z', otherCpuSeconds: 0.6 };
  assert.equal(recordIsBusy(rec, 2), true);
  assert.equal(recordIsBusy({ ...rec, measuredCores: ['1'], otherOnMeasuredCpuSeconds: 0.05 }, 2), false);
});

test('window over pinned cores: other CPU on those cores only', () => {
  const w = startWindow({ cores: ['0'] });
  const r = w.end({ ownCpuSeconds: 0 });
  assert.deepEqual(r.measuredCores, ['0']);
  assert.ok(r.otherOnMeasuredCpuSeconds === null || r.otherOnMeasuredCpuSeconds >= 0);
  assert.ok(r.otherOnMeasuredCpuSeconds === null || r.otherOnMeasuredCpuSeconds <= r.otherCpuSeconds + 0.02);
});

test('reproducibility: agreement per ratio, and an SVG plot of both runs', async () => {
  const { compareSummaries, comparisonSpec, renderSvg } = await import('../src/reproduce.mjs');
  const summary = (e2e, ci) => ({ configurations: [{ id: 'n10-free', ratios: { e2e_median: { estimate: e2e, ci95: ci, invocations: 5 }, overhead_median: { estimate: 150, ci95: [140, 160], invocations: 5 } } }] });
  const rows = compareSummaries(summary(35, [28, 45]), summary(60, [50, 70]));
  const e2e = rows.find((r) => r.ratio === 'e2e_median');
  assert.deepEqual([e2e.aInB, e2e.bInA, e2e.overlap, e2e.agree], [false, false, false, false]);
  assert.equal(rows.find((r) => r.ratio === 'overhead_median').agree, true);
  const svg = await renderSvg(comparisonSpec(rows));
  assert.match(svg, /^<svg/);
  assert.match(svg, /n10-free · e2e_median ✗/);
});

test('formatNs picks the unit by magnitude, below zero too', async () => {
  const { formatNs } = await import('../src/format.mjs');
  assert.equal(formatNs(306_000), '306 µs');
  assert.equal(formatNs(-214_000), '-214 µs');
  assert.equal(formatNs(-2_500_000), '-2.5 ms');
  assert.equal(formatNs(-12), '-12 ns');
});
