// The network figures (measurement/src/networkAnalysis.mjs, docs/network.md) on made-up numbers: where a path
// crosses a budget between RTT profiles, the break-even, the capacity verdicts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { breakEven, capacityVerdict, crossing } from '../src/networkAnalysis.mjs';

describe('break-even and capacity', () => {
  test('crossing interpolates between profiles, 0 when over at once, extrapolates past the last', () => {
    const ms = 1e6;
    assert.equal(crossing([{ rtt: 0, y: 1 * ms }, { rtt: 10, y: 11 * ms }], 6 * ms), 5);
    assert.equal(crossing([{ rtt: 0, y: 20 * ms }, { rtt: 10, y: 30 * ms }], 16 * ms), 0);
    assert.equal(crossing([{ rtt: 0, y: 1 * ms }, { rtt: 10, y: 11 * ms }], 21 * ms), 20);
  });

  test('break-even from figures with intervals', () => {
    const ms = 1e6;
    const cell = (rtt, y) => ({ rttMs: rtt, figures: { e2e: { median: y * ms, medianCi: [(y - 1) * ms, (y + 1) * ms], p95: y * ms, p95Ci: [y * ms, y * ms] } } });
    const b = breakEven([cell(0, 1), cell(10, 11), cell(40, 41)]);
    assert.ok(Math.abs(b['60Hz'].rttMs - 15.67) < 0.01, JSON.stringify(b));
    assert.ok(b['60Hz'].ci95[0] < 15.67 && b['60Hz'].ci95[1] > 15.67);
    assert.ok(Math.abs(b['30Hz'].rttMs - 32.33) < 0.01);
  });

  test('capacity: the largest M counts only levels after which every smaller one passed', () => {
    const lat = (ms) => Array.from({ length: 200 }, (_, i) => (ms + (i % 10) * 0.1) * 1e6);
    const v = capacityVerdict([
      { m: 1, invocations: [lat(1), lat(1.2), lat(1.1)] },
      { m: 2, invocations: [lat(30), lat(31), lat(29)] },
      { m: 4, invocations: [lat(2), lat(2), lat(2)] },
    ]);
    assert.equal(v.largestM, 1);
    assert.deepEqual(v.largestMCi, [1, 1]);
    assert.equal(v.levels[1].verdict, 'not met');
    assert.equal(v.limitedBy, 'server');
  });

  test('capacity: a level whose generator lagged is no server verdict; the largest M before it is a lower bound', () => {
    const lat = (ms) => Array.from({ length: 200 }, (_, i) => (ms + (i % 10) * 0.1) * 1e6);
    const levels = [{ m: 1, invocations: [lat(1), lat(1), lat(1)] }, { m: 2, invocations: [lat(30), lat(31), lat(29)] }];
    const v = capacityVerdict(levels, undefined, [[1e6, 1e6, 1e6], [9e6, 8e6, 10e6]]);
    assert.equal(v.levels[1].generatorBound, true);
    assert.equal(v.largestM, 1);
    assert.equal(v.limitedBy, 'generator');
    assert.equal(capacityVerdict([levels[0]], undefined, [[1e6, 1e6, 1e6]]).limitedBy, 'levels');
  });
});
