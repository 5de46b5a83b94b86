import type { HeadlineSpread } from '../../../measurement/src/headlineSpread.mjs';

export type { HeadlineSpread };
/** The headline of the first view (public/data/headline.json, written by `npm run headline`: measurement/src/headline.mjs). */
/** clockLimited: a per-step figure within a few ticks of its clock, shown as a bound (measurement/src/clock.mjs). */
export interface HeadlineFigure { estimate: number; ci95: [number, number] | null; invocations: number; clockLimited?: boolean }
/** e2eStep and blockSteps: when e2e is a block mean, the per-step median the clock quantises and the block's K. */
export interface HeadlineSide { path: string; label: string; detail: string; e2e: HeadlineFigure; e2eStep?: HeadlineFigure; blockSteps?: number }
/** The run's machine (measurement/src/headlineFiles.mjs machineCaveats): caveats the headline carries. */
export interface HeadlineMachine { busy: { flagged: number; of: number }; drift: { drifted: boolean | null; cpuKernelSpread: number | null; loopbackSpread: number | null } | null; caveats: string[] }
/** paired: resampled invocation by invocation (both paths ran in the same invocations), else each side on its own. */
export interface HeadlineAddedCost extends HeadlineFigure { paired: boolean }
export interface HeadlinePlatform {
  platform: 'desktop' | 'web'; run: string; config: string; nodeCount: number; pacing: string; invocations: number;
  timerResolutionNs: number | null; cores: number | null;
  statistic: string; inProcess: HeadlineSide; outOfProcess: HeadlineSide; ratio: HeadlineFigure; ratioPaired: HeadlineFigure | null;
  /** out-of-process e2e − in-process e2e, ns per step: what the process boundary adds whatever the engine (docs/glossary.md); absent in older headlines */
  addedCost?: HeadlineAddedCost;
  ratioOfStepMedians?: HeadlineFigure; machine: HeadlineMachine;
  /** the same configuration's ratio across every published run that measured it (measurement/src/headlineSpread.mjs); absent in older headlines */
  spread?: HeadlineSpread | null;
  repeat: { run: string; ratio: HeadlineFigure } | null;
  /** the OS floor below the out-of-process path and its e2e over it (docs/os-floor.md); absent in older runs */
  osFloor?: { id: string; floor: HeadlineFigure; ratio: HeadlineFigure };
  /** out-of-process done as well as the same run measured it (another transport or encoding; measurement/src/headlineFiles.mjs) */
  best?: { config: string; transport: string; encoding: string; /** jvm, native (desktop) or node; absent in older headlines (jvm) */ server?: string; spinMicros: number | null; outOfProcess: HeadlineFigure; inProcess: HeadlineFigure;
    ratio: HeadlineFigure; addedCost?: HeadlineAddedCost; referenceEngine?: HeadlineAtEngineCost | null; spread?: HeadlineSpread | null; osFloor: { id: string; floor: HeadlineFigure; ratio: HeadlineFigure } | null; repeat?: { run: string; ratio: HeadlineFigure } };
  /** the same configuration at the reference study's engine cost (measurement/src/headlineFiles.mjs atReferenceEngineCost); absent or null when no run measured it */
  referenceEngine?: HeadlineAtEngineCost | null;
  sentence: string;
  /** `sentence` without its clause on `best` (the page shows `best` on its own line); absent in older headlines */
  lead?: string;
}
/** A configuration run at the reference study's engine cost: the preset (each path its runtime's figure) or work=16500 on both. */
export interface HeadlineAtEngineCost {
  run: string; config: string; engine: { preset?: string; programByPath?: Record<string, string> | null; workNs?: number };
  statistic: string; inProcess: HeadlineFigure; outOfProcess: HeadlineFigure; ratio: HeadlineFigure; addedCost: HeadlineAddedCost; spread?: HeadlineSpread | null;
}
/** The reference study's comparison replayed with its engine's cost, per pacing (measurement/src/headlineFiles.mjs referenceReplay). */
export interface HeadlineReplay {
  run: string; preset: { id: string; label: string; perPathNs: Record<string, number>; source: string };
  pacings: { pacing: string; config: string; periodMs: number | null; inProcess: HeadlineFigure; outOfProcess: HeadlineFigure; ratio: HeadlineFigure;
    addedCost: HeadlineAddedCost; ours: { config: string; ratio: HeadlineFigure; addedCost: HeadlineAddedCost } | null }[];
  sentence: string;
}
export interface Headline {
  schemaVersion: 1; generatedBy: string; scope: string;
  platforms: HeadlinePlatform[];
  reference: {
    claim: { ratio: number; inProcessNs: number; outOfProcessNs: number };
    recomputed: { run: string; inProcessNs: number; outOfProcessNs: number; ratio: number; samples: number[];
      outOfProcessTick: { tickMs: number; timeScale: number; periodMs: number }; inProcessTick: { tickMs: number; timeScale: number; periodMs: number } };
    ours: { config: string; tickMs: number; timeScale: number; inProcessNs: number; outOfProcessNs: number } | null;
    /** absent in older headlines, null when no run replayed it */
    replay?: HeadlineReplay | null;
    sentences: string[];
  } | null;
}

/** The headline's number formats: the ones measurement/src/headline.mjs writes into headline.json's sentences. */
export { formatNs, formatTimes, formatUs, outOfProcessName } from '../../../measurement/src/headline.mjs';
/** The words beside each ratio for its spread across the published runs. */
export { SPREAD_MEANING, spreadBrief, spreadCoverage, spreadRange, spreadText } from '../../../measurement/src/headlineSpread.mjs';
