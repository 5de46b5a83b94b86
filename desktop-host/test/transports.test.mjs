// The desktop transports beyond TCP (docs/protocol.md, "Transports"), each against a real server process: the JVM
// server over a Unix domain socket and over shared memory, and the Kotlin/Native server over shared memory (the same
// channel: collektive-native-server/README.md). The engine's test vectors in every encoding, a few hundred frames
// with the CSV schema, and what happens when either side dies mid-run: killing the server (SIGKILL) ends the host
// with a clear error within a bounded time (never a hang); killing the host frees the server's channel and the
// simulation's budgets, so the next client is served. Both shared-memory servers refuse a second client and answer
// bad requests with the same error replies.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { hostEnv, hostExe, root } from '../../scripts/lib/toolchain.mjs';
import { parseTimingCsvText } from '../../measurement/src/analysis.mjs';
import { startServer } from '../../scripts/lib/jvm-server.mjs';
import { attachShm } from './shm-client.mjs';

const vectorsDir = join(root, 'collektive-core', 'test-vectors');
// The shared-memory file belongs on a tmpfs (docs/protocol.md); the Unix socket paths must stay under 108 bytes.
const tmp = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'ck-tr-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** Seconds within which a dead peer must be reported (the waits are bounded by 200 ms polls; mono starts slowly). */
const DEAD_PEER_BOUND_MS = 5000;

function host(args, { expectOk = true } = {}) {
  const r = spawnSync('mono', [hostExe, ...args], { cwd: tmp, env: hostEnv(), encoding: 'utf8', timeout: 180000 });
  if (expectOk) assert.equal(r.status, 0, `mono desktop-host.exe ${args.join(' ')} failed (${r.status}):\n${r.stderr}\n${r.stdout}`);
  const last = r.stdout.trim().split('\n').pop();
  return { ...r, summary: last?.startsWith('{') ? JSON.parse(last) : null };
}

/** A host run in the background; resolves `progressed` at its first progress line, `exited` with its end. */
function backgroundHost(args) {
  const child = spawn('mono', [hostExe, ...args], { cwd: tmp, env: hostEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let onProgress;
  const progressed = new Promise((r) => { onProgress = r; });
  child.stderr.on('data', (d) => { stderr += d; if (/progress \d+/.test(stderr)) onProgress(); });
  const exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal, at: Date.now(), stderr: () => stderr })));
  return { child, progressed, exited };
}

function euclideanVectors() {
  const index = JSON.parse(readFileSync(join(vectorsDir, 'index.json'), 'utf8'));
  return index.vectors.map((f) => join(vectorsDir, f)).filter((f) => JSON.parse(readFileSync(f, 'utf8')).program === 'EUCLIDEAN');
}

const udsPath = () => join(tmp, `s${Math.random().toString(36).slice(2, 8)}.sock`);
const shmPath = () => join(tmp, `m${Math.random().toString(36).slice(2, 8)}.shm`);
/** Every server × transport beyond TCP: `name` is the host's --transport, `server` what startServer starts. */
const transports = [
  { name: 'uds', server: 'jvm', what: 'the JVM server over a Unix domain socket', path: udsPath },
  { name: 'shm', server: 'jvm', what: 'the JVM server over shared memory', path: shmPath },
  { name: 'shm', server: 'native', what: 'the Kotlin/Native server over shared memory', path: shmPath },
];

for (const t of transports) {
  describe(`host against ${t.what} (--transport ${t.name})`, () => {
    test('test vectors in json, batched and binary encodings; 200 frames with the socket path\'s CSV ids', async () => {
      const path = t.path();
      const csv = join(tmp, `${t.server}-${t.name}-backend.csv`);
      const server = await startServer({ server: t.server, transport: t.name, path, csv });
      try {
        const files = euclideanVectors();
        assert.ok(files.length >= 3, `EUCLIDEAN vectors in ${vectorsDir}`);
        for (const encoding of ['json', 'batched', 'binary']) {
          const r = host(['verify', '--engine', 'socket', '--transport', t.name, '--path', path, '--encoding', encoding, ...files.flatMap((f) => ['--vectors', f])]);
          assert.equal(r.summary.ok, true, encoding);
          assert.equal(r.summary.vectors.length, files.length);
          for (const v of r.summary.vectors) assert.equal(v.mismatches, 0, `${t.name} ${encoding} ${v.name}`);
        }
        const run = host(['run', '--engine', 'socket', '--transport', t.name, '--path', path, '--encoding', 'binary', '--frames', '200', '--out', `${t.server}-${t.name}.csv`]);
        assert.equal(run.summary.frames, 200);
        const rows = parseTimingCsvText(readFileSync(join(tmp, `${t.server}-${t.name}.csv`), 'utf8'));
        const counts = {};
        for (const r of rows) counts[r.id] = (counts[r.id] ?? 0) + 1;
        assert.deepEqual(counts, { 'step.socket.send': 200, 'step.socket.wait': 200, 'step.socket.parse': 200, 'step.unity.apply': 200, 'step.unity.e2e': 200, 'step.frame.wait': 200 });
      } finally {
        await server.stop();
      }
      const backend = parseTimingCsvText(readFileSync(csv, 'utf8'));
      const service = backend.filter((r) => r.id === 'step.service').length;
      assert.equal(service, backend.filter((r) => r.id === 'step.compute').length, 'one service row per step answered');
      assert.ok(service >= 200, `server logged ${service} steps`);
    });

    test('killing the server mid-run: the host fails with a clear error within a bounded time', async () => {
      const path = t.path();
      const server = await startServer({ server: t.server, transport: t.name, path });
      const h = backgroundHost(['run', '--engine', 'socket', '--transport', t.name, '--path', path, '--scenario', 'random', '--nodes', '1000',
        '--encoding', 'binary', '--frames', '1000000', '--progress', '10', '--out', `${t.server}-${t.name}-killed.csv`]);
      try {
        await h.progressed;
        const killedAt = Date.now();
        process.kill(server.pid, 'SIGKILL');
        const end = await Promise.race([h.exited, new Promise((r) => setTimeout(() => r(null), 30000))]);
        assert.ok(end, `the host was still running 30 s after the server was killed (a hang)\n${h.child.exitCode}`);
        assert.equal(end.code, 1, `host exit code\n${end.stderr()}`);
        assert.match(end.stderr(), t.name === 'shm' ? /shared-memory server is gone/ : /server closed the connection|socket read failed/);
        assert.ok(end.at - killedAt < DEAD_PEER_BOUND_MS, `error after ${end.at - killedAt} ms (bound ${DEAD_PEER_BOUND_MS} ms)`);
      } finally {
        h.child.kill('SIGKILL');
        await server.stop().catch(() => {});
      }
    });

    test('killing the host mid-run: the server frees the channel and its budgets, the next client is served', async () => {
      const path = t.path();
      // One session and 1000 devices at most: a channel or a simulation not returned would refuse the next client.
      const server = await startServer({ server: t.server, transport: t.name, path, quiet: false, serverArgs: ['--max-sessions', '1', '--max-devices', '1000'] });
      try {
        const h = backgroundHost(['run', '--engine', 'socket', '--transport', t.name, '--path', path, '--scenario', 'random', '--nodes', '1000',
          '--encoding', 'binary', '--frames', '1000000', '--progress', '10', '--out', `${t.server}-${t.name}-host-killed.csv`]);
        await h.progressed;
        const killedAt = Date.now();
        h.child.kill('SIGKILL');
        await h.exited;
        const gone = t.name === 'shm' ? /shm client \(pid \d+\): client left/ : /conn \d+ .*: (closed by peer|connection lost|peer disconnected)/;
        while (!gone.test(server.log()) && Date.now() - killedAt < DEAD_PEER_BOUND_MS) await new Promise((r) => setTimeout(r, 20));
        assert.match(server.log(), gone, `the server noticed the host's death within ${DEAD_PEER_BOUND_MS} ms`);
        const files = euclideanVectors().slice(0, 2);
        const r = host(['verify', '--engine', 'socket', '--transport', t.name, '--path', path, '--encoding', 'binary', ...files.flatMap((f) => ['--vectors', f])]);
        assert.equal(r.summary.ok, true, 'the next client is served (channel and budgets freed)');
      } finally {
        await server.stop();
      }
    });
  });
}

for (const server of ['jvm', 'native']) {
  test(`a second shared-memory client of the ${server} server is refused with maxConnections while the first holds the channel`, async () => {
    const path = join(tmp, `busy-${server}.shm`);
    const s = await startServer({ server, transport: 'shm', path });
    const first = backgroundHost(['run', '--engine', 'socket', '--transport', 'shm', '--path', path, '--frames', '1000000', '--progress', '10', '--out', `busy-${server}.csv`]);
    try {
      await first.progressed;
      const r = host(['verify', '--engine', 'socket', '--transport', 'shm', '--path', path, '--vectors', euclideanVectors()[0]], { expectOk: false });
      assert.equal(r.status, 1);
      assert.match(r.stderr, /refused: .*maxConnections/);
    } finally {
      first.child.kill('SIGKILL');
      await s.stop();
    }
  });
}

/**
 * Requests the C# host never sends, each its own shared-memory request but the last two (several requests in one
 * slot): the replies' bytes, with the step time budget's round counts (timing-dependent) replaced by N.
 */
async function badRequestReplies(server) {
  const path = shmPath();
  const s = await startServer({ server, transport: 'shm', path, serverArgs: ['--max-nodes', '50', '--step-time-budget', '1'] });
  const replies = [];
  try {
    const c = await attachShm(path);
    try {
      const frame = Buffer.alloc(16); // a positions frame for 50 devices cut after 16 of its 1206 bytes
      frame.writeUInt8(0x01, 1);
      frame.writeInt32LE(50, 2);
      for (const request of [
        'this is not json\n',
        '{"op":"teleport","data":{"rid":3}}\n',
        '{"op":"createSim","data":{"nodeCount":51,"maxDistance":3}}\n',
        '{"op":"createSim","data":{"nodeCount":50,"maxDistance":3}}\n',
        '{"op":"step","data":{"rid":7,"stepCount":100000}}\n',
        '{"op":"setSource","data":{"nodeId":50}}\n{"op":"setSource","data":{"nodeId":0}}\n{"op":"step","data":{"rid":8,"stepCount":0}}\n',
        Buffer.concat([Buffer.from('{"op":"hello"}\n'), frame]),
      ]) {
        const text = (await c.request(request)).toString('utf8');
        replies.push(text.replace(/after \d+ of 100000 rounds/, 'after N of 100000 rounds').replace(/keeps the \d+ rounds/, 'keeps the N rounds'));
      }
    } finally {
      c.close();
    }
  } finally {
    await s.stop();
  }
  return replies;
}

test('bad requests over shared memory: the native server answers with the JVM server\'s error replies', async () => {
  const jvm = await badRequestReplies('jvm');
  const native = await badRequestReplies('native');
  const line = (text, i = 0) => JSON.parse(text.split('\n')[i]);
  assert.deepEqual(line(native[0]), line(jvm[0]), 'a line that is no JSON');
  assert.equal(line(native[0]).op, null);
  assert.deepEqual(line(native[1]), { error: line(jvm[1]).error, op: 'teleport', rid: 3 }, 'an unknown op');
  assert.match(line(native[1]).error, /unknown op "teleport"/);
  assert.deepEqual(line(native[2]), { error: 'createSim: nodeCount 51 is over this server\'s limit 50 (maxNodes)', op: 'createSim', limit: 'maxNodes' });
  assert.deepEqual(line(native[2]), line(jvm[2]), 'createSim over maxNodes');
  assert.equal(native[3], '', 'a valid createSim has no reply');
  assert.equal(jvm[3], '');
  assert.deepEqual(line(native[4]), line(jvm[4]), 'a step over --step-time-budget');
  assert.equal(line(native[4]).limit, 'stepTimeBudgetMs');
  assert.equal(line(native[4]).rid, 7);
  assert.equal(native[5], jvm[5], 'several requests in one slot: an error reply, then the step reply, byte for byte');
  assert.match(line(native[5]).error, /nodeId must be an integer in \[0, 50\), got 50/);
  assert.match(native[5].split('\n')[1], /^\{"rid":8,"values":\[/);
  const [jvmHello, nativeHello] = [line(jvm[6]), line(native[6])];
  assert.equal(nativeHello.server, 'collektive-native-server');
  assert.deepEqual({ ...nativeHello, server: null }, { ...jvmHello, server: null }, 'hello: same version, ops, encodings and limits');
  assert.deepEqual(line(native[6], 1), line(jvm[6], 1), 'a positions frame cut by the end of the request');
  assert.match(line(native[6], 1).error, /positions frame cut by the end of the request after 16 of its 1206 bytes/);
});

test('--transport uds without a server names the socket path', () => {
  const r = host(['verify', '--engine', 'socket', '--transport', 'uds', '--path', join(tmp, 'nobody.sock'), '--vectors', euclideanVectors()[0]], { expectOk: false });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /cannot connect to the Unix socket .*nobody\.sock/);
});

test('bench:desktop --transports tcp,shm --spins 0: one configuration per transport, recorded in run.json, each against its own native path', () => {
  const out = join(tmp, 'runs');
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'bench-desktop.mjs'), '--n', '10', '--pacing', 'free', '--encodings', 'binary',
    '--transports', 'tcp,shm', '--spins', '0', '--rounds', '20', '--warmup', '5', '--invocations', '2', '--floors', '0', '--spread', '0', '--out-dir', out,
    '--run-id', 'tr-run', '--quiet'], { cwd: root, encoding: 'utf8', timeout: 300000 });
  assert.equal(r.status, 0, `bench:desktop failed:\n${r.stderr}\n${r.stdout}`);
  const run = JSON.parse(readFileSync(join(out, 'tr-run', 'run.json'), 'utf8'));
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  /** @type {import('ajv').ValidateFunction<any>} */
  const check = ajv.compile(JSON.parse(readFileSync(join(root, 'measurement', 'schema', 'run.schema.json'), 'utf8')));
  assert.ok(check(run), ajv.errorsText(check.errors));
  assert.deepEqual(run.configurations.map((c) => [c.id, c.outOfProcessTransport, c.clientSpinMicros, c.serverSpinMicros]),
    [['n10-free-binary', 'tcp', 0, 0], ['n10-free-binary-shm', 'shm', 0, 0]]);
  const summary = JSON.parse(readFileSync(join(out, 'tr-run', 'summary.json'), 'utf8'));
  for (const c of summary.configurations) {
    assert.equal(c.invocations.native, 2, c.id);
    assert.ok(c.ratios.e2e_median.estimate > 0, `${c.id}: a ratio against its own native path`);
  }
});
