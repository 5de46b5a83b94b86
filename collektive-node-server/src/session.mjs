// One client connection: the protocol of docs/protocol.md over one WebSocket, with its simulation in a worker
// thread or on the event loop (src/engine.mjs). The protocol's rules are not written here: each request, once
// JSON.parse has read it, is read by the Kotlin servers' own RequestReader (collektive-protocol, compiled to
// Kotlin/JS: build step protocol-js), which answers the command for the engine or the refusal, in the Kotlin
// servers' words. This file is the transport around it: messages and their lines, the order of requests, the
// budgets shared by connections, the hand-off to the engine, back-pressure, and the binary messages of the Node
// server (docs/protocol.md, "Binary messages (Node)"), whose headers it reads before the reader checks their
// step and positions.
//
// Requests are handled strictly in order, one at a time. Requests without a reply (createSim, setSource,
// newPosition, positions, clearSources, binary positions) are read here and collected; a step sends them and
// itself to the worker in one message, so a frame of N newPosition requests and a step crosses threads once.
// While a step runs, later requests wait in the inbox; the inbox and the unsent replies are bounded (the
// transport stops reading this connection past them: back-pressure, docs/protocol.md "Budgets").
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EngineLost } from './engine.mjs';
import { PARSE_IN_PLACE_CHARS } from './parser.mjs';

/**
 * The Kotlin/JS export of collektive-protocol's RequestReader (collektive-protocol/src/jsMain). `read`,
 * `positions` and `binaryStep` answer a command array for the engine (`["newPosition", nodeId, x, y, z]`, `["step", rid, stepCount,
 * encoding, xyz]`, …) or a refusal `["error", message, op, rid, limit]`.
 * @typedef {object} ProtocolReader
 * @property {(parsed: unknown, nodeCount: number) => Array<any>} read  a request as JSON.parse made it
 * @property {(op: string, xyz: Float64Array, nodeCount: number) => Array<any>} positions  a binary message's coordinates
 * @property {(rid: number, stepCount: number, xyz: Float64Array | null, nodeCount: number) => Array<any>} binaryStep
 *   a binary step frame's header fields (rid −1: none) and coordinates
 * @property {(limit: number) => Array<any>} maxSessions  the refusal of a createSim past maxSessions
 * @property {(nodeCount: number, total: number, limit: number) => Array<any>} maxDevices  past maxDevices
 * @property {string[]} ops
 */
export const PROTOCOL_MODULE = process.env.COLLEKTIVE_JS_PROTOCOL_MODULE
  ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'collektive-protocol', 'build', 'js', 'collektive-protocol.mjs');
/** @type {{ ProtocolReader: new (maxNodes: number, maxSteps: number) => ProtocolReader }} */
const protocol = await import(pathToFileURL(PROTOCOL_MODULE).href).catch((e) => {
  throw new Error(`cannot load the protocol reader ${PROTOCOL_MODULE} (build it: node scripts/build.mjs protocol-js): ${e.message}`);
});

/** Error replies per multi-line message; the rest are counted in one closing error (replies stay bounded by input). */
export const MAX_ERRORS_PER_MESSAGE = 64;
/** Collected commands sent to the worker without waiting for a step, so the batch stays bounded. */
const MAX_BATCH = 4096;
/** Largest rid: every JSON reader holds integers up to 2^53 − 1 exactly (docs/protocol.md, "Validation"). */
export const MAX_RID = Number.MAX_SAFE_INTEGER;
export const SERVER = 'collektive-node-server';
export const VERSION = '0.3.0';

/** A binary message refused by its Node-only header (docs/protocol.md, "Binary messages (Node)"). */
class HeaderError extends Error {}
const fail = (msg) => { throw new HeaderError(msg); };
/** A binary step's first int32 (a positions buffer's is its count, never negative), and its header's size. */
const STEP_MARKER = -1;
const STEP_HEADER_BYTES = 24;
const readInt32 = (bytes, at) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt32(at, true);
/**
 * `count` little-endian float64s of `bytes` from `at`, copied into an array of their own: never a view, whose buffer
 * is the one ws read the message into (other messages may share it), and which a hand-off would transfer.
 */
function float64s(bytes, at, count) {
  const xyz = new Float64Array(count);
  if (LITTLE_ENDIAN) {
    new Uint8Array(xyz.buffer).set(bytes.subarray(at, at + 8 * count));
    return xyz;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < count; i++) xyz[i] = view.getFloat64(at + 8 * i, true);
  return xyz;
}
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * `{"error", "op", "rid"?, "limit"?}` (docs/protocol.md, "Error reply").
 * @param {string} message @param {string | null} op @param {number | null} [rid] @param {string | null} [limit]
 */
function errorReply(message, op, rid, limit) {
  /** @type {Record<string, unknown>} */
  const reply = { error: message, op };
  if (rid !== null && rid !== undefined) reply.rid = rid;
  if (limit) reply.limit = limit;
  return reply;
}
/** The error reply of the reader's refusal `["error", message, op, rid, limit]`. */
const refusal = (r) => errorReply(r[1], r[2], r[3], r[4]);

/**
 * Server-wide counters shared by every session (budgets summed over connections).
 * @typedef {object} Shared
 * @property {number} sessions  connections holding a worker
 * @property {number} devices  nodeCount summed over sessions
 * @property {number} inputBytes  queued (and, counted by the server, partly received) input bytes
 */

/**
 * @typedef {object} Transport
 * @property {(data: string | Uint8Array, binary: boolean, done: () => void) => void} send
 * @property {() => number} bufferedAmount  bytes handed to the socket and not yet sent
 * @property {() => void} pause  stop reading the connection
 * @property {() => void} resume
 */

export class Session {
  /**
   * @param {object} deps
   * @param {import('./limits.mjs').Limits} deps.limits
   * @param {Shared} deps.shared
   * @param {Transport} deps.transport
   * @param {import('./timing-log.mjs').TimingLog | null} [deps.log]
   * @param {(nodeCount: number) => import('./engine.mjs').EngineWorker | import('./engine.mjs').InlineEngine} deps.newWorker
   *   the engine for a simulation of nodeCount devices (its own worker, or the event loop: src/engine.mjs)
   * @param {(nodeCount: number) => boolean} [deps.inlineFor]  whether a simulation of nodeCount devices runs inline
   * @param {() => void} [deps.onSimulationEnd]  its engine has ended
   * @param {import('./parser.mjs').Parser | null} [deps.parser]  parses large requests off the event loop
   */
  constructor({ limits, shared, transport, log = null, newWorker, inlineFor = () => false, onSimulationEnd = () => {}, parser = null }) {
    this.inlineFor = inlineFor;
    this.parser = parser;
    this.onSimulationEnd = onSimulationEnd;
    this.limits = limits;
    this.shared = shared;
    this.transport = transport;
    this.log = log;
    this.newWorker = newWorker;
    this.reader = new protocol.ProtocolReader(limits.maxNodes, limits.maxSteps);
    /** @type {import('./engine.mjs').EngineWorker | import('./engine.mjs').InlineEngine | null} */
    this.worker = null;
    /** Size of the simulation as the requests accepted so far leave it (0 = none). */
    this.nodeCount = 0;
    /** Devices this session counts against maxDevices. */
    this.devices = 0;
    /** @type {Array<Array<unknown>>} commands collected for the worker */
    this.commands = [];
    /** @type {Array<{ lines: string[] | null, line?: string, bytes?: Uint8Array, next: number, failed: number, received: bigint, size: number }>} */
    this.inbox = [];
    this.queuedBytes = 0;
    this.pumping = false;
    this.paused = false;
    this.closed = false;
    this.lastActivity = Date.now();
    /** @type {(() => void) | null} */
    this.onDrained = null;
    /** Since when (Date.now()) the peer has left replies over maxPendingReplyBytes untaken, or null. */
    this.blockedSince = null;
    this.written = () => {
      if (this.onDrained && this.transport.bufferedAmount() <= this.limits.maxPendingReplyBytes) {
        const wake = this.onDrained;
        this.onDrained = null;
        wake();
      }
    };
  }

  /** Whether a request is queued or in progress (an idle timeout does not apply then). */
  get busy() { return this.pumping || this.inbox.length > 0; }

  /**
   * Queues one WebSocket message; `received` is process.hrtime.bigint() taken when it arrived. A text message holds
   * one request, or several separated by newlines (the desktop socket's framing), each its own request.
   */
  onMessage(raw, isBinary, received) {
    if (this.closed) return;
    const size = raw.byteLength ?? raw.length;
    this.lastActivity = Date.now();
    if (isBinary) {
      const bytes = raw instanceof Uint8Array ? raw : new Uint8Array(raw);
      this.inbox.push({ lines: null, bytes, next: 0, failed: 0, received, size });
    } else {
      const text = raw.toString('utf8');
      if (text.includes('\n')) this.inbox.push({ lines: text.split('\n'), next: 0, failed: 0, received, size });
      else this.inbox.push({ lines: null, line: text, next: 0, failed: 0, received, size });
    }
    this.queuedBytes += size;
    this.shared.inputBytes += size;
    this.syncReading();
    this.pump();
  }

  /** Handles queued requests in order until the inbox is empty, waiting for steps and for unsent replies to drain. */
  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.inbox.length > 0 && !this.closed) {
        if (this.transport.bufferedAmount() > this.limits.maxPendingReplyBytes) {
          await this.drained();
          continue;
        }
        const item = this.inbox[0];
        try {
          if (item.bytes) {
            const outcome = this.binaryRequest(item.bytes, item.received);
            this.reportError(outcome instanceof Promise ? await outcome : outcome);
          } else if (item.lines === null) {
            const outcome = this.request(item.line, item.received);
            this.reportError(outcome instanceof Promise ? await outcome : outcome);
          } else {
            await this.multiLine(item);
          }
        } catch (e) {
          // A bug must cost one request, not the process (an unhandled rejection would end it for every client).
          this.reply(errorReply(`internal error: ${e?.message ?? e}`, null));
        }
        this.dequeue();
      }
    } finally {
      this.pumping = false;
      this.lastActivity = Date.now();
    }
  }

  /** Runs the lines of a multi-line message, at most MAX_ERRORS_PER_MESSAGE error replies, then one count. */
  async multiLine(item) {
    let start = item.received;
    while (item.next < item.lines.length && !this.closed) {
      if (item.next > 0 && this.transport.bufferedAmount() > this.limits.maxPendingReplyBytes) {
        await this.drained();
        continue;
      }
      const line = item.lines[item.next++];
      if (line.trim() === '') continue;
      const outcome = this.request(line, start);
      const error = outcome instanceof Promise ? await outcome : outcome;
      if (error && ++item.failed <= MAX_ERRORS_PER_MESSAGE) this.reply(error);
      if (this.log) start = process.hrtime.bigint(); // the next line's service start (read only when timing)
    }
    if (item.failed > MAX_ERRORS_PER_MESSAGE) {
      const more = item.failed - MAX_ERRORS_PER_MESSAGE;
      this.reply(errorReply(`${more} more failed requests in this message (only the first ${MAX_ERRORS_PER_MESSAGE} are reported)`, null));
    }
  }

  /** Resolves when the unsent replies are back under maxPendingReplyBytes (or the connection closed). */
  drained() {
    this.blockedSince = Date.now();
    const wait = new Promise((resolve) => {
      this.onDrained = () => { this.blockedSince = null; this.syncReading(); resolve(undefined); };
    });
    this.syncReading();
    return wait;
  }

  /**
   * Back-pressure: the connection is not read while its unsent replies are over maxPendingReplyBytes (a step is
   * waiting for them to drain) or its queued input is over maxMessageBytes (read again below half of it).
   */
  syncReading() {
    if (this.closed) return;
    const { maxMessageBytes } = this.limits;
    const want = this.onDrained !== null || this.queuedBytes > (this.paused ? maxMessageBytes / 2 : maxMessageBytes);
    if (want !== this.paused) {
      this.paused = want;
      if (want) this.transport.pause(); else this.transport.resume();
    }
  }

  reportError(error) {
    if (error) this.reply(error);
  }

  dequeue() {
    const item = this.inbox.shift();
    if (!item) return;
    this.queuedBytes -= item.size;
    this.shared.inputBytes -= item.size;
    this.syncReading();
  }

  /**
   * Runs one JSON request (one line); returns its error reply, null when it succeeded or answered, or a promise of
   * either when it needs the worker (a step).
   * @returns {Record<string, unknown> | null | Promise<Record<string, unknown> | null>}
   */
  request(text, received) {
    if (text.length > PARSE_IN_PLACE_CHARS && this.parser) {
      return this.parser.parse(text).then(
        (msg) => this.handle(msg, text, received),
        (e) => errorReply(`malformed request: ${e.message}`, null, null),
      );
    }
    let msg;
    try { msg = JSON.parse(text); } catch (e) { return errorReply(`malformed request: ${e.message}`, null, null); }
    return this.handle(msg, text, received);
  }

  /**
   * Runs one parsed request (`text` is its source, for echo); returns as [request].
   * @returns {Record<string, unknown> | null | Promise<Record<string, unknown> | null>}
   */
  handle(msg, text, received) {
    const r = this.reader.read(msg, this.nodeCount);
    try {
      switch (r[0]) {
        case 'error': return refusal(r);
        case 'echo':
          this.send(text, false);
          // The server's own floor: the same hand-off and socket write as a step's reply, with no step (docs/os-floor.md).
          if (this.log) this.log.add('echo.service', received, process.hrtime.bigint());
          return null;
        case 'hello': this.send(JSON.stringify(this.hello()), false); return null;
        case 'createSim': return this.createSim(r);
        case 'step': return this.step(r, received);
        default: return this.command(r); // setSource, newPosition, positions, clearSources: the engine's commands as read
      }
    } catch (e) {
      return errorReply(`internal error: ${e?.message ?? e}`, r[0], r[0] === 'step' ? r[1] : null);
    }
  }

  hello() {
    return { op: 'hello', server: SERVER, version: VERSION, ops: this.reader.ops, encodings: ['json', 'binary'], limits: this.limits };
  }

  reply(obj) {
    this.send(JSON.stringify(obj), false);
  }

  send(data, binary) {
    if (!this.closed) this.transport.send(data, binary, this.written);
  }

  /** Collects a command for the worker; past MAX_BATCH they are sent without waiting for a step. */
  command(cmd) {
    this.commands.push(cmd);
    return this.commands.length >= MAX_BATCH ? this.flush(cmd[0]) : null;
  }

  /**
   * A createSim as the reader read it (`["createSim", nodeCount, maxDistance, program]`), against the budgets the
   * connections share (maxSessions, maxDevices: the reader words their refusals).
   */
  createSim(cmd) {
    const nodeCount = cmd[1];
    const { maxDevices, maxSessions } = this.limits;
    if (!this.worker && this.shared.sessions >= maxSessions) return refusal(this.reader.maxSessions(maxSessions));
    const others = this.shared.devices - this.devices;
    if (others + nodeCount > maxDevices) return refusal(this.reader.maxDevices(nodeCount, others + nodeCount, maxDevices));
    this.shared.devices = others + nodeCount;
    this.devices = nodeCount;
    this.nodeCount = nodeCount;
    if (this.worker && this.worker.inline !== this.inlineFor(nodeCount)) return this.moveSimulation(nodeCount, cmd);
    if (!this.worker) {
      this.worker = this.newWorker(nodeCount);
      this.shared.sessions += 1;
    }
    return this.command(cmd);
  }

  /**
   * A createSim whose simulation lives elsewhere than the one it replaces (inline vs a worker): the commands
   * collected for the old one run there first (their errors are reported), then it ends and the new engine starts.
   */
  async moveSimulation(nodeCount, cmd) {
    const old = this.worker;
    const pending = this.commands;
    this.commands = [];
    if (pending.length > 0) {
      try { this.settle(await old.run(pending, null), true); } catch { /* the old simulation is being replaced */ }
    }
    old.destroy();
    if (!old.inline) this.onSimulationEnd();
    this.worker = this.newWorker(nodeCount);
    return this.command(cmd);
  }

  /**
   * A binary message (docs/protocol.md, "Binary messages (Node)"): a step request when its first int32 is
   * STEP_MARKER, else a positions buffer. Returns its error reply, null, or a promise of either.
   */
  binaryRequest(bytes, received) {
    return bytes.byteLength >= 4 && readInt32(bytes, 0) === STEP_MARKER ? this.stepBuffer(bytes, received) : this.positionsBuffer(bytes);
  }

  /**
   * A binary step: int32 -1, int32 stepCount, int64 rid (-1: none), int32 n (0: no positions, else nodeCount),
   * int32 0, then n × float64 x, y, z. The positions and the step in one message: one WebSocket message and one
   * request per frame, where the binary encoding's positions buffer and step request are two.
   */
  stepBuffer(bytes, received) {
    let rid = null;
    try {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const ridBits = bytes.byteLength >= STEP_HEADER_BYTES ? view.getBigInt64(8, true) : -1n;
      const ridValid = ridBits === -1n || (ridBits >= 0n && ridBits <= BigInt(MAX_RID));
      if (ridValid && ridBits !== -1n) rid = Number(ridBits);
      // As for every request: no simulation is said first (with the rid when it is valid), then what is wrong.
      if (this.nodeCount === 0) return refusal(this.reader.binaryStep(rid ?? -1, 0, null, 0));
      if (bytes.byteLength < STEP_HEADER_BYTES) fail(`a binary step must be at least ${STEP_HEADER_BYTES} bytes, got ${bytes.byteLength}`);
      if (!ridValid) fail(`rid must be -1 (none) or an integer in [0, ${MAX_RID}], got ${ridBits}`);
      const stepCount = view.getInt32(4, true);
      const n = view.getInt32(16, true);
      if (view.getInt32(20, true) !== 0) fail(`a binary step's bytes 20-23 are reserved and must be 0, got ${view.getInt32(20, true)}`);
      if (n !== 0 && n !== this.nodeCount) fail(`binary step positions count ${n} must be 0 (none) or nodeCount ${this.nodeCount}`);
      if (bytes.byteLength !== STEP_HEADER_BYTES + 24 * n) fail(`a binary step with ${n} positions must be ${STEP_HEADER_BYTES} + 24 × ${n} bytes, got ${bytes.byteLength}`);
      // The step's fields by the JSON step's rules and words, then its positions by the positions rules, all before
      // anything is queued.
      const step = this.reader.binaryStep(rid ?? -1, stepCount, n > 0 ? float64s(bytes, STEP_HEADER_BYTES, 3 * n) : null, this.nodeCount);
      return step[0] === 'error' ? refusal(step) : this.step(step, received);
    } catch (e) {
      if (e instanceof HeaderError) return errorReply(`step: ${e.message}`, 'step', rid);
      return errorReply(`internal error: ${e?.message ?? e}`, 'step', rid);
    }
  }

  /** A binary message: LE int32 n, n × float64 x, y, z. Returns its error reply, null, or a promise of either. */
  positionsBuffer(bytes) {
    const n = this.nodeCount;
    if (n === 0) return refusal(this.reader.positions('positions', new Float64Array(0), 0));
    if (bytes.byteLength !== 4 + 24 * n) return errorReply(`positions: binary positions must be 4 + 24 × ${n} bytes, got ${bytes.byteLength}`, 'positions');
    if (readInt32(bytes, 0) !== n) return errorReply(`positions: binary positions count ${readInt32(bytes, 0)} != nodeCount ${n}`, 'positions');
    const xyz = this.reader.positions('positions', float64s(bytes, 4, 3 * n), n);
    return xyz[0] === 'error' ? refusal(xyz) : this.command(xyz);
  }

  /**
   * A step as the reader read it (`["step", rid, stepCount, encoding, xyz]`): its positions join the collected
   * commands, and the batch goes to the engine with the limits it enforces while it runs.
   */
  step(cmd, received) {
    const [, rid, stepCount, encoding, xyz] = cmd;
    if (xyz) this.commands.push(['positions', xyz]);
    const { stepTimeBudgetMs, maxLinks, maxReplyBytes } = this.limits;
    return this.runStep({ rid, stepCount, encoding, stepTimeBudgetMs, maxLinks, maxReplyBytes }, received);
  }

  /** Sends the collected commands without a step; reports their errors. */
  async flush(op) {
    const commands = this.commands;
    this.commands = [];
    try {
      this.settle(await this.worker.run(commands, null));
    } catch (e) {
      return this.lose(e, op, null);
    }
    return null;
  }

  /** The step's batch: answered in this task when the engine answers at once (a short inline step), else later. */
  runStep(request, received) {
    const commands = this.commands;
    this.commands = [];
    let batch;
    try {
      batch = this.worker.run(commands, request);
    } catch (e) {
      return this.lose(e, 'step', request.rid);
    }
    if (batch instanceof Promise) return batch.then((b) => this.answer(b, request, received), (e) => this.lose(e, 'step', request.rid));
    return this.answer(batch, request, received);
  }

  answer(batch, request, received) {
    this.settle(batch);
    const r = batch.result;
    if (r.error) return errorReply(r.error, 'step', request.rid, r.limit);
    this.send(r.reply, r.binary);
    if (this.log) {
      this.log.add('step.compute', r.c0, r.c1);
      this.log.add('step.service', received, process.hrtime.bigint());
    }
    return null;
  }

  /**
   * After a batch: the commands' engine errors in order, and the simulation's size as the worker has it (not
   * when `replaced`: a createSim accepted since has set it).
   */
  settle(batch, replaced = false) {
    for (const e of batch.errors) this.reply(errorReply(e.error, e.op, null));
    if (!replaced && batch.nodeCount !== this.nodeCount) {
      this.shared.devices += batch.nodeCount - this.devices;
      this.devices = batch.nodeCount;
      this.nodeCount = batch.nodeCount;
    }
  }

  /** The worker is gone (out of heap, crashed): the simulation is discarded, the error is the request's reply. */
  lose(e, op, rid) {
    this.dropSimulation();
    if (e instanceof EngineLost) return errorReply(e.message, op, rid, e.limit);
    return errorReply(`internal error: ${e?.message ?? e}`, op, rid);
  }

  dropSimulation() {
    const engine = this.worker;
    if (engine) {
      engine.destroy();
      this.worker = null;
      this.shared.sessions -= 1;
      if (!engine.inline) this.onSimulationEnd();
    }
    this.shared.devices -= this.devices;
    this.devices = 0;
    this.nodeCount = 0;
    this.commands = [];
  }

  /** Releases the simulation and the queued input (connection closed). */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.dropSimulation();
    this.shared.inputBytes -= this.queuedBytes;
    this.queuedBytes = 0;
    this.inbox = [];
    const wake = this.onDrained;
    this.onDrained = null;
    wake?.();
  }
}
