/**
 * The published sampling profiles (docs/profiles.md): the index of profile runs, a run's entries (one per path and
 * N), and their reconciliation with the timer decomposition of a timing run at the same N and pacing.
 */
import { PATHS as CATALOGUE, PATH_ORDER, pathsOf, type PlatformName } from '../../../measurement/src/catalogue.mjs';
import type { Category } from '../../../measurement/src/profiles.mjs';
import type { Decomposition } from './decomposition';

export interface ProfileIndex { runs: { id: string; createdAt: string; title: string }[] }
export interface ProfileEntry {
  id: string; path: string; nodeCount: number; dir: string; processes: string[];
  shares: Record<Category, number>; steps: number; usPerStep: Record<Category, number>;
  /** the profile run the entry is from, once runs are merged (newestEntries) */
  run?: string;
}
export interface ProfileRun { id: string; createdAt: string; seconds: number; command: string; profilers: Record<string, string>; entries: ProfileEntry[] }
export interface ProcessProfile { file: string; intervalUs: number; samples: number; shares: Record<Category, number>; usPerStep: Record<Category, number> }
export interface PathProfile {
  id: string; path: string; nodeCount: number; pacing: string; window: { steps: number; seconds: number };
  processes: Record<string, ProcessProfile>; shares: Record<Category, number>; usPerStep: Record<Category, number>;
}

/**
 * Each path and N from the newest run that profiled it (`runs` newest first, as in profiles/index.json), so a run
 * that profiled only some paths (e.g. `npm run profile -- --path wasm,websocket`) replaces only those; every entry
 * names its run.
 */
export function newestEntries(runs: readonly ProfileRun[]): ProfileEntry[] {
  const out = new Map<string, ProfileEntry>();
  for (const r of runs) {
    for (const e of r.entries) {
      const key = `${e.path}/${e.nodeCount}`;
      if (!out.has(key)) out.set(key, { ...e, run: e.run ?? r.id });
    }
  }
  return [...out.values()];
}

/** Each platform's paths, in-process first, and every path in display order (the catalogue's). */
export const PAIRS: Record<PlatformName, string[]> = { desktop: pathsOf('desktop'), web: pathsOf('web') };
export const PATHS = PATH_ORDER;

export const CATEGORY_LABELS: Record<Category, string> = {
  engine: 'engine compute', serialization: '(de)serialization', transport: 'transport', runtime: 'runtime (GC, JIT, interop)',
  frontend: 'front-end apply', idle: 'idle or wait', other: 'other',
};
export const CATEGORY_COLORS: Record<Category, string> = {
  engine: '#2ca02c', serialization: '#ff7f0e', transport: '#1f77b4', runtime: '#d62728', frontend: '#9467bd', idle: '#c7c7c7', other: '#8c564b',
};

export interface ReconRow {
  label: string;
  /** profile: µs per step in the categories, summed over the path's processes */
  profileUs: number | null;
  /** timer: sum of the phases' medians, µs */
  timerUs: number | null;
  /** why the two differ on this path */
  why: string;
}

const sum = (xs: (number | null | undefined)[]): number | null => (xs.some((x) => x !== null && x !== undefined) ? xs.reduce<number>((a, x) => a + (x ?? 0), 0) : null);

/**
 * Profile categories beside the timer phases they correspond to. Medians of the phases are in ns (decomposition),
 * the profile's µs per step are samples × interval ÷ steps; neither adds up exactly (medians are not additive,
 * samples of parallel threads add up), so each row says why the two figures measure different things.
 */
export function reconcile(p: PathProfile, d: Decomposition | null): ReconRow[] {
  const u = p.usPerStep;
  const ph = (k: keyof Decomposition['phases']) => (d?.phases[k] ?? null) === null ? null : (d!.phases[k] as number) / 1000;
  const out = CATALOGUE[p.path]?.inProcess === false;
  const busy = sum((Object.keys(u) as Category[]).filter((c) => c !== 'idle').map((c) => u[c]));
  return [
    { label: 'engine ↔ compute', profileUs: u.engine, timerUs: ph('compute'),
      why: 'compute times the engine call with whatever interrupts it (GC, a cold cache after a wait); the profile counts only samples in engine frames' },
    { label: 'runtime ↔ (none)', profileUs: u.runtime, timerUs: null,
      why: 'GC, JIT and interop have no timer of their own: they fall into the phase they interrupt, and JIT threads run beside the step' },
    { label: 'serialization ↔ parse', profileUs: u.serialization, timerUs: ph('parse'),
      why: out ? "parse times only the front-end's decode; the server's encode and decode are inside back-end overhead" : 'parse times the front-end decoding the result; the engine\'s own state encoding is counted here by the profile' },
    { label: 'transport + wait ↔ send + boundary or transport + back-end overhead', profileUs: sum([u.transport, u.idle]),
      timerUs: sum([ph('send'), ph('OS floor'), ph('transport / boundary'), ph('server echo'), ph('back-end overhead')]),
      why: out ? 'the timers are wall time, including time no thread runs (kernel queues, scheduling, wake-up latency); perf and async-profiler count CPU only; V8 counts idle ticks as wall time once per thread (page, Node main thread, each worker), so on the web their sum exceeds the step'
        : 'the call boundary (P/Invoke or the Wasm call) is a few instructions the profile mostly puts in the caller\'s category' },
    { label: 'front-end ↔ apply', profileUs: u.frontend, timerUs: ph('apply'),
      why: 'apply times writing the result into the scene; the profile\'s front-end also holds the frame loop around it' },
    { label: 'other', profileUs: u.other, timerUs: null,
      why: 'frames no rule matches: V8 (program) in the page (browser work outside JavaScript), unresolved native frames' },
    { label: 'busy total ↔ e2e', profileUs: busy, timerUs: d?.e2eMedian === null || d?.e2eMedian === undefined ? null : d.e2eMedian / 1000,
      why: out ? 'busy CPU of all processes: the front-end and server take turns within a step, so the e2e also holds the time one waits for the other' : 'one thread does the whole step; the e2e median and the busy time differ by what the thread does between steps' },
  ];
}
