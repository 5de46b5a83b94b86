// Step period (median interval between step starts) in SQL over DuckDB (Node build), against bench:web's own
// summary (src/live/e2e/summary.mjs) and a direct computation, on synthetic rows and the published scale runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTables, ingestRun } from '../src/data/ingest';
import type { Connector } from '../src/db/connector';
import { rowsOf } from '../src/model/arrow';
import type { RunJson } from '../src/model/runs';
import { toStepPeriods } from '../src/model/stats';
import { stepPeriodSql } from '../src/sql/analysis';
// @ts-expect-error: plain ES modules without types (bench:web's summary and the shared CSV parser)
import { stepPeriod } from '../src/live/e2e/summary.mjs';
// @ts-expect-error: see above
import { parseTimingCsv } from '../../scripts/lib/analysis.mjs';
import { createNodeConnector, loadedDb, repoRoot } from './support/nodeConnector';

/** Direct computation: valid rows of `id`, stable-sorted by t_ns, warm-up dropped, gaps, median. */
function directPeriod(csv: string, id: string, warmup: number): { intervals: number; median: number } {
  const starts = csv.trim().split('\n').slice(1).map((l) => l.split(','))
    .filter(([t, i, d]) => i === id && Number(t) >= 0 && Number(d) >= 0).map(([t]) => Number(t))
    .sort((a, b) => a - b).slice(warmup);
  const gaps = starts.slice(1).map((t, i) => t - starts[i]).sort((a, b) => a - b);
  const m = gaps.length % 2 ? gaps[(gaps.length - 1) / 2] : (gaps[gaps.length / 2 - 1] + gaps[gaps.length / 2]) / 2;
  return { intervals: gaps.length, median: m };
}

describe('stepPeriodSql', () => {
  it('orders by rank after the warm-up and looks at the front-end e2e ids only', () => {
    const s = stepPeriodSql(30, { runs: ['r'] });
    expect(s).toContain('lag(s.t_ns) OVER (PARTITION BY s.run, s.config, s.file, s.id ORDER BY s.k)');
    expect(s).toContain('s.k > 30 AND s.k > 0');
    expect(s).toContain("s.id IN ('step.web.e2e', 'step.unity.e2e')");
    expect(s).toContain("s.run IN ('r')");
    expect(s).toContain('quantile_cont(gap_ns, 0.5)');
  });
});

describe('step period over DuckDB', () => {
  // Starts out of time order, an invalid row (negative duration: no start), and another id with its own times.
  const starts = [0, 1000, 2500, 3000, 7000, 7100, 9000, 12000, 12500, 20000];
  const lines = starts.map((t, i) => `${t},step.web.e2e,${10 + i}`);
  const csv = `t_ns,id,duration_ns\n${[...lines.slice(5), '4000,step.web.e2e,-1', ...lines.slice(0, 5), '100,step.web.wasm.call,5', '99999,step.web.wasm.call,5'].join('\n')}\n`;
  const run: RunJson = {
    schemaVersion: 1, id: 'synthetic', title: 'synthetic', kind: 'web', createdAt: null, commit: null, environment: { timerResolutionNs: 5000 }, parameters: {},
    configurations: [{ id: 'n10-free', scenario: 'reference', nodeCount: 10, maxDistance: 3, seed: null, pacing: 'free', tickMs: null, timeScale: 1, encoding: 'json',
      files: [{ file: 'n10-free/web_wasm.csv', side: 'frontend', platform: 'web', transport: 'wasm' }] }],
  };
  let db: Connector;
  beforeAll(async () => {
    db = await createNodeConnector();
    await createTables(db);
    await ingestRun(db, run, async () => new TextEncoder().encode(csv));
  });
  afterAll(async () => { await db.close(); });

  it.each([0, 1, 3, 8])('warm-up %i: the median gap between valid starts in time order', async (warmup) => {
    const got = toStepPeriods(rowsOf(await db.query(stepPeriodSql(warmup))));
    const want = directPeriod(csv, 'step.web.e2e', warmup);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ run: 'synthetic', config: 'n10-free', platform: 'web', transport: 'wasm', id: 'step.web.e2e', intervals: want.intervals });
    expect(got[0].median).toBe(want.median);
  });

  it('a file with fewer than two starts after the warm-up has no period', async () => {
    expect(rowsOf(await db.query(stepPeriodSql(9)))).toEqual([]);
  });
});

describe('published scale runs', () => {
  const ids = ['2026-11-21-web-scale', '2026-11-21-desktop-scale'];
  const dir = (id: string) => join(repoRoot, 'public', 'data', 'runs', id);
  let db: Connector;
  let runs: RunJson[];
  beforeAll(async () => { ({ db, runs } = await loadedDb(ids.map(dir))); });
  afterAll(async () => { await db.close(); });

  it('each front-end file has the period bench:web prints (web) and the direct computation (both)', async () => {
    const got = toStepPeriods(rowsOf(await db.query(stepPeriodSql(30))));
    const files = runs.flatMap((r) => r.configurations.flatMap((c) => c.files.filter((f) => f.side === 'frontend').map((f) => ({ run: r.id, ...f }))));
    expect(got.map((g) => `${g.run}/${g.file}`).sort()).toEqual(files.map((f) => `${f.run}/${f.file}`).sort());
    for (const g of got) {
      const text = readFileSync(join(dir(g.run), g.file), 'utf8');
      const want = directPeriod(text, g.id, 30);
      expect(g.intervals, g.file).toBe(want.intervals);
      expect(g.median, `${g.run}/${g.file}`).toBe(want.median);
      if (g.platform === 'web') expect(g.median).toBe(stepPeriod(parseTimingCsv(text), 30));
    }
  });
});
