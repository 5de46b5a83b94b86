#!/usr/bin/env node
// npm run bench:engine [-- --sizes 10,100,1000,10000 --samples 100 --seed 42 --targets jvm,js,wasm,native
//                           --out <file.json>]
// Cost of one engine round (GradientEngine.step) on JVM, Kotlin/JS (Node 20), Kotlin/Wasm (Node 24) and
// Kotlin/Native, each beside the algorithmic floor (the same neighbour search + one Bellman-Ford sweep, plain
// arrays, same language, same process, same positions: collektive.bench.EngineBenchmark of collektive-core),
// for a seeded random scenario of constant mean degree. Also the facade's own cost for JS/Wasm (JS-side
// stepAndGetState minus the back-end's step.compute) and the JS→facade no-op floor.
// Measures and prints (medians); writes nothing unless --out is given. Progress on stderr.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import cliProgress from 'cli-progress';
import { ensureBuilt, root } from './lib/build-steps.mjs';
import { collectEnvironment } from './lib/publish-run.mjs';
import { execFileSync } from 'node:child_process';
import { node24 } from './lib/toolchain.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
if (args.includes('--help')) {
  console.log('usage: npm run bench:engine -- [--sizes 10,100,1000,10000] [--samples 100] [--seed 42] [--targets jvm,js,wasm,native] [--out file.json]');
  process.exit(0);
}
const sizes = opt('sizes', '10,100,1000,10000').split(',').map(Number);
const samples = Number(opt('samples', '100'));
const seed = Number(opt('seed', '42'));
const targets = opt('targets', 'jvm,js,wasm,native').split(',');
const out = opt('out', null);
for (const t of targets) if (!['jvm', 'js', 'wasm', 'native'].includes(t)) throw new Error(`unknown target ${t}`);

const BUILDS = { jvm: ['core-jvm'], js: ['js-bench', 'js'], wasm: ['wasm-bench', 'wasm', 'toolchain-node24'], native: ['native-bench'] };
await ensureBuilt([...new Set(targets.flatMap((t) => BUILDS[t]))], { log: (m) => console.error(m) });

/** Runs a child; resolves to its stdout lines; `onLine` sees each line as it arrives. */
function child(cmd, argv, onLine = () => {}) {
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

/** One size on one target: the core harness row (+ the facade row for JS/Wasm). */
async function measure(target, n) {
  if (target === 'jvm') {
    const { coreClasspath } = await import('./builds/10-core-jvm.mjs');
    const lines = await child('java', ['-cp', coreClasspath(), 'collektive.bench.MainKt', String(n), String(samples), String(seed)]);
    const line = lines.find((l) => l.trim().split(/\s+/)[0] === String(n));
    if (!line) throw new Error(`no result row in JVM output:\n${lines.join('\n')}`);
    return { row: rowOf('jvm', line.trim().split(/\s+/)), runtime: lines[0] };
  }
  if (target === 'native') {
    const lines = await child(join(root, 'collektive-native/build/bench/engine-bench.kexe'), [String(n), String(samples), String(seed)]);
    return { row: rowOf('native', lines.find((l) => l.startsWith('row,')).split(',').slice(1)) };
  }
  const node = target === 'wasm' ? node24 : process.execPath;
  const lines = await child(node, ['collektive-wasm/bench/run.mjs', target, String(n), String(samples), String(seed)]);
  const facade = lines.find((l) => l.startsWith('facade,')).split(',').slice(1).map(Number);
  return {
    row: rowOf(target, lines.find((l) => l.startsWith('row,')).split(',').slice(1)),
    facade: { target, nodeCount: facade[0], callMedianUs: facade[1], computeMedianUs: facade[2], overheadMedianUs: facade[3] },
    noopNs: Number(lines.find((l) => l.startsWith('noop,')).split(',')[1]),
  };
}

const tasks = sizes.flatMap((n) => targets.map((t) => [t, n]));
const tty = process.stderr.isTTY;
const bar = tty ? new cliProgress.SingleBar({ format: 'bench:engine [{bar}] {value}/{total} {task}', stream: process.stderr }, cliProgress.Presets.shades_classic) : null;
bar?.start(tasks.length, 0, { task: '' });
const rows = [];
const facades = [];
const noops = {};
const started = Date.now();
for (const [i, [t, n]] of tasks.entries()) {
  const label = `${t} N=${n}`;
  if (bar) bar.update(i, { task: label }); else console.error(`[${i + 1}/${tasks.length}] ${label} …`);
  const r = await measure(t, n);
  rows.push(r.row);
  if (r.facade) facades.push(r.facade);
  if (r.noopNs !== undefined) noops[t] = r.noopNs;
  if (!tty) console.error(`[${i + 1}/${tasks.length}] ${label}: engine ${r.row.engineMedianUs.toFixed(2)} µs, floor ${r.row.floorMedianUs.toFixed(2)} µs`);
}
bar?.update(tasks.length, { task: 'done' });
bar?.stop();

// ---- report -------------------------------------------------------------------------------------------------
const f = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : String(v));
const nodeVersion = (bin) => execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
// jdk: `java -version` of the java on PATH, the one the JVM target runs.
const environment = collectEnvironment({ runtimes: targets.includes('wasm') ? { nodeWasm: nodeVersion(node24) } : {} });
const { jdk, node, nodeWasm } = environment.runtimes;
const NAMES = { jvm: `JVM (Java ${jdk})`, js: `Kotlin/JS (Node ${node})`, wasm: `Kotlin/Wasm (Node ${nodeWasm})`, native: 'Kotlin/Native' };
const line = (cells, widths) => cells.map((c, k) => String(c).padStart(widths[k])).join('  ');
const W = [25, 6, 7, 12, 10, 11, 7, 9];
console.log(`\nEngine round vs algorithmic floor (seeded random scenario, mean degree ≈ 8, maxDistance 3, source 0; seed ${seed}, ${samples} samples per side; median µs per round)`);
console.log(line(['target', 'N', 'degree', 'engine µs', 'p95 µs', 'floor µs', 'ratio', 'growth'], W));
for (const t of targets) {
  let prev = null;
  for (const r of rows.filter((x) => x.target === t)) {
    const growth = prev ? `×${f(r.engineMedianUs / prev.engineMedianUs, 1)}/${r.nodeCount / prev.nodeCount}` : '';
    console.log(line([NAMES[t], r.nodeCount, f(r.meanDegree), f(r.engineMedianUs), f(r.engineP95Us), f(r.floorMedianUs), f(r.engineMedianUs / r.floorMedianUs), growth], W));
    prev = r;
  }
}
console.log('growth: engine time ×factor per N ×factor (linear scaling: the two are equal)');
if (facades.length) {
  console.log('\nFacade cost (JS-side stepAndGetState incl. typed-array copy-out, vs the back-end\'s own step.compute; medians µs)');
  const W2 = [25, 6, 10, 12, 12];
  console.log(line(['target', 'N', 'call µs', 'compute µs', 'overhead µs'], W2));
  for (const x of facades) console.log(line([NAMES[x.target], x.nodeCount, f(x.callMedianUs), f(x.computeMedianUs), f(x.overheadMedianUs)], W2));
  console.log(`no-op call JS → facade: ${Object.entries(noops).map(([t, v]) => `${t} ${f(v, 1)} ns`).join(', ')}`);
}
const at = (t, n) => rows.find((r) => r.target === t && r.nodeCount === n);
console.log('\nTargets');
for (const t of ['native', 'jvm']) {
  const r = at(t, 10);
  if (r) console.log(`  N=10 on ${t} ≤ 20 µs: ${f(r.engineMedianUs)} µs → ${r.engineMedianUs <= 20 ? 'met' : 'MISSED'}`);
}
for (const t of targets) {
  const r = at(t, 1000);
  if (r) console.log(`  ratio ≤ 5 at N=1000 on ${t}: ${f(r.engineMedianUs / r.floorMedianUs)} → ${r.engineMedianUs / r.floorMedianUs <= 5 ? 'met' : 'MISSED'}`);
}
const loadAverage = loadavg();
const load = loadAverage.map((v) => v.toFixed(2)).join(' ');
console.log(`\nmachine: ${environment.cpuModel} × ${environment.cores}, load average ${load} (other processes share the cores: read p95 with care); ${((Date.now() - started) / 1000).toFixed(0)} s`);

if (out) {
  writeFileSync(out, `${JSON.stringify({
    createdAt: new Date().toISOString(), seed, samples, sizes, unit: 'microseconds per round (median, p95)',
    environment: { ...environment, loadAverage },
    rows, facades, noopNs: noops,
  }, null, 2)}\n`);
  console.log(`written ${out}`);
}
