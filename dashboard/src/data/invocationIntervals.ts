/**
 * Computes invocation-level intervals through the Connector (docs/measurements.md, "Intervals"): the invocation
 * values come from SQL (`sql/intervals.ts`); the bootstrap runs either wholly in SQL (`intervalsSql`) or, much
 * faster on real sample counts, with its inner level in a worker with the same hash draws
 * (`stats/invocationBootstrap.ts`) and the outer level, the figures and the percentiles here (`outerLevel`), off the
 * database's one worker. Tests check both against measurement/src/intervals.mjs and each other.
 */
import type { Connector } from '../db/connector';
import { rowsOf, type Row } from '../model/arrow';
import type { SampleFilter } from '../sql/analysis';
import { INTERVAL_DEFAULTS, INTERVAL_STATS, intervalsSql, invocationValuesSql, type FigureSpec, type IntervalOptions, type IntervalStat } from '../sql/intervals';
import { str } from '../sql/literals';
import { chain, h32 } from '../../../measurement/src/intervals.mjs';
import type { InnerJob, InnerResult } from '../stats/invocationBootstrap';

/** Computes inner replicates (the worker in the browser, the pure function in tests). */
export type InnerRunner = (jobs: InnerJob[], innerResamples: number, seed: number) => Promise<InnerResult[]>;

/** Figure rows (see intervalsSql) for `figures` over the invocation files selected by `filter`. */
export async function computeIntervals(db: Connector, warmup: number, figures: FigureSpec[], filter: SampleFilter,
  inner: InnerRunner | 'sql', options: Partial<IntervalOptions> = {}): Promise<Row[]> {
  const o = { ...INTERVAL_DEFAULTS, ...options };
  const values = invocationValuesSql(warmup, filter);
  if (figures.length === 0) return [];
  if (inner === 'sql') return rowsOf(await db.query(intervalsSql(values, figures, o)));
  const series = [...new Set(figures.flatMap((f) => [f.num, f.minus, f.den].filter((x): x is string => x !== undefined)))];
  const tq = performance.now();
  const t = await db.query(`SELECT series, salt, kk, x FROM (${values}) WHERE series IN (${series.map(str).join(', ')}) ORDER BY series, kk, j`);
  performance.measure('invocation values', { start: tq });
  const cols = rowsOf(t);
  const bySeries = new Map<string, { salt: number; inv: number[][] }>();
  for (const r of cols) {
    const s = String(r.series);
    let e = bySeries.get(s);
    if (!e) bySeries.set(s, (e = { salt: Number(r.salt), inv: [] }));
    const kk = Number(r.kk);
    (e.inv[kk] ??= []).push(Number(r.x));
  }
  const jobs: InnerJob[] = [...bySeries.entries()].map(([s, e]) => ({ series: s, salt: e.salt, invocations: e.inv.map((v) => Float64Array.from(v)) }));
  const results = await inner(jobs, o.innerResamples, o.seed);
  return outerLevel(jobs, results, figures, o);
}

/** Quantile q of ascending values, linear interpolation between order statistics (quantile_cont). */
function quantileSorted(v: ArrayLike<number>, q: number): number {
  const h = (v.length - 1) * q; const lo = Math.floor(h); const hi = Math.min(lo + 1, v.length - 1);
  return v[lo] + (h - lo) * (v[hi] - v[lo]);
}

const LEVELS: Record<IntervalStat, number> = { median: 0.5, p95: 0.95, p99: 0.99 };

/**
 * The outer level, the figures and their percentiles from the inner replicates, here rather than in SQL (the same
 * steps as intervalsSql after `iv_inner`, on a few thousand numbers: milliseconds instead of a query over a scratch
 * table): per series the estimate (mean of each invocation's statistic) and, with R >= 2, B outer replicates (slot r
 * of replicate b takes inner replicate c of invocation kk, kk = chain(seed, salt, 1, b, r) mod R,
 * c = chain(seed, salt, 2, b, r) mod C, averaged); per figure (num − minus) / den of estimates and of replicates
 * (left out where den <= 0) and the percentiles of the replicates, no interval with R < 2 or fewer than 90 % finite.
 * Rows as intervalsSql gives them.
 */
export function outerLevel(jobs: InnerJob[], results: InnerResult[], figures: FigureSpec[], o: IntervalOptions): Row[] {
  const { resamples: B, innerResamples: C, seed, level } = o;
  const byName = new Map(results.map((r) => [r.series, r]));
  const series = new Map<string, { r: number; est: Record<IntervalStat, number>; reps: Record<IntervalStat, Float64Array> | null }>();
  for (const job of jobs) {
    const inv = job.invocations.filter((v) => v.length > 0);
    const R = inv.length;
    const sorted = inv.map((v) => Float64Array.from(v).sort());
    const est = Object.fromEntries(INTERVAL_STATS.map((s) => [s, sorted.reduce((a, v) => a + quantileSorted(v, LEVELS[s]), 0) / R])) as Record<IntervalStat, number>;
    let reps: Record<IntervalStat, Float64Array> | null = null;
    const ir = byName.get(job.series);
    if (R >= 2 && ir) {
      reps = { median: new Float64Array(B), p95: new Float64Array(B), p99: new Float64Array(B) };
      const p1 = chain(seed, job.salt, 1); const p2 = chain(seed, job.salt, 2);
      for (let b = 0; b < B; b++) {
        const u1 = h32(p1 + b); const u2 = h32(p2 + b);
        let s50 = 0; let s95 = 0; let s99 = 0;
        for (let slot = 0; slot < R; slot++) {
          const i = (h32(u1 + slot) % R) * ir.c + (h32(u2 + slot) % C);
          s50 += ir.q50[i]; s95 += ir.q95[i]; s99 += ir.q99[i];
        }
        reps.median[b] = s50 / R; reps.p95[b] = s95 / R; reps.p99[b] = s99 / R;
      }
    }
    if (R > 0) series.set(job.series, { r: R, est, reps });
  }
  const a = (1 - level) / 2;
  const rows: Row[] = [];
  for (const f of figures) {
    const n = series.get(f.num); const m = f.minus === undefined ? undefined : series.get(f.minus); const d = f.den === undefined ? undefined : series.get(f.den);
    if (!n || (f.minus !== undefined && !m) || (f.den !== undefined && !d)) continue;
    const r = Math.min(n.r, m?.r ?? n.r, d?.r ?? n.r);
    const combine = (x: number, mx: number, dx: number | undefined): number | null => (dx === undefined ? x - mx : dx > 0 ? (x - mx) / dx : null);
    for (const s of INTERVAL_STATS) {
      const estimate = combine(n.est[s], m?.est[s] ?? 0, d?.est[s]);
      const reps: number[] = [];
      if (n.reps && (!m || m.reps) && (!d || d.reps)) {
        for (let b = 0; b < B; b++) {
          const v = combine(n.reps[s][b], m ? m.reps![s][b] : 0, d ? d.reps![s][b] : undefined);
          if (v !== null) reps.push(v);
        }
      }
      const sorted = Float64Array.from(reps).sort();
      const ci = r >= 2 && sorted.length >= 0.9 * B;
      rows.push({ figure: f.key, stat: s, estimate, lo: ci ? quantileSorted(sorted, a) : null, hi: ci ? quantileSorted(sorted, 1 - a) : null, invocations: r, finite: sorted.length });
    }
  }
  return rows.sort((x, y) => (String(x.figure) < String(y.figure) ? -1 : String(x.figure) > String(y.figure) ? 1 : String(x.stat) < String(y.stat) ? -1 : String(x.stat) > String(y.stat) ? 1 : 0));
}
