/**
 * Loads the published runs into the database once it is ready, and accepts user uploads. Exposes the runs' metadata
 * and a generation counter that bumps whenever data changes. The first view's runs are added first and shown; the
 * others are added together once the first view's queries have run (published.ts, ingest.ts addPreparedRuns).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDuckDB } from '../db/DuckDBProvider';
import { trackActivity, type Connector } from '../db/connector';
import type { RunJson } from '../model/runs';
import { uploadRun } from './uploadRun';
import {
  addPreparedRuns, createTables, ingestUpload, nextUploadBatch, type UploadDeclaration, type UploadResult, type UploadSource,
} from './ingest';
import { loadPublished, type Arrival, type PublishedLoad } from './published';

export { dataUrl } from './published';

/** An upload's outcome as the page lists it (dismissable by its key). */
export type UploadMessage = UploadResult & { key: number };

export interface DataState {
  status: 'loading' | 'ready' | 'error';
  /** Every published run has been tried (status turns 'ready' with the first view's runs; more may still arrive). */
  complete: boolean;
  /** Published runs tried so far (loaded or failed) of those listed, once the manifest is read. */
  progress: { done: number; total: number | null };
  error: string | null;
  db: Connector | null;
  /** Published runs in manifest order, then the run "uploads" once a file is uploaded. */
  runs: RunJson[];
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
const startPublished = () => (NO_PUBLISHED_DATA ? null : (started ??= loadPublished()));
const takePublished = (): PublishedLoad | null => { const l = startPublished(); started = null; return l; };

/** Waits for the background runs only this long for the first view's queries to finish. */
const FIRST_VIEW_QUIET_MS = 150;
const FIRST_VIEW_MAX_WAIT_MS = 1500;

export function DataProvider({ children }: { children: ReactNode }) {
  const dbState = useDuckDB();
  const raw = dbState.status === 'ready' ? dbState.db : null;
  const db = useMemo(() => (raw ? trackActivity(raw) : null), [raw]);
  const [status, setStatus] = useState<DataState['status']>('loading');
  const [complete, setComplete] = useState(false);
  const [progress, setProgress] = useState<DataState['progress']>({ done: 0, total: null });
  const [error, setError] = useState<string | null>(dbState.status === 'error' ? dbState.error : null);
  const [runs, setRuns] = useState<RunJson[]>([]);
  const [uploads, setUploads] = useState<UploadMessage[]>([]);
  const [loadedUploads, setLoadedUploads] = useState<UploadResult[]>([]);
  const [seen] = useState(() => new Map<string, string>());
  const [keyCounter] = useState(() => ({ n: 0 }));
  const [generation, setGeneration] = useState(0);
  const [loadMs, setLoadMs] = useState<number | null>(null);
  const [t0] = useState(() => performance.now());

  useEffect(() => {
    if (dbState.status === 'error') { setStatus('error'); setComplete(true); setError(`database: ${dbState.error}`); }
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
    const load = takePublished();
    if (!load) {
      void createTables(raw).then(() => { if (live) { setStatus('ready'); setComplete(true); setLoadMs(performance.now() - t0); } },
        (e: unknown) => { if (live) { setStatus('error'); setComplete(true); setError(e instanceof Error ? e.message : String(e)); } });
      return () => { live = false; };
    }
    load.release();
    (async () => {
      const order = await load.order;
      if (!live) return;
      setProgress({ done: 0, total: order.length });
      await createTables(raw);
      await raw.query('DELETE FROM samples_raw; DELETE FROM invocation_samples_raw; DELETE FROM files; DELETE FROM configs; DELETE FROM runs;');
      const loaded: RunJson[] = [];
      const problems: string[] = [];
      let tried = 0;
      let waited = false;
      for (let a = await load.take(); a !== null; a = await load.take()) {
        if (!a.firstView && !waited) {
          waited = true;
          await db.whenQuiet(FIRST_VIEW_QUIET_MS, FIRST_VIEW_MAX_WAIT_MS);
          if (!live) return;
        }
        // The first run (the reference study: small, the top of the page) alone, so that it shows at once.
        const batch: Arrival[] = [a];
        for (let n = load.peek(); n && tried > 0 && n.firstView === a.firstView; n = load.peek()) batch.push((await load.take())!);
        const ok = batch.filter((x) => x.prepared !== null && x.run !== null);
        problems.push(...batch.filter((x) => x.error !== null).map((x) => x.error!));
        const t = performance.now();
        try {
          await addPreparedRuns(raw, ok.map((x) => x.prepared!));
          loaded.push(...ok.map((x) => x.run!));
        } catch (e) {
          // One run's samples refused: add the batch's runs one by one, so that only that one is missing.
          for (const x of ok) {
            try { await addPreparedRuns(raw, [x.prepared!]); loaded.push(x.run!); } catch (e1) { problems.push(`run ${x.id}: ${e1 instanceof Error ? e1.message : String(e1)}`); }
          }
          if (!ok.length) problems.push(e instanceof Error ? e.message : String(e));
        }
        performance.measure(`ingest ${batch.map((x) => x.id).join(', ')}`, { start: t });
        tried += batch.length;
        if (!live) return;
        setRuns(order.map((id) => loaded.find((r) => r.id === id)).filter((r): r is RunJson => r !== undefined));
        setError(problems.length ? problems.join('; ') : null);
        setProgress({ done: Math.min(tried, order.length), total: order.length });
        setStatus('ready');
        setGeneration((g) => g + 1);
      }
      setStatus('ready');
      setComplete(true);
      setLoadMs(performance.now() - t0);
    })().catch((e: unknown) => {
      if (!live) return;
      setStatus('error');
      setComplete(true);
      setError(e instanceof Error ? e.message : String(e));
    });
    return () => { live = false; };
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
      setGeneration((g) => g + 1);
    }
    return results;
  }, [db, seen, keyCounter]);
  const dismiss = useCallback((key: number) => setUploads((u) => u.filter((m) => m.key !== key)), []);
  const allRuns = useMemo(() => { const u = uploadRun(loadedUploads); return u ? [...runs, u] : runs; }, [runs, loadedUploads]);

  return (
    <Ctx.Provider value={{ status, complete, progress, error, db, runs: allRuns, uploads, generation, upload, dismiss, loadMs }}>
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

export function useData(): DataState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useData outside DataProvider');
  return v;
}
