#!/usr/bin/env node
// npm run model: the cost model of a step (docs/cost-model.md) fitted on the published runs of public/data/manifest.json
// (their summary.json: per-invocation intervals, docs/measurements.md "Intervals"), its held-out coverage, and the
// engine presets, into public/data/cost-model.json; prints the fit against the measurements and the coverage.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossingOf, fitCostModel, heldOutCoverage, inBaseOf, pointsOfRun, predictPoint } from '../measurement/src/costModel.mjs';
import { COLLEKTIVE_REFERENCE, ENGINE_PRESETS, measuredProgramPresets, referenceComputeOf } from '../measurement/src/enginePresets.mjs';
import { formatNs, formatNsFixed } from '../measurement/src/format.mjs';
import { readTimingCsv } from '../measurement/src/timingFiles.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = join(root, 'public/data');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** The commit that made the desktop's `binary` encoding a binary positions frame (docs/protocol.md). */
const BINARY_FRAME_COMMIT = 'd380eda0486f109a2a267b628331b8ff78e3a46a';
/**
 * The Programs runs: every program on each platform (docs/programs.md); on the desktop the reference program (the
 * Euclidean gradient) is not among them, so the same commit's transport × encoding pair gives it.
 */
const PROGRAM_RUNS = ['2026-11-27-desktop-bc87685-182335-ec6f', '2026-11-27-web-24d69f0-182546-ec8c',
  '2026-11-27-desktop-bc87685-181655-5c9b-a', '2026-11-27-desktop-bc87685-181655-5c9b-b'];

/** Whether a run's commit has the binary positions frame; by date when the commit is not in this clone. */
function hasBinaryFrame(run) {
  try {
    execFileSync('git', ['merge-base', '--is-ancestor', BINARY_FRAME_COMMIT, run.commit], { cwd: root, stdio: 'ignore' });
    return true;
  } catch (e) {
    if (e.status === 1) return false;
    return String(run.createdAt ?? '') >= '2026-11-28';
  }
}

// The points of every published run.
const manifest = readJson(join(dataDir, 'manifest.json'));
const points = [];
const skipped = [];
for (const entry of manifest.runs) {
  const run = readJson(join(dataDir, entry.run));
  if (run.kind !== 'desktop' && run.kind !== 'web') continue;
  const summaryPath = join(dataDir, 'runs', run.id, 'summary.json');
  const summary = existsSync(summaryPath) ? readJson(summaryPath) : null;
  if (!summary) { skipped.push({ run: run.id, config: '*', why: 'no summary.json (no per-invocation figures)' }); continue; }
  const got = pointsOfRun(run, summary, { binaryFrame: run.kind !== 'desktop' || hasBinaryFrame(run) });
  points.push(...got.points);
  skipped.push(...got.skipped);
}

// The reference study's engine, recomputed from its CSVs: the preset must be what its files say.
const ref = readJson(join(dataDir, 'runs/reference-study/run.json'));
const backendRows = (transport) => {
  const file = ref.configurations.flatMap((c) => c.files).find((f) => f.side === 'backend' && f.transport === transport);
  return readTimingCsv(join(dataDir, 'runs/reference-study', file.file));
};
const recomputed = referenceComputeOf({ native: backendRows('native'), socket: backendRows('socket') });
for (const path of ['native', 'socket']) {
  if (Math.round(recomputed[path].roundNs) !== COLLEKTIVE_REFERENCE.roundNs[path]) {
    throw new Error(`collektive-reference: the reference study's ${path} step.compute median is ${recomputed[path].roundNs} ns, the preset says ${COLLEKTIVE_REFERENCE.roundNs[path]}`);
  }
}

// Held-out coverage (docs/cost-model.md, "Held-out coverage").
const familiesWith = (ns) => new Set([...new Set(points.map((p) => `${p.platform}/${p.family}`))]
  .filter((f) => ns.every((n) => points.some((p) => `${p.platform}/${p.family}` === f && p.n === n))));
const spanning = familiesWith([10, 100, 1000]);
const atN100 = (p) => p.n === 100 && spanning.has(`${p.platform}/${p.family}`);
/** One coverage entry from several held-out folds (each fitted without its own held-out points). */
/** @param {'in' | 'out'} [side] */
function folds(heldOut, keys, keyOf, side = 'out') {
  const parts = keys.map((k) => heldOutCoverage(points, { heldOut, isHeldOut: (p) => keyOf(p) === k, side }));
  const sum = (key) => parts.reduce((s, c) => s + c[key], 0);
  return { heldOut, inside: sum('inside'), of: sum('of'), misses: parts.flatMap((c) => c.misses), notPredicted: sum('notPredicted') };
}
const days = [...new Set(points.map((p) => p.day))].sort();
const works = [...new Set(points.map((p) => p.workNs))].sort((a, b) => a - b);
const coverage = [
  heldOutCoverage(points, { heldOut: 'N = 100 (fit on N = 10 and 1000), out-of-process e2e', isHeldOut: atN100 }),
  heldOutCoverage(points, { heldOut: 'N = 100 (fit on N = 10 and 1000), in-process e2e', isHeldOut: atN100, side: 'in' }),
  folds('each day of runs in turn (fit on the other days), out-of-process e2e', days, (p) => p.day),
  ...(works.length > 1 ? [folds(`each engine work level in turn (W = ${works.filter((w) => w > 0).join(', ')} ns), out-of-process e2e`, works.filter((w) => w > 0), (p) => p.workNs)] : []),
];

const model = fitCostModel(points, { generatedBy: 'npm run model (scripts/model.mjs, measurement/src/costModel.mjs)', coverage });
const presets = [...ENGINE_PRESETS, ...measuredProgramPresets(points, PROGRAM_RUNS)];
const out = { ...model, presets };
writeFileSync(join(dataDir, 'cost-model.json'), `${JSON.stringify(out)}\n`);

// The printout: per platform the terms, then per family × N the measured runs against the prediction.
// Terms can be negative (formatNsFixed signs them); predictions and measurements are not.
const us = (ns) => (ns < 0 ? formatNsFixed(ns) : formatNs(ns));
const interval = (e) => `${us(e.estimate)} [${us(e.ci95[0])}, ${us(e.ci95[1])}]`;
const pad = (s, n) => String(s).padEnd(n);
console.log(`${points.length} measured points from ${new Set(points.map((p) => p.run)).size} runs; ${skipped.length} configurations left out (${[...new Set(skipped.map((s) => s.why))].join('; ')})`);
for (const pm of model.platforms) {
  const base = pm.inProcess;
  console.log(`\n${pm.platform}: in-process base (e2e − compute) = ${interval(base.fixedNs)} + ${interval(base.perDeviceNs)} × N; between runs ±${(100 * base.spread.relSd).toFixed(0)} % (1 sd)`);
  console.log(`  ${pad('family', 24)} ${pad('crossing fixed', 34)} ${pad('per device', 30)} sd between runs`);
  for (const f of pm.families) {
    console.log(`  ${pad(f.id + (f.reference ? ' (ref)' : f.best ? ' (best)' : ''), 24)} ${pad(interval(f.fixedNs), 34)} ${pad(interval(f.perDeviceNs), 30)} ±${(100 * f.spread.relSd).toFixed(0)} %${f.perDeviceNs.covers?.startsWith('borrowed') ? ` (per device ${f.perDeviceNs.covers})` : ''}`);
  }
  console.log(`  ${pad('family', 20)} ${pad('N', 5)} ${pad('runs', 5)} ${pad('measured out-of-process e2e (runs: min–max)', 46)} ${pad('predicted at the measured compute', 40)} inside`);
  for (const f of pm.families) {
    for (const n of f.measuredN) {
      const ps = points.filter((p) => p.platform === pm.platform && p.family === f.id && p.n === n);
      const ours = ps.filter((p) => p.program === 'euclidean' && p.workNs === 0);
      const shown = ours.length ? ours : ps;
      const predictions = shown.map((p) => predictPoint(model, p).outOfProcess);
      const inside = shown.filter((p, i) => predictions[i].ci95[0] <= p.outE2e.estimate && p.outE2e.estimate <= predictions[i].ci95[1]).length;
      const measured = shown.map((p) => p.outE2e.estimate);
      const typical = predictions[Math.floor(predictions.length / 2)];
      console.log(`  ${pad(f.id, 20)} ${pad(n, 5)} ${pad(shown.length, 5)} ${pad(`${us(Math.min(...measured))} – ${us(Math.max(...measured))}${ours.length ? '' : ' (other programs)'}`, 46)} ${pad(interval(typical), 40)} ${inside}/${shown.length}`);
    }
  }
}
// The engine-work sweeps (runs with several work levels, docs/programs.md "Work"): each family × N × W as measured,
// with the ratio and the added cost, and the out-of-process e2e the model predicts with that work level held out.
const sweepRuns = [...new Set(points.filter((p) => p.workNs > 0).map((p) => p.run))];
const withoutWork = new Map(works.filter((w) => w > 0).map((w) => [w, fitCostModel(points.filter((q) => q.workNs !== w))]));
for (const runId of sweepRuns) {
  const ps = points.filter((p) => p.run === runId && p.program === 'euclidean').sort((a, b) => a.family.localeCompare(b.family) || a.n - b.n || a.workNs - b.workNs);
  console.log(`\nengine-work sweep, run ${runId} (e2e: ${ps[0].platform === 'web' ? 'mean step; in-process over blocks' : 'median step'}, mean over invocations [95 % CI]; predicted: fitted without this work level)`);
  console.log(`  ${pad('family', 20)} ${pad('N', 5)} ${pad('W ns', 7)} ${pad('in-process e2e', 30)} ${pad('out-of-process e2e', 30)} ${pad('ratio', 8)} ${pad('added', 10)} ${pad('compute +/NW in, out', 22)} predicted out-of-process`);
  for (const p of ps) {
    // What work=W added to each side's step.compute over N × W (1: the work costs what it says; docs/programs.md, "Work").
    const plain = ps.find((q) => q.family === p.family && q.n === p.n && q.workNs === 0);
    const growth = p.workNs > 0 && plain && !p.config.endsWith(COLLEKTIVE_REFERENCE.id)
      ? [p.inCompute - plain.inCompute, p.outCompute - plain.outCompute].map((d) => (d / (p.n * p.workNs)).toFixed(2)).join(', ') : '–';
    const withoutLevel = p.workNs > 0 ? withoutWork.get(p.workNs) : null;
    let predicted = null;
    try { predicted = withoutLevel ? predictPoint(withoutLevel, p).outOfProcess : null; } catch { /* the family or N is not in the rest */ }
    const inside = predicted && predicted.ci95[0] <= p.outE2e.estimate && p.outE2e.estimate <= predicted.ci95[1];
    console.log(`  ${pad(p.family, 20)} ${pad(p.n, 5)} ${pad(p.workNs, 7)} ${pad(interval(p.inE2e), 30)} ${pad(interval(p.outE2e), 30)} ${pad(`${(p.outE2e.estimate / p.inE2e.estimate).toFixed(2)}×`, 8)} ${pad(us(p.outE2e.estimate - p.inE2e.estimate), 10)} ${pad(growth, 22)} ${predicted ? `${interval(predicted)}${inside ? '' : ' (miss)'}` : '–'}`);
  }
}

console.log('\nheld-out coverage (95 % prediction intervals; each held-out run\'s estimate against the interval predicted without it):');
for (const c of coverage) {
  console.log(`  ${c.heldOut}: ${c.inside} of ${c.of} inside (${c.of ? (100 * c.inside / c.of).toFixed(0) : '–'} %)${c.notPredicted ? `; ${c.notPredicted} held out without a prediction (family or N not in the rest)` : ''}`);
  for (const m of c.misses.slice(0, 12)) console.log(`    miss: ${m.run} ${m.config}: measured ${us(m.measuredNs)}, predicted ${interval(m.predicted)}`);
  if (c.misses.length > 12) console.log(`    … and ${c.misses.length - 12} more misses (all in public/data/cost-model.json)`);
}
console.log(`\npresets: ${presets.map((p) => `${p.id} ${us(p.perDeviceNs)}/device`).join(', ')}`);
console.log(`collektive-reference recomputed from the reference study's CSVs: ${us(recomputed.native.roundNs)} (native), ${us(recomputed.socket.roundNs)} (JVM) a round of 10 devices`);
console.log(`written public/data/cost-model.json (${(JSON.stringify(out).length / 1024).toFixed(1)} KB)`);
// Why the points that are not in the fit were left out, for the doc's "Where the model misses".
if (process.argv.includes('--verbose')) for (const p of points) console.log(`  ${p.run} ${p.config} ${p.family} N=${p.n} base ${us(inBaseOf(p))} crossing ${us(crossingOf(p))}`);
