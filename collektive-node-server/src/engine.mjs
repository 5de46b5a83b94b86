// The engine behind a session: the Kotlin/JS build of the engine facade (collektive-wasm, build step `js`), loaded
// through the facade's hand-written wrapper inside a worker thread (src/engine-worker.mjs), one worker per session,
// so a long step or a huge simulation never blocks the event loop that serves the other connections, and a worker
// that runs out of heap ends alone (docs/protocol.md, "Budgets").
import { Worker } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ENGINE_MODULE = process.env.COLLEKTIVE_JS_ENGINE_MODULE ?? join(root, 'collektive-wasm', 'src', 'js', 'engine.mjs');
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
 * @property {Uint8Array} [reply]  the encoded reply (UTF-8 JSON text or the binary state buffer)
 * @property {boolean} [binary]
 * @property {string} [error]
 * @property {string} [limit]
 *
 * @typedef {object} BatchResult
 * @property {Array<{ op: string, error: string }>} errors  engine errors of the commands, in order
 * @property {number} nodeCount  the simulation's size after the batch (0 = none)
 * @property {StepResult | null} result  the step's outcome, when the batch had one
 */

/** The main thread's side of one session's worker: batches in, results out, in order. */
export class EngineWorker {
  /** @param {{ heapMb: number, maxLinks: number, warmupRounds?: number, modulePath?: string }} o */
  constructor({ heapMb, maxLinks, warmupRounds = 0, modulePath = ENGINE_MODULE }) {
    this.heapMb = heapMb;
    this.worker = new Worker(WORKER, {
      workerData: { modulePath, maxLinks, warmupRounds },
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
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const transfer = [];
      for (const c of commands) if (c[1] instanceof Float64Array) transfer.push(/** @type {ArrayBuffer} */ (c[1].buffer));
      this.worker.postMessage({ id, commands, step }, transfer);
    });
  }

  /** Ends the worker and with it the simulation's memory. */
  destroy() {
    this.fail(new EngineLost('the simulation was closed', undefined));
    this.worker.terminate().catch(() => {});
  }
}

/**
 * Hands out workers for new sessions. One spare is started (and warmed up) ahead of time, at startup and again
 * whenever a session ends, so a createSim does not wait for a worker to load the engine and its first steps do not
 * run cold; refilling when a session ends rather than when one starts keeps the spare's warm-up from competing
 * with a starting session for the CPU.
 */
export class WorkerPool {
  /** @param {{ heapMb: number, maxLinks: number, warmupRounds: number }} options */
  constructor(options) {
    this.options = options;
    this.closed = false;
    /** @type {EngineWorker | null} */
    this.spare = new EngineWorker(options);
  }

  /** The spare when there is a healthy one, else a new worker (which warms up before its first batch). */
  take() {
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
