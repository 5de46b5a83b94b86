/**
 * The History view's model: every published configuration with a summary.json as one point in commit and time order,
 * its figures (measurement/src/compare.mjs figuresOf), and its change against a baseline point (changeOf, with the
 * twins' verdict where bench:reproduce made two runs). Pure: no fetch, no DuckDB.
 */
import { changeOf, compareFigures, figuresOf, machineDifferences, twinOf, withReproduce, type Change, type Figure, type ReproducedRow } from '../../../measurement/src/compare.mjs';
import type { RunJson } from './runs';

export interface HistoryPoint {
  /** `run/config` */
  key: string;
  run: string;
  config: string;
  platform: 'desktop' | 'web';
  createdAt: string;
  commit: string | null;
  /** The x label: date, time, short commit, configuration. */
  label: string;
  nodeCount: number;
  pacing: string;
  environment: unknown;
  figures: Map<string, Figure>;
}

/** The headline figure: the front-end e2e ratio out/in (median), per platform. */
export const HEADLINE_FIGURE = 'ratio.e2e_median';

export interface SummaryLike { configurations?: { id: string; [k: string]: unknown }[] }

/** One point per configuration of each desktop or web run with a summary, ordered by the run's time, then the run's configuration order. */
export function historyPoints(runs: readonly { run: RunJson; summary: SummaryLike }[]): HistoryPoint[] {
  const out: (HistoryPoint & { order: number })[] = [];
  for (const { run, summary } of runs) {
    if (run.kind !== 'desktop' && run.kind !== 'web') continue;
    const r = run as RunJson & { commit?: string | null; environment?: unknown };
    run.configurations.forEach((c, order) => {
      const figures = figuresOf(summary, c.id);
      if (figures.size === 0) return;
      const at = run.createdAt ?? '';
      out.push({
        key: `${run.id}/${c.id}`, run: run.id, config: c.id, platform: run.kind as 'desktop' | 'web', createdAt: at,
        commit: r.commit ?? null, label: `${at.slice(5, 10)} ${at.slice(11, 16)} ${(r.commit ?? '').slice(0, 7)} ${twinOf(run.id) ? run.id.slice(-1) : ''} · ${c.id}`.replace(/ +/g, ' '),
        nodeCount: c.nodeCount, pacing: c.pacing, environment: c.environment ?? r.environment, figures, order,
      });
    });
  }
  out.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.run.localeCompare(b.run) || a.order - b.order);
  return out.map(({ order: _order, ...p }) => p);
}

/** Every figure key some point holds, the headline first, ratios before paths. */
export function figureKeys(points: readonly HistoryPoint[]): string[] {
  const keys = new Set<string>();
  for (const p of points) for (const k of p.figures.keys()) keys.add(k);
  return [...keys].sort((a, b) => Number(b === HEADLINE_FIGURE) - Number(a === HEADLINE_FIGURE)
    || Number(b.startsWith('ratio.')) - Number(a.startsWith('ratio.')) || a.localeCompare(b));
}

/** The canonical comparison's points (N = 10, free pacing), unless every configuration is asked for. */
export const shownPoints = (points: readonly HistoryPoint[], all: boolean): HistoryPoint[] =>
  points.filter((p) => all || (p.nodeCount === 10 && p.pacing === 'free'));

/** The default baseline: the oldest point of the figure with an interval (the first run with invocations). */
export function defaultBaseline(points: readonly HistoryPoint[], figure: string): HistoryPoint | null {
  return points.find((p) => p.figures.get(figure)?.ci95) ?? points.find((p) => p.figures.has(figure)) ?? null;
}

/** A point's change against the baseline for one figure, the twins' verdict, and whether it ran on another machine. */
export interface PointChange extends Change {
  point: HistoryPoint;
  figure: Figure;
  reproduce: 'reproduced' | 'not reproduced' | null;
  /** The twins' change (bench:reproduce's other run of each), when both exist. */
  twinPct: number | null;
  otherMachine: string[];
}

const byKey = (points: readonly HistoryPoint[]) => new Map(points.map((p) => [p.key, p]));
const twinKey = (p: HistoryPoint): string | null => { const t = twinOf(p.run); return t ? `${t}/${p.config}` : null; };

/** Each point of `points` holding `figure`, against `base` (null for the baseline itself: no change to show). */
export function changesAgainst(points: readonly HistoryPoint[], base: HistoryPoint, figure: string, all: readonly HistoryPoint[] = points): PointChange[] {
  const b = base.figures.get(figure);
  if (!b) return [];
  const index = byKey(all);
  const baseTwin = index.get(twinKey(base) ?? '')?.figures.get(figure);
  return points.flatMap((p) => {
    const f = p.figures.get(figure);
    if (!f) return [];
    // Figures of the other platform measure another pair of paths: shown, never compared.
    if (p.platform !== base.platform) return [{ changePct: null, overlap: null, runInBase: null, flag: null, point: p, figure: f, reproduce: null, twinPct: null, otherMachine: [] }];
    const change = changeOf(b, f);
    const twin = index.get(twinKey(p) ?? '')?.figures.get(figure);
    const twinChange = baseTwin && twin && p.key !== base.key ? changeOf(baseTwin, twin) : null;
    const reproduce = !twinChange || change.overlap === null || twinChange.overlap === null ? null : twinChange.flag === change.flag ? 'reproduced' : 'not reproduced';
    return [{ ...change, point: p, figure: f, reproduce, twinPct: twinChange?.changePct ?? null, otherMachine: machineDifferences(base.environment, p.environment) }];
  });
}

/** Every figure of `run` against `base` (bench:compare's table), with the twins' verdict where both have a twin. */
export function compareWith(all: readonly HistoryPoint[], base: HistoryPoint, run: HistoryPoint): ReproducedRow[] {
  const index = byKey(all);
  const bt = index.get(twinKey(base) ?? '');
  const rt = index.get(twinKey(run) ?? '');
  return withReproduce(compareFigures(base.figures, run.figures), bt && rt ? compareFigures(bt.figures, rt.figures) : null);
}
