// Every registered program (docs/programs.md) on all four paths: the C ABI (libsimple_gradient.so through the C
// vectors runner), the Kotlin/Wasm facade (Node 24), the Kotlin/JS facade (this Node) and both servers (JVM over
// TCP, Node over ws, real processes on loopback). One scenario per program; every path must give the same values
// and neighbours bit for bit. The worked example of "Bring your own program" (sourceNeighbors, registered the
// documented way) is also checked against its meaning, computed here from the neighbour lists; and every path
// refuses a bad spec with the registry's message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVERS, root } from '../conformance/servers.mjs';
import { compileC } from '../../collektive-native/test/c-build.mjs';
import { node24 } from '../lib/toolchain.mjs';

const engineModule = pathToFileURL(join(root, 'collektive-wasm', 'src', 'js', 'engine.mjs')).href;
const { loadJsEngine } = await import(engineModule);
const js = await loadJsEngine();

const N = 40;
const ROUNDS = 30;
const SOURCES = [0, 7];
const xyz = Array.from(js.randomPositions(N, 5, 6, 3));
// With work=W (docs/programs.md, "Work") the values are the program's own: checked bit for bit on every path too.
const SPECS = [...js.programs(), 'boundedElection:bound=1', 'channel:destination=20,width=0.5', 'gossipMax:work=200', 'channel:width=0.5,work=100'];

const bits = (v) => { const d = new DataView(new ArrayBuffer(8)); d.setFloat64(0, v); return d.getBigUint64(0).toString(16).padStart(16, '0'); };
/** A state as comparable lines: value bits, then the neighbour ids. */
const lines = (values, neighbors) => values.map((v, i) => `${bits(v)} ${neighbors[i].join(',')}`);

/** The Kotlin/JS facade in this process: the reference the other paths are compared with. */
function runJs(spec) {
  const h = js.create(N, 3, spec);
  try {
    js.updatePositions(h, xyz);
    for (const s of SOURCES) js.setSource(h, s, true);
    const st = js.stepAndGetState(h, ROUNDS);
    const neighbors = Array.from({ length: N }, (_, i) => Array.from(st.neighborIds.subarray(st.neighborOffsets[i], st.neighborOffsets[i + 1])));
    return { values: Array.from(st.values), neighbors };
  } finally {
    js.destroy(h);
  }
}

/** The Kotlin/Wasm facade in Node 24 (WasmGC), one child process for every spec. */
function runWasm(specs) {
  const script = `
    const { loadWasmEngine } = await import(${JSON.stringify(engineModule)});
    const w = await loadWasmEngine();
    const out = {};
    for (const spec of ${JSON.stringify(specs)}) {
      const h = w.create(${N}, 3, spec);
      w.updatePositions(h, ${JSON.stringify(xyz)});
      for (const s of ${JSON.stringify(SOURCES)}) w.setSource(h, s, true);
      const st = w.stepAndGetState(h, ${ROUNDS});
      out[spec] = { values: Array.from(st.values, (v) => String(v)), neighbors: Array.from({ length: ${N} }, (_, i) => Array.from(st.neighborIds.subarray(st.neighborOffsets[i], st.neighborOffsets[i + 1]))) };
      w.destroy(h);
    }
    let error = null;
    try { w.create(5, 3, 'spiral'); } catch (e) { error = e.message; }
    let workError = null;
    try { w.create(1000, 3, 'hop:work=200000'); } catch (e) { workError = e.message; }
    console.log(JSON.stringify({ out, error, workError }));`;
  const r = spawnSync(node24, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 120_000, maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, r.stderr);
  const parsed = JSON.parse(r.stdout);
  for (const s of Object.values(parsed.out)) s.values = s.values.map(Number);
  return parsed;
}

/** The C ABI through the vectors runner (create_with_program_spec, update_positions, set_source, one step call). */
function runNative(spec) {
  const input = [`V ${N} 3 ${spec}`, `A ${xyz.join(' ')}`, ...SOURCES.map((s) => `S ${s} 1`), `R ${ROUNDS}`].join('\n');
  const r = spawnSync(runner, [], { cwd: work, input: `${input}\n`, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout };
}

const work = mkdtempSync(join(tmpdir(), 'programs-'));
const runner = compileC(join(root, 'collektive-native', 'test', 'vectors_runner.c'), join(work, 'vectors_runner'));

/** One server connection: createSim with the spec, positions, sources, one step. */
async function runServer(client, spec) {
  client.send('createSim', { nodeCount: N, maxDistance: 3, program: spec });
  client.send('positions', { xyz });
  for (const s of SOURCES) client.send('setSource', { nodeId: s });
  client.send('step', { rid: 1, stepCount: ROUNDS });
  const reply = JSON.parse((await client.next(30_000)).replace(/-?Infinity/g, (m) => (m[0] === '-' ? '-1e999' : '1e999')));
  assert.equal(reply.error, undefined, `${spec}: ${reply.error}`);
  return { values: reply.values.map((v) => v.value), neighbors: reply.values.map((v) => v.neighbors) };
}

const expected = Object.fromEntries(SPECS.map((spec) => [spec, runJs(spec)]));
// One per server and transport (the JVM server is listed once per stream transport).
const serverKey = (s) => `${s.name} (${s.transport})`;
const servers = {};
before(async () => {
  for (const s of SERVERS) servers[serverKey(s)] = await s.start();
});
after(async () => {
  for (const s of Object.values(servers)) await s.stop();
});

test('the registry lists the suite and the worked example, and every program runs on the JS facade', () => {
  for (const name of ['euclidean', 'hop', 'gossipMax', 'boundedElection', 'countDevices', 'channel', 'neighborCounter', 'sourceNeighbors']) {
    assert.ok(js.programs().includes(name), `${name} not registered: ${js.programs()}`);
  }
  for (const spec of SPECS) assert.equal(expected[spec].values.length, N);
});

test('sourceNeighbors (the documented example) counts each device\'s source neighbours', () => {
  const { values, neighbors } = expected.sourceNeighbors;
  const counts = neighbors.map((list) => list.filter((j) => SOURCES.includes(j)).length);
  assert.deepEqual(values, counts);
  assert.ok(counts.some((c) => c > 0), 'the scenario must give some device a source neighbour');
});

test('Kotlin/Wasm gives every program\'s values bit for bit', () => {
  const { out, error, workError } = runWasm(SPECS);
  for (const spec of SPECS) assert.deepEqual(lines(out[spec].values, out[spec].neighbors), lines(expected[spec].values, expected[spec].neighbors), spec);
  assert.match(error, /unknown program "spiral"/);
  assert.match(workError, /work × N = 200000000 ns a round is over the limit 100000000 ns/);
});

test('the C ABI gives every program\'s values bit for bit', () => {
  for (const spec of SPECS) {
    const r = runNative(spec);
    assert.equal(r.status, 0, `${spec}: ${r.stdout}`);
    const got = r.stdout.trimEnd().split('\n').slice(1).map((l) => { const [b, , ...ids] = l.split(' '); return `${b} ${ids.join(',')}`; });
    assert.deepEqual(got, lines(expected[spec].values, expected[spec].neighbors), spec);
  }
  const bad = runNative('boundedElection:bound=0');
  assert.equal(bad.status, 1);
  assert.match(bad.stdout, /error 2 create: boundedElection's bound must be an integer >= 1/);
  const badWork = runNative('hop:work=-5');
  assert.equal(badWork.status, 1);
  assert.match(badWork.stdout, /error 2 create: hop's work must be a number of ns in 0\.\.1000000, was -5/);
});

for (const server of SERVERS) {
  test(`the ${serverKey(server)} server gives every program's values bit for bit, and refuses bad specs`, async () => {
    const c = await servers[serverKey(server)].connect();
    for (const spec of SPECS) {
      const got = await runServer(c, spec);
      assert.deepEqual(lines(got.values, got.neighbors), lines(expected[spec].values, expected[spec].neighbors), spec);
    }
    for (const [spec, message] of /** @type {[string | number, RegExp][]} */ ([['spiral', /unknown program "spiral"/], ['channel:destination=99', /destination must be a device id in 0 until 40/],
      ['gossipMax:radius=1', /unknown parameter "radius"/], [7, /program/], ['hop:work=-1', /hop's work must be a number of ns in 0\.\.1000000/],
      ['euclidean:work=3000000', /work must be a number of ns in 0\.\.1000000, was 3000000/], ['hop:work=5000000', /work must be/]])) {
      c.send('createSim', { nodeCount: N, maxDistance: 3, program: spec });
      const reply = JSON.parse(await c.next());
      assert.equal(reply.op, 'createSim');
      assert.match(reply.error, message);
    }
    // The refused createSims left the last simulation as it was.
    c.send('step', { rid: 2, stepCount: 0 });
    assert.match(await c.next(), /^\{"rid":2,"values":\[/);
    c.close?.();
  });
}
