// Integration of the headless C# host (build step desktop-host) with both real back-ends: libsimple_gradient.so
// through P/Invoke and the JVM server over loopback TCP (ephemeral port). Checks the engine's test vectors through
// the same IEngine calls the frame loop makes, a few hundred frames per path with the CSV schema of every output,
// and bench:desktop end to end on a tiny configuration (merged CSVs, run.json against measurement/schema).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { hostEnv, hostExe, root } from '../../scripts/lib/toolchain.mjs';
import { parseTimingCsvText } from '../../measurement/src/analysis.mjs';
import { startJvmServer } from '../../scripts/lib/jvm-server.mjs';

const vectorsDir = join(root, 'collektive-core', 'test-vectors');
const tmp = mkdtempSync(join(os.tmpdir(), 'desktop-host-it-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function host(args, { expectOk = true } = {}) {
  const r = spawnSync('mono', [hostExe, ...args], { cwd: tmp, env: hostEnv(), encoding: 'utf8', timeout: 180000 });
  if (expectOk) assert.equal(r.status, 0, `mono desktop-host.exe ${args.join(' ')} failed (${r.status}):\n${r.stderr}\n${r.stdout}`);
  const last = r.stdout.trim().split('\n').pop();
  return { ...r, summary: last?.startsWith('{') ? JSON.parse(last) : null };
}

function euclideanVectors() {
  const index = JSON.parse(readFileSync(join(vectorsDir, 'index.json'), 'utf8'));
  const files = index.vectors.map((f) => join(vectorsDir, f))
    .filter((f) => JSON.parse(readFileSync(f, 'utf8')).program === 'EUCLIDEAN');
  assert.ok(files.length >= 3, `expected several EUCLIDEAN vectors in ${vectorsDir}, found ${files.length}`);
  return files;
}

/** Reads a timing CSV and checks the schema: header, integer columns, non-negative values, expected ids and counts. */
function checkCsv(path, expected) {
  assert.ok(existsSync(path), `${path} missing`);
  const text = readFileSync(path, 'utf8');
  assert.ok(text.startsWith('t_ns,id,duration_ns\n'), `${path}: header`);
  const rows = parseTimingCsvText(text, path);
  for (const r of rows) {
    assert.ok(Number.isSafeInteger(r.t) && r.t >= 0, `${path}: t_ns ${r.t}`);
    assert.ok(Number.isSafeInteger(r.d) && r.d >= 0, `${path}: duration_ns ${r.d}`);
  }
  const counts = {};
  for (const r of rows) counts[r.id] = (counts[r.id] ?? 0) + 1;
  assert.deepEqual(counts, expected, `${path}: ids and counts`);
  return rows;
}

describe('host against libsimple_gradient.so (P/Invoke)', () => {
  test('test vectors: values and neighbours equal, round by round', () => {
    const files = euclideanVectors();
    const r = host(['verify', '--engine', 'native', ...files.flatMap((f) => ['--vectors', f])]);
    assert.equal(r.summary.ok, true);
    assert.equal(r.summary.vectors.length, files.length);
    for (const v of r.summary.vectors) assert.equal(v.mismatches, 0, `${v.name}: ${v.mismatches} mismatching devices`);
  });

  test('300 frames: front-end, back-end and floor CSVs follow the schema', () => {
    const r = host(['run', '--engine', 'native', '--frames', '300', '--out', 'un.csv', '--backend-csv', 'native.csv',
      '--floors', '50', '--floors-out', 'floors_native.csv']);
    assert.equal(r.summary.frames, 300);
    assert.equal(r.summary.finiteValues, 1, 'reference scene: only the isolated source has a finite value');
    assert.equal(r.summary.links, 8);
    checkCsv(join(tmp, 'un.csv'), { 'step.native.call': 300, 'step.native.parse': 300, 'step.unity.apply': 300, 'step.unity.e2e': 300, 'step.frame.wait': 300 });
    checkCsv(join(tmp, 'native.csv'), { 'step.service': 300, 'step.compute': 300 });
    const floors = checkCsv(join(tmp, 'floors_native.csv'), { 'floor.native.noop': 50 });
    assert.ok(floors.every((f) => f.d < 100000), 'a no-op P/Invoke takes far less than 100 µs');
  });

  test('batched positions and a random N=100 scene run too', () => {
    const r = host(['run', '--engine', 'native', '--encoding', 'batched', '--scenario', 'random', '--nodes', '100', '--seed', '3',
      '--frames', '200', '--out', 'un100.csv']);
    assert.equal(r.summary.nodeCount, 100);
    assert.ok(r.summary.meanDegree > 4 && r.summary.meanDegree < 9, `mean degree ${r.summary.meanDegree}`);
    assert.ok(r.summary.finiteValues > 1, 'a connected random scene spreads the gradient');
  });

  test('a library error surfaces through the error query as a clear failure, not a crash', () => {
    const bad = join(tmp, 'bad-vector.json');
    writeFileSync(bad, JSON.stringify({ format: 1, name: 'bad', nodeCount: 3, maxDistance: '3.0', program: 'EUCLIDEAN',
      rounds: [{ ops: [{ op: 'setSource', node: 7, isSource: true }], steps: 1, values: ['0.0', '0.0', '0.0'], neighbors: [[], [], []] }] }));
    const r = host(['verify', '--engine', 'native', '--vectors', bad], { expectOk: false });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /set_source_with_distance failed: error \d+/);
  });

  test('an unknown option is a usage error', () => {
    const r = host(['run', '--engine', 'native', '--framez', '3'], { expectOk: false });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /unknown option --framez/);
  });
});

describe('host against the JVM server (loopback TCP)', () => {
  let server;
  before(async () => { server = await startJvmServer({ csv: join(tmp, 'socket.csv') }); });
  after(async () => { if (server) await server.stop(); });

  test('test vectors over json, batched and binary encodings', () => {
    const files = euclideanVectors();
    for (const encoding of ['json', 'batched', 'binary']) {
      const r = host(['verify', '--engine', 'socket', '--port', String(server.port), '--encoding', encoding, ...files.flatMap((f) => ['--vectors', f])]);
      assert.equal(r.summary.ok, true, encoding);
      for (const v of r.summary.vectors) assert.equal(v.mismatches, 0, `${encoding} ${v.name}`);
    }
  });

  test('a server error reply surfaces as a clear failure', () => {
    const bad = join(tmp, 'bad-vector-socket.json');
    writeFileSync(bad, JSON.stringify({ format: 1, name: 'bad', nodeCount: 3, maxDistance: '3.0', program: 'EUCLIDEAN',
      rounds: [{ ops: [{ op: 'setSource', node: 7, isSource: true }], steps: 1, values: ['0.0', '0.0', '0.0'], neighbors: [[], [], []] }] }));
    const r = host(['verify', '--engine', 'socket', '--port', String(server.port), '--vectors', bad], { expectOk: false });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /back-end error: setSource/);
  });

  test('300 frames free pacing and 60 frames fixed pacing: CSV schema, floors, server CSV complete after SIGTERM', async () => {
    const free = host(['run', '--engine', 'socket', '--port', String(server.port), '--frames', '300', '--out', 'us.csv',
      '--floors', '50', '--floors-out', 'floors_socket.csv']);
    assert.equal(free.summary.frames, 300);
    assert.equal(free.summary.links, 8);
    const ids = { 'step.socket.send': 300, 'step.socket.wait': 300, 'step.socket.parse': 300, 'step.unity.apply': 300, 'step.unity.e2e': 300, 'step.frame.wait': 300 };
    checkCsv(join(tmp, 'us.csv'), ids);
    checkCsv(join(tmp, 'floors_socket.csv'), { 'floor.socket.echo': 50 });
    const fixed = host(['run', '--engine', 'socket', '--encoding', 'binary', '--port', String(server.port), '--frames', '60', '--pacing', 'fixed',
      '--tick-ms', '10', '--out', 'us_fixed.csv']);
    assert.equal(fixed.summary.pacing, 'fixed');
    const rows = checkCsv(join(tmp, 'us_fixed.csv'), Object.fromEntries(Object.keys(ids).map((k) => [k, 60])));
    const e2e = rows.filter((r) => r.id === 'step.unity.e2e').map((r) => r.d).sort((a, b) => a - b);
    assert.ok(e2e[30] > 5e6, `under a 10 ms tick the socket reply waits for the next tick: median e2e ${e2e[30]} ns`);
    await server.stop();
    server = null;
    // vectors (json/batched/binary) + 300 + 60 steps; every step is logged once as service and once as compute.
    const backend = parseTimingCsvText(readFileSync(join(tmp, 'socket.csv'), 'utf8'));
    const service = backend.filter((r) => r.id === 'step.service').length;
    assert.equal(service, backend.filter((r) => r.id === 'step.compute').length);
    assert.ok(service >= 360, `server logged ${service} steps`);
  });
});

describe('bench:desktop end to end (tiny configuration)', () => {
  // Rows counted like the floors': the floors, and the server's own echo (echo.service, one per floor.socket.echo).
  const floorLike = (id) => id.startsWith('floor.') || id === 'echo.service';
  test('invocation folders, merged CSVs, run.json valid against measurement/schema, summary with intervals, manifest untouched, no overwrite', () => {
    const manifest = join(root, 'public', 'data', 'manifest.json');
    const before = existsSync(manifest) ? readFileSync(manifest, 'utf8') : null;
    const out = join(tmp, 'runs');
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'bench-desktop.mjs'), '--n', '10', '--pacing', 'free,fixed', '--rounds', '40',
      '--warmup', '5', '--invocations', '2', '--floors', '10', '--os-floors', '10', '--tick-ms', '2', '--spread', '4s', '--out-dir', out, '--run-id', 'it-run', '--quiet'],
    { cwd: root, encoding: 'utf8', timeout: 300000 });
    assert.equal(r.status, 0, `bench:desktop failed:\n${r.stderr}\n${r.stdout}`);
    assert.match(r.stdout, /targets \(n10-free; met only when the whole 95 % interval over invocations is within the limit\)/);
    assert.match(r.stdout, /ratio socket\/native e2e +median [\d.]+× \[[\d.]+, [\d.]+\]/);
    assert.match(r.stdout, /tick quantization: socket e2e median/);
    const runDir = join(out, 'it-run');
    const run = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8'));
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    /** @type {import('ajv').ValidateFunction<any>} */
    const check = ajv.compile(JSON.parse(readFileSync(join(root, 'measurement', 'schema', 'run.schema.json'), 'utf8')));
    assert.ok(check(run), ajv.errorsText(check.errors));
    assert.equal(run.kind, 'desktop');
    assert.equal(run.environment.timerResolutionNs, 100);
    assert.deepEqual(run.configurations.map((c) => c.id), ['n10-free', 'n10-fixed']);
    for (const c of run.configurations) {
      assert.deepEqual(c.files.map((f) => f.file.split('/')[1]), ['native.csv', 'socket.csv', 'unity_native.csv', 'unity_socket.csv', 'floors.csv']);
      for (const f of c.files) {
        const rows = parseTimingCsvText(readFileSync(join(runDir, f.file), 'utf8'), f.file);
        for (let i = 1; i < rows.length; i += 1) assert.ok(rows[i].t >= rows[i - 1].t, `${f.file} is one series in time order`);
        const counts = {};
        for (const x of rows) counts[x.id] = (counts[x.id] ?? 0) + 1;
        // warm-up (5) kept once + 40 measured frames per id; floors (floorLike): 5 + 10 per path; OS floors: 5 + 10 per invocation.
        for (const [id, n] of Object.entries(counts)) assert.equal(n, id.startsWith('floor.os.') ? 25 : floorLike(id) ? 15 : 45, `${f.file} ${id}`);
        if (f.file.endsWith('/socket.csv')) assert.equal(counts['echo.service'], 15, 'the JVM server timed each echo of the floor');
        if (f.side === 'floor') assert.deepEqual(Object.keys(counts).filter((id) => id.startsWith('floor.os.')).sort(), ['floor.os.shm.futex', 'floor.os.shm.spin', 'floor.os.tcp', 'floor.os.uds']);
      }
    }
    for (const c of run.configurations) {
      assert.equal(c.invocations.length, 2);
      for (const inv of c.invocations) {
        assert.deepEqual(inv.order.slice().sort(), ['native', 'socket']);
        assert.ok(inv.paths.native.startedAt && inv.paths.socket.loadAverage.before.length === 3);
        for (const f of inv.files) {
          assert.ok(f.file.startsWith(`${inv.dir}/`), f.file);
          const rows = parseTimingCsvText(readFileSync(join(runDir, f.file), 'utf8'), f.file);
          const counts = {};
          for (const x of rows) counts[x.id] = (counts[x.id] ?? 0) + 1;
          // each invocation keeps its own warm-up (5) + its share of the 40 frames (20); floors 5 + 5 per path; OS floors 5 + 10.
          for (const [id, n] of Object.entries(counts)) assert.equal(n, id.startsWith('floor.os.') ? 15 : floorLike(id) ? 10 : 25, `${f.file} ${id}`);
        }
        // CPU per measured step of each process (docs/os-floor.md): the host's marks worked, the server was read.
        assert.ok(inv.paths.native.cpuPerStepNs.frontend > 0 && inv.paths.native.cpuPerStepNs.server === null, JSON.stringify(inv.paths.native.cpuPerStepNs));
        // (The server's figure may read 0 over these 20 frames: a thread's schedstat lags by up to a scheduler tick.)
        assert.ok(inv.paths.socket.cpuPerStepNs.frontend > 0 && inv.paths.socket.cpuPerStepNs.server >= 0, JSON.stringify(inv.paths.socket.cpuPerStepNs));
      }
    }
    const summary = JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8'));
    const free = summary.configurations.find((c) => c.id === 'n10-free');
    for (const key of ['e2e_median', 'overhead_median', 'e2e_p95', 'overhead_p99']) {
      const x = free.ratios[key];
      assert.equal(x.invocations, 2, key);
      assert.ok(x.estimate > 0 && x.ci95[0] <= x.estimate && x.estimate <= x.ci95[1], `${key}: ${JSON.stringify(x)}`);
    }
    assert.equal(free.paths.socket.e2e_median.perInvocation.length, 2);
    // Paired per invocation; widened by the 100 ns clock (docs/measurements.md, "Clock resolution").
    assert.equal(free.ratios.e2e_median_paired.perInvocation.length, 2);
    assert.equal(free.paths.native.e2e_median.clock.resolutionNs, 100);
    // --spread 4s: round 1 starts at least 2 s after round 0; each invocation timed the calibration workload first.
    // A round's configurations run in a random order, so a round starts when its first configuration does.
    const roundStart = (k) => Math.min(...run.configurations.flatMap((c) => Object.values(c.invocations[k].paths).map((p) => Date.parse(p.startedAt))));
    // (Round 0's first path records its start a few ms after the round's slot opened.)
    assert.ok(roundStart(1) - roundStart(0) >= 1900, `round 1 starts ${roundStart(1) - roundStart(0)} ms after round 0`);
    assert.equal(run.parameters.spreadSeconds, 4);
    for (const c of run.configurations) for (const inv of c.invocations) assert.ok(inv.calibration.cpuKernelNs > 0 && inv.calibration.loopbackRttNs > 0, JSON.stringify(inv.calibration));
    assert.equal(summary.drift.measured, 4);
    assert.equal(typeof summary.drift.drifted, 'boolean');
    assert.equal(summary.busy.pathInvocations, 8);
    assert.match(r.stdout, /calibration over 4 invocation\(s\)/);
    for (const key of ['osTcp_median', 'osUds_median', 'osShmSpin_median', 'osShmFutex_median', 'cpuFrontend_perStep']) {
      assert.ok(free.paths.socket[key].estimate > 0 && free.paths.socket[key].ci95, key);
    }
    assert.ok(free.paths.socket.cpuServer_perStep.estimate >= 0 && free.paths.socket.cpuServer_perStep.ci95);
    assert.ok(free.ratios.transport_os_median.estimate > 0 && free.ratios.e2e_os_median.estimate > 1);
    assert.match(r.stdout, /OS floors, C round trip between two processes .*tcp [\d.]+ µs/);
    assert.match(r.stdout, /CPU per step, server \(JVM\)/);
    assert.ok(['met', 'not met', 'inconclusive'].includes(summary.targets[0].checks[0].verdict));
    // A second run with the same id must not touch the first.
    const runJson = readFileSync(join(runDir, 'run.json'), 'utf8');
    const again = spawnSync(process.execPath, [join(root, 'scripts', 'bench-desktop.mjs'), '--n', '10', '--rounds', '10', '--spread', '0', '--out-dir', out, '--run-id', 'it-run', '--quiet'],
      { cwd: root, encoding: 'utf8', timeout: 60000 });
    assert.equal(again.status, 2, again.stderr);
    assert.match(again.stderr, /never overwrites a run/);
    assert.equal(readFileSync(join(runDir, 'run.json'), 'utf8'), runJson);
    assert.equal(existsSync(manifest) ? readFileSync(manifest, 'utf8') : null, before, 'a run outside public/data/runs is not added to the manifest');
  });
});
