// The run-record writer (measurement/src/runRecordFiles.mjs) into a temporary data folder: a published run validates
// against measurement/schema/ and is written, a malformed one is refused with the schema's message and nothing is
// written, re-publishing an id replaces its manifest entry and keeps the others.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendToManifest, publishRun, root, writeRunRecord } from '../src/runRecordFiles.mjs';

// A published run as the template: its record is valid by the data tests (dashboard-unit, schema.test.ts).
const published = JSON.parse(readFileSync(join(root, 'public', 'data', 'runs', '2026-11-21-desktop-n10', 'run.json'), 'utf8'));
const run = (id, title = published.title) => ({ ...structuredClone(published), id, title });

test('a valid run is written to runs/<id>/run.json and appended to the manifest', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'run-record-'));
  const { runPath, manifestPath } = await publishRun(run('a'), { dir });
  assert.equal(JSON.parse(readFileSync(runPath, 'utf8')).id, 'a');
  assert.deepEqual(JSON.parse(readFileSync(manifestPath, 'utf8')).runs.map((r) => r.id), ['a']);
});

test('a malformed run is refused naming the schema, and nothing is written', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'run-record-'));
  const bad = run('bad');
  delete bad.environment;
  await assert.rejects(writeRunRecord(bad, { dir }), /run does not match measurement\/schema\/run\.schema\.json: .*environment/);
  assert.equal(existsSync(join(dir, 'runs', 'bad')), false);
  await assert.rejects(appendToManifest(run('never-written'), { dir }), /run\.json missing: write it first/);
});

test('the manifest lists a run\'s summary.json when its folder holds one, and not otherwise', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'run-record-'));
  await writeRunRecord(run('with'), { dir });
  writeFileSync(join(dir, 'runs', 'with', 'summary.json'), '{}\n');
  await appendToManifest(run('with'), { dir });
  await publishRun(run('without'), { dir });
  const { runs } = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  assert.deepEqual(runs.map((r) => [r.id, r.summary]), [['with', 'runs/with/summary.json'], ['without', undefined]]);
});

test('re-publishing an id replaces its manifest entry in place and keeps the others', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'run-record-'));
  await publishRun(run('a', 'first'), { dir });
  await publishRun(run('b'), { dir });
  await publishRun(run('a', 'second'), { dir });
  const { runs } = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  assert.deepEqual(runs.map((r) => [r.id, r.title]), [['a', 'second'], ['b', published.title]]);
});
