// The Unity WebGL plugins (Assets/Plugins/WebGL/*.jslib) exercised in real Chromium without a Unity build:
// emscripten-shim.js provides the part of the Emscripten runtime they use (mergeInto/autoAddDeps, HEAPU8/HEAP32/
// HEAPF64, _malloc/_free, UTF8ToString/stringToUTF8, makeDynCall → function table), harness.mjs plays the C# side.
// They drive the real Kotlin/Wasm facade (collektive-wasm build) and a real Node ws server started here, and the
// results are compared with the engine's shared test vectors (collektive-core/test-vectors).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../../dashboard/e2e/support.mjs';
import { startStatic } from './static-server.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const vectorsDir = join(root, 'collektive-core', 'test-vectors');
const vector = (name) => JSON.parse(readFileSync(join(vectorsDir, name), 'utf8'));

let http;
let origin;
let wsServer;
let wsUrl;
let context;
let page;
let profile;
const pageErrors = [];

function startWsServer() {
  return new Promise((resolve, reject) => {
    wsServer = spawn(process.execPath, [join(root, 'collektive-node-server', 'src', 'cli.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`node server did not start: ${out}`)), 30000);
    wsServer.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (ws:\/\/[\d.]+:\d+)/);
      if (m && !wsUrl) { wsUrl = m[1]; clearTimeout(timer); resolve(); }
    });
    wsServer.stderr.on('data', (d) => { out += d; });
    wsServer.on('exit', (code) => { if (!wsUrl) { clearTimeout(timer); reject(new Error(`node server exited ${code}: ${out}`)); } });
  });
}

before(async () => {
  for (const f of ['collektive-wasm/build/wasm/collektive-wasm.wasm', 'collektive-wasm/build/js/collektive-wasm.mjs']) {
    statSync(join(root, f)); // throws with the missing path: build with `node scripts/build.mjs wasm js`
  }
  [http] = await Promise.all([startStatic(), startWsServer()]);
  origin = http.origin;
  profile = mkdtempSync(join(tmpdir(), 'unity-jslib-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  page = context.pages()[0] ?? await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${origin}/unity-webgl/Tests~/jslib/harness.html`);
  await page.waitForFunction(() => window.harness !== undefined, null, { timeout: 30000 });
});

after(async () => {
  if (context) await context.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  if (wsServer) wsServer.kill('SIGTERM');
  if (http) http.close();
});

test('the four jslib plugins install as the Emscripten linker would (mergeInto, autoAddDeps, makeDynCall)', async () => {
  const installed = await page.evaluate(() => window.harness.ready);
  for (const f of ['CollektiveWasm_Create', 'CollektiveWasm_StepAndGetState', 'CollektiveWasm_UpdatePositions', 'CollektiveWasm_LastError',
    'CollektiveWs_Open', 'CollektiveWs_Send', 'CollektiveWs_SendBinary', 'CollektiveWs_Close', 'CollektivePage_Publish',
    'CollektiveWasm_ScenarioPositions', 'create_with_distance', 'step_and_get_state_with_distance', 'flush_timings', 'scenario_positions']) {
    assert.ok(installed.includes(f), `${f} not exported; got ${installed.join(', ')}`);
  }
  assert.equal(await page.evaluate(() => _CollektiveWasm_IsAvailable()), 1);
});

for (const name of ['reference-moving.json', 'several-sources.json', 'source-removed.json', 'devices-moving.json', 'disconnected.json', 'random-100.json']) {
  test(`Wasm path: ${name} through CollektiveWasm.jslib (HEAPF64 positions, heap state) equals the test vector`, async () => {
    const v = vector(name);
    assert.equal(v.program, 'EUCLIDEAN');
    const r = await page.evaluate((vec) => window.harness.runWasmVector(vec), v);
    assert.equal(r.error, undefined, r.error);
    assert.equal(r.rounds, v.rounds.length);
    // per-engine buffers are reused across steps, not reallocated every frame
    assert.ok(r.distinctBufferPointers <= 3 * 4, `buffers reallocated: ${r.distinctBufferPointers} distinct pointers`);
  });
}

// The layouts a WebGL player's scenes take (WasmLayoutSource → CollektiveWasm_ScenarioPositions → the page's facade):
// the engine's own, as it wrote them into every vector with a random layout and the reference-layout vectors.
const layoutVectors = JSON.parse(readFileSync(join(vectorsDir, 'index.json'), 'utf8')).vectors.map(vector)
  .filter((v) => v.randomLayout || v.name.startsWith('reference'));
test('the vectors hold both kinds of layout for CollektiveWasm_ScenarioPositions', () => {
  assert.ok(layoutVectors.filter((v) => v.randomLayout).length > 2);
  assert.ok(layoutVectors.some((v) => !v.randomLayout));
});
for (const v of layoutVectors) {
  test(`Wasm path: CollektiveWasm_ScenarioPositions gives ${v.name}'s first positions bit for bit`, async () => {
    const first = v.rounds[0].ops.find((o) => o.op === 'updatePositions').xyz.map(Number);
    const args = v.randomLayout ? [1, v.nodeCount, v.randomLayout.seed, Number(v.randomLayout.meanDegree), Number(v.maxDistance)]
      : [0, v.nodeCount, 0, 0, Number(v.maxDistance)];
    const r = await page.evaluate((a) => window.harness.scenarioLayout(...a), args);
    assert.equal(r.error, undefined, r.error);
    assert.equal(r.rc, 0);
    assert.ok(r.guardIntact, 'wrote past the array');
    assert.equal(r.xyz.length, first.length);
    r.xyz.forEach((x, i) => assert.ok(Object.is(x, first[i]), `value ${i}: ${x}, the engine's ${first[i]}`));
  });
}

test('Wasm path: CollektiveWasm_ScenarioPositions into a misaligned double*, and its refusals (-1, LastError, the array untouched)', async () => {
  const r = await page.evaluate(() => ({
    aligned: window.harness.scenarioLayout(1, 20, 5, 8, 3),
    misaligned: window.harness.scenarioLayout(1, 20, 5, 8, 3, { misalign: 4 }),
    degree: window.harness.scenarioLayout(1, 10, 1, 0, 3),
    distance: window.harness.scenarioLayout(0, 10, 0, 0, Number.NaN),
    small: window.harness.scenarioLayout(1, 10, 1, 8, 3, { capacity: 29 }),
    kind: window.harness.scenarioLayout(7, 10, 1, 8, 3),
    seed: window.harness.scenarioLayout(1, 10, 1.5, 8, 3),
  }));
  assert.equal(r.aligned.rc, 0);
  assert.deepEqual(r.misaligned.xyz, r.aligned.xyz);
  const refusals = { degree: /meanDegree/, distance: /maxDistance/, small: /buffer/, kind: /scenario must be/, seed: /seed/ };
  for (const [name, message] of Object.entries(refusals)) {
    assert.equal(r[name].rc, -1, name);
    assert.match(r[name].error, message, name);
    assert.match(r[name].error, /^scenarioPositions: /, name);
    assert.ok(r[name].xyz.every((x) => x === 42) && r[name].guardIntact, `${name}: the array was written`);
  }
});

test('Wasm path: positions from a misaligned double* are read correctly (DataView fallback)', async () => {
  const r = await page.evaluate((vec) => window.harness.runWasmVector(vec, { misalign: 4 }), vector('reference-moving.json'));
  assert.equal(r.error, undefined, r.error);
});

test('Wasm path: destroy frees every heap buffer (no leak over 50 engines)', async () => {
  const r = await page.evaluate((vec) => {
    const before = window.harness.heapLiveBlocks();
    for (let i = 0; i < 50; i++) { const x = window.harness.runWasmVector(vec); if (x.error) return { error: x.error }; }
    return { before, after: window.harness.heapLiveBlocks(), liveEngines: window.collektiveWasm.liveCount() };
  }, vector('disconnected.json'));
  assert.equal(r.error, undefined, r.error);
  assert.equal(r.after, r.before);
  assert.equal(r.liveEngines, 0);
});

test('Wasm path: bad input returns -1 and LastError names it; unknown handles never throw into C#', async () => {
  const r = await page.evaluate(() => {
    const h = _CollektiveWasm_Create(5, 3.0);
    const bad = _CollektiveWasm_SetSource(h, 99, 1);
    const msg = window.harness.lastError('_CollektiveWasm_LastError');
    const wrongLength = _CollektiveWasm_UpdatePositions(h, 8, 7);
    const msg2 = window.harness.lastError('_CollektiveWasm_LastError');
    _CollektiveWasm_Destroy(h);
    const afterDestroy = _CollektiveWasm_StepAndGetState(h, 1, 16);
    const msg3 = window.harness.lastError('_CollektiveWasm_LastError');
    const badCreate = _CollektiveWasm_Create(-1, 3.0);
    return { h, bad, msg, wrongLength, msg2, afterDestroy, msg3, badCreate };
  });
  assert.ok(r.h >= 0);
  assert.equal(r.bad, -1);
  assert.match(r.msg, /setSource: .*99/);
  assert.equal(r.wrongLength, -1);
  assert.match(r.msg2, /positions length 7 != 3 × 5/);
  assert.equal(r.afterDestroy, -1);
  assert.match(r.msg3, /unknown engine handle/);
  assert.equal(r.badCreate, -1);
});

test('Wasm path: without window.collektiveWasm the plugin reports unavailable and create fails with instructions', async () => {
  const r = await page.evaluate(() => {
    const saved = window.collektiveWasm;
    delete window.collektiveWasm;
    try {
      return { available: _CollektiveWasm_IsAvailable(), h: _CollektiveWasm_Create(3, 1.0), msg: window.harness.lastError('_CollektiveWasm_LastError') };
    } finally { window.collektiveWasm = saved; }
  });
  assert.equal(r.available, 0);
  assert.equal(r.h, -1);
  assert.match(r.msg, /window\.collektiveWasm is not set/);
});

for (const encoding of ['json', 'batched', 'binary']) {
  test(`WebSocket path (${encoding}): CollektiveWebSocket.jslib to the real Node server equals the test vector; buffers freed; close reported`, async () => {
    const v = vector(encoding === 'json' ? 'reference-moving.json' : 'several-sources.json');
    const r = await page.evaluate(([url, vec, enc]) => window.harness.runWebSocketVector(url, vec, enc), [wsUrl, v, encoding]);
    assert.equal(r.error, undefined, r.error);
    assert.equal(r.rounds, v.rounds.length);
    // during onMessage exactly one extra heap block (the message) is live; none after
    assert.equal(r.liveDuring, r.baseline + 1);
    assert.equal(r.liveAfter, r.baseline);
    assert.deepEqual(r.closed, { kind: 'close', code: 1000, reason: 'closed by the Unity front-end' });
    assert.equal(r.stateAfterClose, 3);
  });
}

test('WebSocket path: echo round trips through the plugin (the floor.web.ws.echo floor)', async () => {
  const r = await page.evaluate((url) => window.harness.echo(url, 50), wsUrl);
  assert.equal(r.error, undefined, r.error);
  assert.equal(r.count, 50);
  assert.ok(r.medianMs > 0 && r.medianMs < 100, `median ${r.medianMs} ms`);
});

test('WebSocket path: a refused connection is reported through onClose and Send then fails with -1', async () => {
  const r = await page.evaluate(async () => {
    const id = window.harness.wsOpen('ws://127.0.0.1:9/');
    const ev = await window.harness.next(id);
    return { id, ev, send: window.harness.wsSend(id, '{}'), state: _CollektiveWs_State(id) };
  });
  assert.ok(r.id > 0);
  assert.equal(r.ev.kind, 'close');
  assert.equal(r.ev.code, 1006);
  assert.equal(r.send, -1);
  assert.equal(r.state, 3);
});

test('Page bridge: CollektivePage_Publish hands a CSV to the page as an event and to window.collektiveUnity.onCsv', async () => {
  const r = await page.evaluate(() => {
    const got = [];
    window.collektiveUnity = { onCsv: (name, text) => got.push(['hook', name, text]) };
    window.addEventListener('collektive-unity-csv', (e) => got.push(['event', e.detail.name, e.detail.text]), { once: true });
    const n = allocUTF8('unity_wasm.csv');
    const t = allocUTF8('t_ns,id,duration_ns\n0,step.unity.e2e,1200\n');
    _CollektivePage_Publish(n, t);
    _free(n); _free(t);
    delete window.collektiveUnity;
    return got;
  });
  assert.deepEqual(r, [
    ['hook', 'unity_wasm.csv', 't_ns,id,duration_ns\n0,step.unity.e2e,1200\n'],
    ['event', 'unity_wasm.csv', 't_ns,id,duration_ns\n0,step.unity.e2e,1200\n'],
  ]);
});

test('Native C ABI stand-ins: linkable in a WebGL player, and a call says the Native engine is desktop-only', async () => {
  const msg = await page.evaluate(() => { try { _create_with_distance(10, 3.0); return 'no error'; } catch (e) { return e.message; } });
  assert.match(msg, /create_with_distance: the Native engine .* is desktop-only/);
});

test('no uncaught page errors', () => {
  assert.deepEqual(pageErrors, []);
});
