// The dashboard's headline computed from the published runs (Node: reads public/data): per platform, the in-process
// and out-of-process front-end e2e of the canonical published run (measurement/src/canonical.mjs) with the e2e ratio
// and their 95 % intervals over invocations, computed from the runs' per-invocation CSVs exactly as the benchmarks
// compute them (measurement/src/invocations.mjs, docs/measurements.md "Intervals"); beside it the reference study's
// claim and our recomputation of its own CSVs (docs/reference-study.md). Formats, sentences and the plot:
// headline.mjs (no I/O, shared with the page).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseConfiguration } from './analysis.mjs';
import { PATHS, PATH_SALT, filesOf } from './catalogue.mjs';
import { CANONICAL_N, CANONICAL_PACING, canonicalPicks } from './canonical.mjs';
import { REFERENCE_CLAIM, referenceSentences, sentence } from './headline.mjs';
import { pathInterval, ratioInterval } from './intervals.mjs';
import { FIGURES, PATH_PAIRS, invocationSeries } from './invocations.mjs';
import { readTimingCsv } from './timingFiles.mjs';

/** Analysis key of a run file (the keys of FIGURES), by platform, then side/path (the catalogue's file tables). */
const keyBySideAndTransport = (files) => Object.fromEntries(files.filter(([, , , transport]) => transport).map(([key, , side, transport]) => [`${side}/${transport}`, key]));
const FILE_KEY = { desktop: keyBySideAndTransport(filesOf('desktop')), web: keyBySideAndTransport(filesOf('web')) };

/** Numbers kept to 6 significant digits: the file stays small and stable across platforms' last-bit differences. */
const round = (x) => (Number.isFinite(x) ? Number(x.toPrecision(6)) : null);
/** A figure as headline.json stores it. */
const figure = (f) => ({ estimate: round(f.estimate), ci95: f.ci95 ? f.ci95.map(round) : null, invocations: f.invocations });

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** The run.json of every run in the manifest. */
export function publishedRuns(dataDir) {
  return readJson(join(dataDir, 'manifest.json')).runs.map((r) => readJson(join(dataDir, r.run)));
}

/** Per-invocation parsed front-end files of a configuration: [{ files: { key: rows } }]. */
function invocationFiles(dataDir, run, config, platform, sides = ['frontend']) {
  const invocations = config.invocations?.length ? config.invocations : [{ files: config.files }];
  return invocations.map((inv) => ({
    files: Object.fromEntries(inv.files.filter((f) => sides.includes(f.side) && FILE_KEY[platform][`${f.side}/${f.transport}`])
      .map((f) => [FILE_KEY[platform][`${f.side}/${f.transport}`], readTimingCsv(join(dataDir, 'runs', run.id, f.file))])),
  }));
}

/** e2e (and the Wasm block mean) per path and the e2e ratio out/in of one configuration, as the benchmarks compute them. */
export function configurationE2e(dataDir, run, config, platform) {
  const warmup = run.parameters?.warmup ?? 30;
  const serieses = invocationFiles(dataDir, run, config, platform).map((inv) => invocationSeries(inv.files, warmup, { platform }));
  const [inPath, outPath] = PATH_PAIRS[platform];
  const invs = (path, fig) => serieses.map((s) => FIGURES[platform][path][fig](s) ?? []).filter((v) => v.length > 0);
  const side = (path) => ({ invocations: invs(path, 'e2e'), salt: PATH_SALT[path] });
  const e2e = (path) => pathInterval(side(path).invocations, { statistic: 'median', salt: PATH_SALT[path] });
  const out = {
    inProcess: { path: inPath, label: PATHS[inPath].label, detail: PATHS[inPath].detail, e2e: figure(e2e(inPath)) },
    outOfProcess: { path: outPath, label: PATHS[outPath].label, detail: PATHS[outPath].detail, e2e: figure(e2e(outPath)) },
    ratio: figure(ratioInterval(side(outPath), side(inPath), { statistic: 'median' })),
  };
  if (platform === 'web') {
    const block = invs(inPath, 'e2eBlock');
    if (block.length) out.inProcess.e2eBlock = { ...figure(pathInterval(block, { statistic: 'median', salt: PATH_SALT[inPath] })), steps: config.e2eBlockSteps ?? null };
  }
  return out;
}

/** The same benchmark's other run, when the canonical run is one of a reproducibility pair (reproduce.json). */
function repeatOf(dataDir, runs, run) {
  const path = join(dataDir, 'runs', run.id, 'reproduce.json');
  if (!existsSync(path)) return null;
  const other = readJson(path).runs?.find((id) => id !== run.id);
  return runs.find((r) => r.id === other) ?? null;
}

/** The reference study's own CSVs under its method (docs/reference-study.md, "Analysis method"). */
function referenceRecomputed(dataDir, runs) {
  const ref = runs.find((r) => r.kind === 'reference');
  if (!ref) return null;
  const byTransport = (t) => ref.configurations.find((c) => c.files.some((f) => f.transport === t));
  const [nat, sock] = [byTransport('native'), byTransport('socket')];
  const rows = (c, side) => readTimingCsv(join(dataDir, 'runs', ref.id, c.files.find((f) => f.side === side).file));
  const a = analyseConfiguration({ native: rows(nat, 'backend'), unityNative: rows(nat, 'frontend'), socket: rows(sock, 'backend'), unitySocket: rows(sock, 'frontend') }, ref.parameters?.warmup ?? 30);
  const period = (c) => (c.pacing === 'fixed' && c.tickMs ? c.tickMs / (c.timeScale || 1) : null);
  return {
    run: ref.id,
    inProcessNs: round(a.native.e2e.median), outOfProcessNs: round(a.socket.e2e.median), ratio: round(a.ratios.e2e.median),
    samples: [a.native.e2e.count, a.socket.e2e.count],
    outOfProcessTick: { tickMs: sock.tickMs, timeScale: sock.timeScale, periodMs: period(sock) },
    inProcessTick: { tickMs: nat.tickMs, timeScale: nat.timeScale, periodMs: period(nat) },
  };
}

/** Our desktop run's fixed-paced configuration at the reference's tick, when the canonical run has one. */
function underTheTick(dataDir, run) {
  const c = run.configurations.find((x) => x.nodeCount === CANONICAL_N && x.pacing === 'fixed' && x.tickMs);
  if (!c) return null;
  const e = configurationE2e(dataDir, run, c, 'desktop');
  return { config: c.id, tickMs: c.tickMs, timeScale: c.timeScale, inProcessNs: e.inProcess.e2e.estimate, outOfProcessNs: e.outOfProcess.e2e.estimate };
}

/** The headline object (public/data/headline.json) of the published runs under `dataDir`. */
export function computeHeadline(dataDir) {
  const runs = publishedRuns(dataDir);
  const platforms = canonicalPicks(runs).map(({ platform, run, config }) => {
    const p = configurationE2e(dataDir, run, config, platform);
    const repeat = repeatOf(dataDir, runs, run);
    const repeatConfig = repeat?.configurations.find((c) => c.id === config.id);
    const timerResolutionNs = run.environment?.timerResolutionNs ?? null;
    return {
      platform, run: run.id, config: config.id, nodeCount: config.nodeCount, pacing: config.pacing,
      invocations: config.invocations?.length ?? 1, timerResolutionNs, cores: run.environment?.cores ?? null,
      ...p,
      repeat: repeatConfig ? { run: repeat.id, ratio: configurationE2e(dataDir, repeat, repeatConfig, platform).ratio } : null,
      sentence: sentence(platform, p, timerResolutionNs),
    };
  });
  const reference = referenceRecomputed(dataDir, runs);
  const desktop = platforms.find((p) => p.platform === 'desktop');
  const tick = desktop ? underTheTick(dataDir, runs.find((r) => r.id === desktop.run)) : null;
  return {
    schemaVersion: 1,
    generatedBy: 'npm run headline (measurement/src/headline.mjs)',
    scope: `front-end end-to-end step, median per invocation, N = ${CANONICAL_N}, ${CANONICAL_PACING} pacing; 95 % intervals over invocations (docs/measurements.md, "Intervals")`,
    platforms,
    reference: reference && {
      claim: REFERENCE_CLAIM, recomputed: reference, ours: tick,
      sentences: referenceSentences(reference, desktop ?? platforms[0], tick),
    },
  };
}

