/// <reference lib="webworker" />
/** Runs bootstrap jobs off the main thread. Message: { jobs: BootstrapJob[] } → { results: Interval[] }. */
import { bootstrapMedianCI, bootstrapMedianRatioCI } from './bootstrap';
import type { BootstrapJob } from './bootstrapClient';

self.onmessage = (e: MessageEvent<{ token: number; jobs: BootstrapJob[] }>) => {
  const results = e.data.jobs.map((j) => (j.kind === 'median'
    ? bootstrapMedianCI(j.a, j.resamples, j.seed)
    : bootstrapMedianRatioCI(j.a, j.b ?? new Float64Array(), j.resamples, j.seed)));
  (self as unknown as Worker).postMessage({ token: e.data.token, results });
};
