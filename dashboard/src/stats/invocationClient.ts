/** Main-thread side of the invocation bootstrap worker: one lazily created worker, jobs answered by token. */
import type { InnerJob, InnerResult } from './invocationBootstrap';

let worker: Worker | null = null;
let token = 0;
const waiting = new Map<number, (r: InnerResult[]) => void>();

/** Inner replicates of every job, computed in the worker. */
export function runInnerInWorker(jobs: InnerJob[], innerResamples: number, seed: number): Promise<InnerResult[]> {
  if (!worker) {
    worker = new Worker(new URL('./invocation.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ token: number; results: InnerResult[] }>) => {
      waiting.get(e.data.token)?.(e.data.results);
      waiting.delete(e.data.token);
    };
  }
  const t = ++token;
  return new Promise((resolve) => {
    waiting.set(t, resolve);
    worker!.postMessage({ token: t, jobs, innerResamples, seed });
  });
}
