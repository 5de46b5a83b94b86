// In-process across platforms: pairing of web Wasm and desktop native configurations (pure), and the desktop
// K-step block means over DuckDB (Node build) against the reference analysis (measurement/src/analysis.mjs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../src/db/connector';
import { rowsOf } from '../src/model/arrow';
import {
  blockTargets, crossPlatformPairs, crossPlatformRows, DESKTOP_E2E, machineNote, toBlockMedians, WEB_E2E, WEB_E2E_BLOCK,
  type BlockMedian,
} from '../src/model/crossPlatform';
import type { RunConfiguration, RunJson } from '../src/model/runs';
import { toSeriesStats, type SeriesStats } from '../src/model/stats';
import { blockMeansSql, summarySql } from '../src/sql/analysis';
// the reference analysis shared with bench:desktop and bench:web (types: its JSDoc)
import { blockMeans, parseTimingCsvText, series as seriesOf, stats as statsOf } from '../../measurement/src/analysis.mjs';
import { dbWithRun, loadedDb, runDir } from './support/nodeConnector';

const cfg = (id: string, n: number, pacing: RunConfiguration['pacing'], platform: 'web' | 'desktop', extra: Partial<RunConfiguration> = {}): RunConfiguration => ({
  id, scenario: 'reference', nodeCount: n, maxDistance: 3, seed: null, pacing, tickMs: null, timeScale: 1, encoding: 'json',
  files: platform === 'web'
    ? [{ file: `${id}/web_wasm.csv`, side: 'frontend', platform: 'web', transport: 'wasm' }]
    : [{ file: `${id}/unity_native.csv`, side: 'frontend', platform: 'desktop', transport: 'native' }],
  ...extra,
});
const run = (id: string, kind: string, configurations: RunConfiguration[], env: Record<string, unknown> = { cpuModel: 'AMD EPYC', cores: 2 }): RunJson => ({
  schemaVersion: 1, id, title: id, kind, createdAt: null, commit: null, environment: { timerResolutionNs: 100, ...env }, parameters: {}, configurations,
});
const series = (run: string, config: string, id: string, median: number): SeriesStats => {
  const web = id.startsWith('step.web.');
  return {
    run, config, file: `${config}/${web ? 'web_wasm.csv' : 'unity_native.csv'}`, side: 'frontend', platform: web ? 'web' : 'desktop',
    transport: web ? 'wasm' : 'native', id, count: 100, median, mean: median, p95: median, p99: median, std: 0, min: median, max: median,
  };
};

describe('crossPlatformPairs', () => {
  const desk = run('d', 'desktop', [cfg('n10-free', 10, 'free', 'desktop'), cfg('n10-fixed', 10, 'fixed', 'desktop'), cfg('n100-free', 100, 'free', 'desktop')]);
  const web = run('w', 'web', [cfg('n10-free', 10, 'free', 'web', { e2eBlockSteps: 50 }), cfg('n10-frame', 10, 'frame', 'web'), cfg('n1000-free', 1000, 'free', 'web')]);
  const stats = [
    series('d', 'n10-free', DESKTOP_E2E, 4000), series('d', 'n10-fixed', DESKTOP_E2E, 20e6), series('d', 'n100-free', DESKTOP_E2E, 30000),
    series('w', 'n10-free', WEB_E2E, 10000), series('w', 'n10-free', WEB_E2E_BLOCK, 8000), series('w', 'n10-frame', WEB_E2E, 16e6),
    series('w', 'n1000-free', WEB_E2E, 500000),
  ];

  it('pairs free-paced web Wasm with free-paced desktop native configurations of the same N only', () => {
    const p = crossPlatformPairs([desk, web], stats);
    expect(p.map((x) => `${x.webRun}/${x.webConfig}>${x.desktopRun}/${x.desktopConfig}`)).toEqual(['w/n10-free>d/n10-free']);
    expect(p[0]).toMatchObject({ n: 10, blockSteps: 50, machineNote: null, scenarioNote: null });
    expect(p[0].webBlock?.median).toBe(8000);
    expect(p[0].webE2e?.median).toBe(10000);
    expect(p[0].desktopE2e.median).toBe(4000);
  });

  it('takes run kinds from run.json (the reference study and Unity runs are not desktop or web runs here)', () => {
    expect(crossPlatformPairs([{ ...desk, kind: 'reference' }, web], stats)).toEqual([]);
    expect(crossPlatformPairs([desk, { ...web, kind: 'unity' }], stats)).toEqual([]);
    expect(crossPlatformPairs([desk], stats)).toEqual([]);
  });

  it('needs the series: no desktop step.unity.e2e or no web e2e, no pair', () => {
    expect(crossPlatformPairs([desk, web], stats.filter((s) => s.id !== DESKTOP_E2E))).toEqual([]);
    expect(crossPlatformPairs([desk, web], stats.filter((s) => s.run !== 'w'))).toEqual([]);
  });

  it('pairs every web configuration with every matching desktop configuration, sorted by N then ids', () => {
    const desk2 = run('c', 'desktop', [cfg('n10-free', 10, 'free', 'desktop')]);
    const p = crossPlatformPairs([web, desk, desk2], [...stats, series('c', 'n10-free', DESKTOP_E2E, 5000)]);
    expect(p.map((x) => x.desktopRun)).toEqual(['c', 'd']);
  });

  it('pairs configurations of the same program only (spec and parameters; none named is the reference program)', () => {
    const progs = run('p', 'desktop', [
      cfg('n10-free-gossipMax', 10, 'free', 'desktop', { program: 'gossipMax' }), cfg('n10-free-euclidean', 10, 'free', 'desktop', { program: 'euclidean' }),
      cfg('n10-free-election2', 10, 'free', 'desktop', { program: 'boundedElection:bound=2' }),
    ]);
    const webProgs = run('q', 'web', [cfg('n10-free', 10, 'free', 'web'), cfg('n10-free-election3', 10, 'free', 'web', { program: 'boundedElection:bound=3' }),
      cfg('n10-free-gossipMax', 10, 'free', 'web', { program: 'gossipMax' })]);
    const s = [...['n10-free-gossipMax', 'n10-free-euclidean', 'n10-free-election2'].map((c) => series('p', c, DESKTOP_E2E, 4000)),
      ...['n10-free', 'n10-free-election3', 'n10-free-gossipMax'].map((c) => series('q', c, WEB_E2E, 9000))];
    const p = crossPlatformPairs([progs, webProgs], s);
    expect(p.map((x) => `${x.webConfig}>${x.desktopConfig} ${x.program}`)).toEqual([
      'n10-free>n10-free-euclidean euclidean', 'n10-free-gossipMax>n10-free-gossipMax gossipMax']);
  });

  it('drops the block series when the configuration declares no K', () => {
    const noK = run('w', 'web', [cfg('n10-free', 10, 'free', 'web')]);
    const [p] = crossPlatformPairs([desk, noK], stats);
    expect(p.webBlock).toBeNull();
    expect(p.blockSteps).toBeNull();
    expect(blockTargets([p])).toEqual([]);
  });

  it('notes different machines and different scenarios', () => {
    const other = run('d', 'desktop', [cfg('n10-free', 10, 'free', 'desktop', { scenario: 'random', seed: 1 })], { cpuModel: 'Intel Xeon', cores: 8 });
    const [p] = crossPlatformPairs([other, web], stats);
    expect(p.machineNote).toMatch(/different machines: web AMD EPYC, 2 cores; desktop Intel Xeon, 8 cores/);
    expect(p.scenarioNote).toMatch(/different scenarios: web reference, max distance 3; desktop random seed 1, max distance 3/);
    expect(machineNote(run('a', 'web', [], { cores: 2 }), run('b', 'desktop', [], { cores: 4 }))).toMatch(/unknown CPU, 2 cores.*unknown CPU, 4 cores/);
    expect(machineNote(run('a', 'web', [], {}), run('b', 'desktop', [], {}))).toBeNull();
  });

  it('asks for one block target per desktop series and K, and computes both ratios', () => {
    const web2 = run('v', 'web', [cfg('n10-free', 10, 'free', 'web', { e2eBlockSteps: 50 })]);
    const all = [...stats, series('v', 'n10-free', WEB_E2E, 12000), series('v', 'n10-free', WEB_E2E_BLOCK, 6000)];
    const pairs = crossPlatformPairs([desk, web, web2], all);
    expect(pairs).toHaveLength(2);
    const targets = blockTargets(pairs);
    expect(targets).toEqual([{ run: 'd', config: 'n10-free', file: 'n10-free/unity_native.csv', id: DESKTOP_E2E, blockSteps: 50 }]);
    const blocks: BlockMedian[] = [{ ...targets[0], blocks: 19, median: 4000 }];
    const rows = crossPlatformRows(pairs, blocks);
    expect(rows.map((r) => r.blockRatio)).toEqual([1.5, 2]);
    expect(rows.map((r) => r.stepRatio)).toEqual([3, 2.5]);
    expect(rows[0].desktopBlock?.blocks).toBe(19);
  });

  it('falls back to per-step medians without a web block series (block ratio null)', () => {
    const [r] = crossPlatformRows(crossPlatformPairs([desk, web], stats.filter((s) => s.id !== WEB_E2E_BLOCK)), []);
    expect(r.desktopBlock).toBeNull();
    expect(r.blockRatio).toBeNull();
    expect(r.stepRatio).toBe(2.5);
  });
});

describe('blockMeansSql over DuckDB', () => {
  // 23 valid samples of step.unity.e2e written out of time order, a t_ns tie (broken by file order), an invalid
  // row (negative duration: dropped before ranking) and another id in the same file.
  const durations = [50, 7, 9, 11, 13, 10, 12, 14, 16, 8, 21, 22, 23, 24, 30, 31, 32, 33, 40, 41, 42, 43, 99];
  const rows: [number, string, number][] = durations.map((d, i) => [i === 5 ? 4000 : 1000 * i, DESKTOP_E2E, d]);
  const shuffled = [...rows.slice(10), [500, DESKTOP_E2E, -1] as [number, string, number], ...rows.slice(0, 10), [1, 'step.unity.apply', 5] as [number, string, number]];
  const csv = `t_ns,id,duration_ns\n${shuffled.map((r) => r.join(',')).join('\n')}\n`;
  const desk = run('synthetic', 'desktop', [cfg('n10-free', 10, 'free', 'desktop')]);
  // Reference: valid rows in (t_ns, file order), warm-up dropped, means of complete blocks of K, their median.
  const expected = (warmup: number, k: number): { blocks: number; median: number } => {
    const s = statsOf(blockMeans(seriesOf(parseTimingCsvText(csv), warmup).get(DESKTOP_E2E), k));
    return { blocks: s.count, median: s.median };
  };
  const target = (blockSteps: number) => ({ run: 'synthetic', config: 'n10-free', file: 'n10-free/unity_native.csv', id: DESKTOP_E2E, blockSteps });

  let db: Connector;
  beforeAll(async () => { db = await dbWithRun(desk, async () => new TextEncoder().encode(csv)); });
  afterAll(async () => { await db.close(); });

  it.each([[0, 1], [0, 4], [3, 4], [3, 5], [1, 7], [30, 4]])('warm-up %i, K = %i: complete blocks only, median of block means', async (warmup, k) => {
    const got = toBlockMedians(rowsOf(await db.query(blockMeansSql(warmup, [target(k)]))));
    const want = expected(warmup, k);
    if (want.blocks === 0) { expect(got).toEqual([]); return; }
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ ...target(k), blocks: want.blocks });
    expect(got[0].median).toBeCloseTo(want.median, 9);
  });

  it('K = 1 is the per-step median of the summary', async () => {
    const [s] = toSeriesStats(rowsOf(await db.query(summarySql(3, { ids: [DESKTOP_E2E] }))));
    const [b] = toBlockMedians(rowsOf(await db.query(blockMeansSql(3, [target(1)]))));
    expect(b.blocks).toBe(s.count);
    expect(b.median).toBe(s.median);
  });

  it('answers several targets (the same series under two K) at once, and no target with no rows', async () => {
    const got = toBlockMedians(rowsOf(await db.query(blockMeansSql(2, [target(3), target(4), { ...target(2), run: 'absent' }]))));
    expect(got.map((g) => [g.blockSteps, g.blocks])).toEqual([[3, expected(2, 3).blocks], [4, expected(2, 4).blocks]]);
    expect(rowsOf(await db.query(blockMeansSql(0, [])))).toEqual([]);
  });
});

describe('published desktop and web scale runs', () => {
  let db: Connector;
  let runs: RunJson[];
  beforeAll(async () => { ({ db, runs } = await loadedDb([runDir('2026-11-21-desktop-scale'), runDir('2026-11-21-web-scale')])); });
  afterAll(async () => { await db.close(); });

  it('pair at N = 10, 100 and 1000 on the same machine; block means when the web run has them, per-step otherwise', async () => {
    const stats = toSeriesStats(rowsOf(await db.query(summarySql(30))));
    const pairs = crossPlatformPairs(runs, stats);
    expect([...new Set(pairs.map((p) => p.n))]).toEqual([10, 100, 1000]);
    expect(pairs.every((p) => p.machineNote === null)).toBe(true);
    const targets = blockTargets(pairs);
    const rows = crossPlatformRows(pairs, toBlockMedians(rowsOf(await db.query(blockMeansSql(30, targets)))));
    for (const r of rows) {
      expect(r.stepRatio).toBeGreaterThan(0);
      if (r.webBlock) {
        expect(r.desktopBlock?.blockSteps).toBe(r.blockSteps);
        expect(r.blockRatio).toBeGreaterThan(0);
      } else expect(r.blockRatio).toBeNull();
    }
  });
});
