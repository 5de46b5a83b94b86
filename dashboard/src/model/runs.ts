/** Published-run metadata (public/data/manifest.json, runs/<id>/run.json; JSON Schemas in measurement/schema/). */
import { PATHS, PLATFORMS, pacingPeriodMs, pathsOf } from '../../../measurement/src/catalogue.mjs';

export type Side = 'backend' | 'frontend' | 'floor';
export type Platform = 'desktop' | 'web';
/** A path's name (catalogue.mjs; run.json calls it `transport`). */
export type Transport = string;

/** A run as the manifest lists it: its run.json, and its summary.json when it has one (`summary` absent: none). */
export interface ManifestEntry { id: string; kind: string; title: string; createdAt: string | null; run: string; summary?: string }
export interface Manifest { schemaVersion: 1; runs: ManifestEntry[] }

export interface RunFile { file: string; side: Side; platform: Platform; transport: Transport | null }
/**
 * The machine one configuration ran on, when it differs from the run's (the visitor's run in the run "uploads":
 * each batch from the browser it ran in).
 */
export interface ConfigEnvironment { browser?: string; os?: string; cpuModel?: string; cores?: number | null; timerResolutionNs: number | null }

export interface RunConfiguration {
  /** what this configuration ran on; absent: the run's environment */
  environment?: ConfigEnvironment;
  id: string; title?: string; scenario: string; nodeCount: number; maxDistance: number; seed?: number | null;
  pacing: 'free' | 'fixed' | 'frame'; tickMs: number | null; timeScale: number | null; encoding: string;
  /** K of `step.web.e2e.block` (each sample: mean e2e of K back-to-back steps); web Wasm runs only */
  e2eBlockSteps?: number;
  /** the aggregate program's spec (docs/programs.md); absent: the reference program (euclidean) */
  program?: string | null;
  /** desktop: the JVM server's --spin-us (docs/profiles.md, "The fixes"); absent before the option existed */
  serverSpinMicros?: number;
  /** web: what drove the page, playwright or cdp (docs/measurements.md, "Drivers"); absent before the option existed (playwright) */
  driver?: string;
  files: RunFile[];
  /** independent process invocations (docs/measurements.md, "Invocations"); absent: one invocation */
  invocations?: RunInvocation[];
}
/** What one invocation's path (process group) recorded about the machine (docs/measurements.md, "Invocations"). */
export interface InvocationPath {
  startedAt?: string | null; endedAt?: string | null;
  loadAverage?: { before?: number[]; after?: number[] };
  cpus?: Record<string, string | null> | null;
  ownCpuSeconds?: number | null; otherCpuSeconds?: number | null; busy?: boolean | null;
  otherOnMeasuredCpuSeconds?: number | null; measuredCores?: string[] | null;
  /** CPU ns per measured step of each process of the path (docs/os-floor.md, "CPU per step"); absent in older runs */
  cpuPerStepNs?: { frontend?: number | null; server?: number | null } | null;
}
/** The calibration workload timed before an invocation's paths (docs/measurements.md, "Drift"). */
export interface InvocationCalibration { cpuKernelNs?: number; loopbackRttNs?: number; error?: string }
export interface RunInvocation { index: number; dir: string; order?: Transport[]; files: RunFile[]; paths?: Record<string, InvocationPath>; calibration?: InvocationCalibration }
export interface RunJson {
  schemaVersion: 1; id: string; title: string; kind: string; createdAt: string | null; commit: string | null;
  description?: string; frontEnd?: { name: string; version?: string | null };
  environment: { timerResolutionNs: number | null; [k: string]: unknown };
  /** `blocks`: the old name of `invocations`, in older runs (docs/glossary.md, "invocation") */
  parameters: { rounds?: number; warmup?: number; invocations?: number; blocks?: number };
  configurations: RunConfiguration[];
}

/**
 * Every CSV a run lists: each configuration's merged files (invocation null), then its invocations' own files
 * tagged with the invocation index (docs/measurements.md, "Invocations"). Both are loaded: the merged files drive the
 * reference analysis unchanged, the invocation files the invocation-level intervals (see dashboard/README.md). The
 * order is the load order, and the order of a run pack's files (data/runPack.ts).
 */
export const runFiles = (run: RunJson) => run.configurations.flatMap((c) => [
  ...c.files.map((f) => ({ c, f, invocation: null as number | null })),
  ...(c.invocations ?? []).flatMap((inv) => inv.files.map((f) => ({ c, f, invocation: inv.index as number | null }))),
]);

/** Whether the dashboard loads a manifest entry's samples (network runs: only their run.json figures, docs/network.md). */
export const loadsSamples = (e: ManifestEntry): boolean => e.kind !== 'network';

export { pacingPeriodMs };

const pacingLabel = (c: RunConfiguration): string => {
  const p = pacingPeriodMs(c);
  return c.pacing === 'free' ? 'free' : `${c.pacing} ${p === null ? '' : `${+p.toFixed(3)} ms`}`.trim();
};

/** One in-process vs out-of-process comparison inside a run. */
export interface Pairing {
  run: string; platform: Platform; n: number;
  inConfig: string; outConfig: string; inTransport: Transport; outTransport: Transport;
  /** Set when the two sides ran under different frame pacing (the reference study). */
  pacingNote: string | null;
}

const hasFiles = (c: RunConfiguration, platform: string, transport: string): boolean =>
  c.files.some((f) => f.platform === platform && f.transport === transport && f.side !== 'floor');

const samePacing = (a: RunConfiguration, b: RunConfiguration): boolean =>
  a.pacing === b.pacing && a.tickMs === b.tickMs && (a.timeScale ?? 1) === (b.timeScale ?? 1)
  && a.scenario === b.scenario && (a.seed ?? null) === (b.seed ?? null) && a.maxDistance === b.maxDistance;

/**
 * Pairs each out-of-process configuration with the in-process configuration of the same run, platform and N
 * under the same pacing (often the same configuration). When there is none but exactly one in-process
 * configuration exists for that N (the reference study: native scene at time scale 1, socket scene at 0.1),
 * they are paired and the pacing difference is noted.
 */
export function pairings(run: RunJson): Pairing[] {
  const out: Pairing[] = [];
  for (const platform of ['desktop', 'web'] as const) {
    // Each out-of-process path of the platform against its in-process path (the catalogue's), the reference pair first.
    const tin = PLATFORMS[platform].inProcess;
    const outs = [PLATFORMS[platform].outOfProcess, ...pathsOf(platform).filter((p) => !PATHS[p].inProcess && p !== PLATFORMS[platform].outOfProcess)];
    for (const tout of outs) {
      for (const oc of run.configurations.filter((c) => hasFiles(c, platform, tout))) {
        const candidates = run.configurations.filter((c) => c.nodeCount === oc.nodeCount && hasFiles(c, platform, tin));
        const same = candidates.find((c) => c.id === oc.id) ?? candidates.find((c) => samePacing(c, oc));
        const ic = same ?? (candidates.length === 1 ? candidates[0] : undefined);
        if (!ic) continue;
        out.push({
          run: run.id, platform, n: oc.nodeCount, inConfig: ic.id, outConfig: oc.id, inTransport: tin, outTransport: tout,
          pacingNote: same ? null : `pacing differs: ${tin} ${pacingLabel(ic)}, ${tout} ${pacingLabel(oc)}`,
        });
      }
    }
  }
  return out;
}

/**
 * The machine a configuration ran on, as the runs table shows it: its own environment (a visitor's run), else the
 * run's (run.json: browser for a web run, OS, CPU, cores) and the declared timer resolution.
 */
export function environmentOf(run: RunJson, config: RunConfiguration): { text: string; timerResolutionNs: number | null } {
  const text = (e: Omit<ConfigEnvironment, 'timerResolutionNs'>) => [e.browser, e.os, e.cpuModel, typeof e.cores === 'number' ? `${e.cores} cores` : null].filter(Boolean).join(', ');
  if (config.environment) return { text: text(config.environment), timerResolutionNs: config.environment.timerResolutionNs };
  const e = run.environment as { cpuModel?: string; cores?: number; os?: string; runtimes?: { browser?: string } };
  const browser = config.files.some((f) => f.platform === 'web') ? e.runtimes?.browser : undefined;
  return { text: text({ ...e, browser }), timerResolutionNs: run.environment.timerResolutionNs };
}
