/// <reference lib="webworker" />
/**
 * Fetches and parses the published runs off the main thread, while DuckDB-Wasm starts: the first view's runs at once,
 * the others once the page releases them (the database is up). A run comes in one request, its run pack (runPack.ts),
 * or file by file where the host has no pack. Each run is parsed when its files are in (ingest.ts parseRunFiles,
 * prepareRun) and posted as soon as it is ready, its Arrow streams transferred.
 * Messages: { runs: PublishedJob[] } → one RunArrival per run, in order; { release: true } lets the others start.
 */
import { runFiles } from '../model/runs';
import { parseRunFiles, prepareRun } from './ingest';
import type { PublishedJob, RunArrival } from './published';
import { RUN_PACK, unpackRun } from './runPack';

async function fetchBytes(url: string): Promise<Uint8Array> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

/** A run's files in runFiles order: from its pack, else (no pack on this host, or one that does not match) one by one. */
async function fetchRunFiles(job: PublishedJob): Promise<Uint8Array[]> {
  const files = runFiles(job.run).map(({ f }) => f.file);
  const pack = await fetch(new URL(RUN_PACK, job.folder).href).catch(() => null);
  if (pack?.ok) {
    try {
      return unpackRun(new Uint8Array(await pack.arrayBuffer()), files);
    } catch (e) {
      console.warn(`${job.run.id}/${RUN_PACK}: ${e instanceof Error ? e.message : String(e)}; loading its CSVs one by one`);
    }
  }
  return Promise.all(files.map((f) => fetchBytes(new URL(f, job.folder).href)));
}

// The page's go-ahead for the runs the first view does not show (PublishedLoad.release).
let release: () => void = () => undefined;
const released = new Promise<void>((r) => { release = r; });

self.onmessage = async (e: MessageEvent<{ runs: PublishedJob[] } | { release: true }>) => {
  if ('release' in e.data) { release(); return; }
  const request = (job: PublishedJob) => {
    const bytes = fetchRunFiles(job);
    bytes.catch(() => undefined);
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
      const files = await bytes;
      const t0 = performance.now();
      const prepared = prepareRun(job.run, parseRunFiles(job.run, files, job.firstKey));
      msg = { id: job.run.id, prepared, error: null, parseMs: performance.now() - t0 };
      transfer = [prepared.samples, prepared.invocationSamples].filter((x) => x !== null).map((x) => x.buffer as ArrayBuffer);
    } catch (err) {
      msg = { id: job.run.id, prepared: null, error: err instanceof Error ? err.message : String(err), parseMs: null };
    }
    (self as unknown as Worker).postMessage(msg, transfer);
  }
};
