/** Composes the providers and routes (the `view` URL parameter); pages load data, components render it. */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Controls, type ControlName } from './components/Controls';
import { programOptions } from './model/programs';
import { UploadZone } from './components/UploadZone';
import { DataProvider, useData } from './data/DataProvider';
import { DuckDBProvider } from './db/DuckDBProvider';
import { createWasmConnector } from './db/duckdbWasm';
import ComparePage from './pages/ComparePage';
import { preloadPlotly } from './components/Plot';
import { useViewState } from './state/useViewState';
import type { View } from './state/viewState';
import { OPENED_URL } from './state/url';
import type { UploadDeclaration } from './data/ingest';

/** Views whose first content is a plot: the page fetches Plotly as it starts (the Comparison opens on its table). */
const PLOT_FIRST: readonly View[] = ['yourcase', 'distributions', 'warmup', 'scale', 'profiles', 'history', 'programs', 'network'];
if (PLOT_FIRST.includes(OPENED_URL.state.view)) preloadPlotly();

const DistributionsPage = lazy(() => import('./pages/DistributionsPage'));
const WarmupPage = lazy(() => import('./pages/WarmupPage'));
const ScalePage = lazy(() => import('./pages/ScalePage'));
const SqlPage = lazy(() => import('./pages/SqlPage'));
const LivePage = lazy(() => import('./pages/LivePage'));
const NetworkPage = lazy(() => import('./pages/NetworkPage'));
const HistoryPage = lazy(() => import('./pages/HistoryPage'));
const ProfilesPage = lazy(() => import('./pages/ProfilesPage'));
const ProgramsPage = lazy(() => import('./pages/ProgramsPage'));
const YourCasePage = lazy(() => import('./pages/YourCasePage'));

/** The global controls each view uses: the SQL view queries every table as it is, so it shows none. */
const CONTROLS: Record<View, readonly ControlName[]> = {
  compare: ['program', 'warmup', 'unit', 'boot', 'runs'], distributions: ['program', 'warmup', 'unit', 'runs'], warmup: ['program', 'warmup', 'unit', 'runs'],
  scale: ['program', 'warmup', 'unit', 'runs'], sql: [], live: [], network: [], profiles: ['warmup'], history: [], programs: [], yourcase: [],
};

const TABS: [View, string][] = [
  ['compare', 'Comparison'], ['yourcase', 'Your case'], ['history', 'History'], ['programs', 'Programs'], ['distributions', 'Distributions'], ['warmup', 'Warm-up & time series'],
  ['scale', 'Scale & platform'], ['sql', 'SQL'], ['live', 'Live'], ['network', 'Network'], ['profiles', 'Profiles'],
];

function Shell() {
  const [state, set] = useViewState();
  const data = useData();
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [declared, setDeclared] = useState<UploadDeclaration>({});
  const onFiles = useCallback(async (files: File[], d: UploadDeclaration = declared) => {
    setBusy(true);
    try { await data.upload(files, d); } finally { setBusy(false); }
  }, [data, declared]);
  useEffect(() => {
    const over = (e: DragEvent) => { if (e.dataTransfer?.types.includes('Files')) { e.preventDefault(); setDragging(true); } };
    const leave = (e: DragEvent) => { if (e.relatedTarget === null) setDragging(false); };
    const drop = (e: DragEvent) => {
      if (!e.dataTransfer?.files.length) return;
      e.preventDefault();
      setDragging(false);
      void onFiles([...e.dataTransfer.files]);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => { window.removeEventListener('dragover', over); window.removeEventListener('dragleave', leave); window.removeEventListener('drop', drop); };
  }, [onFiles]);
  const runIds = data.listed.map((r) => ({ id: r.id, title: r.title }));
  const programs = useMemo(() => programOptions(data.listed), [data.listed]);
  const controls = (
    <div className="header-row">
      <Controls show={CONTROLS[state.view]} warmup={state.warmup} unit={state.unit} runs={runIds} selectedRuns={state.runs} boot={state.boot}
        programs={programs} program={state.program} onChange={set} />
      <UploadZone onFiles={onFiles} results={data.uploads} busy={busy} onDismiss={data.dismiss} declared={declared} onDeclare={setDeclared} />
    </div>
  );
  return (
    <div className={`app${dragging ? ' dragging' : ''}`}>
      <header>
        <h1>In-process vs out-of-process aggregate computing</h1>
        <nav>
          {TABS.map(([v, label]) => (
            <a key={v} href={`?view=${v}`} className={state.view === v ? 'on' : ''} aria-current={state.view === v ? 'page' : undefined}
              onClick={(e) => { e.preventDefault(); set({ view: v }); }}>{label}</a>
          ))}
        </nav>
        {!['live', 'network', 'compare', 'history', 'programs', 'yourcase'].includes(state.view) && controls}
        {data.error && <p className="error" role="alert">{data.error}</p>}
      </header>
      <main>
        <Suspense fallback={<p className="muted">loading view…</p>}>
          {/* The comparison opens on its headline; the controls act on the sections below it. */}
          {state.view === 'compare' && <ComparePage state={state} set={set} controls={controls} />}
          {state.view === 'distributions' && <DistributionsPage state={state} set={set} />}
          {state.view === 'warmup' && <WarmupPage state={state} set={set} />}
          {state.view === 'scale' && <ScalePage state={state} set={set} />}
          {state.view === 'sql' && <SqlPage state={state} set={set} />}
          {state.view === 'live' && <LivePage state={state} set={set} />}
          {state.view === 'network' && <NetworkPage state={state} set={set} />}
          {state.view === 'history' && <HistoryPage state={state} set={set} />}
          {state.view === 'programs' && <ProgramsPage />}
          {state.view === 'yourcase' && <YourCasePage state={state} set={set} />}
          {state.view === 'profiles' && <ProfilesPage state={state} set={set} />}
        </Suspense>
      </main>
      <footer className="muted small">
        Data: reference study © 2025 Filippo Gurioli (MIT). Every figure is computed in this page with DuckDB-Wasm
        {data.db ? ` (${data.db.version})` : ''}{data.loadMs !== null ? `; data loaded in ${data.loadMs.toFixed(0)} ms` : ''}.
        Cross-origin isolated: {String(globalThis.crossOriginIsolated === true)}.
      </footer>
    </div>
  );
}

export default function App() {
  return (
    <DuckDBProvider connect={createWasmConnector}>
      <DataProvider>
        <Shell />
      </DataProvider>
    </DuckDBProvider>
  );
}
