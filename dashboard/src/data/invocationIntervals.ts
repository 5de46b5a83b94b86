/**
 * Computes invocation-level intervals through the Connector (docs/measurements.md, "Intervals"): the invocation
 * values come from SQL (`sql/intervals.ts`), the inner level of the bootstrap runs either in SQL or, much faster on
 * real sample counts, in a worker with the same hash draws (`stats/invocationBootstrap.ts`); its replicates are
 * appended to a scratch table and the outer level and the percentiles run in SQL.
 */
import { Table, Utf8, makeVector, tableToIPC, vectorFromArray } from 'apache-arrow';
import type { Connector } from '../db/connector';
import { rowsOf, type Row } from '../model/arrow';
import type { SampleFilter } from '../sql/analysis';
import { INTERVAL_DEFAULTS, intervalsSql, invocationValuesSql, type FigureSpec, type IntervalOptions } from '../sql/intervals';
import { str } from '../sql/literals';
import type { InnerJob, InnerResult } from '../stats/invocationBootstrap';

/** Computes inner replicates (the worker in the browser, the pure function in tests). */
export type InnerRunner = (jobs: InnerJob[], innerResamples: number, seed: number) => Promise<InnerResult[]>;

let scratch = 0;

/** Figure rows (see intervalsSql) for `figures` over the invocation files selected by `filter`. */
export async function computeIntervals(db: Connector, warmup: number, figures: FigureSpec[], filter: SampleFilter,
  inner: InnerRunner | 'sql', options: Partial<IntervalOptions> = {}): Promise<Row[]> {
  const o = { ...INTERVAL_DEFAULTS, ...options };
  const values = invocationValuesSql(warmup, filter);
  if (figures.length === 0) return [];
  if (inner === 'sql') return rowsOf(await db.query(intervalsSql(values, figures, o)));
  const series = [...new Set(figures.flatMap((f) => [f.num, f.minus, f.den].filter((x): x is string => x !== undefined)))];
  const t = await db.query(`SELECT series, salt, kk, x FROM (${values}) WHERE series IN (${series.map(str).join(', ')}) ORDER BY series, kk, j`);
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
  const name = `iv_inner_${++scratch}`;
  const total = results.reduce((a, r) => a + r.r * r.c, 0);
  const seriesCol: string[] = new Array(total); const kk = new Int32Array(total); const c = new Int32Array(total);
  const q50 = new Float64Array(total); const q95 = new Float64Array(total); const q99 = new Float64Array(total);
  let i = 0;
  for (const r of results) {
    for (let x = 0; x < r.r * r.c; x++, i++) {
      seriesCol[i] = r.series; kk[i] = Math.floor(x / r.c); c[i] = x % r.c; q50[i] = r.q50[x]; q95[i] = r.q95[x]; q99[i] = r.q99[x];
    }
  }
  const table = new Table({
    series: vectorFromArray(seriesCol, new Utf8()), kk: makeVector(kk), c: makeVector(c),
    q50: makeVector(q50), q95: makeVector(q95), q99: makeVector(q99),
  });
  await db.query(`CREATE TEMP TABLE ${name} (series VARCHAR, kk INTEGER, c INTEGER, q50 DOUBLE, q95 DOUBLE, q99 DOUBLE)`);
  try {
    if (total > 0) await db.appendArrowIpc(name, tableToIPC(table, 'stream'));
    return rowsOf(await db.query(intervalsSql(values, figures, o, `SELECT * FROM ${name}`)));
  } finally {
    await db.query(`DROP TABLE IF EXISTS ${name}`).catch(() => undefined);
  }
}
