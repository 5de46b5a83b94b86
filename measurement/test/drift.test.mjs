// Drift, clock and calibration helpers (docs/measurements.md, "Drift", "Clock resolution", "Calibrating a machine"):
// a real calibration probe in a fresh process, the spread schedule, clock-widened figures, paired ratios and
// differences, agreement.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { calibrationDrift, DRIFT_LIMIT, runCalibrationProbe } from '../src/calibrationFiles.mjs';
import { parseDuration, roundStartMs, waitForRound } from '../src/spread.mjs';
import { clockHonestText, differenceWithClock, ratioWithClock, withClock } from '../src/clock.mjs';
import { combinedInterval, pairedDifferenceInterval, pairedRatioInterval, ratioInterval } from '../src/intervals.mjs';
import { agreementOf, recommend } from '../src/agreement.mjs';

test('the calibration probe times its CPU kernel and a real loopback round trip in a fresh process', async () => {
  const r = await runCalibrationProbe();
  assert.equal(r.error, undefined, r.error);
  assert.ok(r.cpuKernelNs > 1e5 && r.cpuKernelNs < 5e9, `kernel ${r.cpuKernelNs} ns`);
  assert.ok(r.loopbackRttNs > 1e3 && r.loopbackRttNs < 1e8, `loopback ${r.loopbackRttNs} ns`);
  assert.equal(r.loopback, 'node-tcp-pingpong');
});

test('drift: the spread of each calibration figure over invocations, drifted beyond the limit', () => {
  const steady = calibrationDrift([1, 1.05, 0.98].map((x) => ({ cpuKernelNs: 5e6 * x, loopbackRttNs: 3e4 })));
  assert.equal(steady.drifted, false);
  assert.ok(Math.abs(steady.cpuKernel.spread - 0.07) < 1e-9);
  const moved = calibrationDrift([{ cpuKernelNs: 5e6, loopbackRttNs: 3e4 }, { cpuKernelNs: 5e6 * (1 + 2 * DRIFT_LIMIT), loopbackRttNs: 3e4 }, { error: 'x' }]);
  assert.equal(moved.drifted, true);
  assert.equal(moved.measured, 2);
  assert.equal(calibrationDrift([{ error: 'x' }]).drifted, null);
});

test('spread: durations, evenly spaced round starts, and a wait that never shortens an overrun', async () => {
  assert.equal(parseDuration('120s'), 120);
  assert.equal(parseDuration('2m'), 120);
  assert.equal(parseDuration('0'), 0);
  assert.equal(parseDuration('fast'), null);
  assert.deepEqual([0, 1, 4].map((k) => roundStartMs(k, 5, 120)), [0, 24000, 96000]);
  const t0 = Date.now();
  const waited = await waitForRound(1, 4, 0.4, t0);
  assert.ok(waited > 50 && Date.now() - t0 >= 95, `waited ${waited} ms`);
  assert.equal(await waitForRound(1, 4, 0.4, t0 - 10_000), 0);
});

test('clock: intervals widened by a tick per sample (δ / K for block means); within three ticks a figure is a bound', () => {
  const step = withClock({ estimate: 10000, ci95: [10000, 10000] }, 5000);
  assert.deepEqual(step.ci95, [5000, 15000]);
  assert.equal(step.clock.limited, true);
  assert.equal(clockHonestText(step, (x) => `${x / 1000} µs`), '≤ 15 µs');
  const block = withClock({ estimate: 5090, ci95: [5000, 5200] }, 5000, 200);
  assert.deepEqual(block.ci95, [4975, 5225]);
  assert.equal(block.clock.limited, false);
  const ws = withClock({ estimate: 468000, ci95: [412000, 531000] }, 5000);
  const r = ratioWithClock({ estimate: 468000 / 5090, ci95: [80, 100] }, ws, block);
  assert.ok(r.ci95[0] < 80 && r.ci95[1] > 100);
  assert.equal(ratioWithClock({ estimate: 47, ci95: [47, 47] }, ws, step).ci95[0] < 47, true);
});

test('paired ratio: drift common to both paths cancels; an unpaired ratio of the same data keeps it', () => {
  const level = [1, 1.6, 0.7, 1.3, 0.9];
  const series = (mu, k, s) => Array.from({ length: 40 }, (_, i) => mu * level[k] * (1 + 0.05 * Math.sin(i * 3 + s)));
  const num = level.map((_, k) => series(300, k, 1));
  const den = level.map((_, k) => series(10, k, 2));
  const unpaired = ratioInterval({ invocations: num, salt: 2 }, { invocations: den, salt: 1 });
  const paired = pairedRatioInterval({ invocations: num, salt: 2 }, { invocations: den, salt: 1 });
  assert.ok(Math.abs(paired.estimate - 30) < 0.5);
  assert.equal(paired.perInvocation.length, 5);
  assert.ok(paired.ci95[1] - paired.ci95[0] < (unpaired.ci95[1] - unpaired.ci95[0]) / 5, `${paired.ci95} vs ${unpaired.ci95}`);
  assert.equal(pairedRatioInterval({ invocations: num, salt: 2 }, { invocations: den.slice(1), salt: 1 }), null);
});

test('paired difference (the added cost): the mean of per-invocation differences, drift common to both paths cancels, the same draws as the paired ratio', () => {
  // Drift that adds the same time to both paths of an invocation (a slower machine for a while).
  const shift = [0, 4000, -2000, 6000, 1000];
  const series = (mu, k, s) => Array.from({ length: 40 }, (_, i) => mu + shift[k] + 50 * Math.sin(i * 3 + s));
  const num = shift.map((_, k) => series(70000, k, 1));
  const den = shift.map((_, k) => series(3000, k, 2));
  const paired = pairedDifferenceInterval({ invocations: num, salt: 2 }, { invocations: den, salt: 1 });
  assert.ok(Math.abs(paired.estimate - 67000) < 50, `${paired.estimate}`);
  assert.equal(paired.paired, true);
  assert.ok(paired.ci95[0] <= paired.estimate && paired.estimate <= paired.ci95[1]);
  const unpaired = combinedInterval([{ invocations: num, salt: 2 }, { invocations: den, salt: 1 }], ([o, i]) => o - i);
  assert.ok(Math.abs(unpaired.estimate - paired.estimate) < 1e-6, 'a mean of differences is the difference of the means');
  assert.ok(paired.ci95[1] - paired.ci95[0] < (unpaired.ci95[1] - unpaired.ci95[0]) / 5, `${paired.ci95} vs ${unpaired.ci95}`);
  assert.equal(pairedDifferenceInterval({ invocations: num, salt: 2 }, { invocations: den.slice(1), salt: 1 }), null);
  // Exactly the ratio's resampling: the ratio of the same data from the same draws keeps its published values.
  const ratio = pairedRatioInterval({ invocations: num, salt: 2 }, { invocations: den, salt: 1 });
  assert.deepEqual(ratio.perInvocation, num.map((v, k) => {
    const med = (a) => { const s = [...a].sort((x, y) => x - y); return (s[19] + s[20]) / 2; };
    return med(v) / med(den[k]);
  }));
});

test('clock: a difference widened by both sides\' bounds, not clamped at zero', () => {
  const out = withClock({ estimate: 20000, ci95: [18000, 22000] }, 5000);
  const block = withClock({ estimate: 5090, ci95: [5000, 5200] }, 5000, 200);
  const d = differenceWithClock({ estimate: 14910, ci95: [13000, 17000] }, out, block);
  assert.deepEqual(d.ci95, [13000 - 5025, 17000 + 5025]);
  assert.equal(d.clock.limited, false);
  const near = differenceWithClock({ estimate: 100, ci95: [-200, 400] }, withClock({ estimate: 3100, ci95: [3000, 3200] }, 100), withClock({ estimate: 3000, ci95: [2900, 3100] }, 100));
  assert.deepEqual(near.ci95, [-400, 600]);
  assert.equal(differenceWithClock({ estimate: 1, ci95: null }, out, block).ci95, null);
});

test('agreement: ordered pairs with one estimate inside the other interval; the recommendation follows it', () => {
  const agree = agreementOf([{ estimate: 20, ci95: [18, 22] }, { estimate: 21, ci95: [19, 23] }, { estimate: 19.5, ci95: [17.5, 21.5] }]);
  assert.equal(agree.pairs, 6);
  assert.equal(agree.inside, 6);
  const apart = agreementOf([{ estimate: 20, ci95: [19.5, 20.5] }, { estimate: 30, ci95: [29.5, 30.5] }, { estimate: 20.2, ci95: [19.9, 20.6] }]);
  assert.equal(apart.inside, 2);
  assert.deepEqual(recommend([{ key: 'e2e', ...agree }], { spreadSeconds: 120, invocations: 5 }).calibrated, true);
  const r = recommend([{ key: 'e2e', ...apart }], { spreadSeconds: 120, invocations: 5 });
  assert.equal(r.calibrated, false);
  assert.equal(r.spreadSeconds, 240);
  assert.ok(r.invocations > 5 && r.invocations <= 20);
});

test('calibration: judged on the runs the bench did not mark, when they are at least three and most of the runs', () => {
  const agree = agreementOf([{ estimate: 20, ci95: [18, 22] }, { estimate: 21, ci95: [19, 23] }, { estimate: 19.5, ci95: [17.5, 21.5] }]);
  const all = agreementOf([{ estimate: 20, ci95: [19.5, 20.5] }, { estimate: 30, ci95: [29.5, 30.5] }, { estimate: 20.2, ci95: [19.9, 20.6] }]);
  const settings = { spreadSeconds: 240, invocations: 20 };
  // Two of five runs marked (busy or drifted); the three unmarked agree: calibrated, and it says how many were marked.
  const r = recommend([{ key: 'e2e', ...all }], settings, { marked: 2, runs: 5, unmarkedAgreements: [{ key: 'e2e', ...agree }] });
  assert.equal(r.calibrated, true);
  assert.match(r.why, /3 unmarked runs .*2 of 5 runs marked/);
  // The unmarked ones disagree: not calibrated, said of them.
  const q = recommend([{ key: 'e2e', ...agree }], settings, { marked: 2, runs: 5, unmarkedAgreements: [{ key: 'e2e', ...all }] });
  assert.equal(q.calibrated, false);
  assert.match(q.why, /among the 3 unmarked runs/);
  // Most runs marked: no verdict from the few left, whatever they say.
  const few = recommend([{ key: 'e2e', ...agree }], settings, { marked: 3, runs: 5, unmarkedAgreements: [{ key: 'e2e', ...agree }] });
  assert.equal(few.calibrated, false);
  assert.match(few.why, /too few unmarked runs/);
  // No run marked: all runs decide, as without marks.
  assert.equal(recommend([{ key: 'e2e', ...all }], settings, { marked: 0, runs: 5, unmarkedAgreements: [] }).calibrated, false);
});

test('the headline carries the busy and drift caveats of its run, re-judged from run.json', async () => {
  const { machineCaveats } = await import('../src/headlineFiles.mjs');
  const path = (other) => ({ startedAt: '2026-01-01T00:00:00.000Z', endedAt: '2026-01-01T00:00:02.000Z', otherCpuSeconds: other, busy: true });
  const inv = (cpu, other) => ({ calibration: { cpuKernelNs: cpu, loopbackRttNs: 30000 }, paths: { native: path(other), socket: path(0.01) } });
  const quiet = machineCaveats({ environment: { cores: 2 } }, { invocations: [inv(5e6, 0.02), inv(5.1e6, 0.02)] });
  assert.deepEqual(quiet.caveats, []);
  assert.deepEqual(quiet.busy, { flagged: 0, of: 4 });
  const loaded = machineCaveats({ environment: { cores: 2 } }, { invocations: [inv(5e6, 1.5), inv(9e6, 0.02)] });
  assert.equal(loaded.busy.flagged, 1);
  assert.equal(loaded.drift.drifted, true);
  assert.equal(loaded.caveats.length, 2);
  assert.match(loaded.caveats.join(' '), /1 of 4 path invocations .* busy|1 of 4 path invocations ran while other processes/);
});
