// The dashboard's headline computed from the published runs (Node: reads public/data): per platform, the in-process
// and out-of-process front-end e2e of the canonical published run (measurement/src/canonical.mjs) with the e2e ratio
// and their 95 % intervals over invocations, computed from the runs' per-invocation CSVs exactly as the benchmarks
// compute them (measurement/src/invocations.mjs, docs/measurements.md "Intervals"); beside it the reference study's
// claim and our recomputation of its own CSVs (docs/reference-study.md). Formats, sentences and the plot:
// headline.mjs (no I/O, shared with the page).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseConfiguration } from './analysis.mjs';
import { FLOORS_FILE, OS_FLOOR_IDS, OS_FLOOR_OF_PATH, PATHS, PATH_SALT, REFERENCE_DESKTOP_SERVER, REFERENCE_DESKTOP_TRANSPORT, REFERENCE_PROGRAM, filesOf, osFloorOfTransport, programName, warmupOfRun, workOfSpec } from './catalogue.mjs';
import { CANONICAL_N, CANONICAL_PACING, byPreference, canonicalPicks, hasPlatform } from './canonical.mjs';
import { REFERENCE_CLAIM, referenceSentences, replaySentence, sentence } from './headline.mjs';
import { COLLEKTIVE_REFERENCE } from './enginePresets.mjs';
import { combinedInterval, pairedDifferenceInterval, pairedRatioInterval, pathInterval, ratioInterval, statisticOf } from './intervals.mjs';
import { sameConfigurationKey, spreadOf } from './headlineSpread.mjs';
import { differenceWithClock, ratioWithClock, withClock } from './clock.mjs';
import { recordIsBusy } from './busyRule.mjs';
import { calibrationDrift } from './drift.mjs';
import { FIGURES, PATH_PAIRS, invocationSeries } from './invocations.mjs';
import { readTimingCsv } from './timingFiles.mjs';

/** @typedef {import('./headline.mjs').Headline} Headline */
/** @typedef {import('./headline.mjs').HeadlinePlatform} HeadlinePlatform */
/** @typedef {import('./headline.mjs').HeadlineE2e} HeadlineE2e */
/** @typedef {import('./headline.mjs').HeadlineFigure} HeadlineFigure */
/** @typedef {import('./headline.mjs').HeadlineMachine} HeadlineMachine */
/** @typedef {import('./headline.mjs').HeadlineBest} HeadlineBest */
/** @typedef {import('./headline.mjs').HeadlineAtEngineCost} HeadlineAtEngineCost */
/** @typedef {import('./headline.mjs').HeadlineReplay} HeadlineReplay */
/** @typedef {import('./headline.mjs').HeadlineReplayPacing} HeadlineReplayPacing */
/** @typedef {import('./headline.mjs').HeadlineRecomputed} HeadlineRecomputed */
/** @typedef {import('./headline.mjs').HeadlineUnderTheTick} HeadlineUnderTheTick */
/** @typedef {import('./headlineSpread.mjs').HeadlineSpread} HeadlineSpread */
/** @typedef {import('./headlineSpread.mjs').SpreadPoint} SpreadPoint */

/**
 * A file a run.json configuration or invocation lists (docs/measurements.md, "run.json").
 * @typedef {object} RunFile
 * @property {string} file
 * @property {string} side
 * @property {string} platform
 * @property {string | null} [transport] the path (catalogue.mjs); null for the floors
 */

/**
 * One process invocation of a configuration: its files, what each path recorded about the machine (busyRule.mjs) and
 * the calibration timed before it (drift.mjs).
 * @typedef {object} RunInvocation
 * @property {RunFile[]} files
 * @property {Record<string, import('./busyRule.mjs').NoiseLike>} [paths]
 * @property {import('./drift.mjs').CalibrationLike} [calibration]
 */

/**
 * A run.json configuration, the fields the headline reads (a ConfigLike of canonical.mjs, a ConfigurationKeyLike of
 * headlineSpread.mjs).
 * @typedef {object} RunConfiguration
 * @property {string} id
 * @property {number} nodeCount
 * @property {string} pacing
 * @property {number | null} [tickMs]
 * @property {number | null} [timeScale]
 * @property {string | null} [encoding]
 * @property {string | null} [outOfProcessTransport]
 * @property {string | null} [outOfProcessServer]
 * @property {number | null} [serverSpinMicros]
 * @property {number | null} [clientSpinMicros]
 * @property {string | null} [driver]
 * @property {string | null} [program]
 * @property {string | null} [enginePreset]
 * @property {Record<string, string> | null} [programByPath]
 * @property {number | null} [e2eBlockSteps] K of the web's block means
 * @property {RunFile[]} files
 * @property {RunInvocation[] | null} [invocations]
 */

/**
 * A run.json, the fields the headline reads.
 * @typedef {object} RunRecord
 * @property {string} id
 * @property {string} [kind]
 * @property {string | null} [createdAt]
 * @property {string | null} [commit]
 * @property {import('./headlineSpread.mjs').MachineLike & { timerResolutionNs?: number | null }} [environment]
 * @property {{ warmup?: number }} [parameters]
 * @property {RunConfiguration[]} configurations
 */

/**
 * Analysis key of a run file (the keys of FIGURES), by platform, then side/path (the catalogue's file tables).
 * @param {ReturnType<typeof filesOf>} files
 * @returns {Record<string, string>}
 */
const keyBySideAndTransport = (files) => Object.fromEntries(files.filter(([, , , transport]) => transport).map(([key, , side, transport]) => [`${side}/${transport}`, key]));
const FILE_KEY = { desktop: keyBySideAndTransport(filesOf('desktop')), web: keyBySideAndTransport(filesOf('web')) };

/**
 * Numbers kept to 6 significant digits: the file stays small and stable across platforms' last-bit differences.
 * @param {number} x
 * @returns {number | null}
 */
const round = (x) => (Number.isFinite(x) ? Number(x.toPrecision(6)) : null);
/**
 * A figure as headline.json stores it.
 * @param {import('./clock.mjs').FigureLike & { invocations?: number }} f
 * @returns {HeadlineFigure}
 */
const figure = (f) => ({ estimate: round(f.estimate), ci95: f.ci95 ? /** @type {[number, number]} */ (f.ci95.map(round)) : null, invocations: f.invocations,
  ...(f.clock ? { clockLimited: f.clock.limited } : {}) });

/** @type {(path: string) => any} */
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/**
 * The run.json of every run in the manifest.
 * @param {string} dataDir
 * @returns {RunRecord[]}
 */
export function publishedRuns(dataDir) {
  return readJson(join(dataDir, 'manifest.json')).runs.map((r) => readJson(join(dataDir, r.run)));
}

/**
 * Analysis key of a run file: by side and transport, the floors (both paths' and the OS floors) as `floors`.
 * @param {string} platform
 * @param {RunFile} f
 * @returns {string | undefined}
 */
const fileKey = (platform, f) => (f.side === 'floor' ? FLOORS_FILE.key : FILE_KEY[platform][`${f.side}/${f.transport}`]);

/**
 * Per-invocation parsed front-end (and floor) files of a configuration: [{ files: { key: rows } }].
 * @param {string} dataDir
 * @param {RunRecord} run
 * @param {RunConfiguration} config
 * @param {string} platform
 * @param {string[]} [sides]
 */
function invocationFiles(dataDir, run, config, platform, sides = ['frontend', 'floor']) {
  const invocations = config.invocations?.length ? config.invocations : [{ files: config.files }];
  return invocations.map((inv) => ({
    files: Object.fromEntries(inv.files.filter((f) => sides.includes(f.side) && fileKey(platform, f))
      .map((f) => [fileKey(platform, f), readTimingCsv(join(dataDir, 'runs', run.id, f.file))])),
  }));
}

/** The figure key (invocations.mjs osFigures) of each OS floor id. */
const OS_FIGURE = { [OS_FLOOR_IDS.tcp]: 'osTcp', [OS_FLOOR_IDS.uds]: 'osUds', [OS_FLOOR_IDS.shmSpin]: 'osShmSpin', [OS_FLOOR_IDS.shmFutex]: 'osShmFutex' };

/**
 * The OS floor a configuration's out-of-process bytes cross: its desktop transport's (catalogue), else the path's.
 * @param {RunConfiguration} config
 * @param {string} platform
 * @returns {string}
 */
export function osFloorOfConfiguration(config, platform) {
  if (platform !== 'desktop' || !config.outOfProcessTransport) return OS_FLOOR_OF_PATH[PATH_PAIRS[platform][1]];
  const spinning = (config.clientSpinMicros ?? 50) > 0 || (config.serverSpinMicros ?? 50) > 0;
  return osFloorOfTransport(config.outOfProcessTransport, spinning);
}

/**
 * The per-invocation samples of a configuration's figures (`invs(path, figure)`: one array per invocation, empty ones
 * dropped) and the statistic its e2e uses: the mean where the web's in-page side has block means, else the median.
 * @param {string} dataDir
 * @param {RunRecord} run
 * @param {RunConfiguration} config
 * @param {string} platform
 * @param {RunConfiguration} inConfig
 * @returns {{ inPath: string; outPath: string; invs: (path: string, fig: string) => number[][]; blockSteps: number | null;
 *   blocks: number[][]; statistic: 'mean' | 'median' }}
 */
function e2eSamples(dataDir, run, config, platform, inConfig) {
  const warmup = warmupOfRun(run);
  /** @param {RunConfiguration} c */
  const seriesOf = (c) => invocationFiles(dataDir, run, c, platform).map((inv) => invocationSeries(inv.files, warmup, { platform }));
  const serieses = seriesOf(config);
  const inSerieses = inConfig === config ? serieses : seriesOf(inConfig);
  const [inPath, outPath] = PATH_PAIRS[platform];
  /** @type {(path: string, fig: string) => number[][]} */
  const invs = (path, fig) => (path === inPath ? inSerieses : serieses).map((s) => FIGURES[platform][path][fig](s) ?? []).filter((v) => v.length > 0);
  const blockSteps = inConfig.e2eBlockSteps ?? null;
  const blocks = platform === 'web' && blockSteps ? invs(inPath, 'e2eBlock') : [];
  return { inPath, outPath, invs, blockSteps, blocks, statistic: blocks.length ? 'mean' : 'median' };
}

/**
 * configurationE2e's point figures only (no interval: no bootstrap), for the spread across runs: each path's e2e (the
 * mean over invocations of each invocation's statistic), the ratio of the two and the added cost, out − in.
 * @param {string} dataDir
 * @param {RunRecord} run
 * @param {RunConfiguration} config
 * @param {string} platform
 * @param {RunConfiguration} [inConfig]
 * @returns {{ statistic: 'mean' | 'median'; inNs: number; outNs: number; ratio: number; addedCostNs: number }}
 */
export function configurationPoint(dataDir, run, config, platform, inConfig = config) {
  const { inPath, outPath, invs, blocks, statistic } = e2eSamples(dataDir, run, config, platform, inConfig);
  /** @type {(xs: number[]) => number} */
  const meanOf = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const inNs = meanOf((blocks.length ? blocks : invs(inPath, 'e2e')).map((v) => statisticOf(v, blocks.length ? 'mean' : 'median')));
  const outNs = meanOf(invs(outPath, 'e2e').map((v) => statisticOf(v, statistic)));
  return { statistic, inNs, outNs, ratio: inNs > 0 ? outNs / inNs : NaN, addedCostNs: outNs - inNs };
}

/**
 * e2e per path and the e2e ratio out/in of one configuration, as the benchmarks compute them, every interval widened
 * by its clock (clock.mjs). The figure is each invocation's median step, except on the web where block means exist:
 * there the in-process figure is the mean step over back-to-back blocks and the out-of-process one the mean step, the
 * same statistic both sides (docs/measurements.md, "Clock resolution"). Always, not only when the page's 5 µs clock
 * limits the per-step median: a Wasm step timed alone carries its two clock reads and their rounding, so a run whose
 * step grew past the clock limit would otherwise switch statistic and its ratio would not compare with the other
 * web runs'. The per-step median stays beside it as `e2eStep` (a bound where the clock limits it).
 * `inConfig` gives the in-process side when `config` has none: bench:web runs the page's engine once per N and
 * pacing (its figure does not depend on the wire encoding), in the configuration of the first encoding, and the
 * other encodings' configurations are invocation k of the same rounds, so the two are paired invocation by invocation.
 * `ratioPaired` is the per-invocation ratio (docs/measurements.md, "Intervals"). `addedCost` is what the process
 * boundary adds, out-of-process e2e − in-process e2e in ns per step, of the same statistic: unlike the ratio it does
 * not scale with the engine's compute (docs/glossary.md, "added cost").
 * @param {string} dataDir
 * @param {RunRecord} run
 * @param {RunConfiguration} config
 * @param {string} platform
 * @param {RunConfiguration} [inConfig]
 * @returns {HeadlineE2e}
 */
export function configurationE2e(dataDir, run, config, platform, inConfig = config) {
  const resolutionNs = run.environment?.timerResolutionNs ?? null;
  const { inPath, outPath, invs, blockSteps, blocks, statistic } = e2eSamples(dataDir, run, config, platform, inConfig);
  const side = (path, fig = 'e2e') => ({ invocations: invs(path, fig), salt: PATH_SALT[path] });
  const honest = (f, steps = 1) => withClock(f, resolutionNs, steps);
  const at = (path, statistic, fig = 'e2e', steps = 1) => honest(pathInterval(invs(path, fig), { statistic, salt: PATH_SALT[path] }), steps);
  const stepMedian = at(inPath, 'median');
  const inFig = blocks.length ? at(inPath, 'mean', 'e2eBlock', blockSteps) : stepMedian;
  const outFig = at(outPath, statistic);
  const den = blocks.length ? side(inPath, 'e2eBlock') : side(inPath);
  const ratio = ratioWithClock(ratioInterval(side(outPath), den, { statistic }), outFig, inFig);
  const paired = pairedRatioInterval(side(outPath), den, { statistic });
  const added = addedCostInterval(side(outPath), den, statistic);
  /** @type {HeadlineE2e} */
  const out = {
    statistic: blocks.length ? `mean step (${PATHS[inPath].label.split(',')[0]}: mean over blocks of ${blockSteps} back-to-back steps)` : 'median step',
    inProcess: { path: inPath, label: PATHS[inPath].label, detail: PATHS[inPath].detail, e2e: figure(inFig) },
    outOfProcess: { path: outPath, label: PATHS[outPath].label, detail: PATHS[outPath].detail, e2e: figure(outFig) },
    ratio: figure(ratio),
    ratioPaired: paired ? figure(ratioWithClock(paired, outFig, inFig)) : null,
    addedCost: { ...figure(differenceWithClock(added, outFig, inFig)), paired: added.paired },
  };
  // The OS floor of the out-of-process path (docs/os-floor.md), in runs that measured it: the C round trip its bytes
  // cross, and the out-of-process e2e over it (the same invocations, resampled jointly).
  const osId = osFloorOfConfiguration(config, platform);
  const os = invs(outPath, OS_FIGURE[osId] ?? 'osFloor');
  if (os.length && os.length === side(outPath).invocations.length) {
    const salt = PATH_SALT[outPath];
    out.osFloor = {
      id: osId, floor: figure(pathInterval(os, { statistic: 'median', salt })),
      ratio: figure(ratioInterval(side(outPath), { invocations: os, salt }, { statistic: 'median' })),
    };
  }
  if (blocks.length) {
    // The per-step figures the clock quantises, kept to show what the headline no longer divides by.
    out.inProcess.e2eStep = figure(stepMedian);
    out.inProcess.blockSteps = blockSteps;
    const outMedian = at(outPath, 'median');
    out.ratioOfStepMedians = figure(ratioWithClock(ratioInterval(side(outPath), side(inPath), { statistic: 'median' }), outMedian, stepMedian));
  }
  return out;
}

/**
 * Out-of-process − in-process, ns per step, with its 95 % interval over invocations: paired invocation by invocation
 * where both paths ran in the same invocations (as ratioPaired), else the two sides resampled independently.
 * @param {{ invocations: number[][]; salt: number }} out
 * @param {{ invocations: number[][]; salt: number }} inSide
 * @param {'mean' | 'median'} statistic
 */
function addedCostInterval(out, inSide, statistic) {
  const paired = pairedDifferenceInterval(out, inSide, { statistic });
  if (paired) return paired;
  const parts = [out, inSide].map((s) => ({ invocations: s.invocations, salt: s.salt, statistic }));
  return { ...combinedInterval(parts, ([o, i]) => o - i), paired: false };
}

/**
 * What the headline must say about a configuration's machine: the path invocations the busy rule flags (re-judged
 * from the records, busyRule.mjs) and the calibration's drift (calibration probe), each a caveat when it applies.
 * @param {Pick<RunRecord, 'environment'>} run
 * @param {{ invocations?: Pick<RunInvocation, 'paths' | 'calibration'>[] | null }} config
 * @returns {HeadlineMachine}
 */
export function machineCaveats(run, config) {
  const cores = run.environment?.cores ?? 2;
  const records = (config.invocations ?? []).flatMap((inv) => Object.values(inv.paths ?? {}));
  const busy = records.filter((r) => recordIsBusy(r, cores)).length;
  const calibrations = (config.invocations ?? []).map((inv) => inv.calibration).filter(Boolean);
  const drift = calibrations.length ? calibrationDrift(calibrations) : null;
  const caveats = [];
  if (busy) caveats.push(`${busy} of ${records.length} path invocations ran while other processes used more than a quarter of the measured cores: figures may be inflated`);
  if (drift?.drifted) caveats.push(`the machine drifted during the run (calibration moved ${(100 * Math.max(drift.cpuKernel.spread ?? 0, drift.loopbackRtt.spread ?? 0)).toFixed(0)} %): a rerun may land outside the interval`);
  return { busy: { flagged: busy, of: records.length }, drift: drift && { drifted: drift.drifted, cpuKernelSpread: round(drift.cpuKernel.spread), loopbackSpread: round(drift.loopbackRtt.spread) }, caveats };
}

/**
 * The same benchmark's other run, when the canonical run is one of a reproducibility pair (reproduce.json).
 * @param {string} dataDir
 * @param {RunRecord[]} runs
 * @param {RunRecord} run
 * @returns {RunRecord | null}
 */
function repeatOf(dataDir, runs, run) {
  const path = join(dataDir, 'runs', run.id, 'reproduce.json');
  if (!existsSync(path)) return null;
  const other = readJson(path).runs?.find((id) => id !== run.id);
  return runs.find((r) => r.id === other) ?? null;
}

/**
 * The reference study's own CSVs under its method (docs/reference-study.md, "Analysis method").
 * @param {string} dataDir
 * @param {RunRecord[]} runs
 * @returns {HeadlineRecomputed | null}
 */
function referenceRecomputed(dataDir, runs) {
  const ref = runs.find((r) => r.kind === 'reference');
  if (!ref) return null;
  /** @type {(t: string) => RunConfiguration} */
  const byTransport = (t) => ref.configurations.find((c) => c.files.some((f) => f.transport === t));
  const [nat, sock] = [byTransport('native'), byTransport('socket')];
  /** @type {(c: RunConfiguration, side: string) => ReturnType<typeof readTimingCsv>} */
  const rows = (c, side) => readTimingCsv(join(dataDir, 'runs', ref.id, c.files.find((f) => f.side === side).file));
  const a = analyseConfiguration({ native: rows(nat, 'backend'), unityNative: rows(nat, 'frontend'), socket: rows(sock, 'backend'), unitySocket: rows(sock, 'frontend') }, warmupOfRun(ref));
  /** @type {(c: RunConfiguration) => number | null} */
  const period = (c) => (c.pacing === 'fixed' && c.tickMs ? c.tickMs / (c.timeScale || 1) : null);
  return {
    run: ref.id,
    inProcessNs: round(a.native.e2e.median), outOfProcessNs: round(a.socket.e2e.median), ratio: round(a.ratios.e2e.median),
    samples: [a.native.e2e.count, a.socket.e2e.count],
    outOfProcessTick: { tickMs: sock.tickMs, timeScale: sock.timeScale, periodMs: period(sock) },
    inProcessTick: { tickMs: nat.tickMs, timeScale: nat.timeScale, periodMs: period(nat) },
  };
}

/**
 * Our desktop run's fixed-paced configuration at the reference's tick, when the canonical run has one.
 * @param {string} dataDir
 * @param {RunRecord} run
 * @returns {HeadlineUnderTheTick | null}
 */
function underTheTick(dataDir, run) {
  const c = run.configurations.find((x) => x.nodeCount === CANONICAL_N && x.pacing === 'fixed' && x.tickMs);
  if (!c) return null;
  const e = configurationE2e(dataDir, run, c, 'desktop');
  return { config: c.id, tickMs: c.tickMs, timeScale: c.timeScale, inProcessNs: e.inProcess.e2e.estimate, outOfProcessNs: e.outOfProcess.e2e.estimate };
}

/**
 * configurationE2e of `c`, a sibling of the run's canonical configuration `canonical`: a sibling without its own
 * in-process files (bench:web's other encodings) is set against the canonical one's.
 * @param {string} dataDir
 * @param {RunRecord} run
 * @param {RunConfiguration} c
 * @param {RunConfiguration} canonical
 * @param {string} platform
 * @returns {HeadlineE2e}
 */
function siblingE2e(dataDir, run, c, canonical, platform) {
  const [inPath] = PATH_PAIRS[platform];
  const ownInProcess = c.files.some((f) => f.transport === inPath);
  return configurationE2e(dataDir, run, c, platform, ownInProcess ? c : canonical);
}

/**
 * Out-of-process done as well as the canonical run measured it (docs/os-floor.md): among the run's other
 * configurations of the same platform, N and pacing (bench:desktop --transports, --encodings), the one with the
 * lowest e2e ratio, with the OS floor of the channel it crosses; null when none beats `referenceRatio` (the canonical
 * configuration's e2e ratio, already computed by the caller).
 * @param {string} dataDir
 * @param {RunRecord} run
 * @param {RunConfiguration} config
 * @param {string} platform
 * @param {number} referenceRatio
 * @returns {HeadlineBest | null}
 */
export function bestOutOfProcess(dataDir, run, config, platform, referenceRatio) {
  const others = run.configurations.filter((c) => c.id !== config.id && c.nodeCount === config.nodeCount && c.pacing === config.pacing
    && hasPlatform(c, platform) && (c.driver ?? null) === (config.driver ?? null) && (c.program ?? null) === (config.program ?? null));
  /** @type {{ c: RunConfiguration; e: HeadlineE2e } | null} */
  let best = null;
  for (const c of others) {
    const e = siblingE2e(dataDir, run, c, config, platform);
    if (!Number.isFinite(e.ratio.estimate)) continue;
    if (!best || e.ratio.estimate < best.e.ratio.estimate) best = { c, e };
  }
  if (!best || best.e.ratio.estimate >= referenceRatio) return null;
  const { c, e } = best;
  return {
    config: c.id, transport: platform === 'desktop' ? c.outOfProcessTransport ?? REFERENCE_DESKTOP_TRANSPORT : 'websocket', encoding: c.encoding ?? 'json',
    server: platform === 'desktop' ? c.outOfProcessServer ?? REFERENCE_DESKTOP_SERVER : 'node',
    spinMicros: c.serverSpinMicros ?? null, outOfProcess: e.outOfProcess.e2e, inProcess: e.inProcess.e2e, ratio: e.ratio, addedCost: e.addedCost, osFloor: e.osFloor ?? null,
  };
}

/**
 * The work level that stands for the reference study's Collektive where no preset ran (`--work 16500`: its .so's
 * 16 485 ns per device and round, rounded; docs/programs.md, "Work").
 */
export const COLLEKTIVE_WORK_LEVEL_NS = 16500;

/**
 * A configuration's out-of-process family: its transport, encoding and server (the web's encoding alone tells).
 * @param {RunConfiguration} c
 * @returns {string}
 */
const familyKey = (c) => `${c.outOfProcessTransport ?? REFERENCE_DESKTOP_TRANSPORT}-${c.encoding ?? 'json'}-${c.outOfProcessServer ?? REFERENCE_DESKTOP_SERVER}`;
/**
 * Does `c` have files of the platform's in-process path?
 * @param {RunConfiguration} c
 * @param {string} platform
 * @returns {boolean}
 */
const measuresIn = (c, platform) => c.files.some((f) => f.transport === PATH_PAIRS[platform][0]);

/**
 * `config` at the reference study's engine cost: in the newest run of the platform that has it, the configuration of
 * the same N, pacing and out-of-process family that ran the reference program at Collektive's cost, the preset
 * first (each path at its runtime's figure: bench:desktop --engine-preset), else work=16500 on both paths (--work).
 * Its e2e per path, ratio and added cost; null when no run has one.
 * @param {string} dataDir
 * @param {RunRecord[]} runs
 * @param {string} platform
 * @param {RunConfiguration} config
 * @returns {HeadlineAtEngineCost | null}
 */
export function atReferenceEngineCost(dataDir, runs, platform, config) {
  /** @param {RunConfiguration} c */
  const same = (c) => c.nodeCount === config.nodeCount && c.pacing === config.pacing && hasPlatform(c, platform)
    && familyKey(c) === familyKey(config) && (c.driver ?? null) === (config.driver ?? null);
  /** @param {RunConfiguration} x */
  const preset = (x) => same(x) && x.enginePreset === COLLEKTIVE_REFERENCE.id;
  /** @param {RunConfiguration} x */
  const level = (x) => same(x) && !x.enginePreset && programName(x.program) === REFERENCE_PROGRAM && workOfSpec(x.program) === COLLEKTIVE_WORK_LEVEL_NS;
  const ordered = byPreference(runs.filter((r) => r.kind !== 'network'));
  // The preset in any run before the work level in any run: only the preset gives each path its runtime's figure.
  /** @type {(pick: (c: RunConfiguration) => boolean) => [RunRecord, RunConfiguration | undefined][]} */
  const inEachRun = (pick) => ordered.map((r) => [r, r.configurations.find(pick)]);
  for (const [run, c] of [...inEachRun(preset), ...inEachRun(level)]) {
    if (!c) continue;
    // bench:web measures the page's engine in the first encoding's configuration of the same N, pacing and program.
    const inConfig = measuresIn(c, platform) ? c : run.configurations.find((x) => x.nodeCount === c.nodeCount && x.pacing === c.pacing
      && (x.program ?? null) === (c.program ?? null) && measuresIn(x, platform));
    if (!inConfig) continue;
    const e = configurationE2e(dataDir, run, c, platform, inConfig);
    return {
      run: run.id, config: c.id,
      engine: c.enginePreset ? { preset: c.enginePreset, programByPath: c.programByPath ?? null } : { workNs: COLLEKTIVE_WORK_LEVEL_NS },
      statistic: e.statistic, inProcess: e.inProcess.e2e, outOfProcess: e.outOfProcess.e2e, ratio: e.ratio, addedCost: e.addedCost,
    };
  }
  return null;
}

/**
 * The reference study's desktop comparison replayed with its own engine cost (bench:desktop --engine-preset
 * collektive-reference, the reference design): per pacing of the newest run that has it (frame: one step per tick,
 * awaited within it, both paths paced alike; free; fixed: the study's own polling, the reply read once per tick), the
 * e2e per path, ratio and added cost, beside our engine's in the same run.
 * @param {string} dataDir
 * @param {RunRecord[]} runs
 * @returns {HeadlineReplay | null}
 */
export function referenceReplay(dataDir, runs) {
  const id = COLLEKTIVE_REFERENCE.id;
  /** @param {RunConfiguration} c */
  const replayed = (c) => c.enginePreset === id && c.nodeCount === CANONICAL_N && hasPlatform(c, 'desktop') && familyKey(c) === 'tcp-json-jvm';
  const run = byPreference(runs.filter((r) => r.kind !== 'network')).find((r) => r.configurations.some(replayed));
  if (!run) return null;
  /** @type {HeadlineReplayPacing[]} */
  const pacings = ['frame', 'free', 'fixed'].flatMap((pacing) => {
    const c = run.configurations.find((x) => replayed(x) && x.pacing === pacing);
    if (!c) return [];
    const ours = run.configurations.find((x) => x.id === c.id.slice(0, -(id.length + 1)));
    const e = configurationE2e(dataDir, run, c, 'desktop');
    const o = ours && configurationE2e(dataDir, run, ours, 'desktop');
    return [{
      pacing, config: c.id, periodMs: pacing !== 'free' && c.tickMs ? c.tickMs / (c.timeScale || 1) : null,
      inProcess: e.inProcess.e2e, outOfProcess: e.outOfProcess.e2e, ratio: e.ratio, addedCost: e.addedCost,
      ours: o ? { config: ours.id, ratio: o.ratio, addedCost: o.addedCost } : null,
    }];
  });
  if (!pacings.length) return null;
  const preset = { id, label: COLLEKTIVE_REFERENCE.label, perPathNs: COLLEKTIVE_REFERENCE.perPathNs, source: COLLEKTIVE_REFERENCE.source };
  return { run: run.id, preset, pacings, sentence: replaySentence({ preset, pacings }) };
}

/**
 * The spread of `config`'s figures across the published runs (headlineSpread.mjs): its point ratio and added cost in
 * every published bench run of `platform` holding a configuration of the same key (sameConfigurationKey) and the
 * same statistic (a web run without block means times its in-page step otherwise). A configuration without its own
 * in-process files (bench:web's other encodings) is set against its run's configuration of the same N, pacing,
 * program and driver that has them, as the headline does.
 * @param {string} dataDir
 * @param {RunRecord[]} runs
 * @param {string} platform
 * @param {RunConfiguration} config
 * @param {'mean' | 'median'} statistic
 * @returns {HeadlineSpread | null}
 */
export function spreadAcrossRuns(dataDir, runs, platform, config, statistic) {
  const key = sameConfigurationKey(platform, config);
  /** @type {SpreadPoint[]} */
  const points = [];
  for (const run of runs) {
    if (run.kind !== platform) continue;
    for (const c of run.configurations) {
      if (!hasPlatform(c, platform) || sameConfigurationKey(platform, c) !== key) continue;
      const inConfig = measuresIn(c, platform) ? c : run.configurations.find((x) => x.nodeCount === c.nodeCount && x.pacing === c.pacing
        && (x.program ?? null) === (c.program ?? null) && (x.driver ?? null) === (c.driver ?? null) && measuresIn(x, platform));
      if (!inConfig) continue;
      const point = configurationPoint(dataDir, run, c, platform, inConfig);
      if (point.statistic !== statistic) continue;
      points.push({ run: run.id, config: c.id, createdAt: run.createdAt, commit: run.commit ?? null, environment: run.environment,
        ratio: point.ratio, addedCostNs: point.addedCostNs });
    }
  }
  return spreadOf(points);
}

/**
 * The headline object (public/data/headline.json) of the published runs under `dataDir`.
 * @param {string} dataDir
 * @returns {Headline}
 */
export function computeHeadline(dataDir) {
  const runs = publishedRuns(dataDir);
  const platforms = canonicalPicks(runs).map(({ platform, run, config }) => {
    const p = configurationE2e(dataDir, run, config, platform);
    const repeat = repeatOf(dataDir, runs, run);
    const repeatConfig = repeat?.configurations.find((c) => c.id === config.id);
    const timerResolutionNs = run.environment?.timerResolutionNs ?? null;
    const best = bestOutOfProcess(dataDir, run, config, platform, p.ratio.estimate);
    const repeatBest = best && repeat?.configurations.find((c) => c.id === best.config);
    if (repeatBest && repeatConfig) best.repeat = { run: repeat.id, ratio: siblingE2e(dataDir, repeat, repeatBest, repeatConfig, platform).ratio };
    const referenceEngine = atReferenceEngineCost(dataDir, runs, platform, config);
    const bestConfig = best && run.configurations.find((c) => c.id === best.config);
    if (bestConfig) best.referenceEngine = atReferenceEngineCost(dataDir, runs, platform, bestConfig);
    // Each ratio's spread across the published runs, beside its interval within this run (headlineSpread.mjs).
    /** @type {(runId: string, configId: string, statistic: 'mean' | 'median') => HeadlineSpread | null} */
    const spreadOfConfig = (runId, configId, statistic) => {
      const c = runs.find((r) => r.id === runId)?.configurations.find((x) => x.id === configId);
      return c ? spreadAcrossRuns(dataDir, runs, platform, c, statistic) : null;
    };
    const statisticKey = p.statistic.startsWith('mean') ? 'mean' : 'median';
    if (best) best.spread = spreadOfConfig(run.id, best.config, statisticKey);
    for (const r of [referenceEngine, best?.referenceEngine]) {
      if (r) r.spread = spreadOfConfig(r.run, r.config, r.statistic.startsWith('mean') ? 'mean' : 'median');
    }
    return {
      platform, run: run.id, config: config.id, nodeCount: config.nodeCount, pacing: config.pacing,
      invocations: config.invocations?.length ?? 1, timerResolutionNs, cores: run.environment?.cores ?? null,
      ...p, spread: spreadAcrossRuns(dataDir, runs, platform, config, statisticKey), machine: machineCaveats(run, config),
      repeat: repeatConfig ? { run: repeat.id, ratio: configurationE2e(dataDir, repeat, repeatConfig, platform).ratio } : null,
      ...(best ? { best } : {}),
      referenceEngine,
      sentence: sentence(platform, p, timerResolutionNs, best),
      // The page shows `best` beside the answer with its interval: its sentence there stops before it.
      lead: sentence(platform, p, timerResolutionNs, null),
    };
  });
  const reference = referenceRecomputed(dataDir, runs);
  const desktop = platforms.find((p) => p.platform === 'desktop');
  const tick = desktop ? underTheTick(dataDir, runs.find((r) => r.id === desktop.run)) : null;
  return {
    schemaVersion: 1,
    generatedBy: 'npm run headline (measurement/src/headline.mjs)',
    scope: `front-end end-to-end step per invocation (median; the mean where a path's step is within a few ticks of its clock, both sides of that ratio), N = ${CANONICAL_N}, ${CANONICAL_PACING} pacing; 95 % intervals over invocations, widened by the clock (docs/measurements.md, "Intervals", "Clock resolution")`,
    platforms,
    reference: reference && {
      claim: REFERENCE_CLAIM, recomputed: reference, ours: tick, replay: referenceReplay(dataDir, runs),
      sentences: referenceSentences(reference, desktop ?? platforms[0], tick),
    },
  };
}

