// Fuzz target (Jazzer.js convention: `fuzz(bytes)` throws on a finding): the Node ws server's message handling (docs/testing.md, "Fuzzing"), reached through its
// protocol. The server runs in this process (so its main-thread modules are instrumented for coverage) on a
// loopback port, with small budgets so no input can legitimately take long. Each input is one WebSocket message,
// sent on a connection of the server:
//   byte 0 bit 0: send {"op":"createSim",...} first (validation then reaches the simulation's ops);
//   byte 0 bit 1: send the rest as a binary message (a positions buffer or a binary step) instead of text;
//   the rest: the message.
// Then an echo barrier (connections are kept across inputs: see `pool`). A finding: the barrier not answered within BARRIER_MS, the connection closed, a reply that
// is neither a well-formed protocol reply nor the echo of one of the message's lines, more replies than lines, or
// any exception in the server (it would reach the process's handlers).
import { once } from 'node:events';
import WebSocket from 'ws';
import { startServer } from '../../collektive-node-server/src/server.mjs';
import { defaultLimits } from '../../collektive-node-server/src/limits.mjs';
import { parseJsonWithInfinity } from '../../collektive-wasm/src/js/state.mjs';

const BARRIER_MS = 4000;
const LIMITS = {
  ...defaultLimits(), maxNodes: 2000, maxDevices: 100_000, maxSteps: 200, stepTimeBudgetMs: 500, maxSessions: 64,
  maxLinks: 200_000, maxReplyBytes: 4 << 20, maxMessageBytes: 1 << 20,
};
const CREATE = JSON.stringify({ op: 'createSim', data: { nodeCount: 5, maxDistance: 3 } });
const BARRIER = '{"op":"echo","data":{"barrier":true}}';

/** Null when `reply` is a well-formed protocol reply (docs/protocol.md: error, step or hello), else what is wrong. */
function checkReply(reply) {
  if (reply === null || typeof reply !== 'object' || Array.isArray(reply)) return 'a reply that is not an object';
  if ('error' in reply) {
    if (typeof reply.error !== 'string' || reply.error.length === 0) return 'an error reply without a message';
    if (!(reply.op === null || typeof reply.op === 'string')) return 'an error reply whose op is neither null nor a string';
    if ('rid' in reply && !Number.isSafeInteger(reply.rid)) return 'an error reply with a rid out of range';
    return null;
  }
  if (Array.isArray(reply.values)) {
    const bad = reply.values.find((v) => typeof v?.value !== 'number' || !Array.isArray(v.neighbors));
    return bad ? 'a step reply with a malformed entry' : null;
  }
  if (reply.op === 'hello' && reply.limits) return null;
  return 'a reply that is neither an error, a step reply, an echo nor hello';
}

let server;
async function theServer() {
  server ??= await startServer({ port: 0, limits: LIMITS, warmupRounds: 0, warn: () => {} });
  return server;
}

/** Stops the in-process server (after a run). */
export async function stopServer() {
  for (const k of Object.keys(pool)) { pool[k]?.ws.terminate(); pool[k] = null; }
  const s = server;
  server = undefined;
  await s?.close();
}

/**
 * A connection kept across inputs (a fresh one per input would start an engine worker each time: 15 inputs/s).
 * `withSim` connections get a createSim before each input, which resets their simulation; the others must have
 * none, so one is dropped after any input that could have created one.
 */
const pool = { withSim: null, noSim: null };

async function openConnection(port) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
  const conn = { ws, replies: [], closed: null, onBarrier: null };
  ws.on('message', (m, isBinary) => {
    const text = isBinary ? null : m.toString('utf8');
    if (text === BARRIER) conn.onBarrier?.(); else conn.replies.push(isBinary ? { binary: m } : text);
  });
  ws.on('error', () => {});
  ws.on('close', (code) => { conn.closed = code; conn.onBarrier?.(); });
  await once(ws, 'open');
  return conn;
}

/** One input: a message, checked up to the barrier's echo. */
export async function fuzz(data) {
  const { port } = await theServer();
  const bytes = Buffer.from(data);
  const flags = bytes.length ? bytes[0] : 0;
  const body = bytes.subarray(1);
  const kind = flags & 1 ? 'withSim' : 'noSim';
  pool[kind] ??= await openConnection(port);
  const conn = pool[kind];
  conn.replies = [];
  const barrier = new Promise((resolve) => { conn.onBarrier = resolve; });
  let healthy = false;
  try {
    if (flags & 1) conn.ws.send(CREATE);
    const text = body.toString('utf8');
    if (flags & 2) conn.ws.send(body, { binary: true }); else conn.ws.send(text);
    conn.ws.send(BARRIER);
    let timer;
    const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no echo of the barrier within ${BARRIER_MS} ms`)), BARRIER_MS); });
    await Promise.race([barrier, late]).finally(() => clearTimeout(timer));
    if (conn.closed !== null) throw new Error(`the server closed the connection (code ${conn.closed}) on a ${body.length}-byte message`);
    const lines = flags & 2 ? [] : text.split('\n');
    const allowed = (flags & 2 ? 1 : lines.length) + ((flags & 1) ? 1 : 0);
    if (conn.replies.length > Math.min(allowed, 65)) throw new Error(`${conn.replies.length} replies to ${allowed} requests`);
    for (const r of conn.replies) {
      if (typeof r !== 'string') continue; // a binary state (a step with encoding binary)
      if (lines.includes(r)) continue; // an echo
      const problem = checkReply(parseJsonWithInfinity(r));
      if (problem) throw new Error(`${problem}: ${r.slice(0, 300)}`);
    }
    healthy = kind === 'withSim' || !/createSim/i.test(text);
  } finally {
    if (!healthy) { conn.ws.terminate(); pool[kind] = null; }
  }
}
