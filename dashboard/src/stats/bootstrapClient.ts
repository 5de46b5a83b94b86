/** Main-thread side of the bootstrap worker: one lazily created worker, jobs answered in order. */
import type { Interval } from './bootstrap';

export interface BootstrapJob { kind: 'median' | 'ratio'; a: Float64Array; b?: Float64Array; resamples: number; seed: number }

let worker: Worker | null = null;
let token = 0;
const waiting = new Map<number, (r: Interval[]) => void>();

export function runBootstrap(jobs: BootstrapJob[]): Promise<Interval[]> {
  if (!worker) {
    worker = new Worker(new URL('./bootstrap.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ token: number; results: Interval[] }>) => {
      waiting.get(e.data.token)?.(e.data.results);
      waiting.delete(e.data.token);
    };
  }
  const t = ++token;
  return new Promise((resolve) => {
    waiting.set(t, resolve);
    worker!.postMessage({ token: t, jobs });
  });
}
