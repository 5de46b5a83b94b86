// The desktop run's report (desktopSummary.mjs, desktopSummaryFiles.mjs), moved here from desktop-host/bench/ so that
// measurement/ reads no other folder of the repository: the targets it checks and summary.json's shape, and the
// boundary itself (no module of measurement/src imports from outside measurement/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTargetConfiguration, reportTargets, summaryJson } from '../src/desktopSummary.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, '..', 'src');

test('no module of measurement/src imports a file outside measurement/ (e.g. scripts/)', () => {
  const measurement = resolve(here, '..');
  for (const f of readdirSync(src).filter((x) => x.endsWith('.mjs'))) {
    const text = readFileSync(join(src, f), 'utf8');
    const specs = [...text.matchAll(/(?:from\s+|import\()\s*['"](\.[^'"]+)['"]/g)].map((m) => m[1]);
    for (const spec of specs) {
      const target = relative(measurement, resolve(src, spec));
      assert.ok(!target.startsWith('..'), `${f} imports ${spec}, outside measurement/`);
    }
  }
});

test('the report checks the targets of the free-paced json configurations at N = 10 only', () => {
  assert.equal(isTargetConfiguration({ nodeCount: 10, pacing: 'free', encoding: 'json' }), true);
  for (const c of [{ nodeCount: 100, pacing: 'free', encoding: 'json' }, { nodeCount: 10, pacing: 'fixed', encoding: 'json' }, { nodeCount: 10, pacing: 'free', encoding: 'binary' }]) {
    assert.equal(isTargetConfiguration(c), false, JSON.stringify(c));
  }
  assert.deepEqual(reportTargets([{ c: { id: 'n10-fixed', nodeCount: 10, pacing: 'fixed', encoding: 'json' }, h: {} }]), []);
});

test('summary.json: the run\'s id and spread, each configuration\'s figures, non-finite numbers written as null', () => {
  const run = { id: 'r', createdAt: '2026-12-07T00:00:00Z', parameters: { spreadSeconds: 240 } };
  const results = [{ c: { id: 'n10-free' }, a: { ratio: Number.NaN }, h: { invocations: { native: 2, socket: 2 }, ratios: { e2e_median: { estimate: Infinity } }, paths: {} } }];
  const summary = JSON.parse(summaryJson(run, results, [], { drift: null, busy: null }));
  assert.equal(summary.runId, 'r');
  assert.equal(summary.spreadSeconds, 240);
  assert.deepEqual(summary.configurations, [{ id: 'n10-free', invocations: { native: 2, socket: 2 }, ratios: { e2e_median: { estimate: null } }, paths: {}, reference: { ratio: null } }]);
});
