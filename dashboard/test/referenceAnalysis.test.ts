// The dashboard's SQL over the reference study's CSVs equals an independent exact implementation
// (test/independent/reference_analysis.py, Python stdlib, rational arithmetic) to well under a nanosecond.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../src/db/connector';
import { rowsOf } from '../src/model/arrow';
import { comparisons } from '../src/model/comparison';
import { pairings, type RunJson } from '../src/model/runs';
import { toSeriesStats, type SeriesStats } from '../src/model/stats';
import { OVERHEAD_ID, summarySql } from '../src/sql/analysis';
import { loadedDb, referenceRunDir } from './support/nodeConnector';

type Expected = { count: number; median: string; mean: string; p95: string; p99: string; std: string | null };
interface Checker { series: Record<string, Expected>; overhead: Record<string, Expected>; ratios: Record<string, Record<string, string>> }

const independent = (warmup: number): Checker => {
  const r = spawnSync('python3', [join(__dirname, 'independent', 'reference_analysis.py'), referenceRunDir, '--warmup', String(warmup)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`checker failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Checker;
};

const close = (actual: number, expected: string, what: string) => {
  // Expected values are exact to 1e-6 ns; DuckDB computes in doubles. Nanosecond agreement with a large margin.
  expect(Math.abs(actual - Number(expected)), `${what}: ${actual} vs ${expected}`).toBeLessThan(1e-3);
};

let db: Connector;
let runs: RunJson[];
beforeAll(async () => { ({ db, runs } = await loadedDb([referenceRunDir])); });
afterAll(async () => { await db.close(); });

const summary = async (warmup: number): Promise<SeriesStats[]> => toSeriesStats(rowsOf(await db.query(summarySql(warmup))));

describe.each([30, 0, 100])('reference study, warm-up %i', (warmup) => {
  let stats: SeriesStats[];
  let want: Checker;
  beforeAll(async () => { stats = await summary(warmup); want = independent(warmup); });

  it('has every series of the checker and no other', () => {
    const got = stats.filter((s) => s.id !== OVERHEAD_ID).map((s) => `${s.file}|${s.id}`).sort();
    expect(got).toEqual(Object.keys(want.series).sort());
    expect(stats.filter((s) => s.id === OVERHEAD_ID).map((s) => s.file).sort()).toEqual(Object.keys(want.overhead).sort());
  });

  it('matches count, median, mean, p95, p99 and std of every series', () => {
    for (const s of stats) {
      const e = s.id === OVERHEAD_ID ? want.overhead[s.file] : want.series[`${s.file}|${s.id}`];
      expect(s.count, `${s.file}|${s.id} count`).toBe(e.count);
      for (const k of ['median', 'mean', 'p95', 'p99'] as const) close(s[k], e[k], `${s.file}|${s.id} ${k}`);
      close(s.std ?? NaN, e.std ?? 'NaN', `${s.file}|${s.id} std`);
    }
  });

  it('matches the socket/native ratios of overhead and end-to-end', () => {
    const rows = comparisons(stats, runs.flatMap(pairings));
    for (const [key, metric] of [['overhead', 'overhead'], ['e2e', 'e2e']] as const) {
      const row = rows.find((r) => r.metric.key === metric)!;
      for (const k of ['mean', 'median', 'p95', 'p99'] as const) {
        expect(Math.abs((row.ratios[k] ?? NaN) - Number(want.ratios[key][k])), `${key} ${k}`).toBeLessThan(1e-6);
      }
    }
  });
});

describe('reference study specifics', () => {
  it('pairs the native scene with the socket scene and notes the pacing difference', () => {
    const p = pairings(runs[0]);
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ inConfig: 'native-scene', outConfig: 'socket-scene', n: 10, platform: 'desktop' });
    expect(p[0].pacingNote).toMatch(/20 ms.*200 ms/);
  });

  it('keeps 970 overhead pairs native (1000 each) and 969 socket (999 each)', async () => {
    const s = await summary(30);
    expect(s.filter((x) => x.id === OVERHEAD_ID).map((x) => x.count).sort()).toEqual([969, 970]);
  });
});
