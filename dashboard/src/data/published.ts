/**
 * Loading the published runs (manifest → run.json → CSVs) in the order the opened view needs them: first the
 * configurations it shows (model/canonical.ts openingConfigs: a run's other configurations wait, so the opened view
 * does not wait for a 27-configuration run to parse), then, once released, everything else in manifest order, the
 * runs a view asks for first (prioritise). The CSVs are fetched and parsed by a worker (published.worker.ts) while
 * the database starts; each part of a run arrives as Arrow streams ready to append.
 */
import { openingConfigs, type Opening } from '../model/canonical';
import { loadsSamples, runFiles, type RunJson } from '../model/runs';
import { reserveFileKeys, type PreparedRun } from './ingest';
import { dataUrl, fetchDataJson, loadManifest } from './dataFiles';
import type { NetworkRun } from '../model/network';

/**
 * A run for the worker: its record, the absolute URL of its folder, the key of its first file, and the ids of the
 * configurations it loads before the page releases the rest (empty: none).
 */
export interface PublishedJob { run: RunJson; folder: string; firstKey: number; first: string[] }

/**
 * A part of a run as the worker hands it over: the configurations it holds, prepared, or the reason it could not be;
 * `first`: the part the opened view shows (loaded before the release); `last`: the run has no part to come.
 * `invocations`: the invocations' own files of a part that came earlier without them (a background part no view
 * asked for); these come after every run's other parts, and only the invocation-level figures wait for them.
 */
export interface RunArrival {
  id: string; configs: string[]; first: boolean; last: boolean; invocations: boolean; prepared: PreparedRun | null; error: string | null; parseMs: number | null;
}

/** A part taken from the load, with its run's record (null if run.json failed). */
export interface Arrival extends RunArrival { run: RunJson | null }

export interface PublishedLoad {
  /**
   * The published runs (the network runs excluded), once known: their ids in manifest order, the records read and
   * the configurations (`run/config`) loaded first, the opened view's.
   */
  order: Promise<{ ids: string[]; records: RunJson[]; opening: string[] }>;
  /** The next run in load order; null after the last. */
  take(): Promise<Arrival | null>;
  /** The next run if it has already arrived (undefined: not yet; null: there is none). */
  peek(): Arrival | null | undefined;
  /**
   * Every part has been taken except held-back invocation files (RunArrival.invocations): an invocations arrival
   * taken before this (a run a view asked for) is not the end of the runs' parts.
   */
  partsTaken(): boolean;
  /**
   * Lets the loader fetch and parse what the opened view does not show. Until then it does only the opened view's
   * configurations, so that the rest does not take the cores the view's own work needs (DuckDB-Wasm's start, its
   * queries, a Live run).
   */
  release(): void;
  /** Loads these runs next, released or not (a view showing them). */
  prioritise(runs: readonly string[]): void;
}

/**
 * Every published desktop and web run with its summary.json (the History and Programs views: no DuckDB); `summary`
 * is null for a run the manifest lists without one (nothing is requested for it: the first web runs have none, and
 * guessing the path cost a 404 each), or whose file cannot be read (a host's fallback page that is not JSON).
 */
export async function loadPublishedSummaries<S>(): Promise<{ run: RunJson; summary: S | null }[]> {
  const manifest = await loadManifest();
  const entries = manifest.runs.filter((e) => e.kind === 'desktop' || e.kind === 'web');
  return Promise.all(entries.map(async (e) => {
    const run = await fetchDataJson<RunJson>(e.run);
    const summary = e.summary === undefined ? null : await fetchDataJson<S>(e.summary).catch(() => null);
    return { run, summary };
  }));
}

/**
 * The network runs (`npm run bench:network`), in manifest order: the Network view reads their figures from run.json
 * (their CSVs are not loaded into the database).
 */
export async function loadNetworkRuns(): Promise<NetworkRun[]> {
  const manifest = await loadManifest();
  return Promise.all(manifest.runs.filter((e) => e.kind === 'network').map((e) => fetchDataJson<NetworkRun>(e.run)));
}

/** Starts loading every published run, the configurations `opening` shows first; arrivals queue up until taken. */
export function loadPublished(opening: Opening): PublishedLoad {
  const arrived: (Arrival | null)[] = [];
  /** Index in `arrived` where the worker said every part but the held-back invocation files was out. */
  let partsEnd = Infinity;
  let wake: (() => void) | null = null;
  const push = (a: Arrival | null) => { arrived.push(a); wake?.(); wake = null; };
  let released = false;
  const wanted: string[] = [];
  let loader: Worker | null = null;
  const fail = (e: unknown) => push({ id: 'manifest', configs: [], first: true, last: true, invocations: false, run: null, prepared: null, error: e instanceof Error ? e.message : String(e), parseMs: null });

  const order = (async () => {
    const manifest = await loadManifest();
    const entries = manifest.runs.filter(loadsSamples);
    const records = await Promise.all(entries.map((e) => fetchDataJson<RunJson>(e.run).then((run) => ({ e, run, error: null }),
      (err: unknown) => ({ e, run: null, error: err instanceof Error ? err.message : String(err) }))));
    const ok = records.filter((r) => r.run !== null).map((r) => r.run!);
    // The opened view's configurations, by run, in the order the view lists them.
    const first = new Map<string, string[]>();
    const openingKeys = openingConfigs(ok, opening);
    for (const key of openingKeys) {
      const at = key.indexOf('/');
      const run = key.slice(0, at);
      first.set(run, [...(first.get(run) ?? []), key.slice(at + 1)]);
    }
    const loadOrder = [...records.filter((r) => r.run && first.has(r.run.id)).sort((a, b) => [...first.keys()].indexOf(a.run!.id) - [...first.keys()].indexOf(b.run!.id)),
      ...records.filter((r) => !r.run || !first.has(r.run.id))];
    const jobs: PublishedJob[] = loadOrder.filter((r) => r.run !== null).map(({ e, run }) => ({
      run: run!, folder: dataUrl(e.run.replace(/run\.json$/, '')), firstKey: reserveFileKeys(runFiles(run!).length), first: first.get(run!.id) ?? [],
    }));
    const byId = new Map(ok.map((r) => [r.id, r]));
    for (const r of loadOrder) if (!r.run) push({ id: r.e.id, configs: [], first: true, last: true, invocations: false, run: null, prepared: null, error: `run ${r.e.id}: ${r.error}`, parseMs: null });
    if (jobs.length === 0) push(null);
    else {
      const worker = new Worker(new URL('./published.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (m: MessageEvent<RunArrival | { done: true } | { partsDone: true }>) => {
        if ('partsDone' in m.data) { partsEnd = arrived.length; return; }
        if ('done' in m.data) { partsEnd = Math.min(partsEnd, arrived.length); push(null); worker.terminate(); return; }
        // In the page's performance timeline: the worker's parse of the part, ending when it arrived.
        if (m.data.parseMs !== null) performance.measure(`${m.data.invocations ? 'prepare invocations of' : 'parse'} ${m.data.id} (${m.data.configs.length} configurations)`, { end: performance.now(), duration: m.data.parseMs });
        push({ ...m.data, run: byId.get(m.data.id) ?? null });
      };
      worker.onerror = (ev) => { ev.preventDefault(); fail(new Error(`the loader worker failed: ${ev.message}`)); push(null); worker.terminate(); };
      worker.postMessage({ runs: jobs });
      loader = worker;
      if (wanted.length) worker.postMessage({ prioritise: wanted });
      if (released) worker.postMessage({ release: true });
    }
    return { ids: entries.map((e) => e.id), records: ok, opening: openingKeys };
  })();
  order.catch((e: unknown) => { fail(e); push(null); });

  let next = 0;
  const release = () => {
    if (released) return;
    released = true;
    loader?.postMessage({ release: true });
  };
  return {
    order,
    release,
    prioritise(runs) {
      wanted.push(...runs);
      loader?.postMessage({ prioritise: runs });
    },
    peek: () => (next < arrived.length ? arrived[next] : undefined),
    partsTaken: () => next >= partsEnd,
    async take() {
      while (next >= arrived.length) await new Promise<void>((r) => { wake = r; });
      const a = arrived[next];
      if (a !== null) next++;
      return a;
    },
  };
}
