/**
 * Main-thread side of the bootstrap worker: one lazily created worker, jobs answered in order. `bootstrapCached`
 * computes each interval once per context (warm-up and resamples): a series whose samples did not change is not
 * resampled again when more runs arrive, and work queued for an older context is dropped (the worker is
 * restarted) instead of delaying the current one.
 */
import type { Interval } from './bootstrap';

export interface BootstrapJob { kind: 'median' | 'ratio'; a: Float64Array; b?: Float64Array; resamples: number; seed: number }

let worker: Worker | null = null;
let token = 0;
const waiting = new Map<number, { resolve: (r: Interval[]) => void; reject: (e: Error) => void }>();

/** Starts the worker ahead of the first job (its script is fetched and compiled while the data loads). */
export function warmBootstrap(): void {
  startWorker();
}

function startWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./bootstrap.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ token: number; results: Interval[] }>) => {
      waiting.get(e.data.token)?.resolve(e.data.results);
      waiting.delete(e.data.token);
    };
  }
  return worker;
}

export function runBootstrap(jobs: BootstrapJob[]): Promise<Interval[]> {
  startWorker();
  const t = ++token;
  return new Promise((resolve, reject) => {
    waiting.set(t, { resolve, reject });
    worker!.postMessage({ token: t, jobs });
  });
}

/** Stops the worker and fails every job still queued in it. */
function restartWorker(): void {
  worker?.terminate();
  worker = null;
  for (const w of waiting.values()) w.reject(new Error('superseded'));
  waiting.clear();
}

const cache = new Map<string, Promise<Interval>>();
const settled = new Set<string>();
let currentContext = '';

/** Whether `key`'s interval in `context` is computed or queued. */
export const bootstrapKnown = (context: string, key: string): boolean => cache.has(`${context}|${key}`);

export function bootstrapCached(context: string, key: string, job: () => BootstrapJob): Promise<Interval> {
  if (context !== currentContext) {
    if (waiting.size) restartWorker();
    for (const k of cache.keys()) if (!settled.has(k)) cache.delete(k);
    currentContext = context;
  }
  const k = `${context}|${key}`;
  let p = cache.get(k);
  if (!p) {
    p = runBootstrap([job()]).then((r) => { settled.add(k); return r[0]; });
    p.catch(() => { if (cache.get(k) === p) cache.delete(k); });
    cache.set(k, p);
  }
  return p;
}
