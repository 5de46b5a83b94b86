/**
 * Loads the published runs into the database once it is ready, and accepts user uploads. Exposes the runs' metadata
 * and a generation counter that bumps whenever data changes. Views load what they show: the configurations the
 * opened view shows are added first (model/canonical.ts openingConfigs); the rest once a view asks for it
 * (`need`), or after the opened view's first figures, in one batch once the view's queries have run (published.ts,
 * ingest.ts addPreparedRuns). The Live view asks for nothing more: loading would share the machine with its steps.
 * The order and timing are decided by loadPlan.ts (pure, unit-tested); loadPublishedRuns below carries them out.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDuckDB } from '../db/DuckDBProvider';
import { trackActivity, type Connector, type TrackedConnector } from '../db/connector';
import type { RunJson } from '../model/runs';
import { prewarmCpuPerStep } from '../model/invocations';
import { uploadRun } from './uploadRun';
import {
  addPreparedRuns, createTables, ingestUpload, nextUploadBatch, type UploadDeclaration, type UploadResult, type UploadSource,
} from './ingest';
import { loadPublished, type Arrival, type PublishedLoad } from './published';
import { addInOneOrEach, configsFinal, ingestLabel, LoadPlan, runsToAskFor, type Publication } from './loadPlan';
import type { Opening } from '../model/canonical';
import { currentViewState, OPENED_URL } from '../state/url';

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
/** What the page was opened on: its configurations load first (`?data=none`: no published run, state/url.ts). */
const OPENED: Opening = (({ view, cfg, runs, program }) => ({ view, cfg, runs, program }))(OPENED_URL.state);
const startPublished = () => (OPENED_URL.noPublishedData ? null : (started ??= loadPublished(OPENED)));
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

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

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
  // others once the database is up and the first view's are in (loadPlan.ts decides, loadPublishedRuns does).
  useState(startPublished);
  useEffect(() => {
    if (!raw || !db) return;
    let live = true;
    let stopPrewarm = () => {};
    const failed = (e: unknown) => { if (live) { setStatus('error'); setComplete(true); setInvocationsComplete(true); setError(message(e)); } };
    const load = takePublished();
    if (!load) {
      void createTables(raw).then(() => { if (live) { setStatus('ready'); setComplete(true); setInvocationsComplete(true); setLoadMs(performance.now() - t0); } }, failed);
      return () => { live = false; };
    }
    const page: LoadSink = {
      listed: (records, opening) => { setLoad({ load, opening: new Set(opening) }); setListed(records); stopPrewarm = prewarmCpuPerStep(records); },
      progress: setProgress,
      publish: (p) => {
        setRuns(p.runs); setLoaded(p.tried); setError(p.error); setStatus('ready');
        // The views' summaries start now, in the database's worker, while the page renders the publication.
        db.prefetch(++generationRef.current);
        setGeneration(generationRef.current);
      },
      runsComplete: () => { setStatus('ready'); setComplete(true); setLoadMs(performance.now() - t0); },
      invocationsArrived: () => setInvocationGeneration((g) => g + 1),
      finished: (e) => { setError(e); setInvocationsComplete(true); },
    };
    loadPublishedRuns(load, raw, db, page, asked.current, () => live).catch(failed);
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
  const has = useCallback((configs: readonly string[] | undefined) => configsFinal(configs,
    { complete, ready: status === 'ready', tried: loaded, uploadRun: uploaded?.id ?? null }), [complete, status, loaded, uploaded]);
  const need = useCallback((configs?: readonly string[]) => {
    if (!load) return;
    if (configs === undefined) { load.load.release(); return; }
    const ids = runsToAskFor(configs, loaded, load.opening);
    ids.forEach((id) => asked.current.add(id));
    if (ids.length) load.load.prioritise(ids);
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

/** What the loading sets on the page (DataProvider's state). */
interface LoadSink {
  /** The runs listed and the opened view's configurations, once the manifest and the run.json files are read. */
  listed(records: RunJson[], opening: readonly string[]): void;
  progress(p: { done: number; total: number }): void;
  publish(p: Publication): void;
  /** Every run's parts are in (the held-back invocation files may still come). */
  runsComplete(): void;
  /** Invocation files were added that the views read now. */
  invocationsArrived(): void;
  /** The load is over: its failures in one line (null: none). */
  finished(error: string | null): void;
}

/**
 * Adds the published runs to the database as they arrive, as `LoadPlan` decides (which arrivals together, when to
 * wait for the views' queries, when to show them, when the rest may load): the first view's runs in batches as they
 * arrive, then every other run, then the held-back invocation files. Stops at the first await after `live()` turns false.
 */
async function loadPublishedRuns(load: PublishedLoad, raw: Connector, db: TrackedConnector, page: LoadSink,
  asked: ReadonlySet<string>, live: () => boolean): Promise<void> {
  const { ids: order, records, opening } = await load.order;
  if (!live()) return;
  page.listed(records, opening);
  page.progress({ done: 0, total: order.length });
  await createTables(raw);
  await raw.query('DELETE FROM samples_raw; DELETE FROM invocation_samples_raw; DELETE FROM files; DELETE FROM configs; DELETE FROM runs;');
  const plan = new LoadPlan(records, order.length, opening, OPENED_URL.state.view);
  const releaseWhenDue = () => { if (plan.releaseDue()) void releaseWhenQuiet(load, db, live); };
  let publishTimer: ReturnType<typeof setTimeout> | null = null;
  const publish = () => {
    if (publishTimer) { clearTimeout(publishTimer); publishTimer = null; }
    const shown = live() ? plan.publication(performance.now()) : null;
    if (!shown) return;
    page.publish(shown);
    releaseWhenDue();
  };
  const finishRuns = () => { if (plan.completeRuns()) { publish(); page.runsComplete(); } };
  const addToDatabase = (parts: Arrival[]) => addPreparedRuns(raw, parts.map((x) => x.prepared!));
  releaseWhenDue();
  for (let a = await load.take(); a !== null; a = await load.take()) {
    const partsTaken = load.partsTaken();
    const before = plan.beforeBatch(a, partsTaken);
    if (before.finishRuns) finishRuns();
    if (before.waitForQuiet) {
      await db.whenQuiet(FIRST_VIEW_QUIET_MS, FIRST_VIEW_MAX_WAIT_MS);
      if (!live()) return;
    }
    const batch: Arrival[] = [a];
    for (let n = load.peek(); n && plan.joinsBatch(a, n, partsTaken); n = load.peek()) batch.push((await load.take())!);
    const t = performance.now();
    const outcome = await addInOneOrEach(batch, addToDatabase);
    performance.measure(ingestLabel(batch), { start: t });
    if (!live()) return;
    if (a.invocations) {
      if (plan.recordInvocations(outcome, partsTaken).readNow) page.invocationsArrived(); // the view that asked reads them now
      continue;
    }
    plan.recordParts(batch, outcome);
    page.progress(plan.progress());
    const when = plan.publishWhen(batch, asked, load.peek() === null, performance.now());
    if (when.now) publish();
    else publishTimer ??= setTimeout(publish, when.inMs);
  }
  if (!live()) return;
  finishRuns(); // with what a pending timer would have shown (nothing when the last batch was shown at once)
  if (plan.invocationsAddedAtEnd()) page.invocationsArrived();
  page.finished(plan.errorText());
}

/** Releases the rest of the load once the database is quiet (the opened view's figures drawn), not while the Live view is open. */
async function releaseWhenQuiet(load: PublishedLoad, db: TrackedConnector, live: () => boolean): Promise<void> {
  const onLive = () => currentViewState().view === 'live';
  for (;;) {
    while (live() && onLive()) await new Promise((r) => setTimeout(r, 1000));
    if (!live()) return;
    await db.whenQuiet(PREFETCH_QUIET_MS, PREFETCH_MAX_WAIT_MS);
    if (!live()) return;
    if (!onLive()) { load.release(); return; }
  }
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
