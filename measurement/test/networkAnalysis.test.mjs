// The network figures (measurement/src/networkAnalysis.mjs, docs/network.md) on made-up numbers: where a path
// crosses a budget between RTT profiles, the break-even (per program), the capacity verdicts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { breakEven, breakEvens, capacityVerdict, crossing, programOf } from '../src/networkAnalysis.mjs';

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

  describe('break-even rows per program', () => {
    const ms = 1e6;
    // e2e = base + slope × RTT, with a ± 1 ms interval; no program: a cell from before --programs (the gradient).
    const cell = (o, rtt, y) => ({ platform: 'desktop', transport: 'socket', n: 10, encoding: 'json', pacing: 'free', inFlight: 1, rateKBps: null,
      profile: rtt === 0 ? 'loopback' : `rtt${rtt}`, ...o, rttMs: rtt, figures: { e2e: { median: y * ms, medianCi: [(y - 1) * ms, (y + 1) * ms], p95: y * ms, p95Ci: [y * ms, y * ms] } } });
    const curve = (o, base) => [0, 10, 40].map((rtt) => cell(o, rtt, base + rtt));
    const baseline = (o, e2e) => ({ ...cell({ ...o, transport: 'native', profile: 'in-process' }, 0, 0), figures: { e2e: { median: e2e } } });

    test('one row per program, path, N and encoding, each naming its program and its own baseline', () => {
      const rows = breakEvens([
        ...curve({ program: 'euclidean' }, 1), ...curve({ program: 'gossipMax' }, 6), ...curve({ program: 'gossipMax', n: 100 }, 9),
        baseline({ program: 'euclidean' }, 3700), baseline({ program: 'gossipMax' }, 5200),
      ]);
      assert.deepEqual(rows.map((r) => `${r.program} n${r.n}`), ['euclidean n10', 'gossipMax n10', 'gossipMax n100']);
      const row = (program, n) => rows.find((r) => r.program === program && r.n === n);
      // 1 + rtt crosses 16.67 at 15.67; 6 + rtt at 10.67; 9 + rtt at 7.67: each program's curve, not a mix.
      assert.ok(Math.abs(row('euclidean', 10).median['60Hz'].rttMs - 15.67) < 0.01, JSON.stringify(row('euclidean', 10)));
      assert.ok(Math.abs(row('gossipMax', 10).median['60Hz'].rttMs - 10.67) < 0.01, JSON.stringify(row('gossipMax', 10)));
      assert.ok(Math.abs(row('gossipMax', 100).median['60Hz'].rttMs - 7.67) < 0.01);
      assert.equal(row('euclidean', 10).inProcessE2e.median, 3700);
      assert.equal(row('gossipMax', 10).inProcessE2e.median, 5200);
      assert.equal(row('gossipMax', 100).inProcessE2e, null, 'no baseline at N = 100 in this grid');
    });

    test('cells without a program (runs from before --programs) are the gradient, and group with it', () => {
      assert.equal(programOf({}), 'euclidean');
      assert.equal(programOf({ program: 'boundedElection:bound=2' }), 'boundedElection:bound=2');
      const old = breakEvens([...curve({}, 1), baseline({}, 3700)]);
      assert.equal(old.length, 1);
      assert.equal(old[0].program, 'euclidean');
      assert.equal(old[0].inProcessE2e.median, 3700);
      assert.deepEqual(old[0].median, breakEvens([...curve({ program: 'euclidean' }, 1)])[0].median);
    });

    test('only free-paced cells with one step in flight and no bandwidth limit enter', () => {
      const rows = breakEvens([...curve({ program: 'hop' }, 1), ...curve({ program: 'hop', pacing: 'frame' }, 30),
        ...curve({ program: 'hop', inFlight: 2 }, 30), cell({ program: 'hop', rateKBps: 125 }, 80, 500)]);
      assert.equal(rows.length, 1);
      assert.ok(Math.abs(rows[0].median['60Hz'].rttMs - 15.67) < 0.01);
    });
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
