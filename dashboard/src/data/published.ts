/**
 * Loading the published runs (manifest → run.json → CSVs) in the order the first view needs them: the first view's
 * runs (model/canonical.ts firstViewRuns), then the others in manifest order. The CSVs are fetched and parsed by a
 * worker (published.worker.ts) while the database starts; each run arrives as Arrow streams ready to append.
 */
import { firstViewRuns } from '../model/canonical';
import { loadsSamples, runFiles, type Manifest, type RunJson } from '../model/runs';
import { reserveFileKeys, type PreparedRun } from './ingest';

/** A run for the worker: its record, the absolute URL of its folder, the key of its first file. */
export interface PublishedJob { run: RunJson; folder: string; firstKey: number; firstView: boolean }

/** A run as the worker hands it over: prepared, or the reason it could not be. */
export interface RunArrival { id: string; prepared: PreparedRun | null; error: string | null; parseMs: number | null }

/** A run taken from the load: its record (null if run.json failed), whether the first view shows it. */
export interface Arrival extends RunArrival { run: RunJson | null; firstView: boolean }

export interface PublishedLoad {
  /** Manifest order of the published runs (the network runs excluded), once known. */
  order: Promise<string[]>;
  /** The next run in load order; null after the last. */
  take(): Promise<Arrival | null>;
  /** The next run if it has already arrived (undefined: not yet; null: there is none). */
  peek(): Arrival | null | undefined;
  /**
   * Lets the loader fetch and parse the runs the first view does not show. Until then it does only the first view's,
   * so that on a small machine the rest does not take the cores DuckDB-Wasm's start needs (call it once the database
   * is up).
   */
  release(): void;
}

/** URL of a path under the site's data folder, whatever the base path. */
export const dataUrl = (path: string): string => new URL(`${import.meta.env.BASE_URL}data/${path}`, document.baseURI).href;

/** fetch that turns an HTTP error status into an error naming the URL. */
export async function fetchOk(url: string): Promise<Response> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

const json = async <T,>(url: string): Promise<T> => (await (await fetchOk(url)).json()) as T;

/**
 * Every published desktop and web run with its summary.json (the History and Programs views: no DuckDB); `summary`
 * is null for a run without one (a 404, or a host's fallback page that is not JSON).
 */
export async function loadPublishedSummaries<S>(): Promise<{ run: RunJson; summary: S | null }[]> {
  const manifest = await json<Manifest>(dataUrl('manifest.json'));
  const entries = manifest.runs.filter((e) => e.kind === 'desktop' || e.kind === 'web');
  return Promise.all(entries.map(async (e) => {
    const run = await json<RunJson>(dataUrl(e.run));
    const summary = await fetch(dataUrl(e.run.replace(/run\.json$/, 'summary.json')))
      .then((r) => (r.ok ? (r.json() as Promise<S>).catch(() => null) : null), () => null);
    return { run, summary };
  }));
}

/** Starts loading every published run; arrivals queue up until taken. */
export function loadPublished(): PublishedLoad {
  const arrived: (Arrival | null)[] = [];
  let wake: (() => void) | null = null;
  const push = (a: Arrival | null) => { arrived.push(a); wake?.(); wake = null; };
  let released = false;
  let loader: Worker | null = null;
  const fail = (e: unknown) => push({ id: 'manifest', run: null, firstView: true, prepared: null, error: e instanceof Error ? e.message : String(e), parseMs: null });

  const order = (async () => {
    const manifest = await json<Manifest>(dataUrl('manifest.json'));
    const entries = manifest.runs.filter(loadsSamples);
    const records = await Promise.all(entries.map((e) => json<RunJson>(dataUrl(e.run)).then((run) => ({ e, run, error: null }),
      (err: unknown) => ({ e, run: null, error: err instanceof Error ? err.message : String(err) }))));
    const ok = records.filter((r) => r.run !== null).map((r) => r.run!);
    const first = new Set(firstViewRuns(ok));
    const loadOrder = [...records.filter((r) => r.run && first.has(r.run.id)).sort((a, b) => [...first].indexOf(a.run!.id) - [...first].indexOf(b.run!.id)),
      ...records.filter((r) => !r.run || !first.has(r.run.id))];
    const jobs: PublishedJob[] = loadOrder.filter((r) => r.run !== null).map(({ e, run }) => ({
      run: run!, folder: dataUrl(e.run.replace(/run\.json$/, '')), firstKey: reserveFileKeys(runFiles(run!).length), firstView: first.has(run!.id),
    }));
    const byId = new Map(ok.map((r) => [r.id, r]));
    let expected = jobs.length;
    for (const r of loadOrder) if (!r.run) push({ id: r.e.id, run: null, firstView: true, prepared: null, error: `run ${r.e.id}: ${r.error}`, parseMs: null });
    if (expected === 0) push(null);
    else {
      const worker = new Worker(new URL('./published.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (m: MessageEvent<RunArrival>) => {
        // In the page's performance timeline: the worker's parse of the run, ending when it arrived.
        if (m.data.parseMs !== null) performance.measure(`parse ${m.data.id}`, { end: performance.now(), duration: m.data.parseMs });
        push({ ...m.data, run: byId.get(m.data.id) ?? null, firstView: first.has(m.data.id) });
        if (--expected === 0) { push(null); worker.terminate(); }
      };
      worker.onerror = (ev) => { ev.preventDefault(); fail(new Error(`the loader worker failed: ${ev.message}`)); push(null); worker.terminate(); };
      worker.postMessage({ runs: jobs });
      loader = worker;
      if (released) worker.postMessage({ release: true });
    }
    return entries.map((e) => e.id);
  })();
  order.catch((e: unknown) => { fail(e); push(null); });

  let next = 0;
  return {
    order,
    release() {
      if (released) return;
      released = true;
      loader?.postMessage({ release: true });
    },
    peek: () => (next < arrived.length ? arrived[next] : undefined),
    async take() {
      while (next >= arrived.length) await new Promise<void>((r) => { wake = r; });
      const a = arrived[next];
      if (a !== null) next++;
      return a;
    },
  };
}
