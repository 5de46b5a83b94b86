// Loading the published runs as the page does (parsed elsewhere, several runs added in one batch, one Arrow stream
// per run and table) gives the same tables as loading them one at a time; a run whose samples are refused is taken
// out again and named; the clock resolution found while parsing equals the scan of every sample; the first view's
// configurations are the opened view's (the Comparison: the reference study and the canonical configurations), and
// a run loaded in two parts (those configurations first, the others later, their invocations' own files last) gives
// the same tables as loaded whole.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../src/db/connector';
import { addPreparedRuns, createTables, filesIpc, ingestRun, parseRunFiles, prepareRun, reserveFileKeys } from '../src/data/ingest';
import { computeIntervals } from '../src/data/invocationIntervals';
import { rowsOf } from '../src/model/arrow';
import { comparisons } from '../src/model/comparison';
import { pairFigures } from '../src/model/invocations';
import { loadsSamples, pairings, runFiles, type Manifest, type RunJson } from '../src/model/runs';
import { toSeriesStats } from '../src/model/stats';
import { innerReplicates } from '../src/stats/invocationBootstrap';
import { sqlIntervals } from './support/intervalsSql';
import { comparisonKey } from '../src/components/ComparisonTable';
import { canonicalConfigs, canonicalScaleConfigs, openingConfigs } from '../src/model/canonical';
import { insertFile, type FileRow } from '../src/sql/schema';
import { apparentResolutionScanSql, apparentResolutionSql, keptCtes, OVERHEAD_ID, summarySql, type SampleFilter } from '../src/sql/analysis';
import { perInvocationSql } from '../src/sql/intervals';
import { createNodeConnector, repoRoot, runDir, runFrom } from './support/nodeConnector';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'public', 'data', 'manifest.json'), 'utf8')) as Manifest;
const published = manifest.runs.filter(loadsSamples).map((e) => runFrom(runDir(e.id)));
// The reference study, one run with invocations per platform, one without: every kind of file.
const sample = ['reference-study', ...['desktop', 'web'].flatMap((k) => [
  published.find((p) => p.run.kind === k && p.run.configurations.some((c) => (c.invocations?.length ?? 0) > 1))!.run.id,
  published.find((p) => p.run.kind === k && !p.run.configurations.some((c) => c.invocations))!.run.id,
])].map((id) => published.find((p) => p.run.id === id)!);

type Published = { run: RunJson; bytesOf: (p: string) => Promise<Uint8Array> };
/** A run in parts as the page's worker makes them: each part holding some of its configurations (ids). */
async function preparedParts({ run, bytesOf }: Published, parts: string[][]) {
  const files = runFiles(run);
  const bytes = await Promise.all(files.map(({ f }) => bytesOf(f.file)));
  const firstKey = reserveFileKeys(files.length);
  return parts.map((configs, i) => {
    const parsed = parseRunFiles(run, bytes, firstKey, new Set(configs));
    return Object.assign(prepareRun(run, parsed, i === 0), {
      // The same part as the worker posts it in the background: without its invocations' own files, those later.
      withoutInvocations: () => prepareRun(run, parsed.filter((f) => f.invocation === null), i === 0),
      invocationsOnly: () => prepareRun(run, parsed.filter((f) => f.invocation !== null), false),
    });
  });
}
/** A run as one part holding every configuration. */
const wholeRun = async (p: Published) => (await preparedParts(p, [p.run.configurations.map((c) => c.id)]))[0];

const table = async (db: Connector, sql: string) => rowsOf(await db.query(sql)).map((r) => JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? Number(v) : v)));

/**
 * The same rows, numbers equal to 1e-12 relative: a sample standard deviation sums in the order the database's join
 * hands the rows over, which may differ in the last bits when the same rows are stored in another order.
 */
function expectSameRows(got: string[], want: string[], tolerance = 1e-12) {
  expect(got.length).toBe(want.length);
  got.forEach((g, i) => {
    const a = JSON.parse(g) as Record<string, unknown>; const b = JSON.parse(want[i]) as Record<string, unknown>;
    expect(Object.keys(a)).toEqual(Object.keys(b));
    for (const k of Object.keys(a)) {
      const x = a[k]; const y = b[k];
      if (typeof x === 'number' && typeof y === 'number' && x !== y) expect(Math.abs(x - y), `${want[i]} ${k}`).toBeLessThanOrEqual(tolerance * Math.abs(y));
      else expect(x, `${want[i]} ${k}`).toEqual(y);
    }
  });
}

let oneByOne: Connector;
let batched: Connector;
beforeAll(async () => {
  oneByOne = await createNodeConnector();
  await createTables(oneByOne);
  for (const { run, bytesOf } of sample) await ingestRun(oneByOne, run, bytesOf);
  batched = await createNodeConnector();
  await createTables(batched);
  // The page's order, the Comparison opened: the reference study alone, then the canonical configurations' parts of
  // their runs, then every other part in one batch.
  const opening = openingConfigs(sample.map((p) => p.run), { view: 'compare' });
  const partsOf = (p: Published) => {
    const all = p.run.configurations.map((c) => c.id);
    const first = all.filter((c) => opening.includes(`${p.run.id}/${c}`));
    return [first, all.filter((c) => !first.includes(c))].filter((x) => x.length);
  };
  const split = await Promise.all(sample.map((p) => preparedParts(p, partsOf(p))));
  expect(split.filter((parts) => parts.length === 2).length).toBeGreaterThan(0);
  await addPreparedRuns(batched, split[0]);
  const later = split.slice(1).filter((parts) => opening.some((k) => k.startsWith(`${parts[0].run.id}/`)));
  await addPreparedRuns(batched, later.map((parts) => parts[0]));
  // The background parts without their invocations' own files, then those files in a batch of their own (published.worker.ts).
  const background = [...split.slice(1).filter((parts) => !later.includes(parts)).map((parts) => parts[0]), ...later.flatMap((parts) => parts.slice(1))].reverse();
  const held = background.map((p) => p.invocationsOnly()).filter((p) => p.invocationSamples !== null);
  expect(held.length).toBeGreaterThan(0);
  await addPreparedRuns(batched, background.map((p) => p.withoutInvocations()));
  await addPreparedRuns(batched, held);
}, 240000);
afterAll(async () => { await oneByOne?.close(); await batched?.close(); });

describe('published runs added in batches', () => {
  it('give the same statistics, per-invocation figures and file rows as one run at a time', async () => {
    expect(sample.map((s) => s.run.id)).toHaveLength(5);
    const summary = await table(batched, summarySql(30));
    expect(summary.length).toBeGreaterThan(50);
    expectSameRows(summary, await table(oneByOne, summarySql(30)));
    const perInv = await table(batched, perInvocationSql(30));
    expect(perInv.length).toBeGreaterThan(20);
    expectSameRows(perInv, await table(oneByOne, perInvocationSql(30)));
    const files = 'SELECT run, config, file, side, platform, transport, rows_loaded, invocation, resolution_ns FROM files ORDER BY run, config, file, invocation';
    expect(await table(batched, files)).toEqual(await table(oneByOne, files));
    const counts = 'SELECT (SELECT count(*) FROM samples_raw) AS merged, (SELECT count(*) FROM invocation_samples_raw) AS own';
    expect(await table(batched, counts)).toEqual(await table(oneByOne, counts));
    // Batches share ids: each is registered once, or the views would repeat every sample of it.
    const ids = 'SELECT count(*) AS n, count(DISTINCT id_key) AS keys, count(DISTINCT id) AS ids FROM timing_ids';
    const [registered] = rowsOf(await batched.query(ids));
    expect(Number(registered.n)).toBeGreaterThan(10);
    expect([Number(registered.keys), Number(registered.ids)]).toEqual([Number(registered.n), Number(registered.n)]);
  });

  it("summarise as the statistics of keptCtes' rows (the samples view) grouped by their labels, whatever the filter", async () => {
    // The definition summarySql computes faster (grouped by file keys): only the sample standard deviation may differ,
    // in its last bits (the order in which the engine sums).
    const byLabels = (w: number, f: SampleFilter) => `WITH ${keptCtes(w, f)}
      SELECT k.run, k.config, k.file, any_value(k.side) AS side, any_value(k.platform) AS platform, k.transport, k.id, count(*) AS count,
        quantile_cont(k.duration_ns, 0.5) AS median, avg(k.duration_ns) AS mean, quantile_cont(k.duration_ns, 0.95) AS p95,
        quantile_cont(k.duration_ns, 0.99) AS p99, stddev_samp(k.duration_ns) AS std, min(k.duration_ns) AS min, max(k.duration_ns) AS max
      FROM kept k GROUP BY k.run, k.config, k.file, k.transport, k.id ORDER BY run, config, file, transport NULLS LAST, id`;
    const filters: [number, SampleFilter][] = [[30, {}], [0, {}], [100, { runs: [sample[0].run.id, sample[2].run.id] }], [30, { transports: ['wasm', 'native'] }],
      [5, { ids: [OVERHEAD_ID, 'step.web.e2e'] }], [3, { ids: ['step.service'] }], [30, { nodeCounts: [10], platforms: ['web'] }]];
    for (const [w, f] of filters) {
      const want = rowsOf(await batched.query(byLabels(w, f)));
      const got = rowsOf(await batched.query(summarySql(w, f)));
      expect(want.length, JSON.stringify(f)).toBeGreaterThan(0);
      expect(got.map(({ std, ...r }) => r), `${w} ${JSON.stringify(f)}`).toEqual(want.map(({ std, ...r }) => r));
      got.forEach((r, i) => expect(Math.abs(Number(r.std) - Number(want[i].std)), `${w} ${JSON.stringify(f)} std`).toBeLessThanOrEqual(1e-12 * Math.abs(Number(want[i].std))));
    }
  });

  it('find the clock resolution of every merged file while parsing, as the scan of its samples does', async () => {
    const found = await table(batched, apparentResolutionSql());
    expect(found.length).toBe(sample.reduce((a, s) => a + s.run.configurations.reduce((b, c) => b + c.files.length, 0), 0));
    expect(found).toEqual(await table(batched, apparentResolutionScanSql()));
    // Unity's Stopwatch ticks in 100 ns; the web's performance.now() is coarser still.
    expect(found.some((r) => JSON.parse(r).resolution_ns >= 100)).toBe(true);
  });

  it('take a run out again, named, when its samples are refused', async () => {
    const db = await createNodeConnector();
    try {
      await createTables(db);
      const bad = await wholeRun(sample[0]);
      // Samples of another shape than samples_raw's (one column).
      await expect(addPreparedRuns(db, [{ ...bad, samples: tableToIPC(tableFromArrays({ a: Int32Array.from([1, 2]) }), 'stream') }])).rejects.toThrow(/^reference-study: /);
      expect(await table(db, 'SELECT (SELECT count(*) FROM runs) + (SELECT count(*) FROM files) + (SELECT count(*) FROM samples_raw) AS n')).toEqual(['{"n":0}']);
    } finally { await db.close(); }
  });
  it("take only a later part out when its samples are refused (its invocations' files): the run's first part stays", async () => {
    const db = await createNodeConnector();
    try {
      await createTables(db);
      const withInvocations = sample.find((p) => p.run.configurations.some((c) => (c.invocations?.length ?? 0) > 1))!;
      const part = await wholeRun(withInvocations);
      await addPreparedRuns(db, [part.withoutInvocations()]);
      const before = await table(db, 'SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM samples_raw) AS samples');
      const held = part.invocationsOnly();
      expect(held.files.length).toBeGreaterThan(0);
      await expect(addPreparedRuns(db, [{ ...held, invocationSamples: tableToIPC(tableFromArrays({ a: Int32Array.from([1, 2]) }), 'stream') }])).rejects.toThrow(new RegExp(`^${withInvocations.run.id}: `));
      expect(await table(db, 'SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM samples_raw) AS samples')).toEqual(before);
      expect(await table(db, 'SELECT count(*) AS n FROM invocation_samples_raw')).toEqual(['{"n":0}']);
      // Added again, it is whole.
      await addPreparedRuns(db, [held]);
      expect(await table(db, 'SELECT count(*) AS n FROM files WHERE invocation IS NOT NULL')).toEqual([JSON.stringify({ n: held.files.length })]);
    } finally { await db.close(); }
  });
  it('take a whole batch out when one part of it is refused, so that its parts can be added again one by one', async () => {
    const db = await createNodeConnector();
    try {
      await createTables(db);
      const a = await wholeRun(sample[0]);
      const b = await wholeRun(sample[1]);
      const bad = { ...b, samples: tableToIPC(tableFromArrays({ a: Int32Array.from([1, 2]) }), 'stream') };
      await expect(addPreparedRuns(db, [a, bad])).rejects.toThrow(new RegExp(`^${b.run.id}: `));
      const counts = 'SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM configs) AS configs, (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM samples_raw) AS samples';
      expect(await table(db, counts)).toEqual(['{"runs":0,"configs":0,"files":0,"samples":0}']);
      // The first part again, alone: once, not twice.
      await addPreparedRuns(db, [a]);
      const once = await createNodeConnector();
      try {
        await createTables(once);
        const fresh = await wholeRun(sample[0]);
        await addPreparedRuns(once, [fresh]);
        expect(await table(db, counts)).toEqual(await table(once, counts));
      } finally { await once.close(); }
    } finally { await db.close(); }
  });
  it('refuse a batch whose runs have ids of one key (a hash clash), adding nothing; one by one, the second is refused', async () => {
    const db = await createNodeConnector();
    try {
      await createTables(db);
      const a = await wholeRun(sample[0]);
      const b = await wholeRun(sample[1]);
      // step.custom.15rnw and step.custom.1mpba have one FNV-1a key (upload.test.ts): the runs' lists of ids name them.
      const first = { ...a, ids: [...a.ids, 'step.custom.15rnw'] };
      const second = { ...b, ids: [...b.ids, 'step.custom.1mpba'] };
      await expect(addPreparedRuns(db, [first, second])).rejects.toThrow(/have the same 32-bit key/);
      expect(await table(db, 'SELECT (SELECT count(*) FROM runs) + (SELECT count(*) FROM timing_ids) + (SELECT count(*) FROM samples_raw) AS n')).toEqual(['{"n":0}']);
      await addPreparedRuns(db, [first]);
      await expect(addPreparedRuns(db, [second])).rejects.toThrow(new RegExp(`^${second.run.id}: ids "step\\.custom\\.1mpba" and "step\\.custom\\.15rnw" have the same 32-bit key`));
      expect(await table(db, 'SELECT DISTINCT run FROM files ORDER BY run')).toEqual([JSON.stringify({ run: first.run.id })]);
    } finally { await db.close(); }
  });
});

describe("files' rows appended as Arrow", () => {
  it('are the rows their SQL INSERT gives, nulls, quotes and 64-bit counts included', async () => {
    const rows: FileRow[] = [
      { fileKey: 1, run: 'r', config: 'c', file: 'native.csv', side: 'backend', platform: 'desktop', transport: 'native', rowsLoaded: 12, invocation: null, resolutionNs: 100 },
      { fileKey: 2, run: "it's", config: 'c', file: 'inv-0/socket.csv', side: 'backend', platform: 'desktop', transport: null, rowsLoaded: 2 ** 40, invocation: 0, resolutionNs: null },
      { fileKey: 2147483647, run: 'r', config: 'é ✓', file: 'floors.csv', side: 'floor', platform: 'web', transport: null, invocation: 4, resolutionNs: 1 },
    ];
    const arrow = await createNodeConnector(); const sql = await createNodeConnector();
    try {
      await createTables(arrow); await createTables(sql);
      await arrow.appendArrowIpc('files', filesIpc(rows));
      for (const r of rows) await sql.query(insertFile(r));
      const all = 'SELECT * FROM files ORDER BY file_key';
      expect(await table(arrow, all)).toEqual(await table(sql, all));
      expect(await table(arrow, 'SELECT count(*) AS n, count(transport) AS t, count(rows_loaded) AS r, count(invocation) AS i FROM files')).toEqual(['{"n":3,"t":1,"r":2,"i":2}']);
    } finally { await arrow.close(); await sql.close(); }
  });
});

describe('invocation-level intervals of a published run', () => {
  it('are the same with the outer level in the page as wholly in SQL (every figure of a pairing)', async () => {
    const stats = toSeriesStats(rowsOf(await batched.query(summarySql(30))));
    const withInv = sample.filter((s) => s.run.configurations.some((c) => (c.invocations?.length ?? 0) > 1)).map((s) => s.run);
    const rows = comparisons(stats, withInv.flatMap(pairings));
    const p = rows[0].pairing;
    const group = rows.filter((r) => r.pairing === p);
    const figures = pairFigures(group, stats, comparisonKey);
    expect(figures.length).toBeGreaterThan(8);
    const filter = { configs: [...new Set([`${p.run}/${p.inConfig}`, `${p.run}/${p.outConfig}`])] };
    const options = { resamples: 400, innerResamples: 40 };
    const here = await computeIntervals(batched, 30, figures, filter, async (jobs, c, seed) => jobs.map((j) => innerReplicates(j, c, seed)), options);
    const sql = await sqlIntervals(batched, 30, figures, filter, options);
    expect(here.length).toBe(figures.length * 3);
    expect(here.filter((r) => r.lo !== null).length).toBeGreaterThan(figures.length);
    expectSameRows(here.map((r) => JSON.stringify(r)), sql.map((r) => JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? Number(v) : v))), 1e-9);
  }, 240000);
});

describe('the opened view\'s configurations, loaded first', () => {
  const runs = published.map((p) => p.run);
  const every = runs.flatMap((r) => r.configurations.map((c) => `${r.id}/${c.id}`));
  it('are, on the Comparison, the first run in manifest order and the canonical configurations: a few of them', () => {
    const first = openingConfigs(runs, { view: 'compare' });
    const reference = runs[0].configurations.map((c) => `${runs[0].id}/${c.id}`);
    expect(runs[0].id).toBe(manifest.runs[0].id);
    expect(first.slice(0, reference.length)).toEqual(reference);
    expect(new Set(first.slice(reference.length))).toEqual(new Set(canonicalConfigs(runs)));
    expect(first.length).toBeLessThan(every.length / 10);
  });
  it('follow each view: its selection, the canonical one by default, all on cfg=all, none where no samples are shown', () => {
    expect(openingConfigs(runs, { view: 'distributions' })).toEqual(canonicalConfigs(runs));
    expect(openingConfigs(runs, { view: 'warmup', cfg: [every[3]] })).toEqual([every[3]]);
    expect(openingConfigs(runs, { view: 'distributions', cfg: ['all'] })).toEqual(every);
    expect(new Set(openingConfigs(runs, { view: 'scale' }))).toEqual(new Set([...canonicalScaleConfigs(runs), ...canonicalConfigs(runs)]));
    for (const view of ['history', 'programs', 'network', 'sql']) expect(openingConfigs(runs, { view })).toEqual([]);
    const one = runs[2].id;
    expect(openingConfigs(runs, { view: 'distributions', cfg: ['all'], runs: [one] }).every((k) => k.startsWith(`${one}/`))).toBe(true);
  });
});
