/**
 * Default view: the headline (the answer, from two small pre-computed files) first; below it, one click away in
 * collapsed sections, the reference comparison (in- vs out-of-process per run), its bootstrap CIs and Mann–Whitney
 * tests, in-process across platforms (web Wasm vs desktop native), the e2e decomposition, run facts (timer
 * resolution), and every series' statistics.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ComparisonTable, comparisonKey, pairingKey } from '../components/ComparisonTable';
import { CrossPlatformTable } from '../components/CrossPlatformTable';
import { Headline, type CaseLink } from '../components/Headline';
import { Section } from '../components/Section';
import { Term } from '../components/Term';
import { InvocationIntervals } from '../components/InvocationIntervals';
import { InvocationNoiseTable } from '../components/InvocationNoiseTable';
import { DrawAllToggle } from '../components/NearViewport';
import { UPLOAD_RUN } from '../data/ingest';
import { Plot, preloadPlotly } from '../components/Plot';
import { provenanceOf } from '../plots/figureExport';
import { SummaryTable } from '../components/SummaryTable';
import { useQuery } from '../db/useQuery';
import { useShown } from '../data/DataProvider';
import { comparisons } from '../model/comparison';
import { blockTargets, crossPlatformPairs, crossPlatformRows, toBlockMedians, type CrossPlatformRow } from '../model/crossPlatform';
import { decompose } from '../model/decomposition';
import { DecompositionTable } from '../components/DecompositionTable';
import { openingConfigs } from '../model/canonical';
import { cpuPerStep, driftedConfigurations, invocationCount, invocationNoise } from '../model/invocations';
import { environmentOf, pairings, type Pairing } from '../model/runs';
import { formatDuration } from '../model/units';
import { decompositionFigure } from '../plots/figures';
import { apparentResolutionSql, blockMeansSql } from '../sql/analysis';
import { useComparisonIntervals } from '../stats/useComparisonIntervals';
import { CASE_DEFAULTS, toSearch, type ViewState } from '../state/viewState';
import { useAnalysis } from './useAnalysis';

export default function ComparePage({ state, set, controls }: { state: ViewState; set?: (patch: Partial<ViewState>, opts?: { replace?: boolean }) => void; controls?: ReactNode }) {
  const filter = useMemo(() => ({ runs: state.runs }), [state.runs]);
  // The headline's link to the "Your case" view, on the platform the visitor reads: the ratio there is for their engine.
  const caseLink = useCallback<CaseLink>((platform) => {
    if (!set) return null;
    const yourCase = { ...CASE_DEFAULTS, platform };
    return { href: toSearch({ ...state, view: 'yourcase', yourCase }) || '?', open: () => set({ view: 'yourcase', yourCase }) };
  }, [set, state]);
  const { data, stats, flags, query } = useAnalysis(state.warmup, filter);
  const runs = useMemo(() => data.runs.filter((r) => !state.runs || state.runs.includes(r.id)), [data.runs, state.runs]);
  // Every table shows the runs its statistics answer: while runs just published wait for their statistics, the
  // tables keep the previous ones (rather than render every new block empty, only to render it again moments later;
  // that render held back the summary queries themselves, and with every run open it cost as much as the final one).
  const settled = useRef(runs);
  if (query.fresh) settled.current = runs;
  const tableRuns = query.fresh ? runs : settled.current;
  // Each configuration's clock (a visitor's run carries its own): the comparison shows medians within a few ticks as bounds.
  const clocks = useMemo(() => new Map(tableRuns.flatMap((r) => r.configurations.map((c) => [`${r.id}/${c.id}`, environmentOf(r, c).timerResolutionNs ?? 0] as const))), [tableRuns]);
  // What the first view opens: the reference study's and the canonical runs' configurations (and the visitor's uploads).
  // Their blocks, noise rows and cross-platform pairs come first in each section and are drawn at once; every other
  // run's follow, drawn as they scroll near (NearViewport.tsx).
  const openedKeys = useMemo(() => openingConfigs(data.listed, { view: 'compare', program: state.program }), [data.listed, state.program]);
  const openedSet = useMemo(() => new Set(openedKeys), [openedKeys]);
  const opened = useCallback((run: string, ...configs: string[]) => run === UPLOAD_RUN || configs.some((c) => openedSet.has(`${run}/${c}`)), [openedSet]);
  // The series listed from the start: the opened configurations' runs and the visitor's uploads; every other run's on request.
  const seriesOpened = useMemo(() => new Set([...openedKeys.map((k) => k.slice(0, k.indexOf('/'))), UPLOAD_RUN]), [openedKeys]);
  const rows = useMemo(() => openedFirst(comparisons(stats, tableRuns.flatMap(pairings)), (r) => opened(r.pairing.run, r.pairing.inConfig, r.pairing.outConfig)),
    [stats, tableRuns, opened]);
  const res = useQuery(data.db, data.status === 'ready' ? apparentResolutionSql() : null, data.runs.length);
  // The comparison lists every run: all of them load once the figures of the opened configurations are in (the
  // reference study's block, the decomposition's bars), rather than share the machine with them.
  const openedIn = useShown(openedKeys);
  useEffect(() => { if (openedIn && query.fresh) data.need(); }, [openedIn, query.fresh, data.need]); // eslint-disable-line react-hooks/exhaustive-deps
  // Plotly (the decomposition's, one click away) half a second after the first view's figures are drawn, at an idle
  // moment: never on the first view's path, and ready by the time a visitor opens the plot (one opened sooner fetches
  // it itself).
  const firstDrawn = query.fresh && stats.length > 0;
  useEffect(() => {
    if (!firstDrawn) return;
    let idle: number | null = null;
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(() => preloadPlotly(), { timeout: 1000 });
      else preloadPlotly();
    }, 500);
    return () => { clearTimeout(timer); if (idle !== null) window.cancelIdleCallback(idle); };
  }, [firstDrawn]);

  // In-process across platforms: desktop K-step block means for the pairs whose web side has block series.
  const crossPairs = useMemo(() => crossPlatformPairs(tableRuns, stats), [tableRuns, stats]);
  const targets = useMemo(() => blockTargets(crossPairs), [crossPairs]);
  // Its targets come from the statistics: asked once those answer the current data (with the previous generation's,
  // the query ran over every row and was superseded as soon as the new statistics came).
  const blockQ = useQuery(data.db, data.status === 'ready' && query.fresh && targets.length > 0 ? blockMeansSql(state.warmup, targets) : null, data.generation);
  const blockPending = targets.length > 0 && !blockQ.fresh;
  const crossRows = useMemo(() => openedFirst(crossPlatformRows(crossPairs, blockQ.fresh && blockQ.rows ? toBlockMedians(blockQ.rows) : []),
    (r) => opened(r.webRun, r.webConfig) || opened(r.desktopRun, r.desktopConfig)),
  [crossPairs, blockQ.fresh, blockQ.rows, opened]);

  // The intervals and tests of the comparison (bootstrap, Mann–Whitney, invocation-level), block by block in table
  // order: the first block at once, the others once every run is loaded (stats/comparisonSchedule.ts).
  const pairR = (p: Pairing) => Math.min(invocationCount(tableRuns, p.run, p.inConfig), invocationCount(tableRuns, p.run, p.outConfig));
  const { extras, progress: ciProgress, invocationIntervals: ivs } = useComparisonIntervals({
    db: data.db, rows, stats, warmup: state.warmup, resamples: state.boot, complete: data.complete,
    invocationsComplete: data.invocationsComplete, fresh: query.fresh, invocationsOf: pairR,
  });
  const noise = useMemo(() => openedFirst(invocationNoise(tableRuns), (n) => seriesOpened.has(n.run)), [tableRuns, seriesOpened]);
  const drifted = useMemo(() => driftedConfigurations(tableRuns), [tableRuns]);

  // Opened on one configuration (state.focus, e.g. the visitor's run from the Live view): once its comparison is on
  // the page, the section holding it is expanded and the comparison scrolled into view; the key is then dropped,
  // so that closing the section later stays closed.
  useEffect(() => {
    if (!state.focus || !query.fresh) return;
    const at = state.focus.indexOf('/');
    const run = state.focus.slice(0, at); const config = state.focus.slice(at + 1);
    const block = [...document.querySelectorAll<HTMLElement>('[data-testid="compare"] .comparison')]
      .find((b) => b.dataset.run === run && (b.dataset.configs ?? '').split(' ').includes(config));
    if (!block) return;
    const section = block.closest('details');
    if (section) section.open = true;
    block.scrollIntoView({ block: 'start' });
    set?.({ focus: undefined }, { replace: true });
  }, [state.focus, query.fresh, rows, set]);

  // The decomposition opens on the canonical configurations, the reference study and the visitor's uploads (a bar
  // per path of every configuration made it 4 300 px tall); every configuration on request.
  const [allDecos, setAllDecos] = useState(false);
  // The bars' configurations are the opened ones (the reference study and the canonical configurations): the figure
  // is final once they are in (every configuration: once everything is).
  const decoFinal = useShown(allDecos ? undefined : openedKeys);
  // Once they are in, rows of that generation or a later one (for the current SQL) draw the final bars: the runs
  // that arrive afterwards add no bar, so their re-query does not make the figure wait (nor show it as loading).
  const finalGeneration = useRef<number | null>(null);
  if (!decoFinal) finalGeneration.current = null;
  else finalGeneration.current ??= data.generation;
  const decoReady = decoFinal && query.sameSql === true && query.rows !== null && (query.generation ?? -1) >= (finalGeneration.current ?? Infinity);
  const decoShown = (run: string, config: string) => allDecos || openedSet.has(`${run}/${config}`) || run === 'uploads';
  const [decos, decoTotal] = useMemo(() => {
    const seen = new Set<string>();
    const out = [];
    let total = 0;
    for (const s of stats) {
      if (s.transport === null) continue;
      const k = `${s.run}/${s.config}/${s.platform}/${s.transport}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const d = decompose(stats, s.run, s.config, s.platform, s.transport);
      if (!d) continue;
      total++;
      if (decoShown(s.run, s.config)) out.push(d);
    }
    return [out, total] as const;
  }, [stats, allDecos, openedSet]); // eslint-disable-line react-hooks/exhaustive-deps
  const decoFigure = useMemo(() => decompositionFigure(decos, (d) => `${d.run}/${d.config} ${d.transport}`), [decos]);

  // Drawn at once: the blocks of the opened configurations (the reference study, the canonical runs), the visitor's
  // uploads and a focused configuration; every other block as it scrolls near, or all of them on request or to print.
  const [drawAll, setDrawAll] = useState(false);
  useEffect(() => {
    const all = () => setDrawAll(true);
    window.addEventListener('beforeprint', all);
    return () => window.removeEventListener('beforeprint', all);
  }, []);
  const lazy = useMemo(() => (drawAll ? undefined : (p: Pairing) => !(opened(p.run, p.inConfig, p.outConfig)
    || state.focus === `${p.run}/${p.inConfig}` || state.focus === `${p.run}/${p.outConfig}`)),
  [drawAll, opened, state.focus]);
  // The tables as elements made again only when what they show changed: a page render for anything else (a
  // publication, a progress line) does not render their thousands of cells again.
  const comparisonTable = useMemo(() => (
    <ComparisonTable rows={rows} unit={state.unit} lazy={lazy} pairExtraPx={(p) => (pairR(p) >= 2 ? 225 : 0)} extras={{ ...extras, flags, resamples: state.boot, clocks }}
      pairExtra={(p, group) => <InvocationIntervals pairing={p} rows={group} keyOf={comparisonKey} invocations={pairR(p)} intervals={ivs.map.get(pairingKey(p))} unit={state.unit}
        clockNs={clocks.get(`${p.run}/${p.inConfig}`) || null}
        cpu={{ in: cpuPerStep(tableRuns, p.run, p.inConfig, p.inTransport), out: cpuPerStep(tableRuns, p.run, p.outConfig, p.outTransport) }} />} />
  ), [rows, state.unit, lazy, extras, flags, state.boot, clocks, ivs, tableRuns]); // eslint-disable-line react-hooks/exhaustive-deps
  const summaryTable = useMemo(() => <SummaryTable stats={stats} unit={state.unit} flags={flags} warmup={state.warmup} opened={seriesOpened} />,
    [stats, state.unit, flags, state.warmup, seriesOpened]);
  // The noise rows and cross-platform pairs of the same runs as the blocks are drawn at once; the others as they
  // scroll near (a thousand pairs and as many invocation rows with every published run).
  const noiseLazy = useMemo(() => (drawAll ? undefined : (run: string) => !seriesOpened.has(run)), [drawAll, seriesOpened]);
  const crossLazy = useMemo(() => (drawAll ? undefined : (r: CrossPlatformRow) => !(opened(r.webRun, r.webConfig) || opened(r.desktopRun, r.desktopConfig))),
    [drawAll, opened]);
  const noiseTable = useMemo(() => <InvocationNoiseTable noise={noise} drifted={drifted} lazy={noiseLazy} />, [noise, drifted, noiseLazy]);
  const crossTable = useMemo(() => <CrossPlatformTable rows={crossRows} unit={state.unit} pending={blockPending} lazy={crossLazy} />, [crossRows, state.unit, blockPending, crossLazy]);
  const runsTable = useMemo(() => (
    <div className="table-wrap"><table className="data runs-table">
      <thead><tr><th>run</th><th>kind</th><th>config</th><th>N</th><th>pacing</th><th>environment</th><th>declared timer resolution</th><th>apparent resolution (files)</th></tr></thead>
      <tbody>
        {tableRuns.flatMap((r) => r.configurations.map((c) => ({ r, c, env: environmentOf(r, c) }))).map(({ r, c, env }) => (
          <tr key={`${r.id}/${c.id}`} data-run={r.id} data-config={c.id}>
            <td className="key" title={r.title}><span className="run-id">{r.id}</span></td><td>{r.kind}</td><td className="wrap-note"><span className="run-id">{c.id}</span></td><td className="num">{c.nodeCount}</td>
            <td className="wrap-note">{c.pacing}{c.tickMs ? `, tick ${c.tickMs} ms` : ''}{c.timeScale && c.timeScale !== 1 ? ` at time scale ${c.timeScale} (= ${c.tickMs ? c.tickMs / c.timeScale : '?'} ms real)` : ''}</td>
            <td className="wrap-note" data-testid="run-environment">{env.text || 'unknown'}</td>
            <td data-testid="timer-resolution">{env.timerResolutionNs === null ? 'unknown' : formatDuration(env.timerResolutionNs, 'auto')}</td>
            <td className="wrap">{(res.rows ?? []).filter((x) => x.run === r.id && x.config === c.id).map((x) => `${String(x.file).split('/').pop()}: ${formatDuration(Number(x.resolution_ns), 'auto')}`).join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table></div>
  ), [tableRuns, res.rows]);

  return (
    <>
      <Headline runs={data.runs} caseLink={caseLink} unit={state.unit} selectedRuns={state.runs} />
      {controls}
      {data.status === 'loading' && <p className="muted" data-testid="loading">Loading DuckDB and the published runs for the tables below…</p>}
      {/* The sections are there from the start, collapsed: one opened while the database starts fetches its plot's
          library meanwhile, and fills in as its data arrives. */}
      {query.error ? <pre className="error" role="alert">{query.error}</pre> : details()}
    </>
  );

  /** The detailed sections (a plain function, not a component: their elements and open state survive re-renders). */
  function details() {
    // data-ready: the figures answer the data loaded so far (the first view: the reference study arrives first);
    // data-complete: and every published run has arrived.
    return (
      <div className="compare" data-testid="compare" data-ready={query.fresh ? '1' : '0'} data-complete={query.fresh && data.complete ? '1' : '0'} data-warmup={query.fresh ? state.warmup : ''} data-query-ms={query.ms?.toFixed(1) ?? ''}
        data-ci={extras.ciPending ? '0' : '1'} data-iv={ivs.done ? '1' : '0'} data-iv-ms={ivs.ms?.toFixed(0) ?? ''}>
      <Section name="comparison" title="In-process vs out-of-process, per run" hint="— every figure with its intervals and tests">
        {ciProgress && (
          <p className="muted small" data-testid="ci-progress" role="status">
            <progress max={ciProgress.total} value={ciProgress.done} /> confidence intervals: {ciProgress.done} of {ciProgress.total} computed
            {!data.complete ? '; more runs loading' : ''}…
          </p>
        )}
        <DrawAllToggle on={drawAll} set={setDrawAll} what="block and table row" />
        {comparisonTable}
      </Section>
      <Section name="noise" title="Invocations and machine noise" hint="— load and other processes' CPU time per invocation">
        <DrawAllToggle on={drawAll} set={setDrawAll} what="block and table row" />
        {noiseTable}
      </Section>
      <Section name="cross-platform" title="In-process across platforms" hint="— web Wasm vs desktop FFI" data-testid="cross-platform" data-ready={query.fresh && data.complete && !blockPending ? '1' : '0'}>
        <p className="muted small">Front-end end-to-end step with the engine in-process: web = Wasm in the page
          (<code>step.web.e2e</code>), desktop = native via FFI (<code>step.unity.e2e</code>), both free-paced at the same N.
          The page clock ticks every 5 µs, so the web side is read from <code>step.web.e2e.block</code> (mean over K
          back-to-back steps); the desktop column beside it averages the desktop&apos;s consecutive steps after warm-up in
          blocks of the same K, so the block ratio compares the same statistic on both sides. Warm-up drops whole blocks
          on the web side (one sample = K steps), single steps on the desktop side.</p>
        {blockQ.error && targets.length > 0 && <pre className="error" role="alert">{blockQ.error}</pre>}
        <DrawAllToggle on={drawAll} set={setDrawAll} what="block and table row" />
        {crossTable}
      </Section>
      <Section name="runs" title="Runs" hint="— configurations, pacing, timer resolution">
        {runsTable}
      </Section>
      <Section name="decomposition" title="Where the end-to-end time goes" hint={<>— <Term name="e2e" /> split into transport, serialization, compute</>}>
        <Plot figure={decoFigure} name="decomposition" height={190 + 60 * Math.max(1, decos.length)} busy={!decoReady}
          provenance={provenanceOf(data.runs, runs.map((r) => r.id))}
          empty={decos.length === 0 && decoReady ? 'No series to decompose.' : null} />
        <label className="small"><input type="checkbox" data-testid="decomposition-all" checked={allDecos} onChange={(e) => setAllDecos(e.target.checked)} />{' '}
          every configuration ({decoTotal} bars; shown: the canonical configurations, the reference study and your uploads, {decos.length})</label>
        <DecompositionTable decompositions={decos} unit={state.unit} />
        <p className="muted small">Segments are medians of each phase (the statistic of the headline&apos;s desktop figures); transport = wait − service, boundary = call − service.
          Each bar adds up to its e2e median: what the phases leave is &quot;unattributed&quot; (under fixed pacing without <code>step.frame.wait</code> it holds the tick quantization);
          where the phases&apos; medians add up to more than the e2e median (medians do not add, and the socket paths&apos; send timer overlaps the wait), every phase is scaled by the same factor, shown beside the bar.
          On the web, <code>step.web.ws.wait</code> ends when the page's main thread handles the message, so transport includes any frame rendering in progress (at N = 1000 in software GL, most of it).</p>
      </Section>
      <Section name="series" title="All series" hint="— statistics of every timing series">
        {summaryTable}
      </Section>
      </div>
    );
  }
}

/** The items `isOpened` picks first, then the others, each in their order (a stable partition). */
function openedFirst<T>(items: T[], isOpened: (x: T) => boolean): T[] {
  const first = items.filter(isOpened);
  return first.length === 0 || first.length === items.length ? items : [...first, ...items.filter((x) => !isOpened(x))];
}
