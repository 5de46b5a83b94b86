// Invocation-level intervals in DuckDB (dashboard/src/sql/intervals.ts, docs/measurements.md "Intervals") against the
// JavaScript reference (measurement/src/intervals.mjs) and the independent Python implementation
// (measurement/test/independent/intervals.py) on a generated run with invocations; loading, model and noise.
import Ajv from 'ajv';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../src/db/connector';
import { computeIntervals } from '../src/data/invocationIntervals';
import { ingestRun } from '../src/data/ingest';
import { rowsOf } from '../src/model/arrow';
import { comparisons } from '../src/model/comparison';
import { invocationCount, invocationNoise, pairFigures, toIntervals, transportEchoKey } from '../src/model/invocations';
import { pairings, type RunJson } from '../src/model/runs';
import { toSeriesStats } from '../src/model/stats';
import { summarySql } from '../src/sql/analysis';
import { intervalSeriesKey, invocationValuesSql, perInvocationSql, type FigureSpec } from '../src/sql/intervals';
import { chainConstSql, HASH_MACROS, intervalsSql, sqlIntervals } from './support/intervalsSql';
import { innerReplicates } from '../src/stats/invocationBootstrap';
import { comparisonKey } from '../src/components/ComparisonTable';
import { FIXTURE_CONFIG, FIXTURE_RUN, writeInvocationFixture } from './support/invocationFixture.mjs';
import { dbWithRun, referenceRunDir, repoRoot, runFrom } from './support/nodeConnector';

interface Interval { estimate: number; ci95: [number, number] | null; invocations: number; perInvocation: number[] | null }
interface Reference {
  h32(x: number): number; chain(seed: number, ...k: number[]): number;
  pathInterval(inv: number[][], o: object): Interval;
  ratioInterval(num: { invocations: number[][]; salt: number }, den: { invocations: number[][]; salt: number }, o: object): Interval;
  replicatesOf(inv: number[][], o: object): Float64Array;
  quantile(v: number[], q: number): number;
}
const OPTIONS = { seed: 1, resamples: 400, innerResamples: 50, level: 0.95 };
const WARMUP = 30;
let ref: Reference;
let db: Connector;
let run: RunJson;

/** The fixture's samples read from its invocation CSVs here, without SQL: per invocation, id sorted by t_ns (stable), warm-up dropped. */
function invocationArrays(dir: string, file: string, id: string): number[][] {
  return run.configurations[0].invocations!.map((inv) => {
    const text = readFileSync(join(dir, inv.dir, file), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    const rows = text.map(([t, i, d], seq) => ({ t: Number(t), i, d: Number(d), seq })).filter((r) => r.i === id);
    rows.sort((a, b) => a.t - b.t || a.seq - b.seq);
    return rows.slice(WARMUP).map((r) => r.d);
  });
}
function overheadArrays(dir: string, file: string): number[][] {
  const s = invocationArrays(dir, file, 'step.service'); const c = invocationArrays(dir, file, 'step.compute');
  return s.map((v, k) => v.slice(0, Math.min(v.length, c[k].length)).map((x, j) => x - c[k][j]));
}
function python(cases: object[]): { estimate: number; ci95: [number, number] | null }[] {
  const r = spawnSync('python3', [join(repoRoot, 'measurement/test/independent/intervals.py')], {
    input: JSON.stringify({ cases, seed: OPTIONS.seed, resamples: OPTIONS.resamples, inner: OPTIONS.innerResamples, level: OPTIONS.level }), encoding: 'utf8',
  });
  if (r.error || r.status !== 0) throw new Error(`python3 failed: ${r.error?.message ?? r.stderr}`);
  return JSON.parse(r.stdout).results;
}
const close = (a: number | null | undefined, b: number, what: string) => {
  expect(a, what).not.toBeNull();
  expect(Math.abs((a as number) - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
};
/** SQL values from arrays: the columns of invocationValuesSql. */
const valuesOf = (series: Record<string, { salt: number; inv: number[][] }>): string => {
  const rows = Object.entries(series).flatMap(([s, { salt, inv }]) => inv.flatMap((v, kk) => v.map((x, j) => `('${s}', ${salt}, ${kk}, ${kk}, ${j}, ${x})`)));
  return `SELECT col0 AS series, col1 AS salt, col2 AS inv, col3::BIGINT AS kk, col4::BIGINT AS j, col5::DOUBLE AS x FROM (VALUES ${rows.join(', ')})`;
};
const innerHere = async (jobs: Parameters<typeof innerReplicates>[0][], c: number, seed: number) => jobs.map((j) => innerReplicates(j, c, seed));
const key = (side: string, transport: string, id: string) => intervalSeriesKey({ run: FIXTURE_RUN, config: FIXTURE_CONFIG, side, transport, id });

let dir: string;
beforeAll(async () => {
  ref = (await import(pathToFileURL(join(repoRoot, 'measurement/src/intervals.mjs')).href)) as Reference;
  dir = writeInvocationFixture().dir;
  const loaded = runFrom(dir);
  run = loaded.run;
  db = await dbWithRun(run, loaded.bytesOf);
}, 60000);
afterAll(async () => { await db?.close(); });

describe('the generated run', () => {
  it('validates against measurement/schema/run.schema.json', () => {
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
    const ok = ajv.compile(JSON.parse(readFileSync(join(repoRoot, 'measurement/schema/run.schema.json'), 'utf8')));
    expect(ok(run), JSON.stringify(ok.errors)).toBe(true);
  });
});

describe('the hash in SQL', () => {
  it('gives the reference h32 and chain values', async () => {
    const xs = [0, 1, 2, 12345, 4294967295, 2 ** 31];
    const [r] = rowsOf(await db.query(`${HASH_MACROS} SELECT ${xs.map((x, i) => `iv_h32(${x}::BIGINT) AS h${i}`).join(', ')}`));
    xs.forEach((x, i) => expect(Number(r[`h${i}`]), `h32(${x})`).toBe(ref.h32(x)));
    const [c] = rowsOf(await db.query(`${HASH_MACROS} ${chainConstSql(1, [2, 0, 3, 7])}`));
    expect(Number(c.u)).toBe(ref.chain(1, 2, 0, 3, 7));
  });
});

describe('a run with invocations', () => {
  it('loads each invocation file tagged with its index, beside the merged files the analysis reads unchanged', async () => {
    const [inv] = rowsOf(await db.query('SELECT count(DISTINCT invocation) AS r, count(*) AS n FROM invocation_samples'));
    expect(Number(inv.r)).toBe(5);
    const [merged] = rowsOf(await db.query("SELECT count(*) AS n FROM samples WHERE file LIKE '%/inv-%'"));
    expect(Number(merged.n)).toBe(0);
    const lines = (p: string) => readFileSync(join(dir, p), 'utf8').trim().split('\n').length - 1;
    const [m] = rowsOf(await db.query(`SELECT count(*) AS n FROM samples WHERE file = '${FIXTURE_CONFIG}/unity_native.csv'`));
    expect(Number(m.n)).toBe(lines(`${FIXTURE_CONFIG}/unity_native.csv`));
    expect(invocationCount([run], FIXTURE_RUN, FIXTURE_CONFIG)).toBe(5);
  });

  it('per-invocation medians equal each invocation file\'s own median after its warm-up', async () => {
    const want = invocationArrays(dir, 'unity_socket.csv', 'step.unity.e2e').map((v) => ref.quantile(v, 0.5));
    const rows = rowsOf(await db.query(perInvocationSql(WARMUP, { ids: ['step.unity.e2e'], transports: ['socket'] })));
    expect(rows.map((r) => Number(r.invocation))).toEqual([0, 1, 2, 3, 4]);
    rows.forEach((r, k) => close(Number(r.median), want[k], `invocation ${k}`));
  });

  it('path median and p95 and the socket/native e2e and overhead ratios equal the JavaScript reference and the Python implementation (SQL inner level and worker inner level)', async () => {
    const natE2e = invocationArrays(dir, 'unity_native.csv', 'step.unity.e2e');
    const sockE2e = invocationArrays(dir, 'unity_socket.csv', 'step.unity.e2e');
    const natOvh = overheadArrays(dir, 'native.csv'); const sockOvh = overheadArrays(dir, 'socket.csv');
    const figures: FigureSpec[] = [
      { key: 'native-e2e', num: key('frontend', 'native', 'step.unity.e2e') },
      { key: 'socket-e2e', num: key('frontend', 'socket', 'step.unity.e2e') },
      { key: 'e2e-ratio', num: key('frontend', 'socket', 'step.unity.e2e'), den: key('frontend', 'native', 'step.unity.e2e') },
      { key: 'overhead-ratio', num: key('backend', 'socket', 'backend.overhead'), den: key('backend', 'native', 'backend.overhead') },
    ];
    const cases = [
      { fig: 'native-e2e', stat: 'median', c: { kind: 'path', invocations: natE2e, statistic: 'median', salt: 1 } },
      { fig: 'socket-e2e', stat: 'p95', c: { kind: 'path', invocations: sockE2e, statistic: 'p95', salt: 2 } },
      { fig: 'e2e-ratio', stat: 'median', c: { kind: 'ratio', num: { invocations: sockE2e, salt: 2 }, den: { invocations: natE2e, salt: 1 }, statistic: 'median' } },
      { fig: 'e2e-ratio', stat: 'p99', c: { kind: 'ratio', num: { invocations: sockE2e, salt: 2 }, den: { invocations: natE2e, salt: 1 }, statistic: 'p99' } },
      { fig: 'overhead-ratio', stat: 'median', c: { kind: 'ratio', num: { invocations: sockOvh, salt: 2 }, den: { invocations: natOvh, salt: 1 }, statistic: 'median' } },
    ];
    const py = python(cases.map((x) => x.c));
    for (const inner of ['sql', innerHere] as const) {
      const got = toIntervals(inner === 'sql' ? await sqlIntervals(db, WARMUP, figures, { runs: [FIXTURE_RUN] }, OPTIONS)
        : await computeIntervals(db, WARMUP, figures, { runs: [FIXTURE_RUN] }, inner, OPTIONS));
      cases.forEach(({ fig, stat, c }, i) => {
        const js = c.kind === 'path'
          ? ref.pathInterval(c.invocations!, { ...OPTIONS, statistic: stat, salt: c.salt })
          : ref.ratioInterval(c.num!, c.den!, { ...OPTIONS, statistic: stat });
        const s = got.get(`${fig}|${stat}`);
        const what = `${fig} ${stat} (${inner === 'sql' ? 'SQL' : 'worker'} inner level)`;
        expect(js.ci95, what).not.toBeNull();
        close(s?.estimate, js.estimate, `${what} estimate vs JS`);
        close(s?.lo, js.ci95![0], `${what} lo vs JS`);
        close(s?.hi, js.ci95![1], `${what} hi vs JS`);
        close(s?.lo, py[i].ci95![0], `${what} lo vs Python`);
        close(s?.hi, py[i].ci95![1], `${what} hi vs Python`);
        close(s?.estimate, py[i].estimate, `${what} estimate vs Python`);
        expect(s?.invocations).toBe(5);
      });
    }
  }, 120000);

  it('the websocket/wasm ratio (salts 3 and 4) equals both implementations too', async () => {
    const wasm = invocationArrays(dir, 'unity_native.csv', 'step.unity.e2e').map((v) => v.slice(0, 60));
    const ws = invocationArrays(dir, 'unity_socket.csv', 'step.unity.e2e').map((v) => v.slice(0, 50)).slice(0, 4);
    const values = valuesOf({ wasm: { salt: 3, inv: wasm }, ws: { salt: 4, inv: ws } });
    const rows = toIntervals(rowsOf(await db.query(intervalsSql(values, [{ key: 'r', num: 'ws', den: 'wasm' }], OPTIONS))));
    const c = { kind: 'ratio', num: { invocations: ws, salt: 4 }, den: { invocations: wasm, salt: 3 } };
    for (const stat of ['median', 'p95'] as const) {
      const js = ref.ratioInterval(c.num, c.den, { ...OPTIONS, statistic: stat });
      const [py] = python([{ ...c, statistic: stat }]);
      const s = rows.get(`r|${stat}`);
      close(s?.lo, js.ci95![0], `${stat} lo vs JS`); close(s?.hi, js.ci95![1], `${stat} hi vs JS`);
      close(s?.lo, py.ci95![0], `${stat} lo vs Python`); close(s?.hi, py.ci95![1], `${stat} hi vs Python`);
      close(s?.estimate, js.estimate, `${stat} estimate`);
      expect(s?.invocations).toBe(4);
    }
  }, 60000);

  it('transport / echo floor: (wait − service) / echo with the three series of the socket path resampled jointly', async () => {
    const wait = invocationArrays(dir, 'unity_socket.csv', 'step.socket.wait');
    const service = invocationArrays(dir, 'socket.csv', 'step.service');
    const echo = invocationArrays(dir, 'floors.csv', 'floor.socket.echo');
    const stats = toSeriesStats(rowsOf(await db.query(summarySql(WARMUP, { runs: [FIXTURE_RUN] }))));
    const rows = comparisons(stats, pairings(run));
    const figures = pairFigures(rows, stats, comparisonKey);
    const te = figures.find((f) => f.key === transportEchoKey(FIXTURE_RUN, FIXTURE_CONFIG));
    expect(te).toBeDefined();
    const got = toIntervals(await computeIntervals(db, WARMUP, [te!], { runs: [FIXTURE_RUN] }, innerHere, OPTIONS)).get(`${te!.key}|median`);
    const o = { ...OPTIONS, statistic: 'median', salt: 2 };
    const [a, b, c] = [wait, service, echo].map((v) => ref.replicatesOf(v, o));
    const reps = Float64Array.from(a.map((x, i) => (x - b[i]) / c[i])).sort();
    const q = (p: number) => { const h = (reps.length - 1) * p; const lo = Math.floor(h); return reps[lo] + (h - lo) * (reps[Math.min(lo + 1, reps.length - 1)] - reps[lo]); };
    const est = (v: number[][]) => v.map((x) => ref.quantile(x, 0.5)).reduce((s, x) => s + x, 0) / v.length;
    close(got?.estimate, (est(wait) - est(service)) / est(echo), 'estimate');
    close(got?.lo, q(0.025), 'lo'); close(got?.hi, q(0.975), 'hi');
  }, 60000);

  it('gives the comparison its figures: medians, ratios, transport/echo', async () => {
    const stats = toSeriesStats(rowsOf(await db.query(summarySql(WARMUP, { runs: [FIXTURE_RUN] }))));
    const rows = comparisons(stats, pairings(run));
    const figs = pairFigures(rows, stats, comparisonKey);
    expect(figs.filter((f) => f.key.endsWith('|ratio')).length).toBe(4);
    expect(figs.filter((f) => f.key.endsWith('|in') || f.key.endsWith('|out')).length).toBe(8);
    expect(figs.some((f) => f.key.endsWith('transport-echo'))).toBe(true);
  });

  it('shows each invocation\'s load and other processes\' CPU time and flags the busy one', () => {
    const noise = invocationNoise([run]);
    expect(noise.length).toBe(10);
    const busy = noise.filter((n) => n.busy);
    expect(busy.map((n) => `${n.invocation}/${n.path}`)).toEqual(['3/socket']);
    expect(busy[0].otherCpuSeconds).toBeGreaterThan(0.5);
    expect(busy[0].loadAfter).toBeGreaterThan(busy[0].loadBefore!);
  });
});

describe('a run without invocations (the reference study)', () => {
  it('is one invocation: nothing in invocation_samples, no interval', async () => {
    const { run: refRun, bytesOf } = runFrom(referenceRunDir);
    const rdb = await dbWithRun(refRun, bytesOf);
    try {
      const [r] = rowsOf(await rdb.query('SELECT count(*) AS n FROM invocation_samples'));
      expect(Number(r.n)).toBe(0);
      expect(invocationCount([refRun], 'reference-study', 'native-scene')).toBe(1);
      const rows = await sqlIntervals(rdb, WARMUP, [{ key: 'x', num: 'reference-study|native-scene|frontend|native|step.unity.e2e' }], {}, OPTIONS);
      expect(rows).toEqual([]);
      expect(invocationNoise([refRun])).toEqual([]);
    } finally { await rdb.close(); }
  });
  it('one invocation of a run with invocations gives the estimate and no interval', async () => {
    const values = valuesOf({ one: { salt: 1, inv: [[1, 2, 3, 4, 5]] } });
    const r = toIntervals(rowsOf(await db.query(intervalsSql(values, [{ key: 'p', num: 'one' }], OPTIONS)))).get('p|median');
    expect(r).toEqual({ estimate: 3, lo: null, hi: null, invocations: 1 });
  });
});

it('ingests a second run after the fixture without mixing invocation files', async () => {
  const { run: refRun, bytesOf } = runFrom(referenceRunDir);
  await ingestRun(db, refRun, bytesOf);
  const rows = rowsOf(await db.query(invocationValuesSql(WARMUP, {})));
  expect(new Set(rows.map((r) => String(r.series).split('|')[0]))).toEqual(new Set([FIXTURE_RUN]));
});
