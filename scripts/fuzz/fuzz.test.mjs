// The short fuzzing run of `npm test` (docs/testing.md, "Fuzzing"): every committed input of the Node target is
// replayed (seeds, corpus, crashes kept as regressions; the JVM's are replayed by `mvn test`; the dashboard upload
// target's too), then each target
// is fuzzed briefly from a fixed seed and must find nothing (the Node run first: V8 counts coverage from its start). `npm run fuzz` is the long run.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { fuzzJs, fuzzJvm, fuzzNode, jsInputs, nodeInputs } from './fuzz.mjs';
import { fuzz, stopServer } from './node-server.fuzz.mjs';
import { fuzz as fuzzUpload, stopUploadTarget } from './dashboard-upload.fuzz.mjs';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 20);

after(async () => { await stopServer(); await stopUploadTarget(); });

test(`the Node server's message handling, coverage-guided for ${SECONDS} s (seed ${SEED}): no finding`, async (t) => {
  const r = await fuzzNode({ seconds: SECONDS, seed: SEED, log: (m) => t.diagnostic(m) });
  assert.ok(r.execs > 100, `only ${r.execs} executions`);
  assert.deepEqual(r.findings.map((f) => f.error.message), []);
});

test('every committed input of the Node target gets well-formed replies and keeps its connection', async () => {
  const inputs = nodeInputs();
  assert.ok(inputs.length >= 20, `only ${inputs.length} committed inputs`);
  for (const input of inputs) await fuzz(input);
});

test(`the dashboard's upload path, coverage-guided for ${SECONDS} s (seed ${SEED}): no finding`, async (t) => {
  const r = await fuzzJs('dashboard-upload', { seconds: SECONDS, seed: SEED, log: (m) => t.diagnostic(m) });
  assert.ok(r.execs > 100, `only ${r.execs} executions`);
  assert.deepEqual(r.findings.map((f) => f.error.message), []);
});

test('every committed input of the upload target is accepted or refused cleanly, the database intact', async () => {
  const inputs = jsInputs('dashboard-upload');
  assert.ok(inputs.length >= 10, `only ${inputs.length} committed inputs`);
  for (const input of inputs) await fuzzUpload(input);
});

for (const [target, seconds] of [['jvm-session', SECONDS], ['jvm-lines', Math.ceil(SECONDS / 2)]]) {
  test(`${target} under Jazzer for ${seconds} s (seed ${SEED}): no crash`, (t) => {
    const r = fuzzJvm(target, { seconds, seed: SEED, log: (m) => t.diagnostic(m) });
    assert.equal(r.error, undefined, r.error);
    assert.ok(r.execs > 100, `only ${r.execs} executions`);
    assert.deepEqual(r.crashes, []);
  });
}
