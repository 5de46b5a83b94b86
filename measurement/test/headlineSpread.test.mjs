// The spread of a headline ratio across the published runs (headlineSpread.mjs): which configurations count as the
// same, how runs, days, machines and commits are counted, the words, and, on the published runs, that the spread
// holds the headline's own run with its own point ratio.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SPREAD_MEANING, machineOf, sameConfigurationKey, spreadBrief, spreadOf, spreadText } from '../src/headlineSpread.mjs';
import { configurationPoint, publishedRuns, spreadAcrossRuns } from '../src/headlineFiles.mjs';

const env = (kernel, memoryBytes = 8e9) => ({ cpuModel: 'AMD EPYC', cores: 2, memoryBytes, kernel, os: 'Debian' });
const point = (run, createdAt, commit, environment, ratio, addedCostNs = ratio * 1000) => ({ run, config: 'n10-free', createdAt, commit, environment, ratio, addedCostNs });

test('the spread counts runs, distinct days, machines and commits, and spans the min and max ratio', () => {
  const s = spreadOf([
    point('r3', '2026-12-07T16:26:37Z', 'ca9f38b', env('v1300'), 44.7),
    point('r1', '2026-11-21T06:39:03Z', 'aaaaaaa', env('v669'), 34.9),
    point('r2', '2026-11-21T07:00:45Z', 'bbbbbbb', env('v669'), 20.8, 66e3),
    point('r4', '2026-12-07T17:00:00Z', 'ca9f38b', env('v1300', 9e9), 30),
  ]);
  assert.deepEqual([s.runs, s.days, s.machines, s.commits], [4, 2, 3, 3]);
  assert.deepEqual(s.ratio, [20.8, 44.7]);
  assert.deepEqual(s.addedCostNs, [30000, 66000], 'the added cost has its own min and max');
  assert.deepEqual(s.points.map((p) => p.run), ['r1', 'r2', 'r3', 'r4'], 'oldest first');
  assert.equal(s.points[0].day, '2026-11-21');
  assert.equal(spreadText(s), 'across 4 published runs on 2 days, 3 machines, 3 commits: 20.8–44.7×');
  assert.equal(spreadBrief(s), 'across 4 runs, 2 days, 3 machines: 20.8–44.7×');
});

test('a run without a finite ratio is left out; none left is null; one run says so', () => {
  assert.equal(spreadOf([point('r1', '2026-11-21T00:00:00Z', 'a', env('x'), NaN)]), null);
  const one = spreadOf([point('r1', '2026-11-21T00:00:00Z', 'a', env('x'), 12), point('r2', '2026-11-22T00:00:00Z', 'b', env('x'), Infinity)]);
  assert.equal(one.runs, 1);
  assert.equal(spreadText(one), 'only this run measured it');
  assert.equal(spreadBrief(one), 'only this run measured it');
  assert.equal(spreadText(null), 'no published run measured it');
});

test('a machine is its CPU, cores, memory and kernel: a missing field is unknown, not a match for anything', () => {
  assert.equal(machineOf(env('v1')), machineOf(env('v1')));
  assert.notEqual(machineOf(env('v1')), machineOf(env('v2')));
  assert.notEqual(machineOf(env('v1', 1)), machineOf(env('v1', 2)));
  assert.equal(machineOf(undefined), '? | ? | ? | ?');
});

test('the same configuration: defaults written out match absent fields; spin, work, preset, encoding, transport, server and driver tell apart', () => {
  const base = { nodeCount: 10, pacing: 'free' };
  const key = (c, platform = 'desktop') => sameConfigurationKey(platform, { ...base, ...c });
  assert.equal(key({}), key({ encoding: 'json', outOfProcessTransport: 'tcp', outOfProcessServer: 'jvm', serverSpinMicros: 50, program: 'euclidean' }));
  for (const other of [{ serverSpinMicros: 0 }, { program: 'euclidean:work=16500' }, { enginePreset: 'collektive-reference' }, { encoding: 'binary' },
    { outOfProcessTransport: 'shm' }, { outOfProcessServer: 'native' }, { nodeCount: 100 }, { pacing: 'frame' }, { pacing: 'fixed', tickMs: 20, timeScale: 0.1 }]) {
    assert.notEqual(key(other), key({}), JSON.stringify(other));
  }
  assert.equal(key({}, 'web'), key({ driver: 'playwright' }, 'web'), 'runs before the driver field were driven by Playwright');
  assert.notEqual(key({ driver: 'cdp' }, 'web'), key({}, 'web'));
  assert.notEqual(key({}, 'web'), key({}));
});

test('the words say what the bracket and the spread each cover', () => {
  assert.match(SPREAD_MEANING, /invocations of one run on one machine/);
  assert.match(SPREAD_MEANING, /days, machines, commits/);
});

test('on the published runs: each headline ratio\'s spread holds its own run at its own point ratio, and every run it counts is of the same configuration', () => {
  const dataDir = fileURLToPath(new URL('../../public/data/', import.meta.url));
  const h = JSON.parse(readFileSync(new URL('../../public/data/headline.json', import.meta.url), 'utf8'));
  const runs = publishedRuns(dataDir);
  const p = h.platforms.find((x) => x.platform === 'desktop');
  const s = p.spread;
  assert.ok(s.runs >= 2, 'the canonical desktop configuration was published more than once');
  const own = s.points.find((x) => x.run === p.run);
  assert.ok(own, 'the headline\'s run is one of them');
  assert.ok(Math.abs(own.ratio / p.ratio.estimate - 1) < 1e-5, `${own.ratio} vs ${p.ratio.estimate}`);
  assert.ok(s.ratio[0] <= p.ratio.estimate && p.ratio.estimate <= s.ratio[1]);
  const run = runs.find((r) => r.id === p.run);
  const config = run.configurations.find((c) => c.id === p.config);
  const key = sameConfigurationKey('desktop', config);
  for (const x of s.points) {
    const c = runs.find((r) => r.id === x.run).configurations.find((y) => y.id === x.config);
    assert.equal(sameConfigurationKey('desktop', c), key, `${x.run}/${x.config}`);
  }
  // The point figures are configurationE2e's estimates without the bootstrap: the added cost is out − in.
  const pt = configurationPoint(dataDir, run, config, 'desktop');
  assert.ok(Math.abs(pt.addedCostNs / p.addedCost.estimate - 1) < 1e-5);
  assert.deepEqual(spreadAcrossRuns(dataDir, runs, 'desktop', config, 'median'), JSON.parse(JSON.stringify(s)));
});
