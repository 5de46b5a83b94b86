// The entry points of the one engine, each behind `run(ops) → replies`, so the differential test applies one
// operation sequence (ops.mjs) to all of them and compares the replies (docs/testing.md, "Differential"):
//   abi  — the Kotlin/Native C ABI (libsimple_gradient.so) through a small C driver (abi_driver.c);
//   jvm  — the Kotlin/JVM server over loopback TCP, node — the Node ws server (both from ../conformance/servers.mjs;
//          binary positions: the JVM stream's frame, Node's binary message);
//   wasm, js — the Kotlin/Wasm and Kotlin/JS builds behind the facade (collektive-wasm/src/js/engine.mjs).
// A reply is 'ok' (a silent op that worked), 'state:<canonical state>' (a step) or 'error:<kind>', kind one of
// invalid (bad argument), no-sim (no simulation / invalid handle), limit:<budget>. The canonical state writes
// values as their IEEE-754 bits, so equal replies mean bit-for-bit equal states.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { compileC, build as nativeBuild } from '../../collektive-native/test/c-build.mjs';
import { decodeStateBuffer, parseJsonWithInfinity, stateFromJsonValues } from '../../collektive-wasm/src/js/state.mjs';
import { loadJsEngine, loadWasmEngine } from '../../collektive-wasm/src/js/engine.mjs';
import { SERVERS, binaryPositions, root } from '../conformance/servers.mjs';

const bitsView = new DataView(new ArrayBuffer(8));
export const hexBits = (v) => { bitsView.setFloat64(0, v); return bitsView.getBigUint64(0).toString(16).padStart(16, '0'); };

/** 'state:' + per device "<value bits> <k> <ids...>", the same text the C driver prints. */
export function canonicalState({ nodeCount, values, neighborOffsets, neighborIds }) {
  const parts = [String(nodeCount)];
  for (let i = 0; i < nodeCount; i++) {
    const ids = Array.from(neighborIds.subarray(neighborOffsets[i], neighborOffsets[i + 1]));
    parts.push(hexBits(values[i]), String(ids.length), ...ids.map(String));
  }
  return `state:${parts.join(' ')}`;
}

/** The error kind of a server's error reply (docs/protocol.md, "Error reply"). */
function serverErrorKind(reply) {
  if (reply.limit) return `error:limit:${reply.limit}`;
  if (/no simulation/.test(reply.error)) return 'error:no-sim';
  return 'error:invalid';
}

/** The error kind of an ABI error code (collektive-native/README.md, "Errors"). */
const ABI_KINDS = { 1: 'error:no-sim', 2: 'error:invalid', 5: 'error:limit' };

// ---- C ABI ------------------------------------------------------------------------------------------------

/** Compiles the driver once per process (gcc, as the native-abi suite does). */
let driverPath;
function abiDriver() {
  if (!driverPath) {
    const dir = join(tmpdir(), `collektive-differential-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    driverPath = compileC(join(root, 'scripts', 'differential', 'abi_driver.c'), join(dir, 'abi_driver'));
  }
  return driverPath;
}

async function abiTarget() {
  // Run in the driver's directory: the library's default timing CSV (native.csv) must not land in the checkout.
  const proc = spawn(abiDriver(), [], { cwd: dirname(abiDriver()), stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, LD_LIBRARY_PATH: nativeBuild } });
  const lines = createInterface({ input: proc.stdout });
  const pending = [];
  lines.on('line', (l) => pending.shift()?.(l));
  const ask = (cmd) => new Promise((resolve) => { pending.push(resolve); proc.stdin.write(`${cmd}\n`); });
  const bits = (v) => hexBits(v);
  return {
    name: 'abi',
    async run(ops) {
      let h = -1; let n = 0; let live = false;
      const answer = (l) => (l === 'ok' ? 'ok' : l.startsWith('e ') ? (ABI_KINDS[l.slice(2)] ?? `error:code${l.slice(2)}`) : `driver:${l}`);
      const replies = [];
      for (const op of ops) {
        switch (op.op) {
          case 'create': {
            const l = await ask(`create ${op.n} ${bits(op.d)} ${op.program === 'hop' ? 1 : 0}`);
            if (l.startsWith('h ')) {
              if (live) await ask(`destroy ${h}`);
              h = Number(l.slice(2)); n = op.n; live = true; replies.push('ok');
            } else replies.push(answer(l));
            break;
          }
          case 'destroy':
            if (live) await ask(`destroy ${h}`); // the handle stays stale: later ops must see no simulation
            live = false;
            replies.push('ok');
            break;
          case 'source': replies.push(answer(await ask(`source ${h} ${op.node} ${op.on ? 1 : 0}`))); break;
          case 'clear': replies.push(answer(await ask(`clear ${h}`))); break;
          case 'pos': replies.push(answer(await ask(`pos ${h} ${op.node} ${bits(op.x)} ${bits(op.y)} ${bits(op.z)}`))); break;
          case 'positions': replies.push(answer(await abiPositions(op.xyz))); break;
          case 'step': {
            if (op.xyz && op.rounds >= 0) { // a step that fails validation changes nothing (docs/protocol.md)
              const l = await abiPositions(op.xyz);
              if (l !== 'ok') { replies.push(answer(l)); break; }
            }
            const l = await ask(`step ${h} ${op.rounds} ${n} ${op.encoding === 'binary' ? 1 : 0}`);
            replies.push(l.startsWith('s ') ? `state:${l.slice(2)}` : answer(l));
            break;
          }
          default: throw new Error(`unknown op ${op.op}`);
        }
      }
      if (live) await ask(`destroy ${h}`);
      return replies;
      // An array that is not 3 × k long cannot be described to update_positions: -1 devices, an invalid argument.
      function abiPositions(xyz) {
        const count = xyz.length % 3 === 0 ? xyz.length / 3 : -1;
        return ask(`positions ${h} ${count} ${xyz.length} ${xyz.map(bits).join(' ')}`);
      }
    },
    async close() { proc.stdin.end(); await once(proc, 'exit'); },
  };
}

// ---- the two servers --------------------------------------------------------------------------------------

/** The protocol request of one op (docs/protocol.md); null for `destroy` (a new connection instead). */
function request(op, rid) {
  switch (op.op) {
    case 'create': return { op: 'createSim', data: { nodeCount: op.n, maxDistance: op.d, program: op.program } };
    case 'source': return { op: 'setSource', data: { nodeId: op.node, isSource: op.on } };
    case 'clear': return { op: 'clearSources' };
    case 'pos': return { op: 'newPosition', data: { nodeId: op.node, x: op.x, y: op.y, z: op.z } };
    case 'positions': return { op: 'positions', data: { xyz: op.xyz } };
    case 'step': return { op: 'step', data: { rid, stepCount: op.rounds, encoding: op.encoding, ...(op.xyz ? { xyz: op.xyz } : {}) } };
    default: throw new Error(`unknown op ${op.op}`);
  }
}

/**
 * JSON text of a request. JSON.stringify writes non-finite numbers as null, which the servers reject like a
 * missing value; the bare tokens are written instead, so the servers see what a careless client sends.
 */
const BARE = { [Infinity]: 'Infinity', [-Infinity]: '-Infinity', NaN: 'NaN' };
function requestText(req) {
  return JSON.stringify(req, (k, v) => (typeof v === 'number' && !Number.isFinite(v) ? `\u0000${BARE[v]}\u0000` : v))
    .replace(/"\u0000([^\u0000]*)\u0000"/g, '$1');
}

/**
 * Binary positions in the server's own form (servers.mjs binaryPositions), or null: a frame carries whole devices
 * (its count says where it ends), so an array that is not 3 × k long goes to the JVM as JSON.
 */
const binaryOrNull = (transport, xyz) => (transport !== 'ws' && xyz.length % 3 !== 0 ? null : binaryPositions(transport, xyz));

/** A reply later than this is a finding (a step here is at most 4 rounds of at most 40 devices: microseconds). */
const REPLY_TIMEOUT_MS = 10000;

async function serverTarget(spec) {
  const server = await spec.start();
  let rid = 0;
  return {
    name: spec.name,
    server,
    async run(ops) {
      const replies = [];
      let client = await server.connect();
      // Each op is followed by an echo: the replies up to that echo's are the op's (a silent op that worked has none).
      const barrier = (i) => client.raw(JSON.stringify({ op: 'echo', data: { barrier: i } }));
      let sent = []; // [op index, rid] since the last flush
      const flush = async () => {
        for (const [i, r] of sent) {
          const got = [];
          for (;;) {
            const m = await client.next(REPLY_TIMEOUT_MS).catch((e) => {
              throw new Error(`${spec.name}: op ${i} (${JSON.stringify(ops[i]).slice(0, 300)}): ${e.message}`);
            });
            if (typeof m === 'string' && m.includes('"barrier"')) {
              const b = JSON.parse(m).data.barrier;
              if (b !== i) throw new Error(`${spec.name}: barrier ${b} where ${i} was expected`);
              break;
            }
            got.push(m);
          }
          replies[i] = serverReply(ops[i], r, got);
        }
        sent = [];
      };
      for (const [i, op] of ops.entries()) {
        if (op.op === 'destroy') {
          await flush();
          client.close();
          await client.closed;
          client = await server.connect();
          replies[i] = 'ok';
          continue;
        }
        const r = rid++;
        const binary = op.op === 'positions' && op.binary ? binaryOrNull(spec.transport, op.xyz) : null;
        if (binary) client.rawBinary(binary);
        else client.raw(requestText(request(op, r)));
        barrier(i);
        sent.push([i, r]);
        if (sent.length >= 64) await flush();
      }
      await flush();
      client.close();
      await client.closed;
      return replies;
    },
    async close() { await server.stop(); },
  };
}

/** One op's replies (before its barrier) as one reply string. */
function serverReply(op, rid, got) {
  if (got.length === 0) return op.op === 'step' ? 'missing:no step reply' : 'ok';
  if (got.length > 1) return `extra:${got.length} replies: ${got.map((m) => (typeof m === 'string' ? m : '<binary>')).join(' | ').slice(0, 300)}`;
  const [m] = got;
  if (typeof m !== 'string') {
    if (op.op !== 'step' || op.encoding !== 'binary') return 'unexpected:binary reply';
    if (m.rid !== undefined && m.rid !== rid) return `rid:${m.rid} for ${rid}`;
    return canonicalState(decodeStateBuffer(m.binary));
  }
  const reply = /** @type {any} */ (parseJsonWithInfinity(m));
  if (reply.error !== undefined) {
    if (op.op === 'step' && reply.rid !== rid) return `rid:error reply has rid ${reply.rid} for ${rid}`;
    return serverErrorKind(reply);
  }
  if (op.op !== 'step') return `unexpected:${m.slice(0, 200)}`;
  if (reply.rid !== rid) return `rid:${reply.rid} for ${rid}`;
  if (op.encoding === 'binary') return `unexpected:JSON reply to a binary step: ${m.slice(0, 200)}`;
  return canonicalState(stateFromJsonValues(reply.values));
}

// ---- the facade (Kotlin/Wasm, Kotlin/JS) ------------------------------------------------------------------

async function facadeTarget(name, engine) {
  return {
    name,
    async run(ops) {
      let h = -1; let live = false;
      const replies = [];
      const attempt = (fn) => {
        try { const r = fn(); return r === undefined ? 'ok' : r; } catch (e) { return /invalid handle/.test(e.message) ? 'error:no-sim' : 'error:invalid'; }
      };
      for (const op of ops) {
        switch (op.op) {
          case 'create':
            replies.push(attempt(() => {
              const created = engine.create(op.n, op.d, op.program);
              if (live) engine.destroy(h);
              h = created; live = true;
            }));
            break;
          case 'destroy':
            if (live) engine.destroy(h); // the handle stays stale: later ops must see no simulation
            live = false;
            replies.push('ok');
            break;
          case 'source': replies.push(attempt(() => { engine.setSource(h, op.node, op.on); })); break;
          case 'clear': replies.push(attempt(() => { engine.clearSources(h); })); break;
          case 'pos': replies.push(attempt(() => { engine.updatePosition(h, op.node, op.x, op.y, op.z); })); break;
          case 'positions': replies.push(attempt(() => { engine.updatePositions(h, op.xyz); })); break;
          case 'step':
            replies.push(attempt(() => {
              if (op.xyz && op.rounds >= 0) engine.updatePositions(h, op.xyz); // as in abiTarget
              if (op.encoding === 'binary') return canonicalState(decodeStateBuffer(engine.stepAndGetStateBuffer(h, op.rounds)));
              return canonicalState(engine.stepAndGetState(h, op.rounds));
            }));
            break;
          default: throw new Error(`unknown op ${op.op}`);
        }
      }
      if (live) engine.destroy(h);
      return replies;
    },
    async close() {},
  };
}

/** Every target, started (servers as processes on loopback). `names` picks some. */
export async function startTargets(names = ['abi', 'jvm', 'node', 'wasm', 'js']) {
  const makers = {
    abi: abiTarget,
    jvm: () => serverTarget(SERVERS.find((s) => s.name === 'jvm')),
    node: () => serverTarget(SERVERS.find((s) => s.name === 'node')),
    wasm: async () => facadeTarget('wasm', await loadWasmEngine()),
    js: async () => facadeTarget('js', await loadJsEngine()),
  };
  const targets = [];
  try {
    for (const name of names) targets.push(await makers[name]());
  } catch (e) {
    await Promise.all(targets.map((t) => t.close()));
    throw e;
  }
  return targets;
}
