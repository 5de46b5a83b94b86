#!/usr/bin/env node
// npm run bench:engine [-- --n 10,100,1000,10000 --samples 100 --seed 42 --targets jvm,js,wasm,native
//                           --programs euclidean,gossipMax,... --invocations 5 --out-dir <dir>]
// Cost of one engine round (AggregateEngine.step) on JVM, Kotlin/JS (Node 20), Kotlin/Wasm (Node 24) and
// Kotlin/Native, each beside the algorithmic floor (the same neighbour search + one Bellman-Ford sweep, plain
// arrays, same language, same positions: collektive.bench.EngineBenchmark of collektive-core; by default the floor
// runs in its own process right after the engine's, see --sides),
// for a seeded random scenario of constant mean degree. Also the facade's own cost for JS/Wasm (JS-side
// stepAndGetState minus the back-end's step.compute) and the JS→facade no-op floor.
// Every (target, N) runs in R independent invocations (a fresh process each), the targets in a shuffled order per
// invocation; each figure is the mean of the invocations' medians with a 95 % interval over invocations (outer-level
// bootstrap: the children report medians, not raw samples; docs/measurements.md, "Intervals").
// Measures and prints; writes nothing unless --out-dir is given. Progress on stderr.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, root } from './lib/build-steps.mjs';
import { collectEnvironment } from '../measurement/src/runRecordFiles.mjs';
import { execFileSync } from 'node:child_process';
import { node24 } from './lib/toolchain.mjs';
import { pathInterval, verdict } from '../measurement/src/intervals.mjs';
import { RATIO_TARGET, engineEfficiency } from '../measurement/src/engineEfficiency.mjs';
import { formatInterval } from '../measurement/src/format.mjs';
import { startWindow } from '../measurement/src/machineLoadFiles.mjs';
import { COMMON, WORK_OPTION, WORK_USAGE, programList } from './lib/cli.mjs';
import { runBench } from './lib/bench.mjs';
import { PATH_SALT, PROGRAMS, workOfSpec } from '../measurement/src/catalogue.mjs';

const USAGE = `usage: npm run bench:engine -- [options]
  --n 10,100,1000,10000        device counts
  --samples 100                measured rounds per target, N and invocation
  --seed 42                    random scenario seed
  --targets jvm,js,wasm,native targets
  --programs euclidean         program specs (docs/programs.md), e.g. euclidean,hop,gossipMax,boundedElection,countDevices,channel,neighborCounter
${WORK_USAGE}
                               With levels > 0 and 0, a last table checks that work=W adds N × W to a round
  --invocations 5              fresh processes per target and N (>= 2 for an interval)
  --sides separate             separate: the engine and the floor each in a fresh process, one after the other
                               (the default: in one process the floor paid for the engine's garbage, its collector
                               running beside the floor's samples; docs/profiles.md, "Third pass");
                               together: both in one process, samples alternating (the method before 2026-11-28)
  --out-dir DIR                also write DIR/bench-engine.json (default: print only)`;
const OPTIONS = {
  n: { type: 'string', default: '10,100,1000,10000' }, samples: { type: 'string', default: '100' }, seed: { type: 'string', default: '42' },
  targets: { type: 'string', default: 'jvm,js,wasm,native' }, programs: { type: 'string', default: 'euclidean' }, invocations: { type: 'string', default: '5' }, 'out-dir': COMMON['out-dir'],
  sides: { type: 'string', default: 'separate' }, ...WORK_OPTION,
};

function parse({ cli: { values: opts, list, ints, int, fail } }) {
  const sizes = ints('n', 1);
  const samples = int('samples', 1);
  const seed = int('seed', 0);
  const targets = list('targets', ['jvm', 'js', 'wasm', 'native']);
  const programs = programList(opts.programs, Object.keys(PROGRAMS), fail, opts.work);
  const invocations = int('invocations', 1);
  const sides = opts.sides;
  if (sides !== 'separate' && sides !== 'together') fail(`--sides must be separate or together, was ${sides}`);
  return { sizes, samples, seed, targets, programs, invocations, sides, outDir: opts['out-dir'] ?? null, out: opts['out-dir'] ? join(opts['out-dir'], 'bench-engine.json') : null };
}

const BUILDS = { jvm: ['core-jvm'], js: ['js-bench', 'js'], wasm: ['wasm-bench', 'wasm', 'toolchain-node24'], native: ['native-bench'] };

/** Runs a child; resolves to its stdout lines; `onLine` sees each line as it arrives. */
function child(cmd, argv, onLine = (/** @type {string} */ _line) => {}) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = [];
    let buf = '';
    let err = '';
    const timer = setTimeout(() => p.kill('SIGKILL'), 20 * 60_000);
    p.stdout.on('data', (d) => {
      buf += d;
      let k;
      while ((k = buf.indexOf('\n')) >= 0) { const l = buf.slice(0, k); buf = buf.slice(k + 1); lines.push(l); onLine(l); }
    });
    p.stderr.on('data', (d) => { err += d; });
    p.on('error', reject);
    p.on('close', (code) => { clearTimeout(timer); code === 0 ? resolve(lines) : reject(new Error(`${cmd} ${argv.join(' ')} exited with ${code}\n${err.slice(-2000)}`)); });
  });
}

const rowOf = (target, f) => ({
  target, nodeCount: +f[0], meanDegree: +f[1], batch: +f[2], engineMedianUs: +f[3], engineP95Us: +f[4], floorMedianUs: +f[5], floorP95Us: +f[6],
});

/**
 * One size on one target: the core harness row (+ the facade row for JS/Wasm). With --sides separate, the engine's
 * process then the floor's, the row's floor figures taken from the second.
 */
async function measureRow(target, n, program, settings) {
  if (settings.sides === 'together') return measureSide(target, n, program, 'both', settings);
  const engine = await measureSide(target, n, program, 'engine', settings);
  const floor = await measureSide(target, n, program, 'floor', settings);
  return { ...engine, row: { ...engine.row, floorMedianUs: floor.row.floorMedianUs, floorP95Us: floor.row.floorP95Us } };
}

async function measureSide(target, n, program, side, { samples, seed }) {
  if (target === 'jvm') {
    const { coreClasspath } = await import('./builds/10-core-jvm.mjs');
    const lines = await child('java', ['-cp', coreClasspath(), 'collektive.bench.MainKt', String(n), String(samples), String(seed), program, side]);
    const line = lines.find((l) => l.trim().split(/\s+/)[0] === String(n));
    if (!line) throw new Error(`no result row in JVM output:\n${lines.join('\n')}`);
    return { row: rowOf('jvm', line.trim().split(/\s+/)), runtime: lines[0] };
  }
  if (target === 'native') {
    const lines = await child(join(root, 'collektive-native/build/bench/engine-bench.kexe'), [String(n), String(samples), String(seed), program, side]);
    return { row: rowOf('native', lines.find((l) => l.startsWith('row,')).split(',').slice(1)) };
  }
  const node = target === 'wasm' ? node24 : process.execPath;
  const lines = await child(node, ['collektive-wasm/bench/run.mjs', target, String(n), String(samples), String(seed), program, side]);
  if (side === 'floor') return { row: rowOf(target, lines.find((l) => l.startsWith('row,')).split(',').slice(1)) };
  const facade = lines.find((l) => l.startsWith('facade,')).split(',').slice(1).map(Number);
  return {
    row: rowOf(target, lines.find((l) => l.startsWith('row,')).split(',').slice(1)),
    facade: { target, nodeCount: facade[0], callMedianUs: facade[1], computeMedianUs: facade[2], overheadMedianUs: facade[3] },
    noopNs: Number(lines.find((l) => l.startsWith('noop,')).split(',')[1]),
  };
}

/** Invocation k runs every (target, N) once, in a shuffled order (seeded: the same plan for the same --seed). */
function plan({ seed, invocations, programs, sizes, targets }) {
  let state = (seed * 2654435761) >>> 0;
  const rnd = () => { state = (Math.imul(state, 1664525) + 1013904223) >>> 0; return state / 2 ** 32; };
  const shuffle = (xs) => { const o = [...xs]; for (let i = o.length - 1; i > 0; i -= 1) { const j = Math.floor(rnd() * (i + 1)); [o[i], o[j]] = [o[j], o[i]]; } return o; };
  const tasks = Array.from({ length: invocations }, (_, k) =>
    shuffle(programs.flatMap((p) => sizes.flatMap((n) => targets.map((t) => [t, n, p])))).map(([t, n, p]) => [t, n, k, p])).flat();
  return { tasks };
}

async function measure({ outDir, targets, tasks, invocations, samples, seed, sides, progressBar }) {
  if (outDir) mkdirSync(outDir, { recursive: true });
  await ensureBuilt([...new Set(targets.flatMap((t) => BUILDS[t]))], { log: (m) => console.error(m) });
  // A bar on a terminal; a line per task otherwise (logs).
  const tty = process.stderr.isTTY;
  const bar = progressBar({ format: 'bench:engine [{bar}] {value}/{total} {task}', stream: process.stderr }, { quiet: !tty });
  bar.start(tasks.length, 0, { task: '' });
  const measured = [];
  const started = Date.now();
  for (const [i, [t, n, k, p]] of tasks.entries()) {
    const label = `${p} ${t} N=${n} invocation ${k + 1}/${invocations}`;
    if (tty) bar.update(i, { task: label }); else console.error(`[${i + 1}/${tasks.length}] ${label} …`);
    const window = startWindow();
    const r = await measureRow(t, n, p, { samples, seed, sides });
    measured.push({ ...r, program: p, invocation: k, noise: window.end({ ownCpuSeconds: null }) });
    if (!tty) console.error(`[${i + 1}/${tasks.length}] ${label}: engine ${r.row.engineMedianUs.toFixed(2)} µs, floor ${r.row.floorMedianUs.toFixed(2)} µs`);
  }
  bar.update(tasks.length, { task: 'done' });
  bar.stop();
  return { measured, started };
}

// Per target, the path's bootstrap salt (measurement/src/catalogue.mjs PATH_SALT).
const SALT = { jvm: PATH_SALT.jvm, js: PATH_SALT.js, wasm: PATH_SALT['wasm-engine'], native: PATH_SALT['native-engine'] };

/**
 * One row per (program, target, N): the invocations' medians, their mean, and its interval over invocations; the
 * facade's cost, the no-op floor, the work checks; the machine. Writes <out-dir>/bench-engine.json when asked.
 */
function analyse({ measured, programs, targets, sizes, seed, samples, invocations, sides, out }) {
  const over = (list, key) => list.map((m) => [m[key]]);
  const rows = [];
  const facades = [];
  const noops = {};
  for (const program of programs) {
    for (const t of targets) {
      for (const n of sizes) {
        const runs = measured.filter((m) => m.program === program && m.row.target === t && m.row.nodeCount === n);
        const engine = pathInterval(over(runs.map((m) => m.row), 'engineMedianUs'), { salt: SALT[t], inner: false });
        const floor = pathInterval(over(runs.map((m) => m.row), 'floorMedianUs'), { salt: SALT[t], inner: false });
        // The ratio, and the same in ns per device: the runtime's own work (engine − floor) beside what the target leaves it.
        const { ratio, runtimeNsPerDevice, allowedNsPerDevice } = engineEfficiency({
          engineUs: runs.map((m) => m.row.engineMedianUs), floorUs: runs.map((m) => m.row.floorMedianUs), nodeCount: n, salt: SALT[t] });
        const mean = (key) => runs.reduce((s, m) => s + m.row[key], 0) / runs.length;
        rows.push({ program, target: t, nodeCount: n, meanDegree: mean('meanDegree'), batch: runs[0].row.batch, engineMedianUs: engine.estimate,
          engineP95Us: mean('engineP95Us'), floorMedianUs: floor.estimate, floorP95Us: mean('floorP95Us'),
          engine, floor, ratio, runtimeNsPerDevice, allowedNsPerDevice, invocations: runs.map((m) => ({ engineMedianUs: m.row.engineMedianUs, floorMedianUs: m.row.floorMedianUs, ...m.noise })) });
        const fs = runs.filter((m) => m.facade);
        if (fs.length) {
          const overhead = pathInterval(fs.map((m) => [m.facade.overheadMedianUs]), { salt: SALT[t], inner: false });
          facades.push({ program, target: t, nodeCount: n, callMedianUs: fs.reduce((s, m) => s + m.facade.callMedianUs, 0) / fs.length,
            computeMedianUs: fs.reduce((s, m) => s + m.facade.computeMedianUs, 0) / fs.length, overheadMedianUs: overhead.estimate, overhead });
        }
        const ns = runs.filter((m) => m.noopNs !== undefined).map((m) => m.noopNs);
        if (ns.length) noops[t] = ns.reduce((a, b) => a + b, 0) / ns.length;
      }
    }
  }
  // work=W must add N × W to a round on every target (docs/programs.md, "Work"): per invocation k, the growth of
  // the engine's median over the same spec without work, over N × W; 1 is exact. Within 10 %: the interval over
  // invocations lies in [0.9, 1.1].
  const workChecks = [];
  for (const program of programs.filter((p) => workOfSpec(p) > 0)) {
    const base = program.replace(/[:,]work=[^,]*$/, '');
    if (!programs.includes(base)) continue;
    const w = workOfSpec(program);
    for (const t of targets) for (const n of sizes) {
      const at = (p) => measured.filter((m) => m.program === p && m.row.target === t && m.row.nodeCount === n).sort((a, b) => a.invocation - b.invocation);
      const worked = at(program);
      const plain = at(base);
      const growth = pathInterval(worked.map((m, k) => [((m.row.engineMedianUs - plain[k].row.engineMedianUs) * 1000) / (n * w)]), { salt: SALT[t], inner: false });
      const within = growth.ci95[0] >= 0.9 && growth.ci95[1] <= 1.1;
      const estimateWithin = Math.abs(growth.estimate - 1) <= 0.1;
      workChecks.push({ program, base, workNs: w, target: t, nodeCount: n, addedUs: worked.reduce((s, m, k) => s + m.row.engineMedianUs - plain[k].row.engineMedianUs, 0) / worked.length,
        expectedUs: (n * w) / 1000, growth, verdict: within ? 'within 10 %' : estimateWithin ? 'inconclusive' : 'outside 10 %' });
    }
  }
  const nodeVersion = (bin) => execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
  // jdk: `java -version` of the java on PATH, the one the JVM target runs.
  const environment = collectEnvironment({ runtimes: targets.includes('wasm') ? { nodeWasm: nodeVersion(node24) } : {} });
  const loadAverage = loadavg();
  if (out) {
    writeFileSync(out, `${JSON.stringify({
      createdAt: new Date().toISOString(), seed, samples, sizes, programs, invocations,
      sides: sides === 'separate' ? 'engine and floor each in a fresh process, one after the other' : 'engine and floor in one process, samples alternating',
      unit: 'microseconds per round (median, p95); engine/floor/ratio: { estimate, ci95, invocations, perInvocation } over invocations',
      environment: { ...environment, loadAverage },
      rows, facades, noopNs: noops, workChecks,
    }, null, 2)}\n`);
  }
  return { rows, facades, noops, workChecks, environment, loadAverage };
}

function report({ rows, facades, noops, workChecks, environment, loadAverage, programs, targets, seed, samples, sides, invocations, started, out }) {
  const f = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : String(v));
  const { jdk, node, nodeWasm } = environment.runtimes;
  const NAMES = { jvm: `JVM (Java ${jdk})`, js: `Kotlin/JS (Node ${node})`, wasm: `Kotlin/Wasm (Node ${nodeWasm})`, native: 'Kotlin/Native' };
  const line = (cells, widths) => cells.map((c, k) => String(c).padStart(widths[k])).join('  ');
  const W = [25, 6, 7, 30, 10, 11, 24, 22, 9, 9];
  const us = (x) => x.toFixed(2);
  console.log(`\nEngine round vs algorithmic floor (seeded random scenario, mean degree ≈ 8, maxDistance 3, source 0; seed ${seed}, ${samples} samples per side, ${sides === 'separate' ? 'engine and floor in separate processes' : 'engine and floor in one process'}; mean over ${invocations} invocations of each one's median µs per round [95 % CI over invocations])`);
  for (const program of programs) {
    console.log(`\nprogram ${program} (floor: the same algorithm over plain arrays, collektive.bench.ProgramFloor)`);
    console.log(line(['target', 'N', 'degree', 'engine µs [95 % CI]', 'p95 µs', 'floor µs', 'ratio [95 % CI]', 'runtime ns/device', 'allowed', 'growth'], W));
    for (const t of targets) {
      let prev = null;
      for (const r of rows.filter((x) => x.program === program && x.target === t)) {
        const growth = prev ? `×${f(r.engineMedianUs / prev.engineMedianUs, 1)}/${r.nodeCount / prev.nodeCount}` : '';
        console.log(line([NAMES[t], r.nodeCount, f(r.meanDegree), formatInterval(r.engine, us), f(r.engineP95Us), f(r.floorMedianUs), formatInterval(r.ratio, us),
          formatInterval(r.runtimeNsPerDevice, (x) => x.toFixed(0)), f(r.allowedNsPerDevice.estimate, 0), growth], W));
        prev = r;
      }
    }
  }
  console.log('runtime ns/device: (engine − floor) / N, the aggregate runtime\'s own work per device and round [95 % CI over invocations];');
  console.log(`allowed: what a ratio of ${RATIO_TARGET} leaves it, (${RATIO_TARGET} − 1) × floor / N (set by the machine\'s neighbour search)`);
  console.log('growth: engine time ×factor per N ×factor (linear scaling: the two are equal)');
  if (facades.length) {
    console.log('\nFacade cost (JS-side stepAndGetState incl. typed-array copy-out, vs the back-end\'s own step.compute; medians µs)');
    const W2 = [25, 6, 10, 12, 12];
    console.log(line(['target', 'N', 'call µs', 'compute µs', 'overhead µs'], W2));
    for (const x of facades) console.log(line([`${NAMES[x.target]}${programs.length > 1 ? ` ${x.program}` : ''}`, x.nodeCount, f(x.callMedianUs), f(x.computeMedianUs), f(x.overheadMedianUs)], W2));
    console.log(`no-op call JS → facade: ${Object.entries(noops).map(([t, v]) => `${t} ${f(v, 1)} ns`).join(', ')}`);
  }
  const at = (t, n, program = programs[0]) => rows.find((r) => r.program === program && r.target === t && r.nodeCount === n);
  console.log('\nTargets');
  // Met only when the whole interval over invocations is within the limit (docs/measurements.md, "Intervals").
  for (const t of ['native', 'jvm']) {
    const r = at(t, 10);
    if (r) console.log(`  N=10 on ${t} ≤ 20 µs: ${formatInterval(r.engine, us)} µs → ${verdict(r.engine, 20)}`);
  }
  for (const program of programs) {
    for (const t of targets) {
      const r = at(t, 1000, program);
      if (r) {
        console.log(`  ${program}: ratio ≤ ${RATIO_TARGET} at N=1000 on ${t}: ${formatInterval(r.ratio, us)} → ${verdict(r.ratio, RATIO_TARGET)}`
          + ` (runtime ${formatInterval(r.runtimeNsPerDevice, (x) => x.toFixed(0))} ns/device, allowed ${f(r.allowedNsPerDevice.estimate, 0)})`);
      }
    }
  }
  if (workChecks.length) {
    console.log('\nWork: what work=W adds to a round against N × W (engine median with work − without, per invocation; [95 % CI over invocations])');
    const W3 = [25, 22, 6, 14, 14, 24, 14];
    console.log(line(['target', 'program', 'N', 'added µs', 'N × W µs', 'added / (N × W)', 'verdict'], W3));
    for (const c of workChecks) {
      console.log(line([NAMES[c.target], c.program, c.nodeCount, f(c.addedUs), f(c.expectedUs), formatInterval(c.growth, (x) => x.toFixed(3)), c.verdict], W3));
    }
  }
  const load = loadAverage.map((v) => v.toFixed(2)).join(' ');
  console.log(`\nmachine: ${environment.cpuModel} × ${environment.cores}, load average ${load} (other processes share the cores: read p95 with care); ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (out) console.log(`written ${out}`);
}

runBench({ name: 'bench:engine', usage: USAGE, options: OPTIONS, stackTraces: true, parse, plan, measure, analyse, report });
