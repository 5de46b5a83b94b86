// Uploaded CSVs over DuckDB (Node build): malformed files are refused with a message naming the problem and
// leave the loaded data untouched; valid files are summarised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkHead, createTables, ingestRun, ingestUpload, MAX_UPLOAD_BYTES, nextUploadBatch, recogniseUpload, type UploadResult, type UploadSource } from '../src/data/ingest';
import { uploadRun } from '../src/data/uploadRun';
import { comparisons } from '../src/model/comparison';
import { environmentOf, pairings } from '../src/model/runs';
import type { Connector } from '../src/db/connector';
import { rowsOf } from '../src/model/arrow';
import { toSeriesStats } from '../src/model/stats';
import { summarySql } from '../src/sql/analysis';
import { createNodeConnector, loadedDb, referenceRunDir, runFrom } from './support/nodeConnector';

const src = (name: string, text: string | Uint8Array): UploadSource => {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  return {
    name, size: bytes.length,
    slice: (s, e) => ({ arrayBuffer: async () => bytes.slice(s, e).buffer }),
    arrayBuffer: async () => bytes.slice().buffer,
  };
};

let db: Connector;
const count = async () => Number(rowsOf(await db.query('SELECT (SELECT count(*) FROM samples_raw) + (SELECT count(*) FROM files) AS n'))[0].n);
let before = 0;
beforeAll(async () => { ({ db } = await loadedDb([referenceRunDir])); before = await count(); });
afterAll(async () => { await db.close(); });

describe('malformed uploads', () => {
  const cases: [string, string | Uint8Array, RegExp][] = [
    ['empty.csv', '', /empty/],
    ['header-only.csv', 't_ns,id,duration_ns\n', /no data rows/],
    ['wrong-columns.csv', 'time,name,value\n1,a,2\n', /wrong columns.*expected exactly t_ns,id,duration_ns.*missing t_ns, id, duration_ns/],
    ['two-columns.csv', 't_ns,id\n1,a\n', /wrong columns.*missing duration_ns/],
    ['not-csv.txt', 'hello world\nthis is text\n', /not a CSV file.*no commas/],
    ['binary.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0x49, 0x48]), /binary data/],
    ['text-number.csv', 't_ns,id,duration_ns\n1,step.compute,5\n2,step.compute,abc\n', /line 3: duration_ns is not an integer \("abc"\)/],
    ['text-time.csv', 't_ns,id,duration_ns\nx,step.compute,5\n', /line 2: t_ns is not an integer/],
    ['negative.csv', 't_ns,id,duration_ns\n1,step.compute,5\n2,step.compute,-7\n', /line 3: duration_ns is negative \(-7\)/],
    ['negative-t.csv', 't_ns,id,duration_ns\n-1,step.compute,5\n', /line 2: t_ns is negative/],
    ['extra-column.csv', 't_ns,id,duration_ns\n1,step.compute,5\n2,step.compute,5,9\n', /line 3: expected 3 values.*found more/],
    ['empty-id.csv', 't_ns,id,duration_ns\n1,,5\n', /line 2: id is empty/],
    ['float.csv', 't_ns,id,duration_ns\n1,step.compute,5.5\n', /line 2: duration_ns is not an integer/],
  ];
  it.each(cases)('%s is refused with a clear message', async (name, text, re) => {
    const r = await ingestUpload(db, src(name, text));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatch(re);
      expect(r.error.startsWith(`${name}: `)).toBe(true);
    }
    expect(await count()).toBe(before);
  });
  // Two ids with the same key (schema.ts timingIdKey, FNV-1a): found by a search over step.custom.<base 36>.
  const [twinA, twinB] = ['step.custom.15rnw', 'step.custom.1mpba'];
  it('refuses a file with two ids of the same key, naming both', async () => {
    const r = await ingestUpload(db, src('twins.csv', `t_ns,id,duration_ns\n1,${twinA},5\n2,${twinB},6\n`));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^twins\.csv: ids "step\.custom\.1mpba" and "step\.custom\.15rnw" have the same 32-bit key/);
    expect(await count()).toBe(before);
  });
  it('refuses an id whose key an id already loaded has; the first upload stays', async () => {
    const first = await ingestUpload(db, src('first-twin.csv', `t_ns,id,duration_ns\n1,${twinA},5\n`));
    expect(first.ok).toBe(true);
    const loaded = await count();
    const r = await ingestUpload(db, src('second-twin.csv', `t_ns,id,duration_ns\n1,${twinB},6\n`));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^second-twin\.csv: ids "step\.custom\.1mpba" and "step\.custom\.15rnw" have the same 32-bit key/);
    expect(await count()).toBe(loaded);
    expect(rowsOf(await db.query(`SELECT id, duration_ns FROM samples WHERE file = 'first-twin.csv'`)).map((x) => [x.id, Number(x.duration_ns)])).toEqual([[twinA, 5]]);
    await db.query(`DELETE FROM samples_raw WHERE file_key IN (SELECT file_key FROM files WHERE file = 'first-twin.csv'); DELETE FROM files WHERE file = 'first-twin.csv'`);
    before = await count();
  });
  it('refuses a file it cannot read whole, naming the file and the line; the first look cuts lines as the parser', async () => {
    // A lone CR ends a row (docs/testing.md, "Fuzzing"): here it leaves row 3 without its duration.
    const r = await ingestUpload(db, src('cr.csv', 't_ns,id,duration_ns\r1,step.compute,5\r2,step.compute\r3,step.compute,7\r'));
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/^cr\.csv: line 3: expected 3 values/) });
    expect(await count()).toBe(before);
    expect(checkHead(new TextEncoder().encode('t_ns,id,duration_ns\r1,a,1\r'), 20)).toBeNull();
    expect(checkHead(new TextEncoder().encode('t_ns,id\rduration_ns\n1,a,1\n'), 20)).toMatch(/wrong columns: found "t_ns,id"/);
  });
  it('refuses huge files before reading them', () => {
    expect(checkHead(new TextEncoder().encode('t_ns,id,duration_ns\n1,a,1\n'), MAX_UPLOAD_BYTES + 1)).toMatch(/too large.*limit 256 MB/);
  });
});

describe('valid uploads', () => {
  it('loads a front-end file, guesses side and platform, and summarises it; the reference stays intact', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => `${i * 1000},step.web.e2e,${1000 + i}`);
    const r = await ingestUpload(db, src('mine.csv', `\uFEFFt_ns,id,duration_ns\r\n${rows.join('\r\n')}\r\n`));
    expect(r).toMatchObject({ ok: true, rows: 100, side: 'frontend', platform: 'web' });
    const stats = toSeriesStats(rowsOf(await db.query(summarySql(30, { runs: ['uploads'] }))));
    expect(stats).toHaveLength(1);
    expect(stats[0]).toMatchObject({ id: 'step.web.e2e', count: 70, median: 1064.5, min: 1030, max: 1099 });
    const ref = toSeriesStats(rowsOf(await db.query(summarySql(30, { runs: ['reference-study'] }))));
    expect(ref.length).toBe(14); // 12 series + 2 overhead series
  });
  it('accepts a second upload as its own configuration', async () => {
    const r = await ingestUpload(db, src('mine.csv', 't_ns,id,duration_ns\n1,step.service,10\n2,step.compute,4\n'));
    expect(r).toMatchObject({ ok: true, side: 'backend', platform: 'desktop' });
    expect(Number(rowsOf(await db.query("SELECT count(*) AS n FROM runs WHERE run = 'uploads'"))[0].n)).toBe(1);
    expect(Number(rowsOf(await db.query("SELECT count(DISTINCT config) AS n FROM samples WHERE run = 'uploads'"))[0].n)).toBe(2);
  });
  it('loads every row of a file with lone-CR and mixed line breaks, each with its values', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `${i * 1000},step.compute,${10 + i}`);
    const text = `t_ns,id,duration_ns\r${rows.slice(0, 20).join('\r')}\r\n${rows.slice(20).join('\n')}`;
    const r = await ingestUpload(db, src('lone-cr.csv', text));
    expect(r).toMatchObject({ ok: true, rows: 40 });
    const got = rowsOf(await db.query(`SELECT t_ns, duration_ns FROM samples WHERE file = 'lone-cr.csv' ORDER BY t_ns`));
    expect(got.map((x) => [Number(x.t_ns), Number(x.duration_ns)])).toEqual(Array.from({ length: 40 }, (_, i) => [i * 1000, 10 + i]));
  });
});

describe('uploads during the published data load', () => {
  it('keep their own samples: an upload and a run ingested at the same time never share a file key', async () => {
    const fresh = await createNodeConnector();
    await createTables(fresh);
    const { run, bytesOf } = runFrom(referenceRunDir);
    const rows = Array.from({ length: 50 }, (_, i) => `${i},step.web.e2e,${1000 + i}`).join('\n');
    const [, up] = await Promise.all([
      ingestRun(fresh, run, bytesOf),
      ingestUpload(fresh, src('during.csv', `t_ns,id,duration_ns\n${rows}\n`)),
    ]);
    expect(up).toMatchObject({ ok: true, rows: 50 });
    const keys = rowsOf(await fresh.query('SELECT file_key, count(*) AS n FROM files GROUP BY file_key HAVING count(*) > 1'));
    expect(keys).toHaveLength(0);
    const uploaded = rowsOf(await fresh.query("SELECT count(*) AS n FROM samples_raw s JOIN files f USING (file_key) WHERE f.run = 'uploads'"));
    expect(Number(uploaded[0].n)).toBe(50);
    await fresh.close();
  });
});

describe('uploads as configurations', () => {
  it('recognises path, N and pacing from file names and ids; a declaration wins', () => {
    expect(recogniseUpload('unity_socket.csv', ['step.unity.e2e'])).toEqual({ transport: 'socket', n: null, pacing: 'free' });
    expect(recogniseUpload('native.csv', ['step.service', 'step.compute'], { n: 10 })).toEqual({ transport: 'native', n: 10, pacing: 'free' });
    expect(recogniseUpload('web_websocket_n100_frame.csv', ['step.web.e2e'])).toEqual({ transport: 'websocket', n: 100, pacing: 'frame' });
    expect(recogniseUpload('mine.csv', ['step.web.wasm.call'], { pacing: 'fixed' })).toEqual({ transport: 'wasm', n: null, pacing: 'fixed' });
    expect(recogniseUpload('a.csv', ['x']).transport).toBeNull();
  });

  it("the reference study's four files, uploaded as one batch at N = 10, pair and compare as the published run does", async () => {
    const fresh = await createNodeConnector();
    await createTables(fresh);
    const dir = referenceRunDir;
    const batch = nextUploadBatch();
    const results: UploadResult[] = [];
    for (const f of ['native-scene/native.csv', 'native-scene/unity_native.csv', 'socket-scene/socket.csv', 'socket-scene/unity_socket.csv']) {
      results.push(await ingestUpload(fresh, src(f.split('/')[1], readFileSync(join(dir, f))), { batch, n: 10 }));
    }
    expect(results.every((r) => r.ok)).toBe(true);
    const run = uploadRun(results)!;
    const pairs = pairings(run);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ platform: 'desktop', n: 10, inTransport: 'native', outTransport: 'socket', pacingNote: null });
    const stats = toSeriesStats(rowsOf(await fresh.query(summarySql(30, { runs: ['uploads'] }))));
    const rows = comparisons(stats, pairs);
    expect(rows.map((r) => r.metric.key).sort()).toEqual(['compute', 'e2e', 'overhead', 'service']);
    // Same figures as the published run's (the checker's: dashboard/test/independent/reference_analysis.py).
    const { db: ref, runs } = await loadedDb([referenceRunDir]);
    const refRows = comparisons(toSeriesStats(rowsOf(await ref.query(summarySql(30, { runs: ['reference-study'] })))), runs.flatMap(pairings));
    for (const r of rows) {
      const p = refRows.find((x) => x.metric.key === r.metric.key)!;
      expect(r.inSeries!.median).toBe(p.inSeries!.median);
      expect(r.outSeries!.median).toBe(p.outSeries!.median);
    }
    await ref.close();
    await fresh.close();
  });

  it("a batch declared with the machine it ran on (the Live view's your-run) keeps it as its configuration's environment", async () => {
    const fresh = await createNodeConnector();
    await createTables(fresh);
    const environment = { browser: 'Chromium 156', os: 'Linux', cores: 2, timerResolutionNs: 5000 };
    const declared = await ingestUpload(fresh, src('web_wasm_n10_free.csv', 't_ns,id,duration_ns\n1,step.web.e2e,10\n2,step.web.e2e,12\n'), { batch: nextUploadBatch(), n: 10, environment });
    const plain = await ingestUpload(fresh, src('web_wasm_n10_free.csv', 't_ns,id,duration_ns\n1,step.web.e2e,11\n2,step.web.e2e,13\n'), { batch: nextUploadBatch(), n: 10 });
    const run = uploadRun([declared, plain])!;
    const [mine, other] = run.configurations;
    expect(mine.environment).toEqual(environment);
    expect(environmentOf(run, mine)).toEqual({ text: 'Chromium 156, Linux, 2 cores', timerResolutionNs: 5000 });
    expect(other.environment).toBeUndefined();
    expect(environmentOf(run, other)).toEqual({ text: '', timerResolutionNs: null });
    await fresh.close();
  });

  it('refuses the same content twice, naming the first upload', async () => {
    const fresh = await createNodeConnector();
    await createTables(fresh);
    const text = 't_ns,id,duration_ns\n1,step.service,10\n2,step.compute,4\n';
    const seen = new Map<string, string>();
    const first = await ingestUpload(fresh, src('a.csv', text), { seen });
    if (first.ok) seen.set(first.digest, first.file);
    const again = await ingestUpload(fresh, src('b.csv', text), { seen });
    expect(again).toMatchObject({ ok: false, duplicate: true });
    if (!again.ok) expect(again.error).toMatch(/^b\.csv: the same content as a\.csv, already uploaded/);
    expect(Number(rowsOf(await fresh.query('SELECT count(*) AS n FROM files'))[0].n)).toBe(1);
    await fresh.close();
  });

  it("the Live view's export (front-end, back-end and floors in one file) becomes one file per side", async () => {
    const fresh = await createNodeConnector();
    await createTables(fresh);
    const rows = ['t_ns,id,duration_ns'];
    for (let i = 0; i < 50; i++) rows.push(`${i * 10},step.web.wasm.call,${100 + i}`, `${i * 10 + 1},step.web.e2e,${300 + i}`, `${i * 10 + 2},step.service,${50 + i}`, `${i * 10 + 3},step.compute,${40 + i}`);
    rows.push('999,floor.web.wasm.noop,7');
    const r = await ingestUpload(fresh, src('web_wasm_n10_free.csv', `${rows.join('\n')}\n`));
    expect(r).toMatchObject({ ok: true, transport: 'wasm', n: 10, pacing: 'free', platform: 'web' });
    if (r.ok) expect([...r.sides].sort()).toEqual(['backend', 'floor', 'frontend']);
    const stats = toSeriesStats(rowsOf(await fresh.query(summarySql(0, { runs: ['uploads'] }))));
    expect(stats.find((s) => s.id === 'step.service')).toMatchObject({ side: 'backend', transport: 'wasm', count: 50 });
    expect(stats.find((s) => s.id === 'step.web.e2e')).toMatchObject({ side: 'frontend', transport: 'wasm', count: 50 });
    await fresh.close();
  });
});
