// A run against a baseline (measurement/src/compare.mjs) on made-up figures, both summary formats, and
// `npm run bench:compare` on the published spin-fix pair: the fix is an improvement (exit 0), the reverse a flagged
// regression (exit 1), a bad command line exit 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { changeOf, compareFigures, figuresOf, machineDifferences, regressions, twinOf, withReproduce } from '../src/compare.mjs';
import { root } from '../src/runRecordFiles.mjs';

test('a change is flagged only when the run\'s interval lies wholly outside the baseline\'s; higher is worse', () => {
  assert.deepEqual(changeOf({ estimate: 10, ci95: [9, 11] }, { estimate: 12, ci95: [11.5, 13] }), { changePct: 19.999999999999996, overlap: false, runInBase: false, flag: 'regression' });
  assert.equal(changeOf({ estimate: 10, ci95: [9, 11] }, { estimate: 8, ci95: [7, 8.9] }).flag, 'improvement');
  assert.equal(changeOf({ estimate: 10, ci95: [9, 11] }, { estimate: 12, ci95: [11, 13] }).flag, null, 'touching intervals overlap');
  const noInterval = changeOf({ estimate: 10, ci95: null }, { estimate: 20, ci95: [19, 21] });
  assert.equal(noInterval.flag, null);
  assert.equal(noInterval.overlap, null);
  assert.equal(noInterval.changePct, 100);
});

test('figures from a summary with invocations and from one without (estimates only)', () => {
  const withInv = { configurations: [{ id: 'c', ratios: { e2e_median: { estimate: 3, ci95: [2, 4], invocations: 5 } }, paths: { socket: { e2e_median: { estimate: 100, ci95: [90, 110], invocations: 5 } } } }] };
  assert.deepEqual([...figuresOf(withInv, 'c').keys()], ['ratio.e2e_median', 'socket.e2e_median']);
  const old = { configurations: [{ id: 'c', ratios: { e2e: { median: 30, p95: 40, p99: 50, mean: 1 }, pairedE2e: { median: 1 } }, native: { e2e: { count: 1, median: 4, p95: 5, p99: 6 } } }] };
  const f = figuresOf(old, 'c');
  assert.deepEqual(f.get('ratio.e2e_median'), { estimate: 30, ci95: null, invocations: 1 });
  assert.equal(f.get('native.e2e_p99').estimate, 6);
  assert.ok(!f.has('ratio.pairedE2e_median'));
  assert.equal(figuresOf(old, 'missing').size, 0);
});

test('twins, reproduce verdicts, machine differences, floors never fail a check', () => {
  assert.equal(twinOf('x-1-a'), 'x-1-b');
  assert.equal(twinOf('x-1-b'), 'x-1-a');
  assert.equal(twinOf('2026-11-21-web-n10'), null);
  /** @type {(e: number, lo: number, hi: number) => import('../src/compare.mjs').Figure} */
  const f = (e, lo, hi) => ({ estimate: e, ci95: [lo, hi], invocations: 5 });
  const rows = compareFigures(new Map([['ratio.e2e_median', f(30, 29, 31)], ['native.floor_median', f(40, 39, 41)]]),
    new Map([['ratio.e2e_median', f(40, 39, 41)], ['native.floor_median', f(50, 49, 51)]]));
  assert.deepEqual(regressions(rows).map((r) => r.figure), ['ratio.e2e_median']);
  const twin = compareFigures(new Map([['ratio.e2e_median', f(30, 29, 31)]]), new Map([['ratio.e2e_median', f(30.5, 29, 32)]]));
  const v = withReproduce(rows, twin);
  assert.equal(v[0].reproduce, 'not reproduced');
  assert.equal(v[1].reproduce, null, 'no twin row');
  assert.deepEqual(machineDifferences({ cpuModel: 'A', cores: 2, runtimes: { node: '20' } }, { cpuModel: 'B', cores: 2, runtimes: { node: '22' } }), ['CPU: A → B', 'node: 20 → 22']);
});

const cli = (...args) => spawnSync(process.execPath, [join(root, 'scripts', 'bench-compare.mjs'), ...args], { encoding: 'utf8' });
const SPIN = '2026-11-24-desktop-5781bf9-202243-ad5a-a';

test('bench:compare on the published spin fix: the e2e ratio improved and reproduced in the twin runs (exit 0); reversed, a regression (exit 1)', () => {
  const fix = cli(`${SPIN}/n10-free-sspin0`, `${SPIN}/n10-free-sspin50`, '--figures', 'ratio.,socket.e2e_median', '--json');
  assert.equal(fix.status, 0, fix.stderr);
  const out = JSON.parse(fix.stdout);
  const e2e = out.results[0].rows.find((r) => r.figure === 'ratio.e2e_median');
  assert.equal(e2e.flag, 'improvement');
  assert.equal(e2e.reproduce, 'reproduced');
  assert.ok(e2e.changePct < -20, String(e2e.changePct));
  const back = cli(`${SPIN}/n10-free-sspin50`, `${SPIN}/n10-free-sspin0`, '--figures', 'ratio.e2e_median');
  assert.equal(back.status, 1, back.stdout);
  assert.match(back.stdout, /verdict: REGRESSION in 1 figure\(s\): .*ratio\.e2e_median/);
});

test('bench:compare: a bad command line or an unknown run exits 2 with the usage', () => {
  for (const args of [[], ['only-one'], ['no-such-run', `${SPIN}`], [`${SPIN}/nope`, `${SPIN}`], [SPIN, SPIN, '--bogus']]) {
    const r = cli(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, /usage: npm run bench:compare/);
  }
});
