// One client connection: its own engine, the DESIGN §2 JSON protocol plus the opt-in extensions, error replies.
//
// Requests (a text message holds one JSON object, or several separated by newlines): {"op": OP, "data": {...}}
//   createSim   {nodeCount, maxDistance, program?}    replaces this connection's engine (no reply, as the reference);
//                                                     program "euclidean" (default, the reference's) or "hop"
//   setSource   {nodeId, isSource?=true}              (no reply)
//   clearSources {}                                   (no reply)
//   newPosition {nodeId, x, y, z}                     (no reply)
//   positions   {xyz: [x0,y0,z0, x1,...]}             opt-in batched positions, 3·nodeCount numbers (no reply)
//   step        {rid?, stepCount?=1, encoding?="json", xyz?}
//                                                     reply {"rid","values":[{"value","neighbors"}]} with bare
//                                                     Infinity (rid omitted when absent); xyz = positions first;
//                                                     encoding "binary" replies with one binary message holding
//                                                     the DESIGN §2 state buffer instead
//   echo        anything                              the request text sent back unchanged (transport floor)
//   hello       {}                                    {"op":"hello","server","version","ops","encodings","maxMessageBytes"}
// Op names and extensions match collektive-jvm-server (desktop), so clients speak one dialect.
// A binary message from the client is a batched positions buffer (LE int32 n, n × float64 x, y, z).
// Errors: {"error": message, "op": op|null, "rid"?: rid}; the connection and its engine stay usable.
import { specialNumber, stringifyWithSpecials } from './json-infinity.mjs';

const MAX_NODES = 1_000_000;
/** Error replies per multi-line message; the rest are counted in one closing error (replies stay bounded by input). */
export const MAX_ERRORS_PER_MESSAGE = 64;
const MAX_STEPS = 100_000;
export const OPS = ['createSim', 'setSource', 'newPosition', 'step', 'positions', 'clearSources', 'echo', 'hello'];
export const SERVER = 'collektive-node-server';
export const VERSION = '0.1.0';

export class ProtocolError extends Error {}

/** `{"error", "op", "rid"?}` for a failed request; engine failures are marked as such. */
function errorReply(e, op, rid) {
  const message = e instanceof ProtocolError ? e.message : `engine error: ${e?.message ?? e}`;
  return Number.isInteger(rid) ? { error: message, op, rid } : { error: message, op };
}

const isInt = (v) => Number.isInteger(v);
const fail = (msg) => { throw new ProtocolError(msg); };

/**
 * @param {object} deps
 * @param {() => import('./engine.mjs').Engine} deps.newEngine
 * @param {import('./timing-log.mjs').TimingLog | null} deps.log
 * @param {number} deps.maxMessageBytes  app-level limit: larger messages get an error reply
 * @param {(data: string | Uint8Array) => void} deps.send
 */
export class Session {
  constructor({ newEngine, log, maxMessageBytes, send }) {
    this.newEngine = newEngine;
    this.log = log;
    this.maxMessageBytes = maxMessageBytes;
    this.send = send;
    /** @type {import('./engine.mjs').Engine | null} */
    this.engine = null;
  }

  /**
   * Handles one WebSocket message; `received` is process.hrtime.bigint() taken when it arrived. A text message
   * holds one request, or several separated by newlines: the desktop socket's framing (DESIGN §2, one JSON object
   * per line), so a front-end can hand a frame's requests over in one write as the desktop front-end does. Each
   * line is its own request with its own error reply, and its service time starts when its handling starts.
   */
  onMessage(raw, isBinary, received) {
    const size = raw.byteLength ?? raw.length;
    if (size > this.maxMessageBytes) {
      this.reply({ error: `message of ${size} bytes exceeds the limit of ${this.maxMessageBytes} bytes`, op: null });
      return;
    }
    if (isBinary) {
      try { this.positionsBuffer(raw); } catch (e) { this.reply(errorReply(e, 'positions', null)); }
      return;
    }
    const text = raw.toString('utf8');
    if (!text.includes('\n')) {
      const error = this.request(text, received);
      if (error) this.reply(error);
      return;
    }
    let start = received;
    let failed = 0;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      const error = this.request(line, start);
      if (error && ++failed <= MAX_ERRORS_PER_MESSAGE) this.reply(error);
      if (this.log) start = process.hrtime.bigint(); // the next line's service start (read only when timing)
    }
    if (failed > MAX_ERRORS_PER_MESSAGE) {
      this.reply({ error: `${failed - MAX_ERRORS_PER_MESSAGE} more failed requests in this message (only the first ${MAX_ERRORS_PER_MESSAGE} are reported)`, op: null });
    }
  }

  /** Runs one JSON request (one line of DESIGN §2); returns its error reply, or null when it succeeded. */
  request(text, received) {
    let op = null;
    let rid = null;
    try {
      let msg;
      try { msg = JSON.parse(text); } catch (e) { fail(`malformed JSON: ${e.message}`); }
      if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) fail('a request must be a JSON object {"op", "data"}');
      op = typeof msg.op === 'string' ? msg.op : null;
      if (op === 'echo') { this.send(text); return null; }
      const data = msg.data ?? {};
      if (typeof data !== 'object' || data === null || Array.isArray(data)) fail('"data" must be an object');
      if (data.rid !== undefined) rid = data.rid;
      switch (msg.op) {
        case 'createSim': this.createSim(data); return null;
        case 'setSource': this.setSource(data); return null;
        case 'clearSources': this.requireEngine().clearSources(); return null;
        case 'newPosition': this.newPosition(data); return null;
        case 'positions': this.positions(data.xyz); return null;
        case 'hello':
          this.send(JSON.stringify({ op: 'hello', server: SERVER, version: VERSION, ops: OPS, encodings: ['json', 'binary'], maxMessageBytes: this.maxMessageBytes }));
          return null;
        case 'step': this.step(data, received); return null;
        default: fail(`unknown op ${JSON.stringify(msg.op)}; known: ${OPS.join(', ')}`);
      }
    } catch (e) {
      return errorReply(e, op, rid);
    }
    return null;
  }

  reply(obj) {
    this.send(JSON.stringify(obj));
  }

  requireEngine() {
    return this.engine ?? fail('no simulation: send createSim first');
  }

  nodeId(data) {
    const n = this.requireEngine().nodeCount;
    const id = data.nodeId;
    if (!isInt(id) || id < 0 || id >= n) fail(`nodeId must be an integer in [0, ${n}), got ${JSON.stringify(id)}`);
    return id;
  }

  createSim({ nodeCount, maxDistance, program = 'euclidean' }) {
    if (!isInt(nodeCount) || nodeCount < 1 || nodeCount > MAX_NODES) fail(`nodeCount must be an integer in [1, ${MAX_NODES}], got ${JSON.stringify(nodeCount)}`);
    if (typeof maxDistance !== 'number' || !(maxDistance > 0) || !Number.isFinite(maxDistance)) fail(`maxDistance must be a finite number > 0, got ${JSON.stringify(maxDistance)}`);
    if (program !== 'euclidean' && program !== 'hop') fail(`program must be "euclidean" or "hop", got ${JSON.stringify(program)}`);
    this.close();
    const engine = this.newEngine();
    engine.create(nodeCount, maxDistance, program);
    this.engine = engine;
  }

  setSource(data) {
    const id = this.nodeId(data);
    const flag = data.isSource ?? true;
    if (typeof flag !== 'boolean') fail(`isSource must be a boolean, got ${JSON.stringify(flag)}`);
    this.engine.setSource(id, flag);
  }

  newPosition(data) {
    const id = this.nodeId(data);
    const { x, y, z } = data;
    for (const [k, v] of [['x', x], ['y', y], ['z', z]]) {
      if (typeof v !== 'number' || !Number.isFinite(v)) fail(`${k} must be a finite number, got ${JSON.stringify(v)}`);
    }
    this.engine.updatePosition(id, x, y, z);
  }

  positions(list) {
    const engine = this.requireEngine();
    if (!Array.isArray(list) || list.length !== 3 * engine.nodeCount) {
      fail(`xyz must be an array of 3 × nodeCount = ${3 * engine.nodeCount} numbers`);
    }
    const xyz = Float64Array.from(list);
    for (let i = 0; i < xyz.length; i++) if (!Number.isFinite(xyz[i])) fail(`xyz[${i}] must be a finite number`);
    engine.updatePositions(xyz);
  }

  positionsBuffer(raw) {
    const engine = this.requireEngine();
    const bytes = raw instanceof Uint8Array ? raw : new Uint8Array(raw);
    const n = engine.nodeCount;
    if (bytes.byteLength !== 4 + 24 * n) fail(`binary positions must be 4 + 24 × ${n} bytes, got ${bytes.byteLength}`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (view.getInt32(0, true) !== n) fail(`binary positions count ${view.getInt32(0, true)} != nodeCount ${n}`);
    const xyz = new Float64Array(3 * n);
    for (let i = 0; i < xyz.length; i++) {
      xyz[i] = view.getFloat64(4 + 8 * i, true);
      if (!Number.isFinite(xyz[i])) fail(`binary positions value ${i} is not finite`);
    }
    engine.updatePositions(xyz);
  }

  step(data, received) {
    const engine = this.requireEngine();
    const { rid, stepCount = 1, encoding = 'json', xyz } = data;
    if (rid !== undefined && !isInt(rid)) fail(`rid must be an integer, got ${JSON.stringify(rid)}`);
    if (!isInt(stepCount) || stepCount < 0 || stepCount > MAX_STEPS) fail(`stepCount must be an integer in [0, ${MAX_STEPS}], got ${JSON.stringify(stepCount)}`);
    if (encoding !== 'json' && encoding !== 'binary') fail(`encoding must be "json" or "binary", got ${JSON.stringify(encoding)}`);
    if (xyz !== undefined) this.positions(xyz);
    const c0 = process.hrtime.bigint();
    engine.step(stepCount);
    const c1 = process.hrtime.bigint();
    if (encoding === 'binary') {
      this.send(engine.stateBuffer());
    } else {
      const { values, neighbors } = engine.state();
      const out = new Array(values.length);
      for (let i = 0; i < values.length; i++) out[i] = { value: specialNumber(values[i]), neighbors: neighbors[i] };
      this.send(stringifyWithSpecials(rid === undefined ? { values: out } : { rid, values: out }));
    }
    const s1 = process.hrtime.bigint();
    if (this.log) {
      this.log.add('step.compute', c0, c1);
      this.log.add('step.service', received, s1);
    }
  }

  /** Releases the engine (connection closed, or replaced by createSim). */
  close() {
    if (this.engine) this.engine.destroy();
    this.engine = null;
  }
}
