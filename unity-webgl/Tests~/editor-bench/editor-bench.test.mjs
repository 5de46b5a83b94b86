// The Unity batch-mode benchmark entry point (Assets/Editor/BenchmarkRunner.RunDesktop) run for real under Mono with
// the UnityEngine/UnityEditor stub standing in for the Editor: real libsimple_gradient.so, real JVM server
// (`npm run server:jvm`, started and SIGTERM'd by the runner), the shared frame loop; checks the published layout
// (CSVs with the reference ids and columns, counts after the per-block warm-up merge, run.json valid against
// measurement/schema/run.schema.json, kind "unity"). What it cannot check: the Editor's own runtime (Unity's Mono),
// the menu items, play mode.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { newtonsoftDll } from '../../../desktop-host/toolchain.mjs';
import { assemblies } from '../compile/assemblies.mjs';

const project = fileURLToPath(new URL('../../', import.meta.url));
const root = join(project, '..');
const out = join(project, 'Tests~', 'out', 'editor-bench');
const NEWTONSOFT = newtonsoftDll();
const DEFINES = '-define:UNITY_EDITOR;UNITY_EDITOR_LINUX;UNITY_STANDALONE;UNITY_STANDALONE_LINUX';
const ROUNDS = 60;
const WARMUP = 5;
const BLOCKS = 2;
const FLOORS = 20;
let tmp;
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

/** Runs mono in its own process group; on timeout kills it, and in any case every process left with `tmp` in its command line. */
function runMono(args, env, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn('mono', args, { cwd: tmp, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
  // server=jar: the suite builds the jar first; `npm run server:jvm` would rebuild it when a collaborator's edit
  // makes it stale mid-run.
  const spec = `nodes=10;pacing=fixed,free;rounds=${ROUNDS};warmup=${WARMUP};blocks=${BLOCKS};floors=${FLOORS};floorBatch=10;orderSeed=7;tickMs=5;server=jar;out=${join(tmp, 'runs')}`;
  result = await runMono([join(out, 'editor-bench.exe'), '-collektiveBench', spec], {
    ...process.env, TMPDIR: tmp, UNITY_STUB_DATA_PATH: join(project, 'Assets'), UNITY_STUB_VERSION: '6000.2.15f1 (stub under Mono)',
    LD_LIBRARY_PATH: join(root, 'collektive-native', 'build'),
  }, 240_000);
  const runs = existsSync(join(tmp, 'runs')) ? readdirSync(join(tmp, 'runs')) : [];
  runDir = runs.length === 1 ? join(tmp, 'runs', runs[0]) : null;
});

after(() => {
  killLeftovers();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('RunDesktop completes and exits 0 through EditorApplication.Exit', () => {
  assert.equal(result.status, 0, `exit ${result.status}\n${result.stderr.slice(-4000)}`);
  assert.ok(runDir, 'exactly one run folder written');
  assert.match(result.stderr, /block 2\/2 socket/);
});

test('run.json is valid against measurement/schema/run.schema.json, kind unity, front-end Unity with its version', () => {
  const run = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  const validate = ajv.compile(JSON.parse(readFileSync(join(root, 'measurement', 'schema', 'run.schema.json'), 'utf8')));
  assert.ok(validate(run), JSON.stringify(validate.errors, null, 2));
  assert.equal(run.kind, 'unity');
  assert.deepEqual(run.frontEnd, { name: 'Unity', version: '6000.2.15f1 (stub under Mono)' });
  assert.match(run.id, /^\d{4}-\d{2}-\d{2}-unity-/);
  assert.match(run.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  assert.equal(run.parameters.rounds, ROUNDS);
  assert.equal(run.parameters.orderSeed, 7);
  assert.ok(run.environment.timerResolutionNs > 0);
  assert.deepEqual(run.configurations.map((c) => c.id), ['n10-fixed', 'n10-free']);
  for (const c of run.configurations) {
    assert.equal(c.scenario, 'reference');
    assert.equal(c.blockOrders.length, BLOCKS);
    assert.deepEqual(c.files.map((f) => f.file).sort(), [`${c.id}/floors.csv`, `${c.id}/native.csv`, `${c.id}/socket.csv`, `${c.id}/unity_native.csv`, `${c.id}/unity_socket.csv`]);
    for (const f of c.files) assert.ok(statSync(join(runDir, f.file)).size > 20, f.file);
  }
  assert.equal(run.configurations[0].tickMs, 5);
  assert.equal(run.configurations[1].tickMs, null);
});

for (const config of ['n10-fixed', 'n10-free']) {
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
