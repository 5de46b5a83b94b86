// Types of costModel.mjs: the cost model of a step (docs/cost-model.md). The dashboard's "Your case" view and
// `npm run model` import it; public/data/cost-model.json is a CostModel.

/** An estimate with its 95 % interval; `covers` says in words what the interval covers. */
export interface Estimate {
  estimate: number;
  ci95: [number, number];
  covers?: string;
}

/**
 * How a fitted line makes a prediction interval at N for another published run: t × √(xᵀ·covariance·x + (relSd × value)²)
 * with x = [1, N]: the fit's uncertainty plus the scatter between published runs as a share of the value.
 */
export interface LineSpread {
  relSd: number;
  /** The line's own scatter between runs, before it was raised to its platform reference family's (fewer than 3 days). */
  ownRelSd: number | null;
  /** Degrees of freedom of relSd (the reference family's when raised). */
  dof: number | null;
  /** Distinct days of the runs the line rests on. */
  days: number;
  tQuantile: number;
  /** Covariance of [fixedNs, perDeviceNs], ns². */
  covariance: [[number, number], [number, number]];
  points: number;
  covers: string;
}

/**
 * One out-of-process configuration family of a platform: a transport × encoding × server (desktop) or an encoding
 * (web). Its crossing cost (out-of-process e2e − in-process e2e at the same engine cost) is fixedNs + perDeviceNs × N.
 */
export interface CostFamily {
  /** Stable id, e.g. "tcp-json-jvm", "shm-binary-native", "ws-json", "ws-binary-step". */
  id: string;
  /** Plain words for a visitor, e.g. "TCP, JSON lines, JVM server (the reference design)". */
  label: string;
  /** The reference design of its platform. */
  reference: boolean;
  /** The best out-of-process configuration of its platform in the published runs. */
  best: boolean;
  fixedNs: Estimate;
  perDeviceNs: Estimate;
  /** Device counts and engine costs per device and round (ns) the fit rests on. */
  measuredN: number[];
  measuredWorkNs: number[];
  /** Run ids (and configuration ids) the fit rests on. */
  basis: { run: string; config: string }[];
  /** Added to the first contract: the prediction interval's parameters. */
  spread: LineSpread;
  /** Added: the OS round trip this family's transport crosses (median, range over runs); null when not measured. */
  loopbackRttNs: Estimate | null;
}

/** The in-process step without the engine: e2e − compute = fixedNs + perDeviceNs × N. */
export interface InProcessBase {
  path: string;
  label: string;
  fixedNs: Estimate;
  perDeviceNs: Estimate;
  /** Added to the first contract: the prediction interval's parameters and the measured ranges. */
  spread: LineSpread;
  measuredN: number[];
  measuredWorkNs: number[];
}

export interface PlatformModel {
  platform: 'desktop' | 'web';
  inProcess: InProcessBase;
  families: CostFamily[];
  /** The machine's loopback round trip the crossing includes (ns), so a network round trip replaces it. */
  loopbackRttNs: Estimate;
}

/** How the model did on measurements it was not fitted on. */
export interface HeldOutCoverage {
  /** What was held out, in words (e.g. "N = 100", "work = 16 500 ns"). */
  heldOut: string;
  inside: number;
  of: number;
  /** The held-out measurements that fell outside their predicted interval. */
  misses: { run: string; config: string; measuredNs: number; predicted: Estimate }[];
  /** Added: held-out measurements the rest cannot predict (family not in the rest, or N outside its measured N). */
  notPredicted: number;
}

export interface CostModel {
  schemaVersion: 1;
  generatedBy: string;
  /** Added: what every interval of the model covers, in words. */
  covers: string;
  platforms: PlatformModel[];
  coverage: HeldOutCoverage[];
  /** Added: in public/data/cost-model.json, the engine presets (enginePresets.mjs) with our programs as measured. */
  presets?: EnginePreset[];
}

/** A named engine cost (presets of the "Your case" view). */
export interface EnginePreset {
  id: string;
  label: string;
  /** Engine cost per device and round, ns; per path where the source gives one per path. */
  perDeviceNs: number;
  perPathNs?: Record<string, number>;
  /** Our programs as measured: the platform they were measured on (the others' figures hold on either). */
  platform?: 'desktop' | 'web';
  /** Added: our programs' per-device cost per path at each measured N (perDeviceNs/perPathNs: the largest N). */
  byN?: Record<string, Record<string, number>>;
  /** Added: the reference study's round of its 10 devices per path (ns). */
  roundNs?: Record<string, number>;
  /** Where the figure comes from, in words, with its publication. */
  source: string;
}

export interface CaseInputs {
  platform: 'desktop' | 'web';
  family: string;
  n: number;
  /** The engine's cost of one round of all N devices, ns. */
  engineRoundNs: number;
  /** Frames per second of the front-end (for the frame share); optional. */
  frameHz?: number;
  /** Network round trip between the processes (ns); replaces the loopback round trip. Optional. */
  networkRttNs?: number;
  /**
   * Added to the first contract: the engine's round cost on the out-of-process side when it differs (another runtime,
   * e.g. the JVM: the preset's perPathNs.socket × N); without it both sides cost engineRoundNs. Optional.
   */
  outOfProcessEngineRoundNs?: number;
}

export interface CasePrediction {
  inProcess: Estimate;
  outOfProcess: Estimate;
  /** outOfProcess − inProcess: what going out of process adds per step. */
  addedNs: Estimate;
  ratio: Estimate;
  /** addedNs as a share of the frame (0..), null without frameHz. */
  frameShare: Estimate | null;
  /** The engine round cost (ns) above which the ratio falls below 1.1× and below 2×. */
  breakEven: { ratio1_1: Estimate; ratio2: Estimate };
  basis: { run: string; config: string }[];
  /** False when N or the engine cost lies outside what was measured; `warnings` say which. */
  inRange: boolean;
  warnings: string[];
}

/** The prediction for one case; throws a clear Error for an unknown platform or family or a bad input. */
export declare function predictCase(model: CostModel, inputs: CaseInputs): CasePrediction;

/** The prediction of a measured point at its own N and measured engine cost on each side. */
export declare function predictPoint(model: CostModel, point: MeasuredPoint): CasePrediction;

/** One published run's configuration as the model reads it (pointsOfRun). */
export interface MeasuredPoint {
  platform: 'desktop' | 'web';
  family: string;
  n: number;
  /** Extra engine work per device and round of a `euclidean:work=W` program (ns); 0 otherwise. */
  workNs: number;
  program: string;
  run: string;
  config: string;
  day: string;
  inE2e: Estimate;
  outE2e: Estimate;
  /** step.compute of each side's engine for one round of all N devices (ns). */
  inCompute: number;
  outCompute: number;
  /** The OS round trip the family's transport crosses, measured in the same run (ns); null when not measured. */
  loopbackRttNs: number | null;
}

export declare const SCHEMA_VERSION: 1;
export declare const REFERENCE_FAMILY: { desktop: string; web: string };
export declare function familyLabel(platform: 'desktop' | 'web', id: string): string;
export declare function familyOf(platform: 'desktop' | 'web', config: Record<string, unknown>): string;
export declare function pointsOfRun(run: Record<string, any>, summary: Record<string, any> | null, options?: { binaryFrame?: boolean }):
  { points: MeasuredPoint[]; skipped: { run: string; config: string; why: string }[] };
export declare function fitLine(xs: number[], ys: number[], options?: { perDevice?: Estimate | null }):
  { fixed: number; perDevice: number; unscaledCov: number[][]; relSd: number | null; dof: number; points: number; free: boolean };
export declare function tQuantile975(dof: number): number;
export declare function inBaseOf(point: MeasuredPoint): number;
export declare function crossingOf(point: MeasuredPoint): number;
export declare function fitCostModel(points: MeasuredPoint[], options?: { generatedBy?: string; coverage?: HeldOutCoverage[] }): CostModel;
export declare function heldOutCoverage(points: MeasuredPoint[], options: { heldOut: string; isHeldOut: (p: MeasuredPoint) => boolean; side?: 'in' | 'out' }): HeldOutCoverage;
