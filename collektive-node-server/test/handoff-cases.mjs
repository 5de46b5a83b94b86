// The cases of handoff-*.test.mjs: where a session's simulation runs and how its batches cross (src/handoff.mjs,
// src/engine.mjs, `--handoff`); every choice keeps the guarantees of docs/protocol.md ("Budgets", "Process"). Real server processes on loopback, real ws
// clients: 16 pipelining clients get every reply in order with the right content (including batches and replies too
// large for the shared area, and error results); a long step is stopped by the step budget while another client's
// echo stays under 100 ms; a worker out of heap ends alone; SIGTERM during a long step exits at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeStateBuffer, encodeStepBuffer, parseJsonWithInfinity } from '../../collektive-wasm/src/js/state.mjs';
import { connect, echoLoop, startServer } from './helpers.mjs';


/** Devices on a line 2 apart (maxDistance 3: each sees its two neighbours), shifted by `dx`. */
const line = (n, dx = 0) => Array.from({ length: n }, (_, i) => [2 * i + dx, 0, 0]).flat();


/** The cases for one `--handoff` value (one test file each, so each stays within the suite's per-file timeout). */
export function handoffTests(handoff) {
  test(`${handoff}: 16 clients pipelining 80 frames each get every reply in order, with the right content`, async (t) => {
    // atomics without the reply spin: every reply through Atomics.waitAsync, the path where a late wake-up could
    // deliver the previous batch's reply again.
    const s = await startServer(['--handoff', handoff, '--max-links', '40000', ...(handoff === 'atomics' ? ['--reply-spin-us', '0'] : [])]);
    try {
      const clients = await Promise.all(Array.from({ length: 16 }, () => connect(s.port)));
      const t0 = performance.now();
      await Promise.all(clients.map(async (c, k) => {
        const n = 5 + k; // each client its own size, so a reply crossing sessions would show
        c.send('createSim', { nodeCount: n, maxDistance: 3 });
        c.send('positions', { xyz: line(n) });
        c.send('setSource', { nodeId: 0 });
        const expected = [];
        for (let i = 0; i < 80; i++) {
          // A frame as one message: N newPosition lines and a step; every 7th a binary step, every 11th an echo,
          // every 13th a step with a bad stepCount (an error reply in its place).
          const lines = [];
          for (let d = 0; d < n; d++) lines.push(JSON.stringify({ op: 'newPosition', data: { nodeId: d, x: 2 * d, y: i % 3, z: 0 } }));
          if (i % 13 === 12) { lines.push(JSON.stringify({ op: 'step', data: { rid: i, stepCount: -1 } })); expected.push({ error: i }); }
          else if (i % 7 === 6) { lines.push(JSON.stringify({ op: 'step', data: { rid: i, encoding: 'binary' } })); expected.push({ binary: i }); }
          else { lines.push(JSON.stringify({ op: 'step', data: { rid: i } })); expected.push({ json: i }); }
          if (i % 11 === 10) { lines.push(`{"op":"echo","data":${i}}`); expected.push({ echo: i }); }
          c.raw(lines.join('\n'));
        }
        for (const e of expected) {
          const m = await c.next(60_000);
          if (e.binary !== undefined) {
            assert.ok(m instanceof Uint8Array, `client ${k}: binary reply for step ${e.binary}`);
            const state = decodeStateBuffer(m);
            assert.equal(state.nodeCount, n);
            assert.equal(state.values[0], 0, 'the source');
            // The gradient advances one hop per round: after 2n frames it has reached the far end, 2 per hop.
            if (e.binary >= 2 * n) assert.equal(state.values[n - 1], 2 * (n - 1), 'the far end');
          } else if (e.json !== undefined) {
            const r = parseJsonWithInfinity(m);
            assert.equal(r.rid, e.json, `client ${k}: replies in order`);
            assert.equal(r.values.length, n, `client ${k}: its own simulation`);
            assert.deepEqual(r.values[1].neighbors, [0, 2]);
          } else if (e.error !== undefined) {
            const r = JSON.parse(m);
            assert.equal(r.rid, e.error);
            assert.match(r.error, /stepCount/);
          } else {
            assert.equal(m, `{"op":"echo","data":${e.echo}}`);
          }
        }
      }));
      t.diagnostic(`${handoff}: 16 × 80 frames in ${(performance.now() - t0).toFixed(0)} ms`);
      for (const c of clients) c.close();
    } finally { assert.equal(await s.stop(), 0); }
  });

  test(`${handoff}: every simulation runs the program its createSim named, with its parameters, on either side of the inline limit`, async () => {
    const s = await startServer(['--handoff', handoff]);
    try {
      const c = await connect(s.port);
      // On a line of n devices (each sees its two neighbours) after 2n rounds: gossipMax gives every device the
      // largest id; countDevices gives the source n; boundedElection with bound 2 elects a leader within 2 hops.
      for (const n of [40, 300]) {
        for (const [program, check] of /** @type {[string, (values: number[]) => void][]} */ ([
          ['gossipMax', (v) => assert.deepEqual(new Set(v), new Set([n - 1]))],
          ['countDevices', (v) => assert.equal(v[0], n)],
          ['boundedElection:bound=2', (v) => assert.ok(v.every((leader, i) => Math.abs(leader - i) <= 2) && v.some((leader, i) => leader !== i))],
        ])) {
          c.send('createSim', { nodeCount: n, maxDistance: 3, program });
          c.send('positions', { xyz: line(n) });
          c.send('setSource', { nodeId: 0 });
          c.send('step', { rid: n, stepCount: 2 * n });
          const r = parseJsonWithInfinity(await c.next(30_000));
          assert.equal(r.rid, n, `${program}, ${n} devices: ${JSON.stringify(r).slice(0, 200)}`);
          check(r.values.map((x) => x.value));
        }
      }
      c.close();
    } finally { assert.equal(await s.stop(), 0); }
  });

  test(`${handoff}: batches, replies and errors too large for the shared area keep their order and content`, async () => {
    const s = await startServer(['--handoff', handoff]);
    try {
      const c = await connect(s.port);
      const n = 40_000; // positions: 120 000 doubles, over the request area; the JSON reply over the reply area
      c.send('createSim', { nodeCount: n, maxDistance: 3 });
      c.send('positions', { xyz: line(n) });
      c.send('setSource', { nodeId: 0 });
      c.send('step', { rid: 1, stepCount: 0 });
      c.send('step', { rid: 2, stepCount: 1, xyz: line(n, 1) });
      c.send('step', { rid: 3, stepCount: 1, encoding: 'binary' });
      c.send('createSim', { nodeCount: 3000, maxDistance: 3 }); // all at the origin: over maxLinks
      c.send('step', { rid: 4, stepCount: 1 });
      c.send('positions', { xyz: line(3000) });
      c.send('step', { rid: 5, stepCount: 1 });
      // Small again (inline: back on the event loop), with a command collected for the large one before it.
      c.send('setSource', { nodeId: 1 });
      c.send('createSim', { nodeCount: 10, maxDistance: 3 });
      c.send('positions', { xyz: line(10) });
      c.send('setSource', { nodeId: 9 });
      c.send('step', { rid: 6, stepCount: 20 });
      const r1 = parseJsonWithInfinity(await c.next(30_000));
      assert.equal(r1.rid, 1);
      assert.equal(r1.values.length, n);
      const r2 = parseJsonWithInfinity(await c.next(30_000));
      assert.equal(r2.rid, 2);
      assert.deepEqual(r2.values[5].neighbors, [4, 6]);
      const r3 = decodeStateBuffer(await c.next(30_000));
      assert.equal(r3.nodeCount, n);
      const r4 = JSON.parse(await c.next(30_000));
      assert.equal(r4.rid, 4);
      assert.equal(r4.limit, 'maxLinks');
      const r5 = parseJsonWithInfinity(await c.next(30_000));
      assert.equal(r5.rid, 5);
      assert.equal(r5.values.length, 3000);
      const r6 = parseJsonWithInfinity(await c.next(30_000));
      assert.equal(r6.rid, 6);
      assert.deepEqual(r6.values.map((v) => v.value), [18, 16, 14, 12, 10, 8, 6, 4, 2, 0]);
      c.close();
    } finally { assert.equal(await s.stop(), 0); }
  });

  test(`${handoff}: binary steps sent back to back, small, past the inline limit and over the shared area, each step on its own positions`, async () => {
    const s = await startServer(['--handoff', handoff]);
    try {
      for (const [n, messages] of [[10, 12], [300, 6], [30_000, 3]]) {
        const c = await connect(s.port);
        c.send('createSim', { nodeCount: n, maxDistance: 3 });
        c.send('setSource', { nodeId: 0 });
        // Devices on a line, 2 apart in even messages (each sees its two neighbours), 4 apart in odd ones (none): every
        // reply shows the positions of its own message, which the server may have read in one chunk with the others.
        for (let i = 0; i < messages; i++) {
          const spacing = i % 2 ? 4 : 2;
          c.ws.send(encodeStepBuffer(i, Array.from({ length: n }, (_, d) => [spacing * d, 0, 0]).flat()));
        }
        for (let i = 0; i < messages; i++) {
          const m = await c.next(60_000);
          assert.ok(m instanceof Uint8Array, `n = ${n}, message ${i}: a binary state, got ${String(m).slice(0, 200)}`);
          const state = decodeStateBuffer(m);
          assert.equal(state.nodeCount, n);
          const far = state.neighborOffsets[n] - state.neighborOffsets[n - 1];
          assert.equal(state.neighborOffsets[n], i % 2 ? 0 : 2 * (n - 1), `n = ${n}, message ${i}: the links of its own positions`);
          assert.equal(far, i % 2 ? 0 : 1);
        }
        c.close();
      }
    } finally { assert.equal(await s.stop(), 0); }
  });

  test(`${handoff}: a long step is stopped by the step budget while another client's echo stays under 100 ms; SIGTERM during one exits at once`, async (t) => {
    const s = await startServer(['--handoff', handoff, '--step-time-budget', '1500']);
    try {
      const a = await connect(s.port);
      const b = await connect(s.port);
      // inline: a simulation small enough to run on the event loop, its rounds in slices between other requests.
      const n = handoff === 'inline' ? 200 : 1000;
      a.send('createSim', { nodeCount: n, maxDistance: 3 });
      a.send('positions', { xyz: line(n) });
      b.send('createSim', { nodeCount: 10, maxDistance: 3 });
      const echoes = echoLoop(b);
      const t0 = performance.now();
      a.send('step', { rid: 1, stepCount: 100_000 });
      const reply = JSON.parse(await a.next(30_000));
      const ms = performance.now() - t0;
      const times = await echoes.stop();
      t.diagnostic(`${handoff}: ${JSON.stringify(reply)} after ${ms.toFixed(0)} ms; other client's echo max ${Math.max(...times).toFixed(1)} ms over ${times.length}`);
      assert.equal(reply.limit, 'stepTimeBudgetMs');
      assert.equal(reply.rid, 1);
      assert.ok(ms < 3500, `budget 1500 ms, answered after ${ms.toFixed(0)} ms`);
      assert.ok(times.length > 20, `${times.length} echoes during the step`);
      assert.ok(Math.max(...times) < 100, `slowest echo ${Math.max(...times).toFixed(1)} ms`);
      // The other client's simulation still steps.
      b.send('step', { rid: 9 });
      assert.equal(parseJsonWithInfinity(await b.next()).rid, 9);
      a.send('step', { rid: 2, stepCount: 100_000 });
      await sleep(300);
      const t1 = performance.now();
      const code = await s.stop('SIGTERM');
      const stopMs = performance.now() - t1;
      t.diagnostic(`${handoff}: SIGTERM during a step: exit ${code} after ${stopMs.toFixed(0)} ms`);
      assert.equal(code, 0);
      assert.ok(stopMs < 1000, `exited after ${stopMs.toFixed(0)} ms`);
    } finally { await s.stop(); }
  });

  test(`${handoff}: a worker out of heap ends alone: its client gets engineHeapMb, another client and the server go on`, async (t) => {
    const s = await startServer(['--handoff', handoff, '--engine-heap-mb', '48', '--max-nodes', '1000000', '--max-devices', '2000000']);
    try {
      const victim = await connect(s.port);
      const bystander = await connect(s.port);
      bystander.send('createSim', { nodeCount: 10, maxDistance: 3 });
      bystander.send('step', { rid: 1 });
      assert.equal(parseJsonWithInfinity(await bystander.next()).rid, 1);
      victim.send('createSim', { nodeCount: 1_000_000, maxDistance: 3 });
      victim.send('step', { rid: 1, stepCount: 1 });
      const oom = JSON.parse(await victim.next(60_000));
      t.diagnostic(`${handoff}: ${JSON.stringify(oom)}`);
      assert.equal(oom.limit, 'engineHeapMb');
      assert.equal(oom.rid, 1);
      victim.send('step', { rid: 2 });
      assert.match(JSON.parse(await victim.next()).error, /createSim/, 'the simulation was discarded');
      bystander.send('step', { rid: 2 });
      assert.equal(parseJsonWithInfinity(await bystander.next()).rid, 2);
      // The victim starts again with a fresh worker.
      victim.send('createSim', { nodeCount: 10, maxDistance: 3 });
      victim.send('step', { rid: 3 });
      assert.equal(parseJsonWithInfinity(await victim.next(30_000)).rid, 3);
      assert.equal(s.proc.exitCode, null, 'server still running');
      victim.close(); bystander.close();
    } finally { assert.equal(await s.stop(), 0); }
  });
}

