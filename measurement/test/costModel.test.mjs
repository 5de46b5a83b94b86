// The cost model of a step (measurement/src/costModel.mjs, docs/cost-model.md): worked cases by hand, properties of
// the prediction, refused inputs, the points read from a run's summary, held-out coverage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  familyOf, fitCostModel, fitLine, heldOutCoverage, pointsOfRun, predictCase,
} from '../src/costModel.mjs';
import { mulberry32 } from '../src/random.mjs';

const BASE = { fixed: 500, perDevice: 100 };
const CROSSING = { 'tcp-json-jvm': { fixed: 20000, perDevice: 8000 }, 'shm-binary-native': { fixed: 1000, perDevice: 130 } };

/**
 * A measured point of a model that holds exactly, with a run-level factor `scale` on its crossing and base.
 * @param {{ family?: string; n: number; compute?: number; outCompute?: number; scale?: number; run?: string; platform?: 'desktop' | 'web' }} options
 * @returns {import('../src/costModel.mjs').MeasuredPoint}
 */
function point({ family = 'tcp-json-jvm', n, compute = 180 * n, outCompute = compute, scale = 1, run = 'r', platform = 'desktop' }) {
  const base = (BASE.fixed + BASE.perDevice * n) * scale;
  const crossing = (CROSSING[family].fixed + CROSSING[family].perDevice * n) * scale;
  const inE2e = base + compute;
  const outE2e = base + crossing + outCompute;
  return { platform, family, n, workNs: 0, program: 'euclidean', run, config: `n${n}-${family}`, day: '2026-12-07',
    inE2e: { estimate: inE2e, ci95: [inE2e, inE2e] }, outE2e: { estimate: outE2e, ci95: [outE2e, outE2e] },
    inCompute: compute, outCompute, loopbackRttNs: family.startsWith('tcp') ? 40000 : 70 };
}

const exactPoints = () => ['tcp-json-jvm', 'shm-binary-native'].flatMap((family) => [10, 100, 1000].flatMap((n) => [
  point({ family, n, run: 'a' }), point({ family, n, run: 'b' }),
]));

/** Points with a run-level scatter (each run a day of the VM: its whole step ×0.8–1.2). */
function noisyPoints(seed = 7, count = 6) {
  const rng = mulberry32(seed);
  const runs = Array.from({ length: count }, (_, i) => ({ run: `run-${i}`, scale: 0.8 + 0.4 * rng() }));
  return ['tcp-json-jvm', 'shm-binary-native'].flatMap((family) => [10, 100, 1000].flatMap((n) => runs.map(({ run, scale }) => point({ family, n, run, scale }))));
}

const close = (actual, expected, rel = 1e-6) => assert.ok(Math.abs(actual - expected) <= rel * Math.max(1, Math.abs(expected)), `${actual} ≠ ${expected}`);

test('worked case by hand: an exact model is recovered and predicted to the nanosecond', () => {
  const model = fitCostModel(exactPoints());
  const desktop = model.platforms.find((p) => p.platform === 'desktop');
  close(desktop.inProcess.fixedNs.estimate, 500);
  close(desktop.inProcess.perDeviceNs.estimate, 100);
  const tcp = desktop.families.find((f) => f.id === 'tcp-json-jvm');
  close(tcp.fixedNs.estimate, 20000);
  close(tcp.perDeviceNs.estimate, 8000);
  assert.equal(tcp.reference, true);
  assert.equal(desktop.families.find((f) => f.id === 'shm-binary-native').best, true);
  // N = 10, C = 1000 ns: in = 500 + 1000 + 1000 = 2500; crossing = 20000 + 80000 = 100000; out = 102500.
  const p = predictCase(model, { platform: 'desktop', family: 'tcp-json-jvm', n: 10, engineRoundNs: 1000, frameHz: 60 });
  close(p.inProcess.estimate, 2500);
  close(p.outOfProcess.estimate, 102500);
  close(p.addedNs.estimate, 100000);
  close(p.ratio.estimate, 41);
  close(p.frameShare.estimate, 0.006); // 100 µs of a 16.67 ms frame
  // Ratio 2 ⇔ C = 100000 / (2 − 1) − 1500 = 98500; ratio 1.1 ⇔ C = 100000 / 0.1 − 1500 = 998500.
  close(p.breakEven.ratio2.estimate, 98500);
  close(p.breakEven.ratio1_1.estimate, 998500);
  // No scatter between runs: the intervals are the estimates.
  close(p.outOfProcess.ci95[0], 102500);
  close(p.outOfProcess.ci95[1], 102500);
  assert.equal(p.inRange, true);
  assert.deepEqual(p.warnings, []);
});

test('the out-of-process engine cost replaces the in-process one on its side only', () => {
  const model = fitCostModel(exactPoints());
  const p = predictCase(model, { platform: 'desktop', family: 'tcp-json-jvm', n: 10, engineRoundNs: 1000, outOfProcessEngineRoundNs: 3000 });
  close(p.inProcess.estimate, 2500);
  close(p.outOfProcess.estimate, 104500);
  close(p.addedNs.estimate, 102000);
});

test('a network round trip replaces the family\'s loopback round trip in the crossing', () => {
  const model = fitCostModel(exactPoints());
  const p = predictCase(model, { platform: 'desktop', family: 'tcp-json-jvm', n: 10, engineRoundNs: 1000, networkRttNs: 1_000_000 });
  close(p.addedNs.estimate, 100000 - 40000 + 1_000_000);
  assert.ok(p.warnings.some((w) => /network round trip/.test(w)));
  const shm = predictCase(model, { platform: 'desktop', family: 'shm-binary-native', n: 10, engineRoundNs: 1000, networkRttNs: 1000 });
  assert.ok(shm.warnings.some((w) => /shared memory does not cross a network/.test(w)));
});

test('N and engine costs outside the measured range say so', () => {
  const model = fitCostModel(exactPoints());
  const far = predictCase(model, { platform: 'desktop', family: 'tcp-json-jvm', n: 5000, engineRoundNs: 5000 * 16485 });
  assert.equal(far.inRange, false);
  assert.ok(far.warnings.some((w) => /N = 5000 lies outside the measured 10–1000/.test(w)));
  assert.ok(far.warnings.some((w) => /per device and round lies outside/.test(w)));
});

test('bad inputs are refused with a clear Error', () => {
  const model = fitCostModel(exactPoints());
  // Bad inputs on purpose: the model's own checks, not the types, refuse them.
  /** @type {any} */
  const ok = { platform: 'desktop', family: 'tcp-json-jvm', n: 10, engineRoundNs: 1000 };
  assert.throws(() => predictCase(model, { ...ok, platform: 'console' }), /unknown platform "console"/);
  assert.throws(() => predictCase(model, { ...ok, family: 'pigeon' }), /unknown family "pigeon" on desktop \(known: shm-binary-native, tcp-json-jvm\)/);
  for (const n of [0, 0.5, 10.5, -3, NaN, Infinity, '10', undefined]) assert.throws(() => predictCase(model, { ...ok, n }), /costModel: n must/);
  for (const engineRoundNs of [-1, NaN, Infinity, null]) assert.throws(() => predictCase(model, { ...ok, engineRoundNs }), /costModel: engineRoundNs must/);
  assert.throws(() => predictCase(model, { ...ok, frameHz: 0 }), /frameHz must be above 0/);
  assert.throws(() => predictCase(model, { ...ok, frameHz: -60 }), /frameHz must/);
  assert.throws(() => predictCase(model, { ...ok, networkRttNs: -1 }), /networkRttNs must/);
  assert.throws(() => predictCase(model, { ...ok, outOfProcessEngineRoundNs: NaN }), /outOfProcessEngineRoundNs must/);
  assert.throws(() => predictCase(null, ok), /not a cost model/);
  assert.throws(() => predictCase(model, null), /inputs must be an object/);
});

const model = fitCostModel(noisyPoints());
const families = ['tcp-json-jvm', 'shm-binary-native'];
const arbCase = fc.record({
  family: fc.constantFrom(...families),
  n: fc.integer({ min: 1, max: 5000 }),
  engineRoundNs: fc.double({ min: 0, max: 1e9, noNaN: true }),
});
const predict = (c, over = {}) => predictCase(model, { platform: 'desktop', ...c, ...over });
const contains = (e) => e.ci95[0] <= e.estimate * (1 + 1e-12) && e.estimate <= e.ci95[1] * (1 + 1e-12);

test('property: the prediction rises with the engine cost and the ratio falls', () => {
  fc.assert(fc.property(arbCase, fc.double({ min: 0, max: 1e8, noNaN: true }), (c, extra) => {
    const a = predict(c);
    const b = predict(c, { engineRoundNs: c.engineRoundNs + extra });
    return b.inProcess.estimate >= a.inProcess.estimate && b.outOfProcess.estimate >= a.outOfProcess.estimate
      && (a.ratio.estimate < 1 || b.ratio.estimate <= a.ratio.estimate * (1 + 1e-12));
  }));
});

test('property: the prediction rises with N (both per-device terms are positive)', () => {
  fc.assert(fc.property(arbCase, fc.integer({ min: 0, max: 5000 }), (c, more) => {
    const a = predict(c);
    const b = predict(c, { n: c.n + more });
    return b.inProcess.estimate >= a.inProcess.estimate && b.outOfProcess.estimate >= a.outOfProcess.estimate;
  }));
});

test('property: the ratio tends to 1 as the engine cost grows', () => {
  fc.assert(fc.property(arbCase, (c) => {
    const r = predict(c, { engineRoundNs: 1e18 }).ratio.estimate;
    return r >= 1 && r - 1 < 1e-6;
  }));
});

test('property: at the break-even engine cost the ratio is exactly the one it names', () => {
  fc.assert(fc.property(arbCase, (c) => {
    const p = predict(c);
    return /** @type {[import('../src/costModel.mjs').Estimate, number][]} */ ([[p.breakEven.ratio2, 2], [p.breakEven.ratio1_1, 1.1]]).every(([be, r]) => {
      if (be.estimate <= 0) return predict(c, { engineRoundNs: 0 }).ratio.estimate <= r + 1e-9;
      return Math.abs(predict(c, { engineRoundNs: be.estimate }).ratio.estimate - r) < 1e-9;
    });
  }));
});

test('property: every interval contains its estimate', () => {
  fc.assert(fc.property(arbCase, fc.option(fc.double({ min: 1, max: 240, noNaN: true }), { nil: undefined }), (c, frameHz) => {
    const p = predict(c, { frameHz });
    return [p.inProcess, p.outOfProcess, p.addedNs, p.ratio, p.breakEven.ratio2, p.breakEven.ratio1_1, ...(p.frameShare ? [p.frameShare] : [])].every(contains);
  }));
});

test('the interval carries the scatter between runs: about 95 % of another day\'s runs fall inside', () => {
  // Ten fits on 20 runs each, each checked on 20 fresh runs (days ×0.8–1.2 on the whole step): pooled, since one
  // sample of 20 days can be narrow by chance.
  let inside = 0;
  let of = 0;
  for (let k = 1; k <= 10; k++) {
    const m = fitCostModel(noisyPoints(1000 * k + 1, 20));
    for (const p of noisyPoints(1000 * k + 2, 20)) {
      const pred = predictCase(m, { platform: 'desktop', family: p.family, n: p.n, engineRoundNs: p.inCompute });
      of += 1;
      if (pred.outOfProcess.ci95[0] <= p.outE2e.estimate && p.outE2e.estimate <= pred.outOfProcess.ci95[1]) inside += 1;
    }
  }
  assert.ok(inside >= 0.9 * of, `${inside} of ${of}`);
});

test('held-out coverage counts the held-out points and names the misses', () => {
  const points = exactPoints();
  points.push({ ...point({ n: 100, run: 'c' }), outE2e: { estimate: 5e6, ci95: [5e6, 5e6] } });
  const c = heldOutCoverage(points, { heldOut: 'N = 100', isHeldOut: (p) => p.n === 100 });
  assert.equal(c.heldOut, 'N = 100');
  assert.equal(c.of, 5);
  assert.equal(c.inside + c.misses.length, c.of);
  assert.deepEqual(c.misses.filter((m) => m.run === 'c').map((m) => m.measuredNs), [5e6]);
  assert.ok(c.misses[0].predicted.ci95[1] < 5e6);
});

test('fitLine: weighted least squares recovers a line; one N borrows the per-device term', () => {
  const line = fitLine([10, 10, 1000, 1000], [1100, 1100, 100100, 100100]);
  close(line.fixed, 100);
  close(line.perDevice, 100);
  assert.equal(line.dof, 2);
  const borrowed = fitLine([10, 10], [1500, 1700], { perDevice: { estimate: 100, ci95: [90, 110] } });
  close(borrowed.perDevice, 100);
  close(borrowed.fixed, 600, 0.01);
  assert.equal(borrowed.dof, 1);
});

test('familyOf reads the configuration as run.json records it', () => {
  assert.equal(familyOf('desktop', { encoding: 'binary', outOfProcessTransport: 'shm', outOfProcessServer: 'native' }), 'shm-binary-native');
  assert.equal(familyOf('desktop', {}), 'tcp-json-jvm');
  assert.equal(familyOf('web', { encoding: 'binary-step' }), 'ws-binary-step');
});

test('pointsOfRun: the headline statistic of each side, the in-process side of the web from the first encoding', () => {
  const fig = (estimate) => ({ estimate, ci95: [estimate * 0.9, estimate * 1.1] });
  const web = {
    id: 'w', kind: 'web', createdAt: '2026-12-07T10:00:00Z',
    configurations: [
      { id: 'n10-free', nodeCount: 10, pacing: 'free', encoding: 'json' },
      { id: 'n10-free-binary-step', nodeCount: 10, pacing: 'free', encoding: 'binary-step' },
      { id: 'n10-frame', nodeCount: 10, pacing: 'frame', encoding: 'json' },
      { id: 'n10-free-euclidean-work-1000', nodeCount: 10, pacing: 'free', encoding: 'json', program: 'euclidean:work=1000' },
    ],
  };
  const paths = (wasm) => ({ ...(wasm ? { wasm: { e2eBlock_mean: fig(7000), e2e_median: fig(10000), compute_median: fig(2000) } } : { wasm: {} }),
    websocket: { e2e_mean: fig(500000), e2e_median: fig(300000), compute_median: fig(9000), osTcp_median: fig(40000) } });
  const summary = { configurations: [
    { id: 'n10-free', paths: paths(true) }, { id: 'n10-free-binary-step', paths: paths(false) }, { id: 'n10-frame', paths: paths(true) },
    { id: 'n10-free-euclidean-work-1000', paths: paths(true) },
  ] };
  const { points, skipped } = pointsOfRun(web, summary);
  assert.deepEqual(points.map((p) => [p.family, p.config, p.inE2e.estimate, p.outE2e.estimate, p.inCompute, p.outCompute, p.loopbackRttNs, p.workNs]), [
    ['ws-json', 'n10-free', 7000, 500000, 2000, 9000, 40000, 0],
    ['ws-binary-step', 'n10-free-binary-step', 7000, 500000, 2000, 9000, 40000, 0],
    ['ws-json', 'n10-free-euclidean-work-1000', 7000, 500000, 2000, 9000, 40000, 1000],
  ]);
  assert.deepEqual(skipped.map((s) => [s.config, s.why]), [['n10-frame', 'pacing frame']]);
  const desktop = { id: 'd', kind: 'desktop', configurations: [{ id: 'n10-free-binary', nodeCount: 10, pacing: 'free', encoding: 'binary' }] };
  const dSummary = { configurations: [{ id: 'n10-free-binary', paths: { native: { e2e_median: fig(3000), compute_median: fig(1800) }, socket: { e2e_median: fig(30000), compute_median: fig(3500), osTcp_median: fig(40000) } } }] };
  assert.equal(pointsOfRun(desktop, dSummary).points[0].family, 'tcp-binary-jvm');
  assert.deepEqual(pointsOfRun(desktop, dSummary, { binaryFrame: false }).skipped.map((s) => s.why), ['binary encoding before the binary positions frame']);
  assert.deepEqual(pointsOfRun({ id: 'n', kind: 'network', configurations: [] }, null), { points: [], skipped: [] });
});

test('engine presets: the benchmark\'s seconds over 200 devices × 1000 rounds, the reference study\'s median per device', async () => {
  const { ENGINE_PRESETS, COLLEKTIVE_REFERENCE, measuredProgramPresets, referenceComputeOf } = await import('../src/enginePresets.mjs');
  const byId = Object.fromEntries(ENGINE_PRESETS.map((p) => [p.id, p]));
  assert.equal(byId['collektive-benchmark-collektive'].perDeviceNs, 17000); // 3.4 s / 200 000
  assert.equal(byId['collektive-benchmark-protelis'].perDeviceNs, 16500);
  assert.equal(byId['collektive-benchmark-scafi'].perDeviceNs, 31500);
  assert.deepEqual(COLLEKTIVE_REFERENCE.perPathNs, { native: 16485, socket: 19601 });
  for (const p of ENGINE_PRESETS) assert.ok(p.source.length > 40, p.id);
  // The reference's warm-up: the first 30 samples dropped, the median of the rest.
  const rows = [...Array.from({ length: 30 }, (_, i) => ({ t: i, id: 'step.compute', d: 1e9 })), { t: 30, id: 'step.compute', d: 164849 }];
  assert.deepEqual(referenceComputeOf({ native: rows }), { native: { roundNs: 164849, perDeviceNs: 16484.9 } });
  const points = [point({ n: 10, compute: 2000, outCompute: 7000, run: 'p' }), point({ n: 100, compute: 30000, outCompute: 120000, run: 'p' }), point({ n: 100, run: 'other' })];
  const [ours] = measuredProgramPresets(points, ['p']);
  assert.equal(ours.id, 'ours-desktop-euclidean');
  assert.deepEqual(ours.perPathNs, { native: 300, socket: 1200 });
  assert.deepEqual(ours.byN, { 10: { native: 200, socket: 700 }, 100: { native: 300, socket: 1200 } });
});

test('the published cost-model.json predicts every family with every preset', async () => {
  const { readFileSync } = await import('node:fs');
  const published = JSON.parse(readFileSync(new URL('../../public/data/cost-model.json', import.meta.url), 'utf8'));
  assert.equal(published.schemaVersion, 1);
  for (const pm of published.platforms) {
    for (const f of pm.families) {
      for (const preset of published.presets) {
        const p = predictCase(published, { platform: pm.platform, family: f.id, n: 10, engineRoundNs: 10 * preset.perDeviceNs, frameHz: 60 });
        assert.ok(p.outOfProcess.estimate > p.inProcess.estimate * 0.5 && contains(p.inProcess) && contains(p.outOfProcess), `${pm.platform}/${f.id}/${preset.id}`);
        // No interval claims a boundary that saves time where the estimate does not (the scatter is wide: ±80–240 %).
        assert.ok(p.addedNs.ci95[0] >= Math.min(0, p.addedNs.estimate), `${pm.platform}/${f.id}/${preset.id}: added ${p.addedNs.ci95}`);
        assert.ok(p.ratio.ci95[0] >= Math.min(1, p.ratio.estimate), `${pm.platform}/${f.id}/${preset.id}: ratio ${p.ratio.ci95}`);
      }
    }
  }
});
