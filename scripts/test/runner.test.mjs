// Suite `runner`: the counting and the failures digest of scripts/test.mjs on the real output of `node --test`
// (a tiny fixture with one passing, one failing and one skipped test, written to a temporary folder).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { failureDigest, nodeTap } from '../lib/parsers.mjs';

const tmp = mkdtempSync(join(os.tmpdir(), 'runner-test-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const fixture = join(tmp, 'fixture.test.mjs');
writeFileSync(fixture, `import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
describe('a group', () => {
  test('holds', () => {});
  test('breaks', () => assert.equal(1, 2, 'one is not two'));
  test('is skipped', { skip: true }, () => {});
});
`);
// Without the parent's NODE_TEST_CONTEXT, else the nested node --test reports to this one instead of printing TAP.
const { NODE_TEST_CONTEXT, ...env } = process.env;
const tap = spawnSync(process.execPath, ['--test', '--test-reporter=tap', fixture], { encoding: 'utf8', env }).stdout;

test('node --test TAP: one passed; the failing and the skipped test both count as failed', () => {
  assert.deepEqual(nodeTap(tap), { passed: 1, failed: 2 });
});

test('the digest names the failing test, its group and its message, without the stack', () => {
  const digest = failureDigest(tap);
  const text = digest.join('\n');
  assert.match(text, /not ok \d+ - breaks/);
  assert.match(text, /not ok \d+ - a group/);
  assert.match(text, /one is not two/);
  assert.match(text, /fixture\.test\.mjs:5/, 'the failing line');
  assert.doesNotMatch(text, /TestContext|node:internal/, 'no stack frames');
  assert.doesNotMatch(text, /- holds/);
});

test('the digest is bounded', () => {
  const many = Array.from({ length: 200 }, (_, i) => `not ok ${i + 1} - case ${i}\n  ---\n  error: 'no'\n  ...`).join('\n');
  assert.equal(failureDigest(many, 40).length, 40);
  assert.deepEqual(failureDigest('ok 1 - fine\n# pass 1\n# fail 0'), []);
});

test('scripts/test.mjs repeats the failures after the suites and before the summary line', () => {
  const r = spawnSync(process.execPath, ['scripts/test.mjs', 'runner-fixture'], {
    encoding: 'utf8', env: { ...env, COLLEKTIVE_RUNNER_FIXTURE: fixture },
  });
  assert.equal(r.status, 1, r.stderr);
  const tail = r.stdout.slice(r.stdout.lastIndexOf('--- failed in runner-fixture:'));
  assert.match(tail, /^--- failed in runner-fixture:\n {2}.*not ok \d+ - breaks/);
  assert.match(tail, /one is not two/);
  assert.match(r.stdout.trim().split('\n').pop(), /^1 passed, 2 failed$/);
});
