/**
 * Loads the published runs (manifest → run.json → CSVs) into the database once it is ready, and accepts user
 * uploads. Exposes the runs' metadata and a generation counter that bumps whenever data changes.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDuckDB } from '../db/DuckDBProvider';
import type { Connector } from '../db/connector';
import type { Manifest, RunJson } from '../model/runs';
import { uploadRun } from './uploadRun';
import {
  createTables, ingestRun, ingestUpload, nextUploadBatch, runFiles, type UploadDeclaration, type UploadResult, type UploadSource,
} from './ingest';

/** An upload's outcome as the page lists it (dismissable by its key). */
export type UploadMessage = UploadResult & { key: number };

export interface DataState {
  status: 'loading' | 'ready' | 'error';
  /** Every published run has been tried (status turns 'ready' with the first one; more may still arrive). */
  complete: boolean;
  error: string | null;
  db: Connector | null;
  /** Published runs in manifest order, then the run "uploads" once a file is uploaded. */
  runs: RunJson[];
  uploads: UploadMessage[];
  generation: number;
  upload: (files: UploadSource[], declared?: UploadDeclaration) => Promise<UploadResult[]>;
  /** Hides an upload's message (the data stays loaded). */
  dismiss: (key: number) => void;
  loadMs: number | null;
}

const Ctx = createContext<DataState | null>(null);

/** URL of a path under the site's data folder, whatever the base path. */
export const dataUrl = (path: string): string => new URL(`${import.meta.env.BASE_URL}data/${path}`, document.baseURI).href;

export async function fetchOk(url: string): Promise<Response> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

/** Manifest, run records and every CSV's bytes, fetched in parallel; a failed run is reported, not fatal. */
async function fetchPublished(): Promise<{ run: RunJson; files: (p: string) => Promise<Uint8Array> }[]> {
  const manifest = (await (await fetchOk(dataUrl('manifest.json'))).json()) as Manifest;
  // Network runs are read by the Network view from their run.json figures only (docs/network.md).
  return Promise.all(manifest.runs.filter((e) => e.kind !== 'network').map(async (e) => {
    const folder = e.run.replace(/run\.json$/, '');
    const run = (await (await fetchOk(dataUrl(e.run))).json()) as RunJson;
    const bytes = new Map(runFiles(run).map(({ f }) => [f.file,
      fetchOk(dataUrl(folder + f.file)).then(async (r) => new Uint8Array(await r.arrayBuffer()))]));
    bytes.forEach((p) => p.catch(() => undefined));
    return { run, files: (p: string) => bytes.get(p) ?? Promise.reject(new Error(`${p}: not listed`)) };
  }));
}

// One fetch per page load: a state initializer may run twice (StrictMode in dev), a module-level promise does not.
let fetched: ReturnType<typeof fetchPublished> | null = null;
const publishedOnce = () => (fetched ??= fetchPublished());

export function DataProvider({ children }: { children: ReactNode }) {
  const dbState = useDuckDB();
  const db = dbState.status === 'ready' ? dbState.db : null;
  const [status, setStatus] = useState<DataState['status']>('loading');
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | null>(dbState.status === 'error' ? dbState.error : null);
  const [runs, setRuns] = useState<RunJson[]>([]);
  const [uploads, setUploads] = useState<UploadMessage[]>([]);
  const [loadedUploads, setLoadedUploads] = useState<UploadResult[]>([]);
  const [seen] = useState(() => new Map<string, string>());
  const [keyCounter] = useState(() => ({ n: 0 }));
  const [generation, setGeneration] = useState(0);
  const [loadMs, setLoadMs] = useState<number | null>(null);

  useEffect(() => {
    if (dbState.status === 'error') { setStatus('error'); setComplete(true); setError(`database: ${dbState.error}`); }
  }, [dbState]);

  // Fetching starts at mount, in parallel with the database's start-up; runs are loaded in manifest order and
  // shown as each one arrives (the reference study first), so the first view does not wait for every run.
  const [published] = useState(publishedOnce);
  useEffect(() => {
    if (!db) return;
    let live = true;
    (async () => {
      const t0 = performance.now();
      const runsData = await published;
      await createTables(db);
      await db.query('DELETE FROM samples_raw; DELETE FROM invocation_samples_raw; DELETE FROM files; DELETE FROM configs; DELETE FROM runs;');
      const loaded: RunJson[] = [];
      const problems: string[] = [];
      for (const { run, files } of runsData) {
        try {
          const t = performance.now();
          await ingestRun(db, run, (p) => files(p));
          performance.measure(`ingest ${run.id}`, { start: t });
          loaded.push(run);
        } catch (e) {
          problems.push(`run ${run.id}: ${e instanceof Error ? e.message : String(e)}`);
        }
        if (!live) return;
        setRuns([...loaded]);
        setError(problems.length ? problems.join('; ') : null);
        if (loaded.length === 1 || problems.length) setStatus('ready');
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
  }, [db, published]);

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

  return <Ctx.Provider value={{ status, complete, error, db, runs: allRuns, uploads, generation, upload, dismiss, loadMs }}>{children}</Ctx.Provider>;
}

export function useData(): DataState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useData outside DataProvider');
  return v;
}
