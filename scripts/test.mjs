#!/usr/bin/env node
// Runs every test suite of the project (Kotlin/JVM, cross-build test vectors, servers, C#, dashboard,
// browser end-to-end), prints each suite's counts and ends with one line "N passed, N failed".
// A suite that cannot run (missing system component, build failure) counts as failed, never as skipped.
import { spawnSync } from 'node:child_process';
import { suites } from './lib/test-suites.mjs';
import { ensureBuilt } from './lib/build-steps.mjs';
import { failureDigest } from './lib/parsers.mjs';

const only = process.argv.slice(2);
const selected = only.length ? suites.filter((s) => only.includes(s.name)) : suites;
if (only.length && selected.length !== only.length) {
  console.error(`unknown suite(s): ${only.join(', ')}; known: ${suites.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

let passed = 0;
let failed = 0;
const rows = [];
const digests = [];
for (const suite of selected) {
  console.log(`\n=== ${suite.name}: ${suite.description}`);
  const missing = (suite.requires ?? []).map((r) => r()).filter(Boolean);
  if (missing.length) {
    for (const m of missing) console.error(`  missing: ${m}`);
    rows.push([suite.name, 0, 1, 'missing system component']);
    digests.push([suite.name, missing]);
    failed += 1;
    continue;
  }
  try {
    if (suite.build) await ensureBuilt(suite.build);
  } catch (e) {
    console.error(`  build failed: ${e.message}`);
    rows.push([suite.name, 0, 1, 'build failed']);
    digests.push([suite.name, [`build failed: ${e.message}`.split('\n')[0]]]);
    failed += 1;
    continue;
  }
  const started = Date.now();
  const res = spawnSync(suite.cmd[0], suite.cmd.slice(1), {
    stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, ...(suite.env ?? {}) }, cwd: suite.cwd,
  });
  process.stdout.write(res.stdout ?? '');
  process.stderr.write(res.stderr ?? '');
  const counts = suite.parse(`${res.stdout}\n${res.stderr}`);
  let note = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (res.error) { counts.failed += 1; note = `could not start: ${res.error.message}`; }
  else if (res.status !== 0 && counts.failed === 0) { counts.failed += 1; note += `, exit code ${res.status} with no failing test reported`; }
  if (counts.passed + counts.failed === 0) { counts.failed = 1; note += ', ran no test'; }
  rows.push([suite.name, counts.passed, counts.failed, note]);
  if (counts.failed > 0) digests.push([suite.name, failureDigest(`${res.stdout}\n${res.stderr}`)]);
  passed += counts.passed;
  failed += counts.failed;
}

// Repeated at the end, where a CI log that keeps only its tail still shows what failed (in full above).
for (const [name, digest] of digests) {
  console.log(`\n--- failed in ${name}:`);
  for (const l of digest.length ? digest : ['(no failing test named in its output: see above)']) console.log(`  ${l}`);
}
console.log('\nsuite                     passed  failed  note');
for (const [name, p, f, note] of rows) console.log(`${name.padEnd(24)} ${String(p).padStart(7)} ${String(f).padStart(7)}  ${note}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
