/**
 * Computes invocation-level intervals through the Connector (docs/measurements.md, "Intervals"): the invocation
 * values come from SQL (`sql/intervals.ts`); the bootstrap is the measurement library's (measurement/src/intervals.mjs),
 * its inner level in a worker (`stats/invocationBootstrap.ts`), the outer level, the figures and the percentiles here
 * (`outerLevel`), off the database's one worker. Tests check it against an SQL version of the bootstrap and the
 * independent Python implementation.
 */
import type { Connector } from '../db/connector';
import { rowsOf, type Row } from '../model/arrow';
import type { SampleFilter } from '../sql/analysis';
import { INTERVAL_DEFAULTS, INTERVAL_STATS, invocationFileKeysSql, invocationValuesSql, type FigureSpec, type IntervalOptions, type IntervalStat } from '../sql/intervals';
import { str } from '../sql/literals';
import { STATISTICS, outerReplicatesOf, percentileCi, quantile } from '../../../measurement/src/intervals.mjs';
import type { InnerJob, InnerResult } from '../stats/invocationBootstrap';

/** Computes inner replicates (the worker in the browser, the pure function in tests). */
export type InnerRunner = (jobs: InnerJob[], innerResamples: number, seed: number) => Promise<InnerResult[]>;

/**
 * Figure rows for `figures` over the invocation files selected by `filter`: one per figure and statistic, { figure,
 * stat ('median' | 'p95' | 'p99'), estimate, lo, hi (null without an interval), invocations (R; a ratio's: the
 * smaller side), finite (replicates used) }. A figure with only `num` is the path's own statistic.
 */
export async function computeIntervals(db: Connector, warmup: number, figures: FigureSpec[], filter: SampleFilter,
  inner: InnerRunner, options: Partial<IntervalOptions> = {}): Promise<Row[]> {
  const o = { ...INTERVAL_DEFAULTS, ...options };
  if (figures.length === 0) return [];
  // The selection's invocation files first (a small query), so the values query reads only theirs.
  const fileKeys = filter.runs || filter.configs ? rowsOf(await db.query(invocationFileKeysSql(filter))).map((r) => Number(r.file_key)) : undefined;
  const values = invocationValuesSql(warmup, { ...filter, fileKeys });
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
  const ti = performance.now();
  const results = await inner(jobs, o.innerResamples, o.seed);
  performance.measure('invocation inner bootstrap', { start: ti });
  const to = performance.now();
  const rows = outerLevel(jobs, results, figures, o);
  performance.measure('invocation outer bootstrap', { start: to });
  return rows;
}

/**
 * The outer level (measurement/src/intervals.mjs, `outerReplicatesOf`), the figures and their percentiles from the
 * inner replicates: per series the estimate (mean of each invocation's statistic) and, with R >= 2, B outer
 * replicates; per figure (num − minus) / den of estimates and of replicates (left out where den <= 0) and the
 * percentiles of the replicates (`percentileCi`), no interval with R < 2 or fewer than 90 % finite.
 */
export function outerLevel(jobs: InnerJob[], results: InnerResult[], figures: FigureSpec[], o: IntervalOptions): Row[] {
  const { resamples: B, seed, level } = o;
  const byName = new Map(results.map((r) => [r.series, r]));
  const series = new Map<string, { r: number; est: Record<IntervalStat, number>; reps: Record<IntervalStat, Float64Array> | null }>();
  for (const job of jobs) {
    const inv = job.invocations.filter((v) => v.length > 0);
    const R = inv.length;
    const est = Object.fromEntries(INTERVAL_STATS.map((s) => [s, inv.reduce((a, v) => a + quantile(v, STATISTICS[s]), 0) / R])) as Record<IntervalStat, number>;
    const ir = byName.get(job.series);
    const reps = R >= 2 && ir ? outerReplicatesOf(ir.inner, { salt: job.salt, seed, resamples: B }) : null;
    if (R > 0) series.set(job.series, { r: R, est, reps });
  }
  const rows: Row[] = [];
  for (const f of figures) {
    const n = series.get(f.num); const m = f.minus === undefined ? undefined : series.get(f.minus); const d = f.den === undefined ? undefined : series.get(f.den);
    if (!n || (f.minus !== undefined && !m) || (f.den !== undefined && !d)) continue;
    const r = Math.min(n.r, m?.r ?? n.r, d?.r ?? n.r);
    // (num − minus) / den; a replicate whose den is not positive is left out (NaN).
    const combine = (x: number, mx: number, dx: number | undefined): number => (dx === undefined ? x - mx : dx > 0 ? (x - mx) / dx : NaN);
    for (const s of INTERVAL_STATS) {
      const e = combine(n.est[s], m?.est[s] ?? 0, d?.est[s]);
      const reps = new Float64Array(n.reps && (!m || m.reps) && (!d || d.reps) ? B : 0);
      for (let b = 0; b < reps.length; b++) reps[b] = combine(n.reps![s][b], m ? m.reps![s][b] : 0, d ? d.reps![s][b] : undefined);
      const finite = reps.filter(Number.isFinite).length;
      const ci = r >= 2 && reps.length ? percentileCi(reps, level) : null;
      rows.push({ figure: f.key, stat: s, estimate: Number.isNaN(e) ? null : e, lo: ci ? ci[0] : null, hi: ci ? ci[1] : null, invocations: r, finite });
    }
  }
  return rows.sort((x, y) => (String(x.figure) < String(y.figure) ? -1 : String(x.figure) > String(y.figure) ? 1 : String(x.stat) < String(y.stat) ? -1 : String(x.stat) > String(y.stat) ? 1 : 0));
}
