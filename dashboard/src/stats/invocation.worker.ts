/// <reference lib="webworker" />
/** Runs the inner level of the invocation-level bootstrap off the main thread (see invocationBootstrap.ts). */
import { buffersOf, innerReplicates, type InnerJob } from './invocationBootstrap';

self.onmessage = (e: MessageEvent<{ token: number; jobs: InnerJob[]; innerResamples: number; seed: number }>) => {
  const { token, jobs, innerResamples, seed } = e.data;
  const results = jobs.map((j) => innerReplicates(j, innerResamples, seed));
  (self as unknown as Worker).postMessage({ token, results }, results.flatMap(buffersOf));
};
