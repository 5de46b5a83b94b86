// Engine costs a visitor can start from in the "Your case" view (docs/cost-model.md, "Presets"), pure (no I/O): the
// engine's cost of one round, per device, with where each figure comes from. The reference study's Collektive is
// recomputed from its published CSVs by `npm run model` (referenceComputeOf below), which fails when it moves.
import { quantileSorted, series } from './analysis.mjs';
import { BACKEND_IDS, PROGRAMS } from './catalogue.mjs';

/** @import { EnginePreset, MeasuredPoint } from './costModel.mjs' */

/** The reference study's warm-up (docs/reference-study.md, "Analysis method") and device count. */
const REFERENCE_WARMUP = 30;
const REFERENCE_N = 10;

/**
 * The reference study's Collektive: the median step.compute of its published native.csv (the Kotlin/Native .so
 * through P/Invoke) and socket.csv (the JVM server) after its 30-sample warm-up, at N = 10, per device.
 * @type {EnginePreset & { perPathNs: { native: number; socket: number }; roundNs: { native: number; socket: number } }}
 */
export const COLLEKTIVE_REFERENCE = Object.freeze({
  id: 'collektive-reference',
  label: 'Collektive, as the reference study measured it',
  perDeviceNs: 16485,
  perPathNs: Object.freeze({ native: 16485, socket: 19601 }),
  roundNs: Object.freeze({ native: 164849, socket: 196008 }),
  source: 'The reference study\'s published native.csv and socket.csv (docs/reference-study.md): the median step.compute after its 30-sample warm-up at N = 10 is 164 849 ns a round through the Kotlin/Native .so (16 485 ns per device and round) and 196 008 ns on the JVM (19 601 ns).',
});

/**
 * Collektive's own cross-framework benchmark (angelacorte/collektive-benchmark, February 2024): a gradient on 200
 * devices for 1000 simulated seconds under the Alchemist simulator, simulator included. Per device and round on the
 * assumption of one round per device per simulated second: 200 000 rounds of a device in each run.
 */
const BENCHMARK_ROUNDS = 200 * 1000;
const benchmarkPreset = (framework, seconds) => Object.freeze({
  id: `collektive-benchmark-${framework.toLowerCase()}`,
  label: `${framework}, gradient in Collektive's cross-framework benchmark`,
  perDeviceNs: Math.round((seconds * 1e9) / BENCHMARK_ROUNDS),
  source: `angelacorte/collektive-benchmark (February 2024): a gradient on 200 devices for 1000 simulated seconds under Alchemist took ${seconds} s with ${framework}, the simulator included; ${Math.round((seconds * 1e9) / BENCHMARK_ROUNDS / 100) / 10} µs per device and round assuming one round per device per simulated second (the benchmark does not state the rate). An upper bound on the engine alone.`,
});

/**
 * The reference study's Collektive and Collektive's cross-framework benchmark (Collektive, Protelis, ScaFi).
 * @type {readonly EnginePreset[]}
 */
export const ENGINE_PRESETS = Object.freeze([
  COLLEKTIVE_REFERENCE,
  benchmarkPreset('Collektive', 3.4),
  benchmarkPreset('Protelis', 3.3),
  benchmarkPreset('ScaFi', 6.3),
]);

/** The in-process and out-of-process path names of each platform's measured engine (catalogue paths). */
const PATHS_OF = { desktop: ['native', 'socket'], web: ['wasm', 'websocket'] };
const RUNTIME = { native: 'Kotlin/Native (FFI)', socket: 'Kotlin/JVM server', wasm: 'Kotlin/Wasm (page)', websocket: 'Kotlin/JS (Node server)' };

/**
 * Our engine's programs as measured: from measured points (costModel.mjs pointsOfRun) of the given runs, per platform
 * and program the step.compute per device of each path at each N; perDeviceNs and perPathNs at the largest N measured
 * (the per-device cost there is least the call's own fixed part, and the web's 5 µs clock matters least).
 * @param {MeasuredPoint[]} points
 * @param {string[]} runIds
 * @returns {EnginePreset[]}
 */
export function measuredProgramPresets(points, runIds) {
  const mine = points.filter((p) => runIds.includes(p.run) && p.workNs === 0);
  /** @type {EnginePreset[]} */
  const presets = [];
  for (const platform of /** @type {const} */ (['desktop', 'web'])) {
    const [inPath, outPath] = PATHS_OF[platform];
    const programs = [...new Set(mine.filter((p) => p.platform === platform).map((p) => p.program))].sort();
    for (const program of programs) {
      const ps = mine.filter((p) => p.platform === platform && p.program === program);
      const byN = {};
      for (const p of ps) {
        const at = (byN[p.n] ??= { [inPath]: [], [outPath]: [] });
        at[inPath].push(p.inCompute / p.n);
        at[outPath].push(p.outCompute / p.n);
      }
      const nodeCounts = Object.keys(byN).map(Number).sort((a, b) => a - b);
      const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
      const perN = Object.fromEntries(nodeCounts.map((n) => [n, { [inPath]: Math.round(mean(byN[n][inPath])), [outPath]: Math.round(mean(byN[n][outPath])) }]));
      const top = perN[nodeCounts.at(-1)];
      const runs = [...new Set(ps.map((p) => p.run))];
      presets.push({
        id: `ours-${platform}-${program}`,
        platform,
        label: `Our engine, ${PROGRAMS[program]?.label ?? program} (${platform})`,
        perDeviceNs: top[inPath],
        perPathNs: top,
        byN: perN,
        source: `Measured: the median step.compute of ${RUNTIME[inPath]} and ${RUNTIME[outPath]} over N devices, per device, in run${runs.length > 1 ? 's' : ''} ${runs.join(', ')} at N = ${nodeCounts.join(', ')}; the figures at N = ${nodeCounts.at(-1)}${platform === 'web' ? ' (the page measures with a 5 µs clock: a round of 10 devices is a few ticks)' : ''}.`,
      });
    }
  }
  return presets;
}

/**
 * The reference study's engine round (ns) per path recomputed from its back-end CSV rows (parsed: analysis.mjs
 * parseTimingCsvText): the median of step.compute after the warm-up, and per device at its N = 10.
 * @param {Record<string, { t: number; id: string; d: number }[]>} rowsByPath
 * @returns {Record<string, { roundNs: number; perDeviceNs: number }>}
 */
export function referenceComputeOf(rowsByPath) {
  return Object.fromEntries(Object.entries(rowsByPath).map(([path, rows]) => {
    const compute = [...(series(rows, REFERENCE_WARMUP).get(BACKEND_IDS.compute) ?? [])].sort((a, b) => a - b);
    const median = quantileSorted(compute, 0.5);
    return [path, { roundNs: median, perDeviceNs: median / REFERENCE_N }];
  }));
}
