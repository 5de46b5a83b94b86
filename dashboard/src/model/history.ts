/**
 * The History view's model: every published configuration with a summary.json as one point in commit and time order,
 * its figures (measurement/src/compare.mjs figuresOf), and its change against a baseline point (changeOf, with the
 * twins' verdict where bench:reproduce made two runs). A point is compared only with a point of the same configuration
 * (configurationKey: platform, N, pacing, encoding, transport, server, program and its work): the baseline picked for
 * its own configuration, else that configuration's default baseline. Pure: no fetch, no DuckDB.
 */
import { changeOf, compareFigures, figuresOf, machineDifferences, twinOf, withReproduce, type Change, type Figure, type ReproducedRow } from '../../../measurement/src/compare.mjs';
import type { RunConfiguration, RunJson } from './runs';
import { REFERENCE_DESKTOP_SERVER, REFERENCE_DESKTOP_TRANSPORT, REFERENCE_PROGRAM, isReferenceProgram } from '../../../measurement/src/catalogue.mjs';

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
  /** What makes two points comparable (configurationKey); its words for the table. */
  configuration: string;
  environment: unknown;
  figures: Map<string, Figure>;
}

/** The headline figure: the front-end e2e ratio out/in (median), per platform. */
export const HEADLINE_FIGURE = 'ratio.e2e_median';

export interface SummaryLike { configurations?: { id: string; [k: string]: unknown }[] }

/** Fields of a configuration that run.json records on newer runs only (absent: the reference design's). */
type ConfigLike = Pick<RunConfiguration, 'nodeCount' | 'pacing' | 'tickMs' | 'timeScale' | 'encoding' | 'program'> & { outOfProcessTransport?: string; outOfProcessServer?: string };

/**
 * What a point measured, in words: platform, N, pacing (with its tick), encoding, out-of-process transport and
 * server, program with its work. Points with the same key are like for like; a server's spin or a driver are what a
 * comparison of the same configuration is for (the spin fix's before and after), so they are not part of it.
 */
export function configurationKey(platform: 'desktop' | 'web', c: ConfigLike): string {
  const pacing = c.pacing === 'fixed' && c.tickMs ? `fixed ${c.tickMs} ms${c.timeScale && c.timeScale !== 1 ? ` ×${c.timeScale}` : ''}` : c.pacing;
  const [transport, server] = platform === 'desktop'
    ? [c.outOfProcessTransport ?? REFERENCE_DESKTOP_TRANSPORT, c.outOfProcessServer ?? REFERENCE_DESKTOP_SERVER]
    : ['websocket', 'node'];
  const program = isReferenceProgram(c.program) ? REFERENCE_PROGRAM : String(c.program);
  return `${platform}, N = ${c.nodeCount}, ${pacing}, ${c.encoding ?? 'json'}, ${transport}, ${server} server, ${program}`;
}

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
        nodeCount: c.nodeCount, pacing: c.pacing, configuration: configurationKey(run.kind as 'desktop' | 'web', c), environment: c.environment ?? r.environment, figures, order,
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

/** A point's change against its baseline for one figure, the twins' verdict, and whether it ran on another machine. */
export interface PointChange extends Change {
  point: HistoryPoint;
  figure: Figure;
  /** the point it is compared with: the picked baseline for its configuration, else its configuration's default (null: nothing to compare with) */
  base: HistoryPoint | null;
  reproduce: 'reproduced' | 'not reproduced' | null;
  /** The twins' change (bench:reproduce's other run of each), when both exist. */
  twinPct: number | null;
  otherMachine: string[];
}

const byKey = (points: readonly HistoryPoint[]) => new Map(points.map((p) => [p.key, p]));
const twinKey = (p: HistoryPoint): string | null => { const t = twinOf(p.run); return t ? `${t}/${p.config}` : null; };

/**
 * Each configuration's baseline for `figure`: `picked` for its own configuration, the default baseline (defaultBaseline)
 * of every other configuration among `points`.
 */
export function baselinesOf(points: readonly HistoryPoint[], picked: HistoryPoint | null, figure: string): Map<string, HistoryPoint> {
  const out = new Map<string, HistoryPoint>();
  if (picked?.figures.has(figure)) out.set(picked.configuration, picked);
  for (const p of points) {
    if (out.has(p.configuration)) continue;
    const base = defaultBaseline(points.filter((q) => q.configuration === p.configuration), figure);
    if (base) out.set(p.configuration, base);
  }
  return out;
}

/**
 * Each point of `points` holding `figure`, against the baseline of its own configuration (baselinesOf, `base` being
 * the picked one): never against a point of another N, pacing, encoding, transport, server or program.
 */
export function changesAgainst(points: readonly HistoryPoint[], base: HistoryPoint, figure: string, all: readonly HistoryPoint[] = points): PointChange[] {
  const index = byKey(all);
  const baselines = baselinesOf(points, base, figure);
  return points.flatMap((p): PointChange[] => {
    const f = p.figures.get(figure);
    if (!f) return [];
    const own = baselines.get(p.configuration) ?? null;
    const b = own?.figures.get(figure);
    if (!own || !b) return [{ changePct: null, overlap: null, runInBase: null, flag: null, point: p, figure: f, base: null, reproduce: null, twinPct: null, otherMachine: [] }];
    const change = changeOf(b, f);
    const baseTwin = index.get(twinKey(own) ?? '')?.figures.get(figure);
    const twin = index.get(twinKey(p) ?? '')?.figures.get(figure);
    const twinChange = baseTwin && twin && p.key !== own.key ? changeOf(baseTwin, twin) : null;
    const reproduce = !twinChange || change.overlap === null || twinChange.overlap === null ? null : twinChange.flag === change.flag ? 'reproduced' : 'not reproduced';
    return [{ ...change, point: p, figure: f, base: own, reproduce, twinPct: twinChange?.changePct ?? null, otherMachine: machineDifferences(own.environment, p.environment) }];
  });
}

/** Every figure of `run` against `base` (bench:compare's table), with the twins' verdict where both have a twin. */
export function compareWith(all: readonly HistoryPoint[], base: HistoryPoint, run: HistoryPoint): ReproducedRow[] {
  const index = byKey(all);
  const bt = index.get(twinKey(base) ?? '');
  const rt = index.get(twinKey(run) ?? '');
  return withReproduce(compareFigures(base.figures, run.figures), bt && rt ? compareFigures(bt.figures, rt.figures) : null);
}
