/// <reference lib="webworker" />
/**
 * Fetches and parses the published runs off the main thread, while DuckDB-Wasm starts: the configurations the
 * opened view shows at once, everything else once the page releases it, the runs a view asked for first. A run
 * comes in one request, its run pack (runPack.ts), or file by file where the host has no pack, and is parsed in at
 * most two parts: the opened view's configurations, then the others (ingest.ts parseRunFiles, prepareRun). Each
 * part is posted as soon as it is ready, its Arrow streams transferred.
 * Messages in: { runs: PublishedJob[] }, { release: true } (the rest may start), { prioritise: runIds }.
 * A background part no view asked for comes without its invocations' own files: those are parsed with it but
 * posted once every run's merged files are out (RunArrival.invocations), since only the invocation-level intervals
 * read them and they are half of the rows (docs/hosting.md, "Invocation files after every run").
 * Messages out: one RunArrival per part, { partsDone: true }, the held-back invocation parts, then { done: true }.
 */
import { runFiles } from '../model/runs';
import { parseRunFiles, prepareRun, type ParsedFile } from './ingest';
import type { PublishedJob, RunArrival } from './published';
import { openPack, RUN_PACK, unpackRun } from './runPack';

async function fetchBytes(url: string): Promise<Uint8Array> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

/** A run's files in runFiles order: from its pack, else (no pack on this host, or one that does not match) one by one. */
async function fetchRunFiles(job: PublishedJob, priority: RequestPriority): Promise<Uint8Array[]> {
  const files = runFiles(job.run).map(({ f }) => f.file);
  const pack = await fetch(new URL(RUN_PACK, job.folder).href, { priority }).catch(() => null);
  if (pack?.ok) {
    try {
      return unpackRun(await openPack(new Uint8Array(await pack.arrayBuffer())), files);
    } catch (e) {
      console.warn(`${job.run.id}/${RUN_PACK}: ${e instanceof Error ? e.message : String(e)}; loading its CSVs one by one`);
    }
  }
  return Promise.all(files.map((f) => fetchBytes(new URL(f, job.folder).href)));
}

/** Background packs in flight at once (beside the one a view asked for). */
const AHEAD = 4;

// The page's go-ahead for what the opened view does not show (PublishedLoad.release).
let released = false;
/** Runs a view asked for, most recent request first: the next part to parse is theirs, released or not. */
let wanted: string[] = [];
/** A run's place among those a view asked for (Infinity: not asked for). */
const rankOf = (j: PublishedJob): number => { const i = wanted.indexOf(j.run.id); return i < 0 ? Infinity : i; };
/** Wakes the loop waiting for a release or a request. */
let signal: () => void = () => undefined;
const nextSignal = () => new Promise<void>((r) => { signal = r; });

/** Invocation files parsed with their part and held back (post's `holdInvocations`), in the order they were parsed. */
const heldBack: { job: PublishedJob; configs: string[]; files: ParsedFile[] }[] = [];

function send(msg: RunArrival): void {
  const p = msg.prepared;
  (self as unknown as Worker).postMessage(msg, p ? [p.samples, p.invocationSamples].filter((x) => x !== null).map((x) => x.buffer as ArrayBuffer) : []);
}

/**
 * Fetches (awaits `bytes`) and parses the part of `job` holding `configs` (ids), and posts it; with `holdInvocations`
 * the invocations' own files are kept back for postHeldBack. On failure it posts the run as failed (no
 * configurations: the page takes all of the run's as tried; `last`: nothing more comes of it) and returns false.
 */
async function post(job: PublishedJob, bytes: Promise<Uint8Array[]>, configs: Set<string>, first: boolean, last: boolean, holdInvocations = false): Promise<boolean> {
  try {
    const files = await bytes;
    const t0 = performance.now();
    const parsed = parseRunFiles(job.run, files, job.firstKey, configs);
    const own = holdInvocations ? parsed.filter((f) => f.invocation !== null) : [];
    const prepared = prepareRun(job.run, own.length ? parsed.filter((f) => f.invocation === null) : parsed, first || job.first.length === 0);
    if (own.length) heldBack.push({ job, configs: [...configs], files: own });
    send({ id: job.run.id, configs: [...configs], first, last, invocations: false, prepared, error: null, parseMs: performance.now() - t0 });
    return true;
  } catch (err) {
    send({ id: job.run.id, configs: [], first, last: true, invocations: false, prepared: null, error: err instanceof Error ? err.message : String(err), parseMs: null });
    return false;
  }
}

/** Posts the held-back invocation files of `runs` (undefined: all of them), the runs a view asked for first. */
function postHeldBack(runs?: readonly string[]): void {
  const order = [...heldBack].sort((a, b) => rankOf(a.job) - rankOf(b.job));
  for (const h of order) {
    if (runs && !runs.includes(h.job.run.id)) continue;
    heldBack.splice(heldBack.indexOf(h), 1);
    const t0 = performance.now();
    try {
      const prepared = prepareRun(h.job.run, h.files, false);
      send({ id: h.job.run.id, configs: h.configs, first: false, last: true, invocations: true, prepared, error: null, parseMs: performance.now() - t0 });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      send({ id: h.job.run.id, configs: h.configs, first: false, last: true, invocations: true, prepared: null, error: `${h.job.run.id}, its invocations' files: ${message}`, parseMs: null });
    }
  }
}

self.onmessage = async (e: MessageEvent<{ runs: PublishedJob[] } | { release: true } | { prioritise: string[] }>) => {
  if ('release' in e.data) { released = true; signal(); return; }
  if ('prioritise' in e.data) {
    const ids = e.data.prioritise;
    wanted = [...ids, ...wanted.filter((id) => !ids.includes(id))];
    signal();
    return;
  }
  const jobs = e.data.runs;
  let fetching = 0;
  const request = (job: PublishedJob, priority: RequestPriority = 'auto') => {
    fetching++;
    const bytes = fetchRunFiles(job, priority);
    bytes.catch(() => undefined).finally(() => { fetching--; });
    return bytes;
  };
  const requested = new Map(jobs.filter((j) => j.first.length).map((j) => [j, request(j)]));
  const all = (job: PublishedJob) => job.run.configurations.map((c) => c.id);
  const rest = new Map<PublishedJob, string[]>();
  for (const job of jobs) {
    const others = all(job).filter((c) => !job.first.includes(c));
    if (others.length) rest.set(job, others);
    if (!job.first.length) continue;
    // A run whose first part failed (fetch or parse) has no second part: its rows of runs and configs never came.
    if (!await post(job, requested.get(job)!, new Set(job.first), true, others.length === 0)) rest.delete(job);
    if (!rest.has(job)) requested.delete(job); // its bytes are no longer needed (else kept for its second part)
  }
  while (rest.size) {
    const queue = [...rest.keys()];
    // A view's request since a part was held back: its invocation files now, before the next part.
    postHeldBack(wanted.filter((id) => heldBack.some((h) => h.job.run.id === id)));
    const job = queue.reduce((best, j) => (rankOf(j) < rankOf(best) ? j : best), queue[0]);
    // Before the release only what a view asked for.
    if (!released && rankOf(job) === Infinity) { await nextSignal(); continue; }
    if (!requested.has(job)) requested.set(job, request(job));
    // The background's next packs, a few at a time and at low priority: fetched all at once they took every connection
    // the browser opens to the host (six over HTTP/1.1) for seconds, and the page's own requests (Plotly, a view's
    // code) queued behind them.
    if (released) for (const j of queue.filter((q) => q !== job && !requested.has(q)).slice(0, Math.max(0, AHEAD - fetching))) requested.set(j, request(j, 'low'));
    const configs = rest.get(job)!;
    rest.delete(job);
    await post(job, requested.get(job)!, new Set(configs), false, true, rankOf(job) === Infinity);
    requested.delete(job); // its bytes are no longer needed
  }
  (self as unknown as Worker).postMessage({ partsDone: true });
  postHeldBack();
  (self as unknown as Worker).postMessage({ done: true });
};
