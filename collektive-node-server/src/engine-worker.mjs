// One session's simulation, in its own worker thread so that its steps never block the server's event loop
// (docs/protocol.md, "Budgets"). The main thread validates requests and sends them here in batches: the commands
// without a reply (createSim, setSource, newPosition, ...) collected since the last batch, then at most one step.
// The step's reply is encoded here (JSON text or the binary state buffer) and transferred without a copy.
import { parentPort, workerData } from 'node:worker_threads';
import { loadFacade } from './engine.mjs';

const facade = await loadFacade(workerData.modulePath);
// The server takes its own timings; the facade's in-memory samples would grow with every step, unbounded.
facade.setTimingEnabled(false);
/** @type {number | null} */
let handle = null;
let nodeCount = 0;
const encoder = new TextEncoder();

/** Rounds run per engine call start at 1 and double while a call takes under this, so the clock is read rarely. */
const CHUNK_MS = 10;

/** Applies one command; throws the engine's error. */
function apply(cmd) {
  switch (cmd[0]) {
    case 'createSim': {
      const created = facade.create(cmd[1], cmd[2], cmd[3]);
      // The engine refuses a round over the link budget before allocating it (all-pairs layouts stay bounded).
      if (facade.setMaxLinks) facade.setMaxLinks(created, Math.min(workerData.maxLinks, 2 ** 31 - 1));
      if (handle !== null) facade.destroy(handle);
      handle = created;
      nodeCount = cmd[1];
      return;
    }
    case 'setSource': facade.setSource(handle, cmd[1], cmd[2]); return;
    case 'clearSources': facade.clearSources(handle); return;
    case 'newPosition': facade.updatePosition(handle, cmd[1], cmd[2], cmd[3], cmd[4]); return;
    case 'positions': facade.updatePositions(handle, cmd[1]); return;
    default: throw new Error(`unknown command ${cmd[0]}`);
  }
}

/** `{"rid":N,"values":[{"value":v,"neighbors":[ids]},...]}`, bare Infinity, as JSON.stringify would spell numbers. */
function stepJson(rid, values, offsets, ids) {
  // String(v) spells finite numbers exactly as JSON.stringify does, and non-finite ones as the bare tokens.
  const parts = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    parts[i] = `{"value":${values[i]},"neighbors":[${ids.subarray(offsets[i], offsets[i + 1]).join(',')}]}`;
  }
  return `{${rid === null ? '' : `"rid":${rid},`}"values":[${parts.join(',')}]}`;
}

function step({ rid, stepCount, encoding, stepTimeBudgetMs, maxLinks, maxReplyBytes }) {
  const c0 = process.hrtime.bigint();
  const deadline = c0 + BigInt(stepTimeBudgetMs) * 1_000_000n;
  let done = 0;
  let chunk = 1;
  while (done < stepCount) {
    const k = Math.min(chunk, stepCount - done);
    const t = process.hrtime.bigint();
    try {
      facade.step(handle, k);
    } catch (e) {
      if (!/link budget/.test(e?.message)) throw e;
      return { c0, c1: process.hrtime.bigint(), error: `${e.message}: over this server's limit ${maxLinks} (maxLinks); the simulation is as before that round`, limit: 'maxLinks' };
    }
    done += k;
    const now = process.hrtime.bigint();
    if (done < stepCount && now > deadline) {
      return { c0, c1: now, error: `step time budget of ${stepTimeBudgetMs} ms exceeded after ${done} of ${stepCount} rounds (stepTimeBudgetMs); the simulation keeps the rounds run`, limit: 'stepTimeBudgetMs' };
    }
    if (now - t < CHUNK_MS * 1_000_000) chunk *= 2;
  }
  const c1 = process.hrtime.bigint();
  if (encoding === 'binary') {
    const bytes = facade.stateBuffer(handle);
    const links = (bytes.byteLength - 4 - 12 * nodeCount) / 4;
    if (links > maxLinks) return { c0, c1, error: `the state has ${links} neighbour links, over this server's limit ${maxLinks} (maxLinks)`, limit: 'maxLinks' };
    if (bytes.byteLength > maxReplyBytes) return { c0, c1, error: `the reply would be ${bytes.byteLength} bytes, over this server's limit ${maxReplyBytes} (maxReplyBytes)`, limit: 'maxReplyBytes' };
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    return { c0, c1, reply: own, binary: true };
  }
  const { values, neighborOffsets, neighborIds } = facade.state(handle);
  const links = neighborOffsets[values.length];
  if (links > maxLinks) return { c0, c1, error: `the state has ${links} neighbour links, over this server's limit ${maxLinks} (maxLinks)`, limit: 'maxLinks' };
  const text = stepJson(rid, values, neighborOffsets, neighborIds);
  // UTF-8 bytes of pure-ASCII text: its length, known before encoding.
  if (text.length > maxReplyBytes) return { c0, c1, error: `the reply would be ${text.length} bytes, over this server's limit ${maxReplyBytes} (maxReplyBytes)`, limit: 'maxReplyBytes' };
  return { c0, c1, reply: encoder.encode(text), binary: false };
}

/**
 * A scripted session run before the worker reports ready (it waits as the server's spare until a createSim takes
 * it), so V8 has optimized the engine and the reply encoding before the first request: every session starts warm,
 * as the JVM server does with its warm-up.
 */
function warmup(rounds) {
  if (rounds <= 0) return;
  const n = 100;
  const xyz = facade.randomPositions(n, 1);
  apply(['createSim', n, 3, 'euclidean']);
  apply(['positions', xyz]);
  apply(['setSource', 0, true]);
  const unbounded = { stepTimeBudgetMs: 60_000, maxLinks: 2 ** 31 - 1, maxReplyBytes: 2 ** 31 - 1 };
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < n; i++) apply(['newPosition', i, xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]]);
    step({ rid: r, stepCount: 1, encoding: r % 8 === 7 ? 'binary' : 'json', ...unbounded });
  }
  facade.destroy(handle);
  handle = null;
  nodeCount = 0;
}

warmup(workerData.warmupRounds ?? 0);

parentPort.on('message', ({ id, commands, step: stepRequest }) => {
  const errors = [];
  for (const cmd of commands) {
    try {
      if (cmd[0] !== 'createSim' && handle === null) throw new Error('no simulation: send createSim first');
      apply(cmd);
    } catch (e) {
      errors.push({ op: cmd[0], error: `engine error: ${e?.message ?? e}` });
    }
  }
  let result = null;
  if (stepRequest) {
    if (handle === null) result = { error: 'no simulation: send createSim first' };
    else {
      try { result = step(stepRequest); } catch (e) { result = { error: `engine error: ${e?.message ?? e}` }; }
    }
  }
  const transfer = result?.reply ? [result.reply.buffer] : [];
  parentPort.postMessage({ id, errors, nodeCount, result }, transfer);
});
parentPort.postMessage({ ready: true });
