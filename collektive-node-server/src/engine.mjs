// The engine behind a session: the Kotlin/JS build of the engine facade (collektive-wasm, build step `js`), loaded
// through the facade's hand-written wrapper inside a worker thread (src/engine-worker.mjs), one worker per session,
// so a long step or a huge simulation never blocks the event loop that serves the other connections, and a worker
// that runs out of heap ends alone (docs/protocol.md, "Budgets").
import { Worker } from 'node:worker_threads';
import { MainChannel, newChannel } from './handoff.mjs';
import { Simulation, warmup } from './simulation.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENGINE_MODULE = process.env.COLLEKTIVE_JS_ENGINE_MODULE ?? join(root, 'collektive-wasm', 'src', 'js', 'engine.mjs');
const WORKER = new URL('./engine-worker.mjs', import.meta.url);

/** Loads the Kotlin/JS facade (in the worker thread that hosts a simulation). */
export async function loadFacade(modulePath = ENGINE_MODULE) {
  let mod;
  try {
    mod = await import(pathToFileURL(modulePath).href);
  } catch (e) {
    throw new Error(`cannot load the engine facade ${modulePath} (build it: node scripts/build.mjs js): ${e.message}`);
  }
  return mod.loadJsEngine();
}

/** Raised when the worker is gone: `limit` is "engineHeapMb" when it ran out of heap. */
export class EngineLost extends Error {
  /** @param {string} message @param {string | undefined} limit */
  constructor(message, limit) {
    super(message);
    this.limit = limit;
  }
}

/**
 * @typedef {object} StepRequest
 * @property {number | null} rid
 * @property {number} stepCount
 * @property {'json' | 'binary'} encoding
 * @property {number} stepTimeBudgetMs
 * @property {number} maxLinks
 * @property {number} maxReplyBytes
 *
 * @typedef {object} StepResult
 * @property {bigint} [c0]  compute start (process.hrtime.bigint(), the same clock in every thread)
 * @property {bigint} [c1]  compute end
 * @property {Uint8Array} [reply]  the encoded reply (UTF-8 JSON text or the binary state buffer), owned by the receiver
 * @property {boolean} [binary]
 * @property {string} [error]
 * @property {string} [limit]
 *
 * @typedef {object} BatchResult
 * @property {Array<{ op: string, error: string }>} errors  engine errors of the commands, in order
 * @property {number} nodeCount  the simulation's size after the batch (0 = none)
 * @property {StepResult | null} result  the step's outcome, when the batch had one
 */

/**
 * Where a session's batches run (src/handoff.mjs): `handoff` 'inline' (simulations of up to `inlineMaxNodes`
 * devices on the event loop itself, larger ones in workers reached through shared memory), 'atomics' (every
 * simulation in its worker, shared memory) or 'post' (in its worker, postMessage); `spinUs`: how long a worker spins
 * for the next batch before it blocks; `replySpinUs`: how long the main thread spins for a worker's result before it
 * waits for it on the event loop (inline and atomics).
 * @typedef {{ handoff: 'inline' | 'atomics' | 'post', spinUs: number, replySpinUs: number, inlineMaxNodes: number }} Handoff
 */

/** The main thread's side of one session's worker: batches in, results out, in order. */
export class EngineWorker {
  /** @param {{ heapMb: number, maxLinks: number, warmupRounds?: number, modulePath?: string, handoff?: Handoff }} o */
  constructor({ heapMb, maxLinks, warmupRounds = 0, modulePath = ENGINE_MODULE, handoff = { handoff: 'post', spinUs: 0, replySpinUs: 0, inlineMaxNodes: 0 } }) {
    this.heapMb = heapMb;
    this.inline = false;
    const channel = handoff.handoff !== 'post' ? newChannel() : null;
    /** @type {MainChannel | null} */
    this.channel = channel ? new MainChannel(channel, handoff.replySpinUs) : null;
    const shared = channel ? { channel: { sab: channel.sab, workerPort: channel.workerPort }, spinUs: handoff.spinUs } : {};
    this.worker = new Worker(WORKER, {
      workerData: { modulePath, maxLinks, warmupRounds, ...shared },
      transferList: channel ? [channel.workerPort] : [],
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, heapMb >> 4)) },
      stdout: false,
      stderr: false,
    });
    /** @type {Map<number, { resolve: (r: BatchResult) => void, reject: (e: Error) => void }>} */
    this.pending = new Map();
    this.nextId = 0;
    /** @type {EngineLost | null} */
    this.lost = null;
    this.ready = new Promise((resolve) => {
      this.worker.on('message', (m) => {
        if (m.ready) { resolve(true); return; }
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        p?.resolve(m);
      });
      this.worker.on('error', (e) => {
        const oom = /** @type {any} */ (e).code === 'ERR_WORKER_OUT_OF_MEMORY';
        this.fail(oom
          ? new EngineLost(`the simulation ran out of memory (engine heap limit ${this.heapMb} MB, engineHeapMb) and was discarded: send createSim again`, 'engineHeapMb')
          : new EngineLost(`the simulation's worker failed and was discarded (${e.message}): send createSim again`, undefined));
        resolve(false);
      });
      this.worker.on('exit', (code) => {
        this.fail(new EngineLost(`the simulation's worker exited (code ${code}): send createSim again`, undefined));
        resolve(false);
      });
    });
  }

  /** @param {EngineLost} e */
  fail(e) {
    if (!this.lost) this.lost = e;
    for (const p of this.pending.values()) p.reject(this.lost);
    this.pending.clear();
  }

  /**
   * Runs commands, then the step if any, in the worker.
   * @param {Array<Array<unknown>>} commands
   * @param {StepRequest | null} step
   * @returns {Promise<BatchResult>}
   */
  run(commands, step) {
    if (this.lost) return Promise.reject(this.lost);
    if (this.channel) return this.runShared(commands, step);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const transfer = [];
      for (const c of commands) if (c[1] instanceof Float64Array) transfer.push(/** @type {ArrayBuffer} */ (c[1].buffer));
      this.worker.postMessage({ id, commands, step }, transfer);
    });
  }

  /**
   * [run] through the shared memory: a result ready within the reply spin is returned at once, else it is awaited
   * off the event loop; a worker that ends meanwhile rejects it (fail).
   * @returns {Promise<BatchResult>}
   */
  runShared(commands, step) {
    const channel = /** @type {MainChannel} */ (this.channel);
    const seq = channel.send(commands, step);
    if (channel.answered(seq)) return Promise.resolve(channel.result());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      channel.whenAnswered(seq).then(() => {
        if (!this.pending.delete(id)) return; // the worker was lost meanwhile: already rejected
        resolve(channel.result());
      });
    });
  }

  /** Ends the worker and with it the simulation's memory. */
  destroy() {
    this.fail(new EngineLost('the simulation was closed', undefined));
    this.worker.terminate().catch(() => {});
  }
}

/** Time a small simulation's step runs on the event loop before the other connections are served (inline). */
const SLICE_MS = 2;

/**
 * A small simulation on the event loop itself (`--handoff inline`): its batches cross no thread. A step's rounds
 * run in slices of SLICE_MS with the other connections served between them, under the same time and link budgets;
 * its memory is bounded by `inlineMaxNodes` (all pairs of them stay under maxLinks), so it cannot exhaust the
 * server's heap the way a large simulation could exhaust its worker's.
 */
export class InlineEngine {
  /** @param {any} facade @param {number} maxLinks */
  constructor(facade, maxLinks) {
    this.simulation = new Simulation(facade, maxLinks);
    this.inline = true;
    /** @type {EngineLost | null} */
    this.lost = null;
    this.ready = Promise.resolve(true);
  }

  /**
   * As EngineWorker.run: the commands, then the step if any; a step done within its first slice is answered at
   * once (the result itself, not a promise: no task or microtask between the request and its reply).
   * @param {Array<Array<any>>} commands @param {StepRequest | null} step
   * @returns {BatchResult | Promise<BatchResult>}
   */
  run(commands, step) {
    if (this.lost) return Promise.reject(this.lost);
    const sim = this.simulation;
    const errors = sim.commands(commands);
    const done = (result) => ({ errors, nodeCount: sim.nodeCount, result: own(result) });
    if (!step) return done(null);
    if (sim.handle === null) return done({ error: 'no simulation: send createSim first' });
    const slices = sim.stepSlices(step, SLICE_MS);
    const next = () => {
      try {
        const r = slices.next();
        return r.done ? done(r.value) : null;
      } catch (e) { return done({ error: `engine error: ${e?.message ?? e}` }); }
    };
    const first = next();
    if (first) return first;
    return new Promise((resolve, reject) => {
      const go = () => {
        if (this.lost) { reject(this.lost); return; }
        const r = next();
        if (r) resolve(r); else setImmediate(go);
      };
      setImmediate(go);
    });
  }

  destroy() {
    if (!this.lost) this.lost = new EngineLost('the simulation was closed', undefined);
    this.simulation.destroy();
  }
}

/** A step result whose binary reply owns its bytes (the engine may reuse the buffer it viewed). */
function own(result) {
  if (result?.binary && result.reply.byteOffset === 0 && result.reply.byteLength === result.reply.buffer.byteLength) return result;
  if (result?.binary) result.reply = result.reply.slice();
  return result;
}

/**
 * Hands out engines for new simulations. With `inline`, simulations of up to `inlineMaxNodes` devices run on the
 * event loop (the facade is loaded and warmed up here at startup); the others get a worker. One spare worker is
 * started (and warmed up) ahead of time, at startup and again whenever a session's worker ends, so a createSim does
 * not wait for a worker to load the engine and its first steps do not run cold; refilling when a session ends
 * rather than when one starts keeps the spare's warm-up from competing with a starting session for the CPU.
 */
export class WorkerPool {
  /** @param {{ heapMb: number, maxLinks: number, warmupRounds: number, handoff: Handoff }} options */
  constructor(options) {
    this.options = options;
    this.closed = false;
    /** @type {EngineWorker | null} */
    this.spare = new EngineWorker(options);
    this.facade = null;
    this.inlineMaxNodes = options.handoff?.handoff === 'inline' ? options.handoff.inlineMaxNodes : 0;
    /** Resolves once the engines can be used: the spare worker, and the event loop's facade when inline. */
    this.ready = this.inlineMaxNodes > 0
      ? Promise.all([this.spare.ready, loadFacade().then((f) => {
        f.setTimingEnabled(false);
        warmup(f, options.warmupRounds);
        this.facade = f;
        return true;
      }, (e) => { this.facadeError = e.message; return false; })]).then((ok) => ok.every(Boolean))
      : this.spare.ready;
    /** @type {string | undefined} */
    this.facadeError = undefined;
  }

  /** Whether a simulation of `nodeCount` devices runs on the event loop. */
  inlineFor(nodeCount) {
    return nodeCount <= this.inlineMaxNodes && this.facade !== null;
  }

  /** An engine for a simulation of `nodeCount` devices: inline, the spare when healthy, else a new worker. */
  take(nodeCount) {
    if (this.inlineFor(nodeCount)) return new InlineEngine(this.facade, this.options.maxLinks);
    const spare = this.spare;
    this.spare = null;
    return spare && !spare.lost ? spare : new EngineWorker(this.options);
  }

  /** Starts a new spare if there is none (a session ended). */
  refill() {
    if (!this.closed && (!this.spare || this.spare.lost)) this.spare = new EngineWorker(this.options);
  }

  close() {
    this.closed = true;
    this.spare?.destroy();
    this.spare = null;
  }
}
