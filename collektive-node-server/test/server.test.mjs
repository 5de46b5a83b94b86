// The ws server as a real process on loopback, driven by real ws clients: protocol conformance against the
// reference's messages (docs/protocol.md) and the engine's test vectors, extensions, bad input, isolation, limits, Origin, SIGTERM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import WebSocket from 'ws';
import { decodeStateBuffer, encodeStepBuffer, parseJsonWithInfinity as parseWithInfinity } from '../../collektive-wasm/src/js/state.mjs';
import { connect, neighborLists, root, scratchCsv, startServer } from './helpers.mjs';
import { loopbackUrl } from '../src/session-warmup.mjs';

// A line of five devices 2 apart and one far away: converged gradient 0, 2, 4, 6, 8, +Infinity.
const LINE = [[0, 0, 0], [2, 0, 0], [4, 0, 0], [6, 0, 0], [8, 0, 0], [100, 0, 0]];
const LINE_EXPECTED = '{"rid":7,"values":[{"value":0,"neighbors":[1]},{"value":2,"neighbors":[0,2]},'
  + '{"value":4,"neighbors":[1,3]},{"value":6,"neighbors":[2,4]},{"value":8,"neighbors":[3]},'
  + '{"value":Infinity,"neighbors":[]}]}';

async function createLine(c) {
  c.send('createSim', { nodeCount: LINE.length, maxDistance: 3.0 });
  c.send('setSource', { nodeId: 0 });
  LINE.forEach(([x, y, z], nodeId) => c.send('newPosition', { nodeId, x, y, z }));
}

test('prints the actual port, answers plain HTTP with 426', async () => {
  const s = await startServer();
  try {
    assert.ok(s.port > 0);
    const res = await fetch(`http://127.0.0.1:${s.port}/`);
    assert.equal(res.status, 426);
  } finally { await s.stop(); }
});

test('the request-path warm-up runs before "listening" and leaves nothing behind: its connection and session are released, its steps are not in the CSV', async (t) => {
  const csv = scratchCsv(t);
  const s = await startServer(['--max-connections', '1', '--max-sessions', '1', '--csv', csv, '--warmup', '400']);
  try {
    assert.doesNotMatch(s.output(), /warm-up ended/);
    // The only connection and the only session the budgets allow are free for the first client.
    const c = await connect(s.port);
    await createLine(c);
    c.send('step', { rid: 7, stepCount: 20 });
    assert.equal(await c.next(), LINE_EXPECTED);
    c.close();
  } finally { assert.equal(await s.stop('SIGTERM'), 0); }
  const rows = readFileSync(csv, 'utf8').trimEnd().split('\n').slice(1);
  assert.equal(rows.filter((l) => l.includes(',step.service,')).length, 1, 'one step.service row: the client\'s step, none of the warm-up\'s');
});

test('the warm-up reaches the server it belongs to: a wildcard bind over loopback, IPv6 bracketed', () => {
  assert.equal(loopbackUrl('127.0.0.1', 8787, '/w'), 'ws://127.0.0.1:8787/w');
  assert.equal(loopbackUrl('0.0.0.0', 8787, '/w'), 'ws://127.0.0.1:8787/w');
  assert.equal(loopbackUrl('::', 8787, '/w'), 'ws://[::1]:8787/w');
  assert.equal(loopbackUrl('::1', 8787, '/w'), 'ws://[::1]:8787/w');
  assert.equal(loopbackUrl('localhost', 1, '/w'), 'ws://localhost:1/w');
});

test('a warm-up the budgets refuse is reported and the server still serves (cold)', async () => {
  // The warm-up's simulations have 10 and 100 devices: over --max-nodes 5.
  const s = await startServer(['--max-nodes', '5']);
  try {
    assert.match(s.output(), /warm-up ended after 0 of 2000 rounds: the server refused a warm-up request: .*maxNodes/);
    const c = await connect(s.port);
    c.send('createSim', { nodeCount: 5, maxDistance: 3.0 });
    c.send('step', { rid: 1, stepCount: 1 });
    assert.equal(parseWithInfinity(await c.next()).rid, 1);
    c.close();
  } finally { await s.stop(); }
});

test('reference messages: createSim, setSource, newPosition per device, step → rid, values, bare Infinity', async () => {
  const s = await startServer();
  try {
    const c = await connect(s.port);
    await createLine(c);
    c.send('step', { rid: 7, stepCount: 20 });
    const text = await c.next();
    assert.equal(text, LINE_EXPECTED);
    const parsed = parseWithInfinity(text);
    assert.equal(parsed.values[5].value, Infinity);
    // The reference client sends stepCount 1 per frame; rid is echoed back.
    c.send('step', { rid: 8, stepCount: 1 });
    assert.equal(await c.next(), LINE_EXPECTED.replace('"rid":7', '"rid":8'));
    c.close();
  } finally { await s.stop(); }
});

test('JSON lines: a frame\'s requests in one text message (the desktop framing) act as the same requests one by one', async (t) => {
  const csv = scratchCsv(t);
  const s = await startServer(['--csv', csv]);
  try {
    const c = await connect(s.port);
    const line = (op, data) => JSON.stringify({ op, data });
    const frame = (rid) => [
      ...LINE.map(([x, y, z], nodeId) => line('newPosition', { nodeId, x, y, z })),
      line('step', { rid, stepCount: 20 }),
    ].join('\n');
    c.raw([line('createSim', { nodeCount: LINE.length, maxDistance: 3.0 }), line('setSource', { nodeId: 0 })].join('\n'));
    c.raw(frame(7));
    assert.equal(await c.next(), LINE_EXPECTED);
    // Blank lines and a trailing newline (CRLF too) are ignored; two steps in one message get two replies in order.
    c.raw(`\n${frame(8)}\r\n\n${line('step', { rid: 9, stepCount: 1 })}\n`);
    assert.equal(await c.next(), LINE_EXPECTED.replace('"rid":7', '"rid":8'));
    assert.equal(await c.next(), LINE_EXPECTED.replace('"rid":7', '"rid":9'));
    // A bad line gets its own error reply; the lines around it still run.
    c.raw([line('newPosition', { nodeId: 99, x: 0, y: 0, z: 0 }), '{"op":', line('step', { rid: 10, stepCount: 1 })].join('\n'));
    assert.match(JSON.parse(await c.next()).error, /nodeId must be an integer in \[0, 6\), got 99/);
    assert.match(JSON.parse(await c.next()).error, /malformed request/);
    assert.equal(await c.next(), LINE_EXPECTED.replace('"rid":7', '"rid":10'));
    // A message of garbage lines gets at most 64 error replies plus one count of the rest; the good line in it runs.
    c.raw([...Array.from({ length: 200 }, () => 'nope'), line('step', { rid: 11, stepCount: 1 })].join('\n'));
    for (let i = 0; i < 64; i++) assert.match(JSON.parse(await c.next()).error, /malformed request/);
    assert.equal(await c.next(), LINE_EXPECTED.replace('"rid":7', '"rid":11'));
    assert.match(JSON.parse(await c.next()).error, /^136 more failed requests in this message \(only the first 64 are reported\)$/);
    // Echo answers its own line only.
    c.raw(`${line('newPosition', { nodeId: 1, x: 2, y: 0, z: 0 })}\n{"op":"echo","data":{"k":1}}`);
    assert.equal(await c.next(), '{"op":"echo","data":{"k":1}}');
    c.close();
  } finally { assert.equal(await s.stop('SIGTERM'), 0); }
  // One step.service per step line, starting when that line's handling starts (after the lines before it).
  const rows = readFileSync(csv, 'utf8').trimEnd().split('\n').slice(1).map((l) => l.split(','));
  const service = rows.filter((r) => r[1] === 'step.service');
  const compute = rows.filter((r) => r[1] === 'step.compute');
  assert.equal(service.length, 5);
  assert.equal(compute.length, 5);
  for (let i = 0; i < 5; i++) assert.ok(BigInt(service[i][2]) >= BigInt(compute[i][2]), 'service includes compute');
});

test('engine test vectors (every scenario, both programs) through the JSON protocol', async () => {
  const dir = join(root, 'collektive-core', 'test-vectors');
  const { vectors } = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
  assert.ok(vectors.length > 0, `no test vectors listed in ${dir}/index.json`);
  const s = await startServer();
  try {
    const c = await connect(s.port);
    let checked = 0;
    for (const f of vectors) {
      const v = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      c.send('createSim', { nodeCount: v.nodeCount, maxDistance: Number(v.maxDistance), program: v.program.toLowerCase() });
      for (let r = 0; r < v.rounds.length; r++) {
        const round = v.rounds[r];
        for (const o of round.ops) {
          if (o.op === 'updatePositions') c.send('positions', { xyz: o.xyz.map(Number) });
          else if (o.op === 'updatePosition') {
            const [x, y, z] = o.xyz.map(Number);
            c.send('newPosition', { nodeId: o.node, x, y, z });
          } else if (o.op === 'setSource') c.send('setSource', { nodeId: o.node, isSource: o.isSource });
          else if (o.op === 'clearSources') c.send('clearSources', {});
          else assert.fail(`${f}: unknown vector op ${o.op}`);
        }
        c.send('step', { rid: r, stepCount: round.steps });
        const got = parseWithInfinity(await c.next());
        assert.equal(got.rid, r);
        assert.deepEqual(got.values.map((e) => e.value), round.values.map(Number), `${f} round ${r} values`);
        assert.deepEqual(got.values.map((e) => e.neighbors), round.neighbors, `${f} round ${r} neighbors`);
        checked += 1;
      }
    }
    assert.ok(checked >= vectors.length);
    c.close();
  } finally { await s.stop(); }
});

test('opt-in extensions: batched positions (JSON and binary), positions in step, binary state frame, echo, hello', async () => {
  const s = await startServer();
  try {
    const c = await connect(s.port);
    c.send('createSim', { nodeCount: LINE.length, maxDistance: 3.0 });
    c.send('setSource', { nodeId: 0 });
    c.send('positions', { xyz: LINE.flat() });
    c.send('step', { rid: 7, stepCount: 20 });
    assert.equal(await c.next(), LINE_EXPECTED);

    const buf = new DataView(new ArrayBuffer(4 + 24 * LINE.length));
    buf.setInt32(0, LINE.length, true);
    LINE.flat().map((v, i) => buf.setFloat64(4 + 8 * i, i === 3 ? 1 : v, true)); // device 1 moves to x = 1
    c.ws.send(new Uint8Array(buf.buffer));
    c.send('step', { rid: 9, stepCount: 20, encoding: 'binary' });
    const bin = await c.next();
    assert.ok(bin instanceof Uint8Array, 'binary frame expected');
    const state = decodeStateBuffer(bin);
    assert.deepEqual([...state.values], [0, 1, 4, 6, 8, Infinity]);
    assert.deepEqual(neighborLists(state), [[1], [0, 2], [1, 3], [2, 4], [3], []]);

    // positions inside step (one message per frame), reply without rid when none was sent
    c.send('step', { stepCount: 20, xyz: LINE.flat() });
    assert.equal(await c.next(), LINE_EXPECTED.replace('"rid":7,', ''));

    c.raw('{"op":"echo","data":{"t":123,"pad":"ünïcødé"}}');
    assert.equal(await c.next(), '{"op":"echo","data":{"t":123,"pad":"ünïcødé"}}');
    c.raw('{"op":"echo"}');
    assert.equal(await c.next(), '{"op":"echo"}');
    c.send('hello', {});
    const hello = JSON.parse(await c.next());
    assert.equal(hello.server, 'collektive-node-server');
    assert.ok(hello.ops.includes('positions') && hello.encodings.includes('binary'));
    assert.equal(hello.limits.maxMessageBytes, 8 << 20, 'limits as docs/protocol.md, under one name on both servers');
    assert.equal(hello.maxMessageBytes, undefined);
    c.close();
  } finally { await s.stop(); }
});

test('binary step (docs/protocol.md, "Binary messages (Node)"): positions and step in one message, the binary state back; every refusal moves no device', async () => {
  const s = await startServer();
  try {
    const c = await connect(s.port);
    const moved = LINE.flat().map((v, i) => (i === 3 ? 1 : v)); // device 1 at x = 1
    const state = async () => { const r = await c.next(); assert.ok(r instanceof Uint8Array, `a binary state, got ${r}`); return decodeStateBuffer(r); };
    c.ws.send(encodeStepBuffer(1, moved));
    assert.deepEqual(JSON.parse(await c.next()), { error: 'step: no simulation on this connection: send createSim first', op: 'step', rid: 1 });
    await createLine(c);
    c.ws.send(encodeStepBuffer(5, moved, { stepCount: 20 }));
    const first = await state();
    assert.deepEqual([...first.values], [0, 1, 4, 6, 8, Infinity]);
    assert.deepEqual(neighborLists(first), [[1], [0, 2], [1, 3], [2, 4], [3], []]);
    // n = 0: a step without positions (device 1 stays at x = 1); stepCount 0 answers the current state.
    c.ws.send(encodeStepBuffer(6, [], { stepCount: 0 }));
    assert.deepEqual([...(await state()).values], [0, 1, 4, 6, 8, Infinity]);

    // Each refused message would move device 1 to x = 3 if it were taken.
    const elsewhere = moved.map((v, i) => (i === 3 ? 3 : v));
    const nan = elsewhere.map((v, i) => (i === 4 ? NaN : v));
    const short = encodeStepBuffer(12, elsewhere).subarray(0, 100);
    /** @type {[Uint8Array, RegExp, number | null][]} the message, its error, the rid the reply echoes */
    const refused = [
      [encodeStepBuffer(7, nan), /^step: xyz\[4\] must be a finite number, got NaN$/, 7],
      [encodeStepBuffer(8, elsewhere, { stepCount: -2 }), /^step: stepCount must be an integer/, 8],
      [encodeStepBuffer(9, elsewhere, { stepCount: 1e6 }), /over this server's limit .* \(maxSteps\)$/, 9],
      [encodeStepBuffer(10, moved.slice(0, 9)), /positions count 3 must be 0 \(none\) or nodeCount 6/, 10],
      [encodeStepBuffer(11, elsewhere, { reserved: 7 }), /bytes 20-23 are reserved and must be 0, got 7/, 11],
      [short, /a binary step with 6 positions must be 24 \+ 24 × 6 bytes, got 100/, 12],
      [new Uint8Array(encodeStepBuffer(0, []).buffer.slice(0, 20)), /at least 24 bytes, got 20/, null],
      [encodeStepBuffer(-5, elsewhere), /rid must be -1 \(none\) or an integer in \[0, \d+\], got -5/, null],
    ];
    for (const [bytes, re, rid] of refused) {
      c.ws.send(bytes);
      const reply = JSON.parse(await c.next());
      assert.match(reply.error, re);
      assert.equal(reply.op, 'step');
      assert.equal(reply.rid ?? null, rid);
    }
    // None of them moved a device: device 1 is still at x = 1.
    c.ws.send(encodeStepBuffer(14, [], { stepCount: 20 }));
    assert.deepEqual([...(await state()).values], [0, 1, 4, 6, 8, Infinity]);
    c.ws.send(encodeStepBuffer(-1, LINE.flat(), { stepCount: 20 }));
    assert.deepEqual([...(await state()).values], [0, 2, 4, 6, 8, Infinity]);
    c.close();
  } finally { await s.stop(); }
});

test('bad messages get an error reply and the connection stays usable', async () => {
  const s = await startServer();
  try {
    const c = await connect(s.port);
    /** @type {[string, RegExp, string | null][]} the message, its error, the op the reply names */
    const cases = [
      ['{"op": "createSim", ', /malformed request/, null],
      ['[1,2]', /JSON object/, null],
      ['{"op":"teleport","data":{}}', /unknown op "teleport"/, 'teleport'],
      ['{"op":"step","data":{"rid":1}}', /createSim first/, 'step'],
      ['{"op":"createSim","data":{"nodeCount":-3,"maxDistance":3}}', /nodeCount/, 'createSim'],
      ['{"op":"createSim","data":{"nodeCount":4,"maxDistance":"far"}}', /maxDistance/, 'createSim'],
      ['{"op":"createSim","data":{"nodeCount":4,"maxDistance":3,"program":"teleport"}}', /program/, 'createSim'],
    ];
    for (const [text, re, op] of cases) {
      c.raw(text);
      const reply = JSON.parse(await c.next());
      assert.match(reply.error, re, text);
      assert.equal(reply.op, op);
    }
    await createLine(c);
    /** @type {[string, RegExp][]} */
    const refusedOnTheLine = [
      ['{"op":"setSource","data":{"nodeId":6}}', /nodeId must be an integer in \[0, 6\), got 6/],
      ['{"op":"setSource","data":{"nodeId":1.5}}', /nodeId/],
      ['{"op":"newPosition","data":{"nodeId":-1,"x":0,"y":0,"z":0}}', /nodeId/],
      ['{"op":"newPosition","data":{"nodeId":1,"x":null,"y":0,"z":0}}', /x must be a finite JSON number/],
      ['{"op":"positions","data":{"xyz":[1,2,3]}}', /3 × nodeCount = 18/],
      ['{"op":"step","data":{"rid":"one"}}', /rid must be an integer/],
      ['{"op":"step","data":{"rid":3,"stepCount":-1}}', /stepCount/],
    ];
    for (const [text, re] of refusedOnTheLine) {
      c.raw(text);
      assert.match(JSON.parse(await c.next()).error, re, text);
    }
    c.ws.send(new Uint8Array([1, 2, 3]));
    assert.match(JSON.parse(await c.next()).error, /binary positions/);
    // Still the same engine, untouched by the rejected messages.
    c.send('step', { rid: 7, stepCount: 20 });
    assert.equal(await c.next(), LINE_EXPECTED);
    c.close();
  } finally { await s.stop(); }
});

test('two concurrent clients have independent engines; an abrupt disconnect affects neither the other nor the server', async () => {
  const s = await startServer();
  try {
    const a = await connect(s.port);
    const b = await connect(s.port);
    await createLine(a);
    b.send('createSim', { nodeCount: 3, maxDistance: 1.5 });
    b.send('setSource', { nodeId: 2 });
    b.send('positions', { xyz: [0, 0, 0, 1, 0, 0, 2, 0, 0] });
    for (let i = 0; i < 20; i++) { a.send('step', { rid: i, stepCount: 1 }); b.send('step', { rid: 100 + i, stepCount: 1 }); }
    let lastA; let lastB;
    for (let i = 0; i < 20; i++) {
      lastA = parseWithInfinity(await a.next());
      lastB = parseWithInfinity(await b.next());
      assert.equal(lastA.rid, i);
      assert.equal(lastB.rid, 100 + i);
    }
    assert.deepEqual(lastA.values.map((e) => e.value), [0, 2, 4, 6, 8, Infinity]);
    assert.deepEqual(lastB.values.map((e) => e.value), [2, 1, 0]);
    // Client a vanishes without a close handshake, mid-conversation.
    a.send('step', { rid: 99, stepCount: 1 });
    a.ws.terminate();
    const c = await connect(s.port);
    c.send('step', { rid: 1 });
    assert.match(JSON.parse(await c.next()).error, /createSim first/, 'a new connection starts without an engine');
    b.send('step', { rid: 200, stepCount: 1 });
    assert.deepEqual(parseWithInfinity(await b.next()).values.map((e) => e.value), [2, 1, 0]);
    b.close(); c.close();
    assert.equal(s.proc.exitCode, null, 'server still running');
  } finally { await s.stop(); }
});

test('oversized messages: a message over --max-message is refused by ws while reading (close 1009); others unaffected', async () => {
  const s = await startServer(['--max-message', '4096']);
  try {
    const a = await connect(s.port);
    const b = await connect(s.port);
    await createLine(b);
    a.raw(JSON.stringify({ op: 'echo', data: { pad: 'x'.repeat(4000) } }));
    assert.equal(JSON.parse(await a.next()).data.pad.length, 4000, 'a message under the limit is served');
    const closed = once(a.ws, 'close');
    a.raw(JSON.stringify({ op: 'echo', data: { pad: 'x'.repeat(8000) } }));
    const [code] = await closed;
    assert.equal(code, 1009);
    b.send('step', { rid: 7, stepCount: 20 });
    assert.equal(await b.next(), LINE_EXPECTED);
    b.close();
  } finally { await s.stop(); }
});

test('Origin allow-list: localhost origins and none accepted, other sites rejected with 403, configurable', async () => {
  const s = await startServer();
  const s2 = await startServer(['--allow-origin', 'https://bench.example']);
  try {
    const ok = await connect(s.port, { origin: 'http://localhost:5173' });
    ok.raw('{"op":"echo","data":1}');
    assert.equal(await ok.next(), '{"op":"echo","data":1}');
    ok.close();
    const rejected = async (port, origin) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}`, { origin });
      const [, res] = await once(ws, 'unexpected-response');
      ws.on('error', () => {});
      res.resume();
      return res.statusCode;
    };
    assert.equal(await rejected(s.port, 'https://evil.example'), 403);
    assert.equal(await rejected(s.port, 'http://localhost.evil.example'), 403);
    assert.equal(await rejected(s2.port, 'http://localhost:5173'), 403, 'an explicit list replaces the default');
    const custom = await connect(s2.port, { origin: 'https://bench.example' });
    custom.close();
    assert.match(s.output(), /rejected upgrade from origin https:\/\/evil\.example/);
    // A page cannot read the 403 of a failed upgrade; GET /origin-check tells it, readable from any origin.
    const check = async (port, origin) => {
      const r = await fetch(`http://127.0.0.1:${port}/origin-check`, { headers: { origin } });
      assert.equal(r.headers.get('access-control-allow-origin'), '*');
      return r.json();
    };
    assert.deepEqual(await check(s2.port, 'http://localhost:5173'), { origin: 'http://localhost:5173', allowed: false });
    assert.deepEqual(await check(s2.port, 'https://bench.example'), { origin: 'https://bench.example', allowed: true });
  } finally { await s.stop(); await s2.stop(); }
});

/**
 * A server writing its timing CSV to a fresh file (removed when test `t` ends), and a client with the line simulation created.
 * @param {import('node:test').TestContext} t
 */
async function timedSession(t) {
  const csv = scratchCsv(t);
  const s = await startServer(['--csv', csv]);
  const c = await connect(s.port);
  await createLine(c);
  return { csv, s, c };
}

test('SIGTERM: the back-end CSV is complete and the process exits 0', async (t) => {
  const { csv, s, c } = await timedSession(t);
  const steps = 50;
  for (let i = 0; i < steps; i++) { c.send('step', { rid: i }); await c.next(); }
  const code = await s.stop('SIGTERM');
  assert.equal(code, 0);
  const lines = readFileSync(csv, 'utf8').trimEnd().split('\n');
  assert.equal(lines[0], 't_ns,id,duration_ns');
  const rows = lines.slice(1).map((l) => l.split(','));
  const by = (id) => rows.filter((r) => r[1] === id).map((r) => ({ t: BigInt(r[0]), d: BigInt(r[2]) }));
  const service = by('step.service');
  const compute = by('step.compute');
  assert.equal(service.length, steps);
  assert.equal(compute.length, steps);
  assert.equal(rows.length, 2 * steps, 'only the two back-end ids');
  for (let i = 0; i < steps; i++) {
    assert.ok(service[i].t >= 0n && compute[i].d >= 0n);
    assert.ok(service[i].d >= compute[i].d, 'service includes compute');
    assert.ok(compute[i].t >= service[i].t, 'compute starts inside service');
  }
  assert.match(s.output(), new RegExp(`${2 * steps} samples written`));
});

test("the server's own floor: each echo answered writes one echo.service row, timed like a step, none for the warm-up's echoes", async (t) => {
  const { csv, s, c } = await timedSession(t);
  const echoes = 12;
  for (let i = 0; i < echoes; i++) {
    c.send('step', { rid: i }); await c.next();
    c.send('echo', { i }); assert.equal(await c.next(), JSON.stringify({ op: 'echo', data: { i } }));
  }
  assert.equal(await s.stop('SIGTERM'), 0);
  const rows = readFileSync(csv, 'utf8').trimEnd().split('\n').slice(1).map((l) => l.split(','));
  const echo = rows.filter((r) => r[1] === 'echo.service');
  assert.equal(echo.length, echoes, 'one row per echo answered (the warm-up session sends echoes too: not logged)');
  assert.equal(rows.filter((r) => r[1] === 'step.service').length, echoes);
  for (const r of echo) assert.ok(Number(r[2]) > 0 && Number(r[2]) < 1e9, `a duration in ns: ${r[2]}`);
  // In time order: each echo after the step before it.
  const times = rows.filter((r) => r[1] !== 'step.compute').map((r) => [r[1], BigInt(r[0])]);
  for (let i = 1; i < times.length; i++) assert.ok(times[i][1] >= times[i - 1][1]);
  assert.deepEqual(times.slice(0, 4).map(([id]) => id), ['step.service', 'echo.service', 'step.service', 'echo.service']);
});

test('the sources type-check (tsc --checkJs with the JSDoc types)', () => {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'collektive-node-server', 'tsconfig.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
});
