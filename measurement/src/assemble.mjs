// A configuration's files and folder name (desktop and web benches alike); a desktop run's configurations, for every
// desktop front-end (bench:desktop's host, the Unity bench): what they are (N × pacing × encoding, each with its
// scenario from scenario.mjs), their block orders and how their run.json entry reads; and assembling
// a configuration from its repetition folders (docs/measurements.md, "Invocations"): each repetition (an invocation
// of bench:desktop, a block of the Unity bench) leaves its raw reference-named CSVs in its own folder, each on its
// own process clock; here they are merged into the configuration's reference-named files (merge.mjs: later
// repetitions lose their own warm-up) and described for run.json. One write stage for every desktop front-end.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesOf } from './catalogue.mjs';
import { mergeInvocations, timingCsv } from './merge.mjs';
import { readTimingCsv } from './timingFiles.mjs';
import { mulberry32, shuffled } from './random.mjs';
import { scenarioFor } from './scenario.mjs';

/** The files of a desktop and of a web configuration: analysis key, file name, side, path (floors.csv: every floor). */
export const DESKTOP_FILES = filesOf('desktop');
export const WEB_FILES = filesOf('web');

/**
 * A configuration's folder name, desktop and web: n10-free, n100-fixed-batched (json, the reference encoding,
 * unnamed). A bench varying another parameter appends its own suffix (-sspin<µs>, -<driver>).
 */
export const configurationId = (nodeCount, pacing, encoding) => `n${nodeCount}-${pacing}${encoding === 'json' ? '' : `-${encoding}`}`;

/**
 * The configurations of a desktop run, N × pacing × encoding in that order, each with its scenario (kind by
 * scenarioFor, seed only for a random layout) and its pacing's tick (fixed pacing only; free pacing runs at time
 * scale 1): [{ id, scenario, nodeCount, seed, meanDegree, maxDistance, pacing, tickMs, timeScale, encoding }].
 */
export function desktopConfigurations({ ns, pacings, encodings, seed, meanDegree, maxDistance, tickMs, timeScale }) {
  return ns.flatMap((nodeCount) => pacings.flatMap((pacing) => encodings.map((encoding) => {
    const scenario = scenarioFor(nodeCount);
    return {
      id: configurationId(nodeCount, pacing, encoding), scenario, nodeCount, seed: scenario === 'random' ? seed : null,
      meanDegree, maxDistance, pacing, tickMs: pacing === 'fixed' ? tickMs : null, timeScale: pacing === 'fixed' ? timeScale : 1, encoding,
    };
  })));
}

/**
 * The orders of a desktop run, drawn from its order seed (mulberry32): for each block k, the configurations in a
 * shuffled order (configurationOrders[k], how bench:desktop runs its rounds) and then, in that order, each
 * configuration's path order for block k (native and socket by a coin flip; a path the run leaves out is dropped
 * after the draw). Returns { configurationOrders: [[id]], pathOrders: { id: [[path] per block] } }. The Unity bench
 * runs its configurations one after the other but takes the path orders from here, so one seed gives both benches
 * the same block orders.
 */
export function desktopOrders(orderSeed, ids, blocks, paths = ['native', 'socket']) {
  const rng = mulberry32(orderSeed);
  const configurationOrders = [];
  const pathOrders = Object.fromEntries(ids.map((id) => [id, []]));
  for (let k = 0; k < blocks; k += 1) {
    const round = shuffled(ids, rng);
    configurationOrders.push(round);
    for (const id of round) pathOrders[id].push((rng() < 0.5 ? ['native', 'socket'] : ['socket', 'native']).filter((p) => paths.includes(p)));
  }
  return { configurationOrders, pathOrders };
}

/**
 * A desktop configuration's run.json entry: what it is (from desktopConfigurations), then `measured` (meanDegree,
 * blockOrders, files, … in the order run.json lists them).
 */
export const desktopConfigurationEntry = (c, measured) => ({
  id: c.id, title: `${c.scenario === 'reference' ? 'Reference scenario' : 'Random scenario'}, N=${c.nodeCount}, ${c.pacing} pacing, ${c.encoding}`,
  scenario: c.scenario, nodeCount: c.nodeCount, maxDistance: c.maxDistance, seed: c.seed,
  pacing: c.pacing, tickMs: c.tickMs, timeScale: c.timeScale, encoding: c.encoding, ...measured,
});

/**
 * Merges the repetitions of configuration `configId` into `<runDir>/<configId>/<file>` and returns
 * { merged: { key: rows }, files: run.json file entries, record: one entry per repetition, parsed: per repetition
 * { files: { key: rows } } (each file it wrote, parsed once: the shape configurationIntervals reads) }.
 * `repetitions`: [{ dir (relative to runDir), order, offsetsNs: { 'native.csv': ns, … }, paths? }] in run order, where
 * offsetsNs gives, per file the repetition wrote, when the clock its t_ns counts from started, on the bench's clock;
 * a file without an offset was not written. A file kind is merged only when every repetition wrote it.
 */
export function mergeRepetitions(runDir, configId, repetitions, { warmup }) {
  const parsed = repetitions.map((rep) => ({
    files: Object.fromEntries(DESKTOP_FILES.filter(([, name]) => rep.offsetsNs[name] !== undefined && rep.offsetsNs[name] !== null)
      .map(([key, name]) => {
        const path = join(runDir, rep.dir, name);
        if (!existsSync(path)) throw new Error(`${rep.dir}/${name} is missing (its offset is recorded)`);
        return [key, readTimingCsv(path)];
      })),
  }));
  const merged = {};
  const files = [];
  for (const [key, name, side, transport] of DESKTOP_FILES) {
    if (parsed.some((p) => !p.files[key])) continue;
    merged[key] = mergeInvocations(parsed.map((p, k) => ({ rows: p.files[key], offsetNs: repetitions[k].offsetsNs[name] })), () => warmup);
    writeFileSync(join(runDir, configId, name), timingCsv(merged[key]));
    files.push({ file: `${configId}/${name}`, side, platform: 'desktop', transport });
  }
  const record = repetitions.map((rep, k) => ({
    index: k, dir: rep.dir, order: rep.order,
    files: DESKTOP_FILES.filter(([key]) => parsed[k].files[key])
      .map(([, name, side, transport]) => ({ file: `${rep.dir}/${name}`, side, platform: 'desktop', transport })),
    ...(rep.paths ? { paths: rep.paths } : {}),
  }));
  return { merged, files, record, parsed };
}
