// The invocation-level interval against an independent Python implementation on fixed data, plus the properties
// a reader relies on: deterministic, covers the per-invocation spread, no interval from one invocation.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chain, covers, h32, innerReplicatesOf, overlaps, pathInterval, quantile, ratioInterval, verdict } from '../src/intervals.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** Fixed data: R invocations of n samples around a per-invocation level (drift between invocations). */
function fixture(levels, n, spread, seed) {
  return levels.map((level, k) => Array.from({ length: n + k }, (_, j) => Math.round(level + spread * ((chain(seed, k, j) % 1000) / 1000 - 0.3))));
}
const native = fixture([4600, 4700, 4550, 5200, 4650], 40, 900, 11);
const socket = fixture([150000, 210000, 160000, 190000, 310000, 170000], 35, 40000, 12);
const OPTIONS = { seed: 1, resamples: 300, innerResamples: 40, level: 0.95 };

function python(cases) {
  const r = spawnSync('python3', [join(here, 'independent', 'intervals.py')], {
    input: JSON.stringify({ cases, seed: OPTIONS.seed, resamples: OPTIONS.resamples, inner: OPTIONS.innerResamples, level: OPTIONS.level }),
    encoding: 'utf8',
  });
  if (r.error || r.status !== 0) throw new Error(`python3 (needed by this test: apt-get install -y python3) failed: ${r.error?.message ?? r.stderr}`);
  return JSON.parse(r.stdout).results;
}

const close = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

test('hash matches known values (so SQL and Python can reproduce every draw)', () => {
  assert.equal(h32(0), 0);
  assert.equal(h32(1), 824515495);
  assert.equal(chain(1, 2, 0, 3), h32(h32(h32(h32(1) + 2) + 0) + 3));
  assert.equal(h32(2 ** 32 + 5), h32(5));
});

test('path and ratio intervals equal the independent Python implementation on fixed data', () => {
  const cases = [
    { kind: 'path', invocations: native, statistic: 'median', salt: 1 },
    { kind: 'path', invocations: socket, statistic: 'p95', salt: 2 },
    { kind: 'path', invocations: socket, statistic: 'p99', salt: 2 },
    { kind: 'ratio', num: { invocations: socket, salt: 2 }, den: { invocations: native, salt: 1 }, statistic: 'median' },
    { kind: 'ratio', num: { invocations: socket, salt: 2 }, den: { invocations: socket.map((v) => v.map((x) => x / 3)), salt: 2 }, statistic: 'median' },
  ];
  const py = python(cases);
  cases.forEach((c, i) => {
    const js = c.kind === 'path'
      ? pathInterval(c.invocations, { ...OPTIONS, statistic: /** @type {import('../src/intervals.mjs').Statistic} */ (c.statistic), salt: c.salt })
      : ratioInterval(c.num, c.den, { ...OPTIONS, statistic: c.statistic });
    close(js.estimate, py[i].estimate, `case ${i} estimate`);
    assert.ok(js.ci95 && py[i].ci95, `case ${i} has an interval`);
    close(js.ci95[0], py[i].ci95[0], `case ${i} lo`);
    close(js.ci95[1], py[i].ci95[1], `case ${i} hi`);
  });
});

test('the estimate is the mean of the per-invocation statistics; the interval reflects the spread between invocations', () => {
  const r = pathInterval(socket, { ...OPTIONS, statistic: 'median', salt: 2 });
  const meds = socket.map((v) => quantile(v, 0.5));
  close(r.estimate, meds.reduce((a, b) => a + b) / meds.length, 'estimate');
  assert.deepEqual(r.perInvocation, meds);
  assert.ok(covers(r.ci95, r.estimate));
  // Between-invocation spread is ~±25 % here: the interval must be far wider than one invocation's own ±1–3 %.
  assert.ok((r.ci95[1] - r.ci95[0]) / r.estimate > 0.15, `width ${(r.ci95[1] - r.ci95[0]) / r.estimate}`);
  const ratio = ratioInterval({ invocations: socket, salt: 2 }, { invocations: native, salt: 1 }, OPTIONS);
  assert.ok(ratio.ci95[0] < ratio.estimate && ratio.estimate < ratio.ci95[1]);
});

test('same inputs, same interval; another seed, a slightly different one', () => {
  const a = pathInterval(native, { ...OPTIONS, salt: 1 });
  assert.deepEqual(pathInterval(native, { ...OPTIONS, salt: 1 }), a);
  const b = pathInterval(native, { ...OPTIONS, salt: 1, seed: 7 });
  assert.notDeepEqual(b.ci95, a.ci95);
  assert.ok(overlaps(a.ci95, b.ci95));
});

test('one invocation gives no interval; verdicts follow the whole interval', () => {
  const one = pathInterval([native[0]], { ...OPTIONS, salt: 1 });
  assert.equal(one.ci95, null);
  assert.equal(one.invocations, 1);
  assert.equal(verdict({ estimate: 10, ci95: [8, 12] }, 20), 'met');
  assert.equal(verdict({ estimate: 10, ci95: [8, 12] }, 11), 'inconclusive');
  assert.equal(verdict({ estimate: 10, ci95: [8, 12] }, 5), 'not met');
  assert.match(verdict(one, 1e9), /^met \(point estimate/);
  assert.equal(verdict({ estimate: NaN, ci95: null }, 1), 'no data');
});

test('the inner level of three statistics at once (quickselect) equals drawing, sorting and interpolating each replicate', () => {
  const cases = [[5], [3, 1], [2, 2, 9], [4, 4, 4, 1, 7, 7, 2, 9, 9, 9, 3], Array.from({ length: 257 }, (_, i) => (i * 7919) % 101), []];
  const C = 30;
  const got = innerReplicatesOf(cases, { salt: 3, seed: 1, innerResamples: C });
  for (const [stat, q] of /** @type {[string, number][]} */ ([['median', 0.5], ['p95', 0.95], ['p99', 0.99]])) {
    cases.forEach((v, k) => {
      const want = Array.from({ length: C }, (_, c) => {
        if (!v.length) return NaN;
        const draws = v.map((_, j) => v[chain(1, 3, 0, k, c, j) % v.length]).sort((a, b) => a - b);
        const h = (draws.length - 1) * q;
        const lo = Math.floor(h);
        return draws[lo] + (h - lo) * (draws[Math.min(lo + 1, draws.length - 1)] - draws[lo]);
      });
      assert.deepEqual(Array.from(got[stat][k]), want, `${stat} of ${v.length} samples`);
    });
  }
});
