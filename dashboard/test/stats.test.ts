// Statistics beyond the reference: bootstrap (seeded, pure) and Mann–Whitney U (SQL + model) against
// independent brute-force computations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../src/db/connector';
import { rowsOf } from '../src/model/arrow';
import { mannWhitneySums, toMannWhitney } from '../src/model/stats';
import { mannWhitneySql } from '../src/sql/analysis';
import { NearMedian, bootstrapMedianCI, bootstrapMedianRatioCI, median, mulberry32, quantileSorted, resampleMedian } from '../src/stats/bootstrap';
import { loadedDb, referenceRunDir } from './support/nodeConnector';

describe('bootstrap', () => {
  const values = Array.from({ length: 501 }, (_, i) => ((i * 7919) % 501) + 1000);
  it('is deterministic for a seed and differs across seeds', () => {
    expect(bootstrapMedianCI(values, 300, 7)).toEqual(bootstrapMedianCI(values, 300, 7));
    expect(bootstrapMedianCI(values, 300, 7)).not.toEqual(bootstrapMedianCI(values, 300, 8));
  });
  it('brackets the median, and a ratio CI brackets the ratio of medians', () => {
    const ci = bootstrapMedianCI(values, 1000, 42);
    expect(ci.estimate).toBe(1250);
    expect(ci.lo).toBeLessThanOrEqual(1250);
    expect(ci.hi).toBeGreaterThanOrEqual(1250);
    expect(ci.hi - ci.lo).toBeLessThan(100);
    const r = bootstrapMedianRatioCI(values, values.map((v) => v * 3), 1000, 42);
    expect(r.estimate).toBe(3);
    expect(r.lo).toBeLessThanOrEqual(3);
    expect(r.hi).toBeGreaterThanOrEqual(3);
  });
  it('draws each resample\'s median from its exact distribution: every resample of small samples enumerated', () => {
    // The bootstrap distribution of the median by brute force: all n^n resamples (index tuples), each sorted.
    const exact = (v: number[]) => {
      const n = v.length;
      const p = new Map<number, number>();
      const idx = new Array<number>(n).fill(0);
      for (let t = 0; t < n ** n; t++) {
        let x = t;
        for (let i = 0; i < n; i++) { idx[i] = x % n; x = Math.floor(x / n); }
        const m = quantileSorted(Float64Array.from(idx, (i) => v[i]).sort(), 0.5);
        p.set(m, (p.get(m) ?? 0) + n ** -n);
      }
      return p;
    };
    const draws = 200000;
    for (const v of [[3], [4, 1], [5, 5, 1], [2, 7, 1, 8], [9, 9, 2, 5, 1], [6, 1, 4, 4, 8, 3]]) {
      const sorted = Float64Array.from(v).sort();
      const rnd = mulberry32(11);
      const seen = new Map<number, number>();
      for (let b = 0; b < draws; b++) { const m = resampleMedian(sorted, rnd); seen.set(m, (seen.get(m) ?? 0) + 1 / draws); }
      const p = exact(v);
      // No value the exact distribution lacks; each probability within 5 standard errors of its frequency.
      for (const m of seen.keys()) expect(p.has(m), `median ${m} of [${v}] is not a resample's`).toBe(true);
      for (const [m, q] of p) expect(Math.abs((seen.get(m) ?? 0) - q), `P(median = ${m}) for [${v}]`).toBeLessThan(5 * Math.sqrt(q * (1 - q) / draws) + 1e-9);
    }
  });
  it('reads the order statistics near the median as sorting does, and any other by sorting', () => {
    for (const n of [1, 2, 7, 100, 5001]) {
      const v = Float64Array.from({ length: n }, (_, i) => ((i * 7919) % 97) + (i % 5) * 0.25);
      const sorted = Float64Array.from(v).sort();
      const near = new NearMedian(v);
      for (let j = 0; j < n; j++) expect(near.at(j), `n=${n}, j=${j}`).toBe(sorted[j]);
      expect(near.median()).toBe(median(v));
    }
  });
  it('gives the CIs of sorting every resample, within their own Monte Carlo spread', () => {
    // The straightforward percentile bootstrap: draw n indices, sort the resample, take its median.
    const bySorting = (a: number[], b: number[] | null, resamples: number, seed: number) => {
      const rnd = mulberry32(seed);
      const med = (v: number[]) => { const buf = Float64Array.from(v, () => v[(rnd() * v.length) | 0]).sort(); return quantileSorted(buf, 0.5); };
      const stats = Float64Array.from({ length: resamples }, () => (b ? med(b) / med(a) : med(a))).sort();
      const q = (1 - 0.95) / 2; // as the implementation computes the tail
      return [quantileSorted(stats, q), quantileSorted(stats, 1 - q)];
    };
    const noisy = Array.from({ length: 2000 }, (_, i) => 1000 + ((i * 7919) % 1000) + ((i * 104729) % 37));
    const w = noisy.map((x, i) => x * 2 + (i % 3));
    const ci = bootstrapMedianCI(noisy, 4000, 42);
    const r = bootstrapMedianRatioCI(noisy, w, 4000, 42);
    const [lo, hi] = bySorting(noisy, null, 4000, 42);
    const [rlo, rhi] = bySorting(noisy, w, 4000, 42);
    // Two Monte Carlo estimates of the same percentiles: they agree to a small share of the interval's width.
    expect(Math.abs(ci.lo - lo)).toBeLessThan(0.1 * (hi - lo));
    expect(Math.abs(ci.hi - hi)).toBeLessThan(0.1 * (hi - lo));
    expect(Math.abs(r.lo - rlo)).toBeLessThan(0.1 * (rhi - rlo));
    expect(Math.abs(r.hi - rhi)).toBeLessThan(0.1 * (rhi - rlo));
  });
  it('interpolates quantiles like quantile_cont and draws uniform numbers', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([10, 20, 30, 40, 50], 0.95)).toBeCloseTo(48, 12);
    expect(median([3, 1, 2])).toBe(2);
    const rnd = mulberry32(1);
    const xs = Array.from({ length: 10000 }, rnd);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(xs.reduce((a, b) => a + b) / xs.length).toBeCloseTo(0.5, 1);
  });
});

/** U of a by direct pair counting (ties count one half): independent of the rank formula in SQL. */
const bruteU = (a: number[], b: number[]) => {
  let u = 0;
  for (const x of a) for (const y of b) u += x > y ? 1 : x === y ? 0.5 : 0;
  return u;
};

describe('Mann–Whitney U over DuckDB', () => {
  let db: Connector;
  beforeAll(async () => { ({ db } = await loadedDb([referenceRunDir])); });
  afterAll(async () => { await db.close(); });
  const series = (file: string, id: string) => ({ run: 'reference-study', config: file.split('/')[0], file, id });
  const values = async (file: string, id: string) => rowsOf(await db.query(
    `SELECT duration_ns FROM (SELECT duration_ns, row_number() OVER (ORDER BY t_ns, seq) AS k FROM samples WHERE file = '${file}' AND id = '${id}' AND t_ns >= 0 AND duration_ns >= 0) WHERE k > 30`,
  )).map((r) => Number(r.duration_ns));

  it('matches brute-force U on the reference compute series (with ties) and gives a tiny p', async () => {
    const a = series('native-scene/native.csv', 'step.compute');
    const b = series('socket-scene/socket.csv', 'step.compute');
    const [row] = rowsOf(await db.query(mannWhitneySql(30, a, b)));
    const va = await values(a.file, a.id); const vb = await values(b.file, b.id);
    expect(Number(row.n1)).toBe(va.length);
    expect(Number(row.u1)).toBe(bruteU(va, vb));
    const mw = toMannWhitney(row);
    expect(mw.u).toBe(Math.min(bruteU(va, vb), bruteU(vb, va)));
    expect(mw.p).toBeLessThan(1e-6);
  });
  it('the sums from the samples in the page equal the SQL ones (overhead, compute, e2e: with ties)', async () => {
    const { valuesSql } = await import('../src/sql/analysis');
    const pairs: [string, string, string][] = [
      ['native-scene/native.csv', 'socket-scene/socket.csv', 'backend.overhead'],
      ['native-scene/native.csv', 'socket-scene/socket.csv', 'step.compute'],
      ['native-scene/unity_native.csv', 'socket-scene/unity_socket.csv', 'step.unity.e2e'],
    ];
    for (const [fa, fb, id] of pairs) {
      const a = series(fa, id); const b = series(fb, id);
      const sql = rowsOf(await db.query(mannWhitneySql(30, a, b)))[0];
      const vals = rowsOf(await db.query(valuesSql(30, { runs: ['reference-study'], files: [fa, fb], ids: [id] }, 200000)));
      const of = (f: string) => vals.filter((r) => r.file === f).map((r) => Number(r.duration_ns));
      const js = mannWhitneySums(of(fa), of(fb));
      for (const k of ['n1', 'n2', 'u1', 'u2', 'tie_term']) expect(js[k], `${id} ${k}`).toBe(Number(sql[k]));
      expect(toMannWhitney(js)).toEqual(toMannWhitney(sql));
    }
  });
  it('the samples read column-wise, one list per series (seriesValuesSql), are valuesSql\'s rows, in the same order (thinned too)', async () => {
    const { valuesSql, seriesValuesSql } = await import('../src/sql/analysis');
    const { seriesValuesOf } = await import('../src/model/arrow');
    const { seriesKey } = await import('../src/model/stats');
    const f = { runs: ['reference-study'], files: ['native-scene/native.csv', 'socket-scene/socket.csv'], ids: ['backend.overhead', 'step.compute'] };
    for (const [max, read] of [[200000, 200000], [200000, null], [500, 500]] as const) {
      const rows = rowsOf(await db.query(valuesSql(30, f, max)));
      const lists = seriesValuesOf(await db.query(seriesValuesSql(30, f, read)), seriesKey);
      const expected = new Map<string, number[]>();
      for (const r of rows) {
        const k = seriesKey({ run: String(r.run), config: String(r.config), file: String(r.file), id: String(r.id) });
        expected.set(k, [...(expected.get(k) ?? []), Number(r.duration_ns)]);
      }
      expect(lists.size).toBe(4);
      expect([...lists.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [k, v] of expected) expect(Array.from(lists.get(k)!), `${k} at most ${max}`).toEqual(v);
    }
  });
  it('finds no difference between a series and itself', async () => {
    const a = series('native-scene/unity_native.csv', 'step.native.parse');
    const mw = toMannWhitney(rowsOf(await db.query(mannWhitneySql(30, a, a)))[0]);
    expect(mw.z).toBeCloseTo(0, 9);
    expect(mw.p).toBeCloseTo(1, 6);
  });
});
