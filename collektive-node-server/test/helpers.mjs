// Test helpers: a real server process on an ephemeral loopback port, real ws clients.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(root, 'collektive-node-server', 'src', 'cli.mjs');

/**
 * A path for the server's timing CSV (`--csv`) in a fresh temporary directory, removed with everything in it when
 * test `t` ends, passed or failed: the suite leaves nothing in the temp dir.
 * @param {import('node:test').TestContext} t
 * @returns {string}
 */
export function scratchCsv(t) {
  const dir = mkdtempSync(join(tmpdir(), 'node-server-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'websocket.csv');
}

/** Starts `node cli.mjs --port 0 ...args`; resolves with { port, proc, output(), stop() } once it prints `listening`. */
export async function startServer(args = []) {
  const proc = spawn(process.execPath, [CLI, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60000);
    const check = () => {
      const m = out.match(/listening on ws:\/\/127\.0\.0\.1:(\d+)/);
      if (m) { clearTimeout(timer); proc.stdout.off('data', check); resolve(Number(m[1])); }
    };
    proc.stdout.on('data', check);
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${out}`)); });
  });
  return {
    port,
    proc,
    output: () => out,
    /** @param {NodeJS.Signals} [signal] */
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode !== null) return proc.exitCode;
      proc.kill(signal);
      const [code] = await once(proc, 'exit');
      return code;
    },
  };
}

/** A connected ws client with a queue of received messages. */
export async function connect(port, options = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false, ...options });
  const queue = [];
  const waiters = [];
  ws.on('message', (data, isBinary) => {
    const msg = isBinary ? new Uint8Array(/** @type {Buffer} */ (data)) : data.toString('utf8');
    const w = waiters.shift();
    if (w) w(msg); else queue.push(msg);
  });
  await once(ws, 'open');
  return {
    ws,
    send: (op, data) => ws.send(JSON.stringify({ op, data })),
    raw: (text) => ws.send(text),
    /** Next message (text as string, binary as Uint8Array); rejects after `ms`. */
    next(ms = 5000) {
      if (queue.length) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message within timeout')), ms);
        waiters.push((m) => { clearTimeout(timer); resolve(m); });
      });
    },
    close: () => ws.close(),
  };
}

/** The neighbour list of every node of an EngineState (collektive-wasm/src/js/state.mjs), for readable assertions. */
export const neighborLists = (state) => Array.from({ length: state.nodeCount },
  (_, i) => [...state.neighborIds.subarray(state.neighborOffsets[i], state.neighborOffsets[i + 1])]);

/** Devices on a square grid 2.5 apart (maxDistance 3: up to 4 neighbours each). */
export function grid(n) {
  const side = Math.ceil(Math.sqrt(n));
  const xyz = [];
  for (let i = 0; i < n; i++) xyz.push(2.5 * (i % side), 2.5 * Math.floor(i / side), 0);
  return xyz;
}

/**
 * Echo round trips of one client, one after another, until `stop()`; resolves with their times in ms. This is
 * what another session sees while something heavy runs.
 */
export function echoLoop(c) {
  let running = true;
  const done = (async () => {
    const times = [];
    while (running) {
      const t0 = performance.now();
      c.raw('{"op":"echo"}');
      assert.equal(await c.next(10_000), '{"op":"echo"}');
      times.push(performance.now() - t0);
      await sleep(10);
    }
    return times;
  })();
  return { stop: () => { running = false; return done; } };
}
