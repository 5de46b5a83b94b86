// How a session's batches cross between the main thread and its engine worker, and how the results come back
// (docs/protocol.md, "Process"; the measurement behind the choice: docs/profiles.md, "The fixes"). Both sides of
// each hand-off are here, so the request and reply layouts are defined once.
//
// - `post`: one postMessage each way. Simple, but every step wakes a sleeping thread twice through its event loop
//   (libuv's async handle: an eventfd write, an epoll wake-up), and structured clone copies the batch.
// - `atomics`: one SharedArrayBuffer per worker. The main thread writes the batch into it, bumps a sequence number
//   and notifies; the worker, which after each batch spins a little (`spinUs`) and then blocks in Atomics.wait (a
//   futex, no event loop), runs it and writes the reply bytes back. The main thread spins up to `replySpinUs` for
//   the reply (a short step is answered without leaving the task), then waits for it with Atomics.waitAsync, so a
//   long step never holds the event loop. What does not fit the fixed layout (large batches, error replies,
//   replies over the reply area) goes through a MessagePort read synchronously on the other side
//   (receiveMessageOnPort), so the order and the content of results are the same on both paths.
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';

/** The hand-offs a server can run (`--handoff`). */
export const HANDOFFS = /** @type {const} */ (['inline', 'atomics', 'post']);
/** The default (`--handoff`, `--spin-us`, `--reply-spin-us`); why these: docs/profiles.md, "The fixes". */
export const DEFAULT_HANDOFF = /** @type {import('./engine.mjs').Handoff} */ ({ handoff: 'inline', spinUs: 0, replySpinUs: 50, inlineMaxNodes: 256 });

/** Doubles of the request area: a frame of up to ~5000 newPosition commands, or positions of ~20 000 devices. */
const REQUEST_DOUBLES = 64 << 10;
/** Bytes of the reply area: the JSON reply of a few thousand devices. */
const REPLY_BYTES = 1 << 20;

// Int32 slots of the control words.
const REQ = 0; // sequence number of the last request (main thread writes)
const DONE = 1; // sequence number of the last answered request (worker writes)
const REQ_LEN = 2; // doubles of the encoded request; -1: the batch is on the port
const REPLY_LEN = 3; // bytes of the reply in the reply area; -1: the whole result is on the port
const NODE_COUNT = 4;
const RESULT = 5; // 0: no step in the batch; 1: a JSON reply; 2: a binary reply
const CTL_BYTES = 64; // 8 Int32 slots, then c0, c1 as BigInt64 at 32 and 40

const OP = { createSim: 1, setSource: 2, clearSources: 3, newPosition: 4, positions: 5 };
const OP_NAME = ['', 'createSim', 'setSource', 'clearSources', 'newPosition', 'positions'];
const STEP_HEADER = 8; // hasStep, rid (-1 = none), stepCount, binary, stepTimeBudgetMs, maxLinks, maxReplyBytes, commands

/** The shared memory of one worker's hand-off and the port beside it; `views` works on either side. */
export function newChannel() {
  const sab = new SharedArrayBuffer(CTL_BYTES + 8 * REQUEST_DOUBLES + REPLY_BYTES);
  const { port1, port2 } = new MessageChannel();
  return { sab, mainPort: port1, workerPort: port2 };
}

function views(sab) {
  return {
    ctl: new Int32Array(sab, 0, 8),
    times: new BigInt64Array(sab, 32, 2),
    request: new Float64Array(sab, CTL_BYTES, REQUEST_DOUBLES),
    reply: new Uint8Array(sab, CTL_BYTES + 8 * REQUEST_DOUBLES, REPLY_BYTES),
  };
}

/**
 * Writes commands and step into the request area; returns its length in doubles, or -1 when they do not fit.
 * @param {Float64Array} out
 * @param {Array<Array<any>>} commands
 * @param {import('./engine.mjs').StepRequest | null} step
 */
function encodeRequest(out, commands, step) {
  let k = STEP_HEADER;
  for (const c of commands) {
    const op = OP[c[0]];
    if (op === OP.positions) {
      const xyz = c[1];
      if (k + 2 + xyz.length > out.length) return -1;
      out[k++] = op;
      out[k++] = xyz.length;
      out.set(xyz, k);
      k += xyz.length;
      continue;
    }
    // createSim carries its program spec (docs/programs.md) as its length, then its UTF-16 code units.
    const spec = op === OP.createSim ? String(c[3] ?? '') : '';
    if (k + 5 + spec.length > out.length) return -1;
    out[k++] = op;
    if (op === OP.createSim) {
      out[k++] = c[1]; out[k++] = c[2]; out[k++] = spec.length;
      for (let i = 0; i < spec.length; i++) out[k++] = spec.charCodeAt(i);
    }
    else if (op === OP.setSource) { out[k++] = c[1]; out[k++] = c[2] ? 1 : 0; }
    else if (op === OP.newPosition) { out[k++] = c[1]; out[k++] = c[2]; out[k++] = c[3]; out[k++] = c[4]; }
  }
  out[0] = step ? 1 : 0;
  out[7] = commands.length;
  if (step) {
    out[1] = step.rid ?? -1;
    out[2] = step.stepCount;
    out[3] = step.encoding === 'binary' ? 1 : 0;
    out[4] = step.stepTimeBudgetMs;
    out[5] = step.maxLinks;
    out[6] = step.maxReplyBytes;
  }
  return k;
}

/** The inverse of [encodeRequest]: the same { commands, step } the `post` hand-off sends. */
function decodeRequest(a) {
  const commands = [];
  let k = STEP_HEADER;
  for (let i = 0; i < a[7]; i++) {
    const op = a[k++];
    if (op === OP.positions) {
      const len = a[k++];
      commands.push(['positions', a.slice(k, k + len)]);
      k += len;
    } else if (op === OP.createSim) {
      const len = a[k + 2];
      const spec = String.fromCharCode(...a.subarray(k + 3, k + 3 + len));
      commands.push(['createSim', a[k], a[k + 1], spec]);
      k += 3 + len;
    }
    else if (op === OP.setSource) { commands.push(['setSource', a[k], a[k + 1] === 1]); k += 2; }
    else if (op === OP.newPosition) { commands.push(['newPosition', a[k], a[k + 1], a[k + 2], a[k + 3]]); k += 4; }
    else commands.push([OP_NAME[op]]);
  }
  const step = a[0] === 1 ? {
    rid: a[1] === -1 ? null : a[1], stepCount: a[2], encoding: a[3] === 1 ? 'binary' : 'json',
    stepTimeBudgetMs: a[4], maxLinks: a[5], maxReplyBytes: a[6],
  } : null;
  return { commands, step };
}

const encoder = new TextEncoder();

/**
 * The main thread's side of the `atomics` hand-off: one batch in flight at a time (a session waits for each).
 */
export class MainChannel {
  /** @param {{ sab: SharedArrayBuffer, mainPort: import('node:worker_threads').MessagePort }} channel @param {number} replySpinUs */
  constructor({ sab, mainPort }, replySpinUs) {
    const { ctl, times, request, reply } = views(sab);
    this.ctl = ctl;
    this.times = times;
    this.request = request;
    this.reply = reply;
    this.port = mainPort;
    this.replySpinMs = replySpinUs / 1000;
    this.seq = 0;
  }

  /** Hands the batch over; returns its sequence number. */
  send(commands, step) {
    let len = encodeRequest(this.request, commands, step);
    if (len < 0) {
      const transfer = [];
      for (const c of commands) if (c[1] instanceof Float64Array) transfer.push(/** @type {ArrayBuffer} */ (c[1].buffer));
      this.port.postMessage({ commands, step }, transfer);
    }
    this.seq = (this.seq + 1) | 0;
    Atomics.store(this.ctl, REQ_LEN, len);
    Atomics.store(this.ctl, REQ, this.seq);
    Atomics.notify(this.ctl, REQ);
    return this.seq;
  }

  /** Whether the batch `seq` is answered, after spinning for it up to the reply spin. */
  answered(seq) {
    if (Atomics.load(this.ctl, DONE) === seq) return true;
    if (this.replySpinMs <= 0) return false;
    const until = performance.now() + this.replySpinMs;
    do {
      if (Atomics.load(this.ctl, DONE) === seq) return true;
    } while (performance.now() < until);
    return false;
  }

  /**
   * Resolves once the batch `seq` is answered, without blocking the event loop. A wake-up is checked, not trusted:
   * the worker's notify for the previous batch can come after that batch's answer was seen and this wait began.
   * @returns {Promise<void>}
   */
  async whenAnswered(seq) {
    while (Atomics.load(this.ctl, DONE) !== seq) {
      const w = /** @type {any} */ (Atomics).waitAsync(this.ctl, DONE, (seq - 1) | 0);
      if (w.async) await w.value;
    }
  }

  /** The answered batch's result (the reply copied out of the shared area, which the next batch reuses). */
  result() {
    const replyLen = /** @type {number} */ (Atomics.load(this.ctl, REPLY_LEN));
    if (replyLen < 0) return /** @type {import('./engine.mjs').BatchResult} */ (receiveMessageOnPort(this.port).message);
    const kind = this.ctl[RESULT];
    /** @type {import('./engine.mjs').StepResult | null} */
    let result = null;
    if (kind !== 0) {
      const reply = Buffer.allocUnsafe(replyLen);
      reply.set(this.reply.subarray(0, replyLen));
      result = { c0: this.times[0], c1: this.times[1], reply, binary: kind === 2 };
    }
    return { errors: [], nodeCount: this.ctl[NODE_COUNT], result };
  }
}

/**
 * The worker's side: waits for batches (spinning `spinUs` after each one, then blocking), runs each with `run`
 * and writes its result back. Never returns; the worker ends by terminate().
 * @param {{ sab: SharedArrayBuffer, workerPort: import('node:worker_threads').MessagePort }} channel
 * @param {number} spinUs
 * @param {(commands: Array<Array<any>>, step: any) => import('./engine.mjs').BatchResult & { result: any }} run
 *   the batch's result, a JSON reply as text (encoded here into the reply area)
 */
export function serveChannel({ sab, workerPort }, spinUs, run) {
  const { ctl, times, request, reply } = views(sab);
  const spinMs = spinUs / 1000;
  // Not the current value: the main thread may have handed a batch over while this worker was still warming up.
  let last = 0;
  for (;;) {
    if (spinMs > 0 && Atomics.load(ctl, REQ) === last) {
      const until = performance.now() + spinMs;
      while (Atomics.load(ctl, REQ) === last && performance.now() < until) { /* spin */ }
    }
    while (Atomics.load(ctl, REQ) === last) Atomics.wait(ctl, REQ, last);
    last = Atomics.load(ctl, REQ);
    const len = Atomics.load(ctl, REQ_LEN);
    const { commands, step } = len < 0
      ? /** @type {any} */ (receiveMessageOnPort(workerPort).message)
      : decodeRequest(request.subarray(0, len));
    const batch = run(commands, step);
    const r = batch.result;
    let replyLen = -1;
    if (batch.errors.length === 0 && (!r || !r.error)) {
      if (!r) replyLen = 0;
      else if (typeof r.reply === 'string') {
        // Pure ASCII: as many bytes as characters.
        if (r.reply.length <= reply.length) replyLen = encoder.encodeInto(r.reply, reply).written;
      } else if (r.reply.byteLength <= reply.length) {
        reply.set(r.reply);
        replyLen = r.reply.byteLength;
      }
    }
    if (replyLen < 0) {
      if (typeof r?.reply === 'string') r.reply = encoder.encode(r.reply);
      workerPort.postMessage(batch, r?.reply ? [r.reply.buffer] : []);
    } else {
      ctl[NODE_COUNT] = batch.nodeCount;
      ctl[RESULT] = r ? (r.binary ? 2 : 1) : 0;
      if (r) { times[0] = r.c0; times[1] = r.c1; }
    }
    Atomics.store(ctl, REPLY_LEN, replyLen);
    Atomics.store(ctl, DONE, last);
    Atomics.notify(ctl, DONE);
  }
}
