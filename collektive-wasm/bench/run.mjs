// Child process of scripts/bench-engine.mjs for the JS and Wasm targets: `run.mjs <js|wasm> <sizes> <samples>
// <seed> [program spec, default euclidean] [both|engine|floor, default both]`. Prints, as each completes (the facade
// and noop lines only when the engine is measured):
//   row,<N>,<degree>,<batch>,<engine median µs>,<engine p95 µs>,<floor median µs>,<floor p95 µs>   (core harness)
//   facade,<N>,<call median µs>,<compute median µs>,<overhead median µs>   (facade stepAndGetState from JS vs the
//   back-end's own step.compute, same calls)
//   noop,<median ns>                                                           (JS → facade no-op call)
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stats } from '../../measurement/src/analysis.mjs';

const [kind, sizesArg = '10,100,1000,10000', samplesArg = '100', seedArg = '42', program = 'euclidean', side = 'both'] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const build = join(here, '..', 'build');
const bench = await import(pathToFileURL(join(build, kind === 'wasm' ? 'bench-wasm' : 'bench-js', 'collektive-bench.mjs')).href);
const { loadJsEngine, loadWasmEngine } = await import(pathToFileURL(join(here, '..', 'src', 'js', 'engine.mjs')).href);
const facade = kind === 'wasm' ? await loadWasmEngine() : await loadJsEngine();
const sizes = sizesArg.split(',').map(Number);
const samples = Number(samplesArg);
const seed = Number(seedArg);

const median = (xs) => stats(xs).median;

/** JS-side cost of one stepAndGetState (positions updated first, as a frame does) vs the facade's step.compute. */
function facadeOverhead(n) {
  const h = facade.create(n, 3, program);
  const xyz = facade.randomPositions(n, seed);
  facade.updatePositions(h, xyz);
  facade.setSource(h, 0, true);
  const rounds = Math.max(50, Math.min(2000, Math.round(2e5 / n)));
  for (let i = 0; i < rounds; i++) facade.stepAndGetState(h, 1); // warm-up
  facade.clearTimings();
  const calls = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    facade.stepAndGetState(h, 1);
    calls.push((performance.now() - t0) * 1000);
  }
  const compute = facade.timingsCsv().trimEnd().split('\n').slice(1).map((l) => l.split(','))
    .filter((r) => r[1] === 'step.compute').map((r) => Number(r[2]) / 1000);
  facade.destroy(h);
  const overhead = calls.map((c, i) => c - compute[i]);
  return [median(calls), median(compute), median(overhead)];
}

function noopNs() {
  const per = [];
  for (let s = 0; s < 30; s++) {
    const t0 = performance.now();
    for (let i = 0; i < 10000; i++) facade.noop();
    per.push((performance.now() - t0) * 1e6 / 10000);
  }
  return median(per);
}

for (const n of sizes) {
  console.log(bench.benchEngine(n, samples, seed, program, side));
  if (side !== 'floor') console.log(['facade', n, ...facadeOverhead(n)].join(','));
}
if (side !== 'floor') console.log(`noop,${noopNs()}`);
