// JSON.parse for request texts, off the event loop when they are large (src/parse-worker.mjs): one worker shared by
// every connection, started with the server. Small texts (nearly every request) are parsed in place.
import { Worker } from 'node:worker_threads';

/** Texts up to this many characters are parsed on the calling thread (well under 1 ms). */
export const PARSE_IN_PLACE_CHARS = 256 << 10;

export class Parser {
  constructor() {
    this.worker = new Worker(new URL('./parse-worker.mjs', import.meta.url));
    this.worker.unref();
    /** @type {Map<number, { resolve: (m: unknown) => void, reject: (e: Error) => void }>} */
    this.pending = new Map();
    this.nextId = 0;
    this.worker.on('message', ({ id, msg, error }) => {
      const p = this.pending.get(id);
      this.pending.delete(id);
      if (error !== undefined) p?.reject(new SyntaxError(error)); else p?.resolve(msg);
    });
    this.worker.on('error', (e) => this.failAll(e));
    this.worker.on('exit', () => this.failAll(new Error('the parser worker exited')));
  }

  failAll(e) {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
    this.worker = null;
  }

  /**
   * Parses `text` off the event loop; long all-number arrays come back as Float64Arrays. Rejects with a
   * SyntaxError on malformed JSON.
   * @param {string} text
   * @returns {Promise<any>}
   */
  parse(text) {
    if (!this.worker) return Promise.resolve().then(() => JSON.parse(text)); // the worker is gone: parse in place
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, text });
    });
  }

  close() {
    this.worker?.terminate().catch(() => {});
    this.worker = null;
  }
}
