// A configuration's files and folder name (desktop and web benches alike); a desktop run's configurations, for every
// desktop front-end (bench:desktop's host, the Unity bench): what they are (N × pacing × encoding, each with its
// scenario from scenario.mjs), their block orders and how their run.json entry reads. Merging a configuration's
// invocation folders into its files (one write stage for every desktop front-end): timingFiles.mjs. No I/O.
import { filesOf, pathsOf } from './catalogue.mjs';
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
 * scenarioFor, seed only for a random layout) and its pacing's tick (fixed and frame pacing; free pacing runs at
 * time scale 1): [{ id, scenario, nodeCount, seed, meanDegree, maxDistance, pacing, tickMs, timeScale, encoding }].
 */
export function desktopConfigurations({ nodeCounts, pacings, encodings, seed, meanDegree, maxDistance, tickMs, timeScale }) {
  return nodeCounts.flatMap((nodeCount) => pacings.flatMap((pacing) => encodings.map((encoding) => {
    const scenario = scenarioFor(nodeCount);
    return {
      id: configurationId(nodeCount, pacing, encoding), scenario, nodeCount, seed: scenario === 'random' ? seed : null,
      meanDegree, maxDistance, pacing, tickMs: pacing === 'free' ? null : tickMs, timeScale: pacing === 'free' ? 1 : timeScale, encoding,
    };
  })));
}

/**
 * One block's order of the desktop paths: two paths by a coin flip (the draw every published run's orders came
 * from), more by a shuffle.
 */
function pathOrder(rng) {
  const all = pathsOf('desktop');
  if (all.length === 2) return rng() < 0.5 ? all : [...all].reverse();
  return shuffled(all, rng);
}

/**
 * The orders of a desktop run, drawn from its order seed (mulberry32): for each block k, the configurations in a
 * shuffled order (configurationOrders[k], how bench:desktop runs its rounds) and then, in that order, each
 * configuration's path order for block k (pathOrder; a path the run leaves out is dropped
 * after the draw). Returns { configurationOrders: [[id]], pathOrders: { id: [[path] per block] } }. The Unity bench
 * runs its configurations one after the other but takes the path orders from here, so one seed gives both benches
 * the same block orders.
 */
export function desktopOrders(orderSeed, ids, blocks, paths = pathsOf('desktop')) {
  const rng = mulberry32(orderSeed);
  const configurationOrders = [];
  const pathOrders = Object.fromEntries(ids.map((id) => [id, []]));
  for (let k = 0; k < blocks; k += 1) {
    const round = shuffled(ids, rng);
    configurationOrders.push(round);
    for (const id of round) pathOrders[id].push(pathOrder(rng).filter((p) => paths.includes(p)));
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
