/// <reference lib="webworker" />
/**
 * Fetches and parses the published runs off the main thread, while DuckDB-Wasm starts: the first view's CSVs at once,
 * the others once the page releases them (the database is up). Each run is parsed when its files are in (ingest.ts
 * parseRunFiles, prepareRun) and posted as soon as it is ready, its Arrow streams transferred.
 * Messages: { runs: PublishedJob[] } → one RunArrival per run, in order; { release: true } lets the others start.
 */
import { parseRunFiles, prepareRun, runFiles } from './ingest';
import type { PublishedJob, RunArrival } from './published';

async function fetchBytes(url: string): Promise<Uint8Array> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

// The page's go-ahead for the runs the first view does not show (PublishedLoad.release).
let release: () => void = () => undefined;
const released = new Promise<void>((r) => { release = r; });

self.onmessage = async (e: MessageEvent<{ runs: PublishedJob[] } | { release: true }>) => {
  if ('release' in e.data) { release(); return; }
  const request = (job: PublishedJob) => {
    const bytes = runFiles(job.run).map(({ f }) => fetchBytes(new URL(f.file, job.folder).href));
    bytes.forEach((p) => p.catch(() => undefined));
    return bytes;
  };
  const requested = new Map(e.data.runs.filter((j) => j.firstView).map((j) => [j, request(j)]));
  for (const job of e.data.runs) {
    if (!requested.has(job)) {
      await released;
      for (const j of e.data.runs) if (!requested.has(j)) requested.set(j, request(j));
    }
    const bytes = requested.get(job)!;
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
