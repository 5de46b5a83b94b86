// Step period (median interval between step starts) in SQL over DuckDB (Node build), against bench:web's own
// summary (measurement/src/webSummary.mjs) over the valid rows, on synthetic rows and the published scale runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../src/db/connector';
import { rowsOf } from '../src/model/arrow';
import type { RunJson } from '../src/model/runs';
import { toStepPeriods } from '../src/model/stats';
import { stepPeriodSql } from '../src/sql/analysis';
import { stepPeriod } from '../../measurement/src/webSummary.mjs';
import { parseTimingCsvText } from '../../measurement/src/analysis.mjs';
import { dbWithRun, loadedDb, runDir } from './support/nodeConnector';

type Row = { t: number; id: string; d: number };
/** The CSV's valid rows (the SQL drops rows with a negative t_ns or duration_ns). */
const validRows = (csv: string): Row[] => (parseTimingCsvText(csv) as Row[]).filter((r) => r.t >= 0 && r.d >= 0);
/** Valid starts of `id` after the warm-up: count of gaps and their median (bench:web's stepPeriod). */
const expectedPeriod = (csv: string, id: string, warmup: number): { intervals: number; median: number } => {
  const starts = validRows(csv).filter((r) => r.id === id).length - warmup;
  return { intervals: Math.max(starts - 1, 0), median: stepPeriod(validRows(csv), warmup, id) };
};

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
  beforeAll(async () => { db = await dbWithRun(run, async () => new TextEncoder().encode(csv)); });
  afterAll(async () => { await db.close(); });

  it.each([0, 1, 3, 8])('warm-up %i: the median gap between valid starts in time order', async (warmup) => {
    const got = toStepPeriods(rowsOf(await db.query(stepPeriodSql(warmup))));
    const want = expectedPeriod(csv, 'step.web.e2e', warmup);
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
  let db: Connector;
  let runs: RunJson[];
  beforeAll(async () => { ({ db, runs } = await loadedDb(ids.map(runDir))); });
  afterAll(async () => { await db.close(); });

  it('each front-end file has the period bench:web prints (web: all rows; both: valid rows)', async () => {
    const got = toStepPeriods(rowsOf(await db.query(stepPeriodSql(30))));
    const files = runs.flatMap((r) => r.configurations.flatMap((c) => c.files.filter((f) => f.side === 'frontend').map((f) => ({ run: r.id, ...f }))));
    expect(got.map((g) => `${g.run}/${g.file}`).sort()).toEqual(files.map((f) => `${f.run}/${f.file}`).sort());
    for (const g of got) {
      const text = readFileSync(join(runDir(g.run), g.file), 'utf8');
      const want = expectedPeriod(text, g.id, 30);
      expect(g.intervals, g.file).toBe(want.intervals);
      expect(g.median, `${g.run}/${g.file}`).toBe(want.median);
      if (g.platform === 'web') expect(g.median).toBe(stepPeriod(parseTimingCsvText(text), 30));
    }
  });
});
