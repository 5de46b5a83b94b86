// The Unity desktop bench end to end, with the Unity Editor replaced by the Editor code run under Mono against the
// UnityEngine/UnityEditor stub: `npm run bench:unity -- --unity <stand-in>` writes the plan (measurement/src/
// unityRunFiles.mjs, scenarios from scenario.mjs), the stand-in runs Assets/Editor/BenchmarkRunner.RunDesktop for real
// (real libsimple_gradient.so, real JVM servers started and SIGTERM'd by the runner, the shared frame loop) and
// writes raw per-block CSVs + unity-record.json, then the Node write stage merges them and writes run.json. Checks:
// the published layout (CSVs with the reference ids and columns, counts after the per-block warm-up merge), run.json
// valid against measurement/schema/run.schema.json, kind "unity", and that every configuration ran the scenario
// scenario.mjs gives its N (N = 10 reference, N = 12 random). What it cannot check: the Editor's own runtime (Unity's
// Mono), the menu items, play mode.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { newtonsoftDll } from '../../../scripts/lib/requirements.mjs';
import { assemblies } from '../compile/assemblies.mjs';
import { scenarioFor } from '../../../measurement/src/scenario.mjs';
import { publishUnityRun } from '../../../measurement/src/unityRunFiles.mjs';
import { desktopOrders } from '../../../measurement/src/assemble.mjs';

const project = fileURLToPath(new URL('../../', import.meta.url));
const root = join(project, '..');
const out = join(project, 'Tests~', 'out', 'editor-bench');
const NEWTONSOFT = newtonsoftDll();
const DEFINES = '-define:UNITY_EDITOR;UNITY_EDITOR_LINUX;UNITY_STANDALONE;UNITY_STANDALONE_LINUX';
const ROUNDS = 60;
const WARMUP = 5;
const BLOCKS = 2;
const FLOORS = 20;
const CONFIGS = ['n10-fixed', 'n10-free', 'n12-fixed', 'n12-free'];
let tmp;
let unity;
let env;
let result;
let runDir;

function mcs(args) {
  const r = spawnSync('mcs', ['-langversion:7.2', '-nologo', '-debug-', '-r:System.dll', '-r:System.Core.dll', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`mcs failed:\n${r.stdout}${r.stderr}`);
}

function csv(path) {
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  assert.equal(lines[0], 't_ns,id,duration_ns', path);
  return lines.slice(1).map((l) => { const [t, id, d] = l.split(','); return { t: Number(t), id, d: Number(d) }; });
}
const countBy = (rows) => rows.reduce((m, r) => m.set(r.id, (m.get(r.id) ?? 0) + 1), new Map());

/** Runs a command in its own process group; on timeout kills the group (after() kills what is left with `tmp` in its command line). */
function runProcess(cmd, args, env, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: tmp, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => { stderr += `\n[test] timeout after ${timeoutMs} ms`; try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, timeoutMs);
    child.on('close', (status) => { clearTimeout(timer); resolve({ status, stdout, stderr }); });
  });
}

/** SIGTERM to the process groups of leftovers started by this test (the JVM servers run in their own group). */
function killLeftovers() {
  const ps = spawnSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' }).stdout ?? '';
  for (const line of ps.split('\n')) {
    const m = line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/);
    if (m && tmp && m[3].includes(tmp) && Number(m[1]) !== process.pid) { try { process.kill(-Number(m[2]), 'SIGTERM'); } catch { /* gone */ } }
  }
}

before(async () => {
  mkdirSync(out, { recursive: true });
  const { defs } = assemblies();
  const src = (name) => defs.find((d) => d.name === name).sources;
  const dll = (n) => join(out, `${n}.dll`);
  mcs(['-target:library', `-out:${dll('UnityEngine')}`, join(project, 'Tests~', 'UnityStub', 'UnityEngine.cs')]);
  mcs(['-target:library', `-out:${dll('UnityEditor')}`, `-r:${dll('UnityEngine')}`, join(project, 'Tests~', 'UnityStub', 'UnityEditor.cs')]);
  mcs(['-target:library', `-out:${dll('Collektive.Frontend')}`, `-r:${NEWTONSOFT}`, ...src('Collektive.Frontend')]);
  const refs = ['UnityEngine', 'UnityEditor', 'Collektive.Frontend'].map((n) => `-r:${dll(n)}`);
  mcs(['-target:library', `-out:${dll('Collektive.Unity')}`, ...refs, DEFINES, ...src('Collektive.Unity')]);
  mcs(['-target:library', `-out:${dll('Collektive.Unity.Editor')}`, ...refs, `-r:${dll('Collektive.Unity')}`, `-r:${NEWTONSOFT}`, DEFINES, ...src('Collektive.Unity.Editor')]);
  mcs(['-target:exe', `-out:${join(out, 'editor-bench.exe')}`, ...refs, `-r:${dll('Collektive.Unity')}`, `-r:${dll('Collektive.Unity.Editor')}`,
    join(project, 'Tests~', 'editor-bench', 'Main.cs')]);
  spawnSync('cp', [NEWTONSOFT, out]);
  tmp = mkdtempSync(join(tmpdir(), 'unity-editor-bench-'));
  // The stand-in for the Unity executable: takes Unity's command line, runs RunDesktop under Mono.
  unity = join(tmp, 'unity');
  writeFileSync(unity, `#!/bin/sh\nexec mono "${join(out, 'editor-bench.exe')}" "$@"\n`);
  chmodSync(unity, 0o755);
  env = {
    ...process.env, TMPDIR: tmp, UNITY_STUB_DATA_PATH: join(project, 'Assets'), UNITY_STUB_VERSION: '6000.2.15f1 (stub under Mono)',
    LD_LIBRARY_PATH: join(root, 'collektive-native', 'build'),
  };
  // server=jar: the suite builds the jar first; `npm run server:jvm` would rebuild it when a collaborator's edit
  // makes it stale mid-run.
  result = await runProcess('node', [join(root, 'scripts', 'bench-unity.mjs'), '--unity', unity, '--n', '10,12', '--pacing', 'fixed,free',
    '--rounds', String(ROUNDS), '--warmup', String(WARMUP), '--blocks', String(BLOCKS), '--floors', String(FLOORS), '--floor-batch', '10',
    '--order-seed', '7', '--tick-ms', '5', '--server', 'jar', '--out-dir', join(tmp, 'runs')], env, 300_000);
  const runs = existsSync(join(tmp, 'runs')) ? readdirSync(join(tmp, 'runs')) : [];
  runDir = runs.length === 1 ? join(tmp, 'runs', runs[0]) : null;
});

after(() => {
  killLeftovers();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('bench:unity completes: the stand-in exits 0 through EditorApplication.Exit, the write stage writes the run', () => {
  assert.equal(result.status, 0, `exit ${result.status}\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-4000)}`);
  assert.ok(runDir, 'exactly one run folder written');
  assert.match(result.stderr, /n12-free block 2\/2 socket/);
  assert.match(result.stdout, /\[bench:unity\] wrote .* \(run\.json, 4 configuration folder\(s\) with 2 block folders each\)/);
});

test('RunDesktop without a plan fails with exit 1 and says how to run it', async () => {
  const r = await runProcess(unity, ['-batchmode', '-executeMethod', 'Collektive.Unity.Editor.BenchmarkRunner.RunDesktop'], env, 60_000);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /RunDesktop needs -collektivePlan <unity-plan\.json>: run it through npm run bench:unity/);
});

test('run.json is valid against measurement/schema/run.schema.json, kind unity, front-end Unity with its version', () => {
  const run = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  const validate = ajv.compile(JSON.parse(readFileSync(join(root, 'measurement', 'schema', 'run.schema.json'), 'utf8')));
  assert.ok(validate(run), JSON.stringify(validate.errors, null, 2));
  assert.equal(run.kind, 'unity');
  assert.deepEqual(run.frontEnd, { name: 'Unity', version: '6000.2.15f1 (stub under Mono)' });
  assert.equal(run.environment.runtimes.unity, '6000.2.15f1 (stub under Mono)');
  assert.match(run.id, /^\d{4}-\d{2}-\d{2}-unity-/);
  assert.match(run.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  assert.equal(run.parameters.rounds, ROUNDS);
  assert.equal(run.parameters.orderSeed, 7);
  assert.match(run.parameters.command, /^npm run bench:unity -- --unity /);
  assert.ok(run.environment.timerResolutionNs > 0);
  assert.deepEqual(run.configurations.map((c) => c.id), CONFIGS);
  for (const c of run.configurations) {
    assert.equal(c.blockOrders.length, BLOCKS);
    assert.equal(c.invocations, undefined, 'blocks share one Editor process: they are not invocations');
    assert.deepEqual(c.files.map((f) => f.file).sort(), [`${c.id}/floors.csv`, `${c.id}/native.csv`, `${c.id}/socket.csv`, `${c.id}/unity_native.csv`, `${c.id}/unity_socket.csv`]);
    assert.deepEqual(c.blocks.map((b) => b.dir), [`${c.id}/block-0`, `${c.id}/block-1`]);
    for (const f of [...c.files, ...c.blocks.flatMap((b) => b.files)]) assert.ok(statSync(join(runDir, f.file)).size > 20, f.file);
    assert.equal(c.blocks[1].files.length, 5);
  }
  assert.equal(run.configurations[0].tickMs, 5);
  assert.equal(run.configurations[1].tickMs, null);
});

test('one scenario rule: each configuration ran, in C#, the scenario measurement/src/scenario.mjs gives its N', () => {
  const run = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8'));
  const ran = JSON.parse(readFileSync(join(runDir, 'unity-record.json'), 'utf8'));
  for (const c of run.configurations) {
    const built = ran.configurations.find((r) => r.id === c.id).scenario;
    assert.equal(c.scenario, scenarioFor(c.nodeCount), c.id);
    assert.equal(built.kind, scenarioFor(c.nodeCount), `${c.id}: the C# side built ${built.kind}`);
    assert.equal(built.nodeCount, c.nodeCount);
    assert.equal(built.seed, c.scenario === 'random' ? 1 : null);
    assert.deepEqual(built.sources, [0]);
    assert.ok(c.meanDegree > 0, `${c.id} mean degree ${c.meanDegree}`);
  }
  assert.deepEqual([...new Set(run.configurations.map((c) => c.scenario))], ['reference', 'random']);
});

test('each block ran in the plan\'s transport order, the order bench:desktop draws from the same --order-seed', () => {
  const plan = JSON.parse(readFileSync(join(runDir, 'unity-plan.json'), 'utf8'));
  const ran = JSON.parse(readFileSync(join(runDir, 'unity-record.json'), 'utf8'));
  const { pathOrders } = desktopOrders(7, CONFIGS, BLOCKS);
  for (const c of plan.configurations) {
    assert.deepEqual(c.pathOrders, pathOrders[c.id], c.id);
    assert.deepEqual(ran.configurations.find((r) => r.id === c.id).blocks.map((b) => b.order), c.pathOrders, `${c.id}: Unity's recorded block orders`);
  }
  assert.ok(new Set(plan.configurations.flatMap((c) => c.pathOrders.map((o) => o.join('>')))).size === 2, 'seed 7 draws both orders');
});

test('the write stage refuses a Unity record whose scenario differs from the plan', async () => {
  const copy = join(tmp, 'tampered', basename(runDir));
  cpSync(runDir, copy, { recursive: true });
  const record = JSON.parse(readFileSync(join(copy, 'unity-record.json'), 'utf8'));
  record.configurations[0].scenario.kind = 'random';
  writeFileSync(join(copy, 'unity-record.json'), JSON.stringify(record));
  await assert.rejects(publishUnityRun(copy), /n10-fixed: Unity ran \{"kind":"random".*the plan says \{"kind":"reference"/);
});

for (const config of CONFIGS) {
  test(`${config}: front-end CSVs carry the reference ids, ${ROUNDS} measured + ${WARMUP} warm-up samples per id, in time order`, () => {
    const frames = ROUNDS + WARMUP;
    const native = countBy(csv(join(runDir, config, 'unity_native.csv')));
    for (const id of ['step.native.call', 'step.native.parse', 'step.unity.apply', 'step.unity.e2e', 'step.frame.wait']) assert.equal(native.get(id), frames, `${id}: ${native.get(id)}`);
    const socketRows = csv(join(runDir, config, 'unity_socket.csv'));
    const socket = countBy(socketRows);
    for (const id of ['step.socket.send', 'step.socket.wait', 'step.socket.parse', 'step.unity.apply', 'step.unity.e2e', 'step.frame.wait']) assert.equal(socket.get(id), frames, `${id}: ${socket.get(id)}`);
    for (let i = 1; i < socketRows.length; i++) assert.ok(socketRows[i].t >= socketRows[i - 1].t, 'sorted by t_ns');
    assert.ok(socketRows.every((r) => r.d >= 0 && r.t >= 0));
  });

  test(`${config}: back-end CSVs (native library, JVM server per block) hold step.service and step.compute per frame`, () => {
    const frames = ROUNDS + WARMUP;
    for (const f of ['native.csv', 'socket.csv']) {
      const c = countBy(csv(join(runDir, config, f)));
      assert.equal(c.get('step.service'), frames, `${f} step.service ${c.get('step.service')}`);
      assert.equal(c.get('step.compute'), frames, `${f} step.compute ${c.get('step.compute')}`);
    }
  });

  test(`${config}: floors.csv holds both floors`, () => {
    const c = countBy(csv(join(runDir, config, 'floors.csv')));
    assert.equal(c.get('floor.native.noop'), FLOORS + WARMUP);
    assert.equal(c.get('floor.socket.echo'), FLOORS + WARMUP);
  });
}

test('fixed pacing is slower per e2e than free pacing on the socket path (tick quantization shows)', () => {
  const median = (config) => {
    const v = csv(join(runDir, config, 'unity_socket.csv')).filter((r) => r.id === 'step.unity.e2e').map((r) => r.d).sort((a, b) => a - b);
    return v[v.length >> 1];
  };
  assert.ok(median('n10-fixed') > median('n10-free'), `fixed ${median('n10-fixed')} ns vs free ${median('n10-free')} ns`);
});
