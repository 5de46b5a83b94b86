/**
 * Invocation-level figures of the comparison (docs/measurements.md, "Invocations" and "Intervals"): which figures get
 * a hierarchical interval, their keys, and the rows of the interval SQL as domain values. A configuration without
 * `invocations` in run.json is one invocation and gets none.
 */
import { pathInterval } from '../../../measurement/src/intervals.mjs';
import type { Row } from './arrow';
import { findSeries, type ComparisonRow } from './comparison';
import type { InvocationPath, RunJson } from './runs';
import type { SeriesStats } from './stats';
import { intervalSeriesKey, type FigureSpec, type IntervalStat } from '../sql/intervals';
import { BACKEND_IDS, PATHS, PATH_SALT } from '../../../measurement/src/catalogue.mjs';
import { otherLoad, recordIsBusy } from '../../../measurement/src/busyRule.mjs';
import { calibrationDrift, type Drift } from '../../../measurement/src/drift.mjs';

/** A figure with its interval over invocations; lo/hi null without an interval. */
export interface InvocationInterval { estimate: number | null; lo: number | null; hi: number | null; invocations: number }

/** Number of invocations of a configuration (1 when run.json lists none). */
export function invocationCount(runs: RunJson[], run: string, config: string): number {
  const c = runs.find((r) => r.id === run)?.configurations.find((x) => x.id === config);
  return c?.invocations?.length ? c.invocations.length : 1;
}

export const figureKey = (comparisonKey: string, part: 'in' | 'out' | 'ratio'): string => `${comparisonKey}|${part}`;
export const transportEchoKey = (run: string, config: string): string => `${run}/${config}|transport-echo`;
/** The OS floor (docs/os-floor.md) of the out-of-process configuration, and its transport and e2e over it. */
export const osFloorKey = (run: string, config: string, what: 'floor' | 'transport' | 'e2e'): string => `${run}/${config}|os-${what}`;

/** A pairing's figures: each metric's two medians (and p95, p99) and their ratio; transport / echo floor. */
export function pairFigures(rows: ComparisonRow[], stats: SeriesStats[], keyOf: (r: ComparisonRow) => string): FigureSpec[] {
  const out: FigureSpec[] = [];
  const k = (s: SeriesStats) => intervalSeriesKey(s);
  for (const r of rows) {
    if (r.inSeries) out.push({ key: figureKey(keyOf(r), 'in'), num: k(r.inSeries) });
    if (r.outSeries) out.push({ key: figureKey(keyOf(r), 'out'), num: k(r.outSeries) });
    if (r.inSeries && r.outSeries) out.push({ key: figureKey(keyOf(r), 'ratio'), num: k(r.outSeries), den: k(r.inSeries) });
  }
  const p = rows[0]?.pairing;
  const path = p ? PATHS[p.outTransport] : undefined;
  if (p && path?.ids.wait) {
    const wait = findSeries(stats, p.run, p.outConfig, p.outTransport, 'frontend', path.ids.wait);
    const service = findSeries(stats, p.run, p.outConfig, p.outTransport, 'backend', BACKEND_IDS.service);
    const echo = findSeries(stats, p.run, p.outConfig, p.outTransport, 'floor', path.floor);
    if (wait && service && echo) out.push({ key: transportEchoKey(p.run, p.outConfig), num: k(wait), minus: k(service), den: k(echo) });
    // The OS floor its bytes cross (docs/os-floor.md), in runs that measured it.
    const os = path.osFloor ? findSeries(stats, p.run, p.outConfig, p.outTransport, 'floor', path.osFloor) : null;
    const e2e = path.ids.e2e ? findSeries(stats, p.run, p.outConfig, p.outTransport, 'frontend', path.ids.e2e) : null;
    if (os) {
      out.push({ key: osFloorKey(p.run, p.outConfig, 'floor'), num: k(os) });
      if (wait && service) out.push({ key: osFloorKey(p.run, p.outConfig, 'transport'), num: k(wait), minus: k(service), den: k(os) });
      if (e2e) out.push({ key: osFloorKey(p.run, p.outConfig, 'e2e'), num: k(e2e), den: k(os) });
    }
  }
  return out;
}

/** Rows of computeIntervals → figure|stat → interval. */
export function toIntervals(rows: Row[]): Map<string, InvocationInterval> {
  const m = new Map<string, InvocationInterval>();
  for (const r of rows) {
    const n = (v: unknown) => (v === null || v === undefined || !Number.isFinite(Number(v)) ? null : Number(v));
    m.set(`${r.figure}|${r.stat}`, { estimate: n(r.estimate), lo: n(r.lo), hi: n(r.hi), invocations: Number(r.invocations) });
  }
  return m;
}

export const intervalOf = (m: Map<string, InvocationInterval>, figure: string, stat: IntervalStat): InvocationInterval | undefined =>
  m.get(`${figure}|${stat}`);

/**
 * CPU time per measured step of each process of a path (docs/os-floor.md, "CPU per step"): the mean over the
 * configuration's invocations with its 95 % interval (one value per invocation: the outer bootstrap level only, as the
 * benches compute it). Null for a process without values (older runs, the in-process path's server).
 */
export function cpuPerStep(runs: RunJson[], run: string, config: string, path: string): Record<'frontend' | 'server', InvocationInterval | null> {
  const cfg = runs.find((r) => r.id === run)?.configurations.find((c) => c.id === config);
  // A bootstrap per process: computed once per configuration record (the Comparison asks on every render).
  const cached = cfg && cpuCache.get(cfg)?.get(path);
  if (cached) return cached;
  const invs = cfg?.invocations ?? [];
  const of = (proc: 'frontend' | 'server'): InvocationInterval | null => {
    const values = invs.map((inv) => inv.paths?.[path]?.cpuPerStepNs?.[proc]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (!values.length) return null;
    const iv = pathInterval(values.map((v) => [v]), { salt: PATH_SALT[path], inner: false });
    return { estimate: iv.estimate, lo: iv.ci95?.[0] ?? null, hi: iv.ci95?.[1] ?? null, invocations: iv.invocations };
  };
  const result = { frontend: of('frontend'), server: of('server') };
  if (cfg) cpuCache.set(cfg, (cpuCache.get(cfg) ?? new Map()).set(path, result));
  return result;
}
const cpuCache = new WeakMap<object, Map<string, Record<'frontend' | 'server', InvocationInterval | null>>>();

/**
 * Computes every configuration's CPU-per-step intervals of `runs` ahead of time, a few configurations per idle
 * moment of the main thread (which waits on the database's start and ingest for seconds): the Comparison's render of
 * every published run then finds them cached instead of running hundreds of bootstraps in one long task. Returns
 * a function that stops it.
 */
export function prewarmCpuPerStep(runs: RunJson[]): () => void {
  const jobs = runs.flatMap((r) => r.configurations.flatMap((c) => [...new Set((c.invocations ?? []).flatMap((inv) => Object.keys(inv.paths ?? {})))]
    .map((path) => () => { cpuPerStep([r], r.id, c.id, path); })));
  let stopped = false;
  let handle: number | null = null;
  const idle = typeof requestIdleCallback === 'function';
  const step = (deadline?: IdleDeadline) => {
    handle = null;
    const until = performance.now() + 8;
    while (!stopped && jobs.length && (deadline ? deadline.timeRemaining() > 1 : performance.now() < until)) jobs.shift()!();
    if (!stopped && jobs.length) schedule();
  };
  const schedule = () => { handle = idle ? requestIdleCallback(step) : setTimeout(step, 0) as unknown as number; };
  schedule();
  return () => {
    stopped = true;
    if (handle !== null) { if (idle) cancelIdleCallback(handle); else clearTimeout(handle); }
  };
}

/** One path of one invocation, with what the machine did meanwhile (run.json `invocations[].paths`). */
export interface InvocationNoise {
  run: string; config: string; invocation: number; path: string; order: string;
  startedAt: string | null; loadBefore: number | null; loadAfter: number | null;
  ownCpuSeconds: number | null; otherCpuSeconds: number | null; cpus: string;
  /** other processes' share of the measured cores over the window, and the busy rule on it (busyRule.mjs) */
  otherShare: number | null; busy: boolean;
}

const coresOf = (r: RunJson) => (typeof r.environment?.cores === 'number' ? r.environment.cores : 2);
const noiseOf = (p: InvocationPath) => ({
  startedAt: p.startedAt!, endedAt: p.endedAt!, otherCpuSeconds: p.otherCpuSeconds ?? null,
  otherOnMeasuredCpuSeconds: p.otherOnMeasuredCpuSeconds ?? null, measuredCores: p.measuredCores ?? null,
});

export function invocationNoise(runs: RunJson[]): InvocationNoise[] {
  const out: InvocationNoise[] = [];
  for (const r of runs) {
    for (const c of r.configurations) {
      for (const inv of c.invocations ?? []) {
        for (const [path, p] of Object.entries(inv.paths ?? {})) {
          out.push({
            run: r.id, config: c.id, invocation: inv.index, path, order: (inv.order ?? []).join(' > '),
            startedAt: p.startedAt ?? null, loadBefore: p.loadAverage?.before?.[0] ?? null, loadAfter: p.loadAverage?.after?.[0] ?? null,
            ownCpuSeconds: p.ownCpuSeconds ?? null, otherCpuSeconds: p.otherOnMeasuredCpuSeconds ?? p.otherCpuSeconds ?? null,
            // Re-judged with today's rule, whatever flag the bench wrote then (docs/measurements.md, "Noise control").
            otherShare: p.startedAt && p.endedAt ? otherLoad(noiseOf(p), coresOf(r)).share : null,
            busy: p.startedAt && p.endedAt ? recordIsBusy(noiseOf(p), coresOf(r)) === true : false,
            cpus: p.cpus ? Object.entries(p.cpus).map(([k, v]) => `${k}: ${v ?? 'any'}`).join(', ') : 'not pinned',
          });
        }
      }
    }
  }
  return out;
}

/** The configurations whose invocations' calibration moved beyond the drift limit (docs/measurements.md, "Drift"). */
export function driftedConfigurations(runs: RunJson[]): { run: string; config: string; drift: Drift }[] {
  return runs.flatMap((r) => r.configurations.flatMap((c) => {
    const records = (c.invocations ?? []).map((inv) => inv.calibration).filter((x): x is NonNullable<typeof x> => !!x);
    const drift = records.length > 1 ? calibrationDrift(records) : null;
    return drift?.drifted ? [{ run: r.id, config: c.id, drift }] : [];
  }));
}
