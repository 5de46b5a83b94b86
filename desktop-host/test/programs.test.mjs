// The desktop host runs every program of docs/programs.md on every desktop path (`run --program SPEC`): the
// native library in process, the JVM server over TCP and over shared memory. Each path's last state (--values-out)
// must be the same, bit for bit, and the same as the Kotlin engine's (the Kotlin/JS facade in this process, fed the
// host's scenario for as many rounds); a bad spec is refused on every path with the registry's message.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hostEnv, hostExe, root } from '../../scripts/lib/toolchain.mjs';
import { startJvmServer } from '../../scripts/lib/jvm-server.mjs';

const { loadJsEngine } = await import(pathToFileURL(join(root, 'collektive-wasm', 'src', 'js', 'engine.mjs')).href);
const js = await loadJsEngine();

const tmp = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'ck-pr-'));
const FRAMES = 40;
const SPECS = ['gossipMax', 'boundedElection:bound=2', 'countDevices'];

let tcp, shm;
before(async () => {
  tcp = await startJvmServer();
  shm = await startJvmServer({ transport: 'shm', path: join(tmp, 'p.shm') });
});
after(async () => {
  await tcp?.stop();
  await shm?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

function host(args) {
  return spawnSync('mono', [hostExe, 'run', '--frames', String(FRAMES), ...args], { cwd: tmp, env: hostEnv(), encoding: 'utf8', timeout: 120000 });
}

const paths = [
  { name: 'native', args: () => ['--engine', 'native'] },
  { name: 'tcp', args: () => ['--engine', 'socket', '--port', String(tcp.port)] },
  { name: 'shm', args: () => ['--engine', 'socket', '--transport', 'shm', '--path', shm.path, '--encoding', 'binary'] },
];

/** The Kotlin engine (JS facade) on the host's scenario: positions, sources, as many rounds. */
function kotlin(state) {
  const n = state.values.length;
  const h = js.create(n, state.maxDistance, state.program);
  try {
    js.updatePositions(h, state.positions);
    for (const s of state.sources) js.setSource(h, s, true);
    const st = js.stepAndGetState(h, state.rounds);
    return {
      values: Array.from(st.values, (v) => (Number.isFinite(v) ? v : null)),
      neighbors: Array.from({ length: n }, (_, i) => Array.from(st.neighborIds.subarray(st.neighborOffsets[i], st.neighborOffsets[i + 1]))),
    };
  } finally {
    js.destroy(h);
  }
}

describe('desktop-host --program on native, tcp and shm', () => {
  for (const spec of SPECS) {
    test(`${spec}: same values and neighbours on every path and as the Kotlin engine`, () => {
      const states = {};
      for (const p of paths) {
        const out = join(tmp, `${p.name}-${spec.replace(/[^a-z0-9]/gi, '_')}.json`);
        const r = host([...p.args(), '--program', spec, '--out', join(tmp, `${p.name}.csv`), '--values-out', out]);
        assert.equal(r.status, 0, `${p.name} ${spec}: ${r.stderr}`);
        const summary = JSON.parse(r.stdout.trim().split('\n').pop());
        assert.equal(summary.program, spec);
        states[p.name] = JSON.parse(readFileSync(out, 'utf8'));
        assert.equal(states[p.name].program, spec);
        assert.equal(states[p.name].rounds, FRAMES);
      }
      const expected = kotlin(states.native);
      for (const p of paths) {
        assert.deepEqual(states[p.name].values, expected.values, `${p.name} values of ${spec}`);
        assert.deepEqual(states[p.name].neighbors, expected.neighbors, `${p.name} neighbours of ${spec}`);
      }
      // Not the reference gradient's values: the program was really asked for.
      const euclidean = kotlin({ ...states.native, program: 'euclidean' });
      assert.notDeepEqual(expected.values, euclidean.values, `${spec} differs from euclidean`);
    });
  }

  for (const [spec, message] of /** @type {[string, RegExp][]} */ ([['spiral', /unknown program "spiral"/], ['boundedElection:bound=1.5', /bound must be an integer, was 1.5/]])) {
    test(`a bad spec (${spec}) is refused on every path with the registry's message`, () => {
      for (const p of paths) {
        const r = host([...p.args(), '--program', spec, '--out', join(tmp, `${p.name}-bad.csv`)]);
        assert.equal(r.status, 1, `${p.name}: exit 1 (${r.stderr})`);
        assert.match(r.stderr, /EngineException/, p.name);
        assert.match(r.stderr, message, p.name);
      }
      // The server stays usable after a refused createSim.
      const r = host([...paths[1].args(), '--program', 'gossipMax', '--out', join(tmp, 'after.csv')]);
      assert.equal(r.status, 0, r.stderr);
    });
  }

  test('--program with the fake engine, or without a spec, is a usage error', () => {
    assert.equal(host(['--engine', 'fake', '--program', 'gossipMax']).status, 2);
    assert.equal(host(['--engine', 'native', '--program']).status, 2);
  });
});

describe('bench:desktop --programs (tiny run)', () => {
  test('one configuration per program, the reference id unchanged, program recorded in a valid run.json', async () => {
    const { Ajv } = await import('ajv');
    const out = join(tmp, 'runs');
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'bench-desktop.mjs'), '--n', '10', '--pacing', 'free', '--programs', 'euclidean,countDevices',
      '--rounds', '40', '--warmup', '5', '--invocations', '2', '--spread', '0', '--floors', '0', '--os-floors', '0', '--no-calibration',
      '--out-dir', out, '--run-id', 'programs-run', '--quiet'], { cwd: root, encoding: 'utf8', timeout: 300000 });
    assert.equal(r.status, 0, `bench:desktop failed:\n${r.stderr}\n${r.stdout}`);
    const run = JSON.parse(readFileSync(join(out, 'programs-run', 'run.json'), 'utf8'));
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    /** @type {import('ajv').ValidateFunction<any>} */
    const check = ajv.compile(JSON.parse(readFileSync(join(root, 'measurement', 'schema', 'run.schema.json'), 'utf8')));
    assert.ok(check(run), ajv.errorsText(check.errors));
    assert.deepEqual(run.configurations.map((c) => c.id).sort(), ['n10-free', 'n10-free-countDevices']);
    const byId = Object.fromEntries(run.configurations.map((c) => [c.id, c]));
    assert.equal('program' in byId['n10-free'], false, 'the reference program is not recorded');
    assert.equal(byId['n10-free-countDevices'].program, 'countDevices');
    assert.deepEqual(run.parameters.programs, ['euclidean', 'countDevices']);
  });
});
