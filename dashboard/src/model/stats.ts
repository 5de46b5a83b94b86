/** Domain types of the analysis results (all durations in ns). */
import { cells, type Row } from './arrow';

/** Statistics of one series after warm-up (see sql/analysis.ts for the method). */
export interface SeriesStats {
  run: string; config: string; file: string; side: string; platform: string; transport: string | null; id: string;
  count: number; median: number; mean: number; p95: number; p99: number;
  /** sample standard deviation (n − 1); null with fewer than 2 samples */
  std: number | null;
  min: number; max: number;
}

export const seriesKey = (s: { run: string; config: string; file: string; id: string }): string =>
  `${s.run}/${s.config}/${s.file}/${s.id}`;

export function toSeriesStats(rows: Row[]): SeriesStats[] {
  return rows.map((r) => ({
    run: String(r.run), config: String(r.config), file: String(r.file), side: String(r.side),
    platform: String(r.platform), transport: cells.str(r.transport), id: String(r.id),
    count: Number(r.count), median: Number(r.median), mean: Number(r.mean), p95: Number(r.p95), p99: Number(r.p99),
    std: cells.num(r.std), min: Number(r.min), max: Number(r.max),
  }));
}

/** Median interval between consecutive step starts of one front-end file (see stepPeriodSql). */
export interface StepPeriod { run: string; config: string; file: string; platform: string; transport: string | null; id: string; intervals: number; median: number }

export const toStepPeriods = (rows: Row[]): StepPeriod[] => rows.map((r) => ({
  run: String(r.run), config: String(r.config), file: String(r.file), platform: String(r.platform), transport: cells.str(r.transport),
  id: String(r.id), intervals: Number(r.intervals), median: Number(r.median),
}));

/** Mann–Whitney U result (normal approximation with tie correction, two-sided). */
export interface MannWhitney { n1: number; n2: number; u: number; z: number; p: number; effect: number }

/** Complementary error function (Numerical Recipes erfcc, |error| < 1.2e-7). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806
    + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? r : 2 - r;
}

export function toMannWhitney(r: Row): MannWhitney {
  const n1 = Number(r.n1); const n2 = Number(r.n2); const u1 = Number(r.u1); const tie = Number(r.tie_term ?? 0);
  const n = n1 + n2;
  const mu = (n1 * n2) / 2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tie / (n * (n - 1))));
  const z = sigma > 0 ? (u1 - mu) / sigma : 0;
  return { n1, n2, u: Math.min(u1, n1 * n2 - u1), z, p: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)), effect: u1 / (n1 * n2) };
}

/**
 * The sums `mannWhitneySql` computes (n1, n2, u1, u2, tie_term), from the samples themselves: average ranks for
 * ties, U of the first sample, Σ(t³ − t) over tie groups. Exact for the sizes here (ranks are halves); the page
 * uses it when it already holds both samples, to spare the database a query per pair.
 */
export function mannWhitneySums(a: ArrayLike<number>, b: ArrayLike<number>): Row {
  const n1 = a.length; const n2 = b.length; const n = n1 + n2;
  const xs = new Float64Array(n);
  const fromA = new Uint8Array(n);
  for (let i = 0; i < n1; i++) { xs[i] = a[i]; fromA[i] = 1; }
  for (let i = 0; i < n2; i++) xs[n1 + i] = b[i];
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((p, q) => xs[p] - xs[q]);
  let r1 = 0; let tie = 0;
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && xs[order[j + 1]] === xs[order[i]]) j++;
    const t = j - i + 1;
    const rank = (i + 1 + j + 1) / 2;
    for (let k = i; k <= j; k++) if (fromA[order[k]]) r1 += rank;
    tie += t * t * t - t;
    i = j + 1;
  }
  const u1 = r1 - (n1 * (n1 + 1)) / 2;
  return { n1, n2, u1, u2: n1 * n2 - u1, tie_term: tie };
}
