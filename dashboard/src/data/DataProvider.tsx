/**
 * Loads the published runs into the database once it is ready, and accepts user uploads. Exposes the runs' metadata
 * and a generation counter that bumps whenever data changes. Views load what they show: the configurations the
 * opened view shows are added first (model/canonical.ts openingConfigs); the rest once a view asks for it
 * (`need`), or after the opened view's first figures, in one batch once the view's queries have run (published.ts,
 * ingest.ts addPreparedRuns). The Live view asks for nothing more: loading would share the machine with its steps.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDuckDB } from '../db/DuckDBProvider';
import { trackActivity, type Connector } from '../db/connector';
import type { RunJson } from '../model/runs';
import { prewarmCpuPerStep } from '../model/invocations';
import { uploadRun } from './uploadRun';
import {
  addPreparedRuns, createTables, ingestUpload, nextUploadBatch, type UploadDeclaration, type UploadResult, type UploadSource,
} from './ingest';
import { loadPublished, type Arrival, type PublishedLoad } from './published';
import { configKey, type Opening } from '../model/canonical';
import { parseState } from '../state/viewState';

export { dataUrl } from './published';

/** An upload's outcome as the page lists it (dismissable by its key). */
export type UploadMessage = UploadResult & { key: number };

export interface DataState {
  status: 'loading' | 'ready' | 'error';
  /** Every published run has been tried (status turns 'ready' with the first view's runs; more may still arrive). */
  complete: boolean;
  /**
   * The invocations' own files are in too (published.ts RunArrival.invocations: a background run's come after every
   * run's merged files); only the invocation-level figures wait for them.
   */
  invocationsComplete: boolean;
  /** Bumps when held-back invocation files are added (queries of invocation_samples key on it beside `generation`). */
  invocationGeneration: number;
  error: string | null;
  db: Connector | null;
  /**
   * Loaded runs in manifest order, each with the configurations loaded so far, then the run "uploads" once a file is
   * uploaded.
   */
  runs: RunJson[];
  /** Every published run listed (its whole run.json, loaded or not), then "uploads": what a picker offers. */
  listed: RunJson[];
  /** Whether these configurations (`run/config`; undefined: all) are loaded (or failed to), so a figure of them is final. */
  has: (configs: readonly string[] | undefined) => boolean;
  /**
   * Asks for these configurations (`run/config`; undefined: everything), ahead of the rest; a no-op for those loaded
   * or already coming first (the opened view's).
   */
  need: (configs?: readonly string[]) => void;
  uploads: UploadMessage[];
  generation: number;
  upload: (files: UploadSource[], declared?: UploadDeclaration) => Promise<UploadResult[]>;
  /** Hides an upload's message (the data stays loaded). */
  dismiss: (key: number) => void;
  /** ms from the provider's start to every published run loaded */
  loadMs: number | null;
}

const Ctx = createContext<DataState | null>(null);

// One load per page: a state initializer may run twice (StrictMode in dev), a module-level value does not. Taken by
// the loading effect (its Arrow buffers move to the database's worker), so a later database loads afresh.
let started: PublishedLoad | null = null;
/**
 * `?data=none`: the page loads no published run (the benches open the Live view so: parsing and ingesting the
 * published CSVs in the background would share the machine with the steps they measure). Read once, at load: the
 * view state's URL writer does not keep the parameter.
 */
export const NO_PUBLISHED_DATA = typeof location !== 'undefined' && new URLSearchParams(location.search).get('data') === 'none';
/** What the page was opened on (read once, at load): its configurations load first. */
const OPENED: Opening = (() => { const st = parseState(typeof location === 'undefined' ? '' : location.search); return { view: st.view, cfg: st.cfg, runs: st.runs, program: st.program }; })();
const startPublished = () => (NO_PUBLISHED_DATA ? null : (started ??= loadPublished(OPENED)));
const takePublished = (): PublishedLoad | null => { const l = startPublished(); started = null; return l; };

/** Waits for the background runs only this long for the first view's queries to finish. */
const FIRST_VIEW_QUIET_MS = 150;
const FIRST_VIEW_MAX_WAIT_MS = 1500;
/**
 * Unless a view asks for more first, the rest loads once the opened view's data is in and the database has been
 * quiet this long (its figures drawn); not while the Live view is open (the visitor's own run would share the machine
 * with it), but once another view is.
 */
const PREFETCH_QUIET_MS = 1000;
const PREFETCH_MAX_WAIT_MS = 8000;
/** The background's runs are shown to the views at most this often while they arrive (each time: their queries again). */
const PUBLISH_EVERY_MS = 5000;

export function DataProvider({ children }: { children: ReactNode }) {
  const dbState = useDuckDB();
  const raw = dbState.status === 'ready' ? dbState.db : null;
  const db = useMemo(() => (raw ? trackActivity(raw) : null), [raw]);
  const [status, setStatus] = useState<DataState['status']>('loading');
  const [complete, setComplete] = useState(false);
  const [invocationsComplete, setInvocationsComplete] = useState(false);
  const [invocationGeneration, setInvocationGeneration] = useState(0);
  /** Published runs tried so far (loaded or failed) of those listed, once the manifest is read. */
  const [progress, setProgress] = useState<{ done: number; total: number | null }>({ done: 0, total: null });
  const [error, setError] = useState<string | null>(dbState.status === 'error' ? dbState.error : null);
  const [runs, setRuns] = useState<RunJson[]>([]);
  const [listed, setListed] = useState<RunJson[]>([]);
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(() => new Set());
  const [load, setLoad] = useState<{ load: PublishedLoad; opening: ReadonlySet<string> } | null>(null);
  const [uploads, setUploads] = useState<UploadMessage[]>([]);
  const [loadedUploads, setLoadedUploads] = useState<UploadResult[]>([]);
  const [seen] = useState(() => new Map<string, string>());
  const [keyCounter] = useState(() => ({ n: 0 }));
  const [generation, setGeneration] = useState(0);
  /** The last generation published (prefetch needs the number before the state has it). */
  const generationRef = useRef(0);
  const [loadMs, setLoadMs] = useState<number | null>(null);
  const [t0] = useState(() => performance.now());
  /** Runs a view asked for (need): shown as soon as they are in. */
  const asked = useRef(new Set<string>());

  useEffect(() => {
    if (dbState.status === 'error') { setStatus('error'); setComplete(true); setInvocationsComplete(true); setError(`database: ${dbState.error}`); }
  }, [dbState]);

  // Fetching and parsing of the first view's runs start at mount, in parallel with the database's start-up; the
  // others once the database is up (load.release()). Runs are added in batches: the
  // first run alone, then what has arrived of the other first-view runs, and so on until they are all in; then
  // every other run at once, after the first view's queries (one summary query over all of them instead
  // of one per run).
  useState(startPublished);
  useEffect(() => {
    if (!raw || !db) return;
    let live = true;
    let stopPrewarm = () => {};
    const load = takePublished();
    if (!load) {
      void createTables(raw).then(() => { if (live) { setStatus('ready'); setComplete(true); setInvocationsComplete(true); setLoadMs(performance.now() - t0); } },
        (e: unknown) => { if (live) { setStatus('error'); setComplete(true); setInvocationsComplete(true); setError(e instanceof Error ? e.message : String(e)); } });
      return () => { live = false; };
    }
    (async () => {
      const { ids: order, records, opening: openingKeys } = await load.order;
      if (!live) return;
      setLoad({ load, opening: new Set(openingKeys) });
      setListed(records);
      stopPrewarm = prewarmCpuPerStep(records);
      setProgress({ done: 0, total: order.length });
      await createTables(raw);
      await raw.query('DELETE FROM samples_raw; DELETE FROM invocation_samples_raw; DELETE FROM files; DELETE FROM configs; DELETE FROM runs;');
      const problems: string[] = [];
      const done = new Set<string>(); // runs with no part to come
      const parts = new Map<string, Set<string>>(); // run → its configurations tried so far
      let tried = 0;
      let batches = 0;
      let waited = false;
      let prefetch = false;
      const triedConfigs = new Set<string>(); // configuration keys tried
      /** Once the opened view's configurations are in: the rest after its queries have settled (a view asking sooner wins). */
      const onLive = () => parseState(location.search).view === 'live';
      const schedulePrefetch = () => {
        if (prefetch || !openingKeys.every((k) => triedConfigs.has(k))) return;
        prefetch = true;
        void (async () => {
          // Not while the Live view is open (the visitor's run would share the machine with it): once it is left.
          for (;;) {
            while (live && onLive()) await new Promise((r) => setTimeout(r, 1000));
            if (!live) return;
            await db.whenQuiet(PREFETCH_QUIET_MS, PREFETCH_MAX_WAIT_MS);
            if (!live) return;
            if (!onLive()) { load.release(); return; }
          }
        })();
      };
      schedulePrefetch();
      let lastPublish = -Infinity;
      let publishTimer: ReturnType<typeof setTimeout> | null = null;
      /** Something added since the last publication. */
      let unpublished = false;
      /** Makes what has been added visible to the views: a new generation (their queries run again). */
      const publish = () => {
        if (publishTimer) { clearTimeout(publishTimer); publishTimer = null; }
        if (!live || !unpublished) return;
        unpublished = false;
        lastPublish = performance.now();
        setRuns(shown());
        setLoaded(new Set(triedConfigs));
        setError(problems.length ? problems.join('; ') : null);
        setStatus('ready');
        // The views' summaries start now, in the database's worker, while the page renders the publication.
        db.prefetch(++generationRef.current);
        setGeneration(generationRef.current);
        schedulePrefetch();
      };
      const shown = () => records.filter((r) => parts.has(r.id))
        .map((r) => ({ ...r, configurations: r.configurations.filter((c) => parts.get(r.id)!.has(c.id)) }))
        .filter((r) => r.configurations.length);
      /** Every run's parts are in (not yet the held-back invocation files): shown as complete. */
      let runsDone = false;
      const finishRuns = () => {
        if (runsDone) return;
        runsDone = true;
        publish();
        setStatus('ready');
        setComplete(true);
        setLoadMs(performance.now() - t0);
      };
      let invocationsAdded = false;
      /**
       * Adds a batch of arrivals in one go, or, when one part is refused, one by one, so that only that one is missing;
       * names every failure in `problems`. Resolves with the arrivals added.
       */
      const addBatch = async (batch: Arrival[]): Promise<Arrival[]> => {
        const ok = batch.filter((x) => x.prepared !== null && x.run !== null);
        problems.push(...batch.filter((x) => x.error !== null).map((x) => x.error!));
        try {
          await addPreparedRuns(raw, ok.map((x) => x.prepared!));
          return ok;
        } catch (e) {
          const added: Arrival[] = [];
          for (const x of ok) {
            try { await addPreparedRuns(raw, [x.prepared!]); added.push(x); } catch (e1) { problems.push(`run ${x.id}: ${e1 instanceof Error ? e1.message : String(e1)}`); }
          }
          if (!ok.length) problems.push(e instanceof Error ? e.message : String(e));
          return added;
        }
      };
      for (let a = await load.take(); a !== null; a = await load.take()) {
        if (a.invocations) {
          // The held-back invocation files: after every run's other parts are shown and the views' queries over them
          // have run (the database's one worker would otherwise hold those queries behind these appends); those of a
          // run a view asked for meanwhile, at once.
          const atEnd = load.partsTaken();
          if (atEnd && !runsDone) {
            finishRuns();
            await db.whenQuiet(FIRST_VIEW_QUIET_MS, FIRST_VIEW_MAX_WAIT_MS);
            if (!live) return;
          }
          const batch: Arrival[] = [a];
          for (let n = load.peek(); atEnd && n && n.invocations; n = load.peek()) batch.push((await load.take())!);
          const t = performance.now();
          if ((await addBatch(batch)).length) invocationsAdded = true;
          performance.measure(`ingest invocations of ${batch.map((x) => x.id).join(', ')}`, { start: t });
          if (!live) return;
          if (!atEnd) setInvocationGeneration((g) => g + 1); // the view that asked for the run reads them now
          continue;
        }
        if (!a.first && !waited) {
          waited = true;
          await db.whenQuiet(FIRST_VIEW_QUIET_MS, FIRST_VIEW_MAX_WAIT_MS);
          if (!live) return;
        }
        // On the Comparison the first part (the reference study: small, the top of the page) alone, so that it shows
        // at once; then, as elsewhere, whatever has arrived of the same phase together (one round of queries).
        const batch: Arrival[] = [a];
        for (let n = load.peek(); n && (batches > 0 || OPENED.view !== 'compare') && n.first === a.first && !n.invocations; n = load.peek()) batch.push((await load.take())!);
        batches++;
        const t = performance.now();
        for (const x of await addBatch(batch)) { const set = parts.get(x.id) ?? new Set<string>(); x.configs.forEach((c) => set.add(c)); parts.set(x.id, set); }
        performance.measure(`ingest ${batch.map((x) => `${x.id} (${x.configs.length})`).join(', ')}`, { start: t });
        for (const x of batch) if (x.last) done.add(x.id);
        tried = done.size;
        if (!live) return;
        // Tried: loaded or failed (a failed part's configurations will not come).
        for (const x of batch) for (const c of x.configs.length ? x.configs : records.find((r) => r.id === x.id)?.configurations.map((r) => r.id) ?? []) triedConfigs.add(configKey(x.id, c));
        // What the opened view or a view's request waits for is shown at once; the rest of the background at most
        // every PUBLISH_EVERY_MS (and at the end): each publication re-runs every open view's queries over all the
        // rows loaded so far and re-renders it, which with a hundred configurations cost more than the loading.
        setProgress({ done: Math.min(tried, order.length), total: order.length });
        unpublished = true;
        const urgent = a.first || batch.some((x) => asked.current.has(x.id));
        if (urgent || load.peek() === null || performance.now() - lastPublish >= PUBLISH_EVERY_MS) publish();
        else if (!publishTimer) publishTimer = setTimeout(publish, Math.max(0, lastPublish + PUBLISH_EVERY_MS - performance.now()));
      }
      if (!live) return;
      finishRuns(); // with what a pending timer would have shown (nothing when the last batch was shown at once)
      if (invocationsAdded) setInvocationGeneration((g) => g + 1);
      setError(problems.length ? problems.join('; ') : null);
      setInvocationsComplete(true);
    })().catch((e: unknown) => {
      if (!live) return;
      setStatus('error');
      setComplete(true);
      setInvocationsComplete(true);
      setError(e instanceof Error ? e.message : String(e));
    });
    return () => { live = false; stopPrewarm(); };
  }, [raw, db, t0]);

  const upload = useCallback(async (files: UploadSource[], declared: UploadDeclaration = {}) => {
    if (!db) return [];
    const results: UploadResult[] = [];
    const batch = nextUploadBatch();
    for (const f of files) {
      try {
        const r = await ingestUpload(db, f, { ...declared, batch, seen });
        if (r.ok) seen.set(r.digest, r.file);
        results.push(r);
      } catch (e) {
        results.push({ ok: false, file: f.name, error: `${f.name}: ${e instanceof Error ? e.message : String(e)}` });
      }
    }
    setUploads((u) => [...u, ...results.map((r) => ({ ...r, key: ++keyCounter.n }))]);
    if (results.some((r) => r.ok)) {
      setLoadedUploads((u) => [...u, ...results.filter((r) => r.ok)]);
      setGeneration(++generationRef.current);
    }
    return results;
  }, [db, seen, keyCounter]);
  const dismiss = useCallback((key: number) => setUploads((u) => u.filter((m) => m.key !== key)), []);
  const uploaded = useMemo(() => uploadRun(loadedUploads), [loadedUploads]);
  const allRuns = useMemo(() => (uploaded ? [...runs, uploaded] : runs), [runs, uploaded]);
  const allListed = useMemo(() => (uploaded ? [...listed, uploaded] : listed), [listed, uploaded]);
  const has = useCallback((configs: readonly string[] | undefined) => complete || (configs !== undefined && status === 'ready'
    && configs.every((k) => loaded.has(k) || k.startsWith(`${uploaded?.id ?? '\0'}/`))), [complete, status, loaded, uploaded]);
  const need = useCallback((configs?: readonly string[]) => {
    if (!load) return;
    if (configs === undefined) { load.load.release(); return; }
    const missing = configs.filter((k) => !loaded.has(k) && !load.opening.has(k));
    const ids = [...new Set(missing.map((k) => k.slice(0, k.indexOf('/'))))];
    ids.forEach((id) => asked.current.add(id));
    if (missing.length) load.load.prioritise(ids);
  }, [load, loaded]);

  // The loading progress is not part of it: it moves with every run that arrives, while the views re-render only when
  // what they read changes (a publication).
  const value = useMemo(() => ({ status, complete, invocationsComplete, invocationGeneration, error, db, runs: allRuns, listed: allListed, has, need, uploads, generation, upload, dismiss, loadMs }),
    [status, complete, invocationsComplete, invocationGeneration, error, db, allRuns, allListed, has, need, uploads, generation, upload, dismiss, loadMs]);
  return (
    <Ctx.Provider value={value}>
      {children}
      {!complete && progress.total !== null && <LoadProgress done={progress.done} total={progress.total} />}
    </Ctx.Provider>
  );
}

/** While the published runs load: how many of them are in (fixed in a corner, so the page does not move). */
function LoadProgress({ done, total }: { done: number; total: number }) {
  return (
    <p className="muted small" role="status" data-testid="data-progress" data-done={done} data-total={total}
      style={{ position: 'fixed', left: 8, bottom: 8, margin: 0, padding: '4px 8px', background: '#fff', border: '1px solid #d0d5da', borderRadius: 4, zIndex: 10 }}>
      <progress max={total} value={done} /> published runs loaded: {done} of {total}
    </p>
  );
}

/**
 * A figure's configurations (`run/config`; undefined: every one): asks for those not loaded yet and says whether
 * all of them are in, i.e. whether the figure is final.
 */
export function useShown(configs: readonly string[] | undefined): boolean {
  const { has, need } = useData();
  const ready = has(configs);
  const key = configs === undefined ? null : configs.join(' ');
  useEffect(() => { if (!ready) need(key === null ? undefined : key.split(' ').filter(Boolean)); }, [ready, key, need]);
  return ready;
}

export function useData(): DataState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useData outside DataProvider');
  return v;
}
