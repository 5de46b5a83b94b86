// bench:engine's per-device reading of the engine against its floor (measurement/src/engineEfficiency.mjs): the
// runtime's own ns per device and what the 1.5x target leaves it say the same as the ratio, in other units.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { RATIO_TARGET, engineEfficiency } from '../src/engineEfficiency.mjs';
import { verdict } from '../src/intervals.mjs';

test('a round of 600 us over a 400 us floor at N = 1000: 200 ns of runtime per device, 200 allowed, ratio 1.5', () => {
  const e = engineEfficiency({ engineUs: [600, 610, 590], floorUs: [400, 405, 395], nodeCount: 1000, salt: 5 });
  assert.equal(e.ratio.estimate, 1.5);
  assert.equal(e.runtimeNsPerDevice.estimate, 200);
  assert.equal(e.allowedNsPerDevice.estimate, 200);
  for (const f of [e.ratio, e.runtimeNsPerDevice, e.allowedNsPerDevice]) {
    assert.ok(f.ci95[0] <= f.estimate && f.estimate <= f.ci95[1], `interval ${f.ci95} holds ${f.estimate}`);
  }
  // The invocations differ (590–610 over 395–405): the runtime's interval has width, within the spread of its invocations.
  assert.ok(e.runtimeNsPerDevice.ci95[0] >= 195 && e.runtimeNsPerDevice.ci95[1] <= 205 && e.runtimeNsPerDevice.ci95[1] > e.runtimeNsPerDevice.ci95[0]);
});

test('the runtime fits what the target allows exactly when the ratio is within the target (point estimates)', () => {
  fc.assert(fc.property(
    fc.array(fc.tuple(fc.double({ min: 50, max: 5000, noNaN: true }), fc.double({ min: 50, max: 5000, noNaN: true })), { minLength: 1, maxLength: 6 }),
    fc.integer({ min: 1, max: 100000 }),
    (pairs, n) => {
      const e = engineEfficiency({ engineUs: pairs.map((p) => p[0]), floorUs: pairs.map((p) => p[1]), nodeCount: n, salt: 7 });
      const fits = e.runtimeNsPerDevice.estimate <= e.allowedNsPerDevice.estimate;
      const within = e.ratio.estimate <= RATIO_TARGET;
      // Equal but for rounding at the boundary itself.
      if (Math.abs(e.ratio.estimate - RATIO_TARGET) > 1e-9) assert.equal(fits, within);
    },
  ), { numRuns: 300, seed: 24 });
});

test('one invocation: figures without intervals; bad input refused with what was wrong', () => {
  const e = engineEfficiency({ engineUs: [900], floorUs: [400], nodeCount: 1000, salt: 1 });
  assert.equal(e.runtimeNsPerDevice.ci95, null);
  assert.match(verdict(e.ratio, RATIO_TARGET), /point estimate/);
  assert.throws(() => engineEfficiency({ engineUs: [1], floorUs: [1, 2], nodeCount: 10, salt: 1 }), /one median per invocation/);
  assert.throws(() => engineEfficiency({ engineUs: [1], floorUs: [1], nodeCount: 0, salt: 1 }), /nodeCount must be > 0/);
});
