/// <reference lib="webworker" />
/**
 * Fetches and parses the published runs off the main thread, while DuckDB-Wasm starts: every CSV is requested at
 * once in load order, each run parsed when its files are in (ingest.ts parseRunFiles, prepareRun) and posted as soon
 * as it is ready, its Arrow streams transferred. Message: { runs: PublishedJob[] } → one RunArrival per run, in order.
 */
import { parseRunFiles, prepareRun, runFiles } from './ingest';
import type { PublishedJob, RunArrival } from './published';

async function fetchBytes(url: string): Promise<Uint8Array> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

self.onmessage = async (e: MessageEvent<{ runs: PublishedJob[] }>) => {
  const pending = e.data.runs.map((job) => {
    const bytes = runFiles(job.run).map(({ f }) => fetchBytes(new URL(f.file, job.folder).href));
    bytes.forEach((p) => p.catch(() => undefined));
    return { job, bytes };
  });
  for (const { job, bytes } of pending) {
    let msg: RunArrival;
    let transfer: ArrayBuffer[] = [];
    try {
      const t0 = performance.now();
      const prepared = prepareRun(job.run, parseRunFiles(job.run, await Promise.all(bytes), job.firstKey));
      msg = { id: job.run.id, prepared, error: null, parseMs: performance.now() - t0 };
      transfer = [prepared.samples, prepared.invocationSamples].filter((x) => x !== null).map((x) => x.buffer as ArrayBuffer);
    } catch (err) {
      msg = { id: job.run.id, prepared: null, error: err instanceof Error ? err.message : String(err), parseMs: null };
    }
    (self as unknown as Worker).postMessage(msg, transfer);
  }
};
