/**
 * Default view: the reference comparison (in- vs out-of-process per run), its bootstrap CIs and Mann–Whitney
 * tests, in-process across platforms (web Wasm vs desktop native), the e2e decomposition, run facts (timer
 * resolution), and every series' statistics.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ComparisonTable, comparisonKey, type ComparisonExtras } from '../components/ComparisonTable';
import { CrossPlatformTable } from '../components/CrossPlatformTable';
import { InvocationIntervals } from '../components/InvocationIntervals';
import { InvocationNoiseTable } from '../components/InvocationNoiseTable';
import { computeIntervals } from '../data/invocationIntervals';
import { Plot } from '../components/Plot';
import { SummaryTable } from '../components/SummaryTable';
import { useQuery } from '../db/useQuery';
import { rowsOf } from '../model/arrow';
import { comparisons } from '../model/comparison';
import { blockTargets, crossPlatformPairs, crossPlatformRows, toBlockMedians } from '../model/crossPlatform';
import { decompose } from '../model/decomposition';
import { invocationCount, invocationNoise, pairFigures, toIntervals, type InvocationInterval } from '../model/invocations';
import { pairings, type Pairing } from '../model/runs';
import { seriesKey, toMannWhitney, type MannWhitney } from '../model/stats';
import { formatDuration } from '../model/units';
import { decompositionFigure } from '../plots/figures';
import { apparentResolutionSql, blockMeansSql, mannWhitneySql, valuesSql } from '../sql/analysis';
import type { Interval } from '../stats/bootstrap';
import { runBootstrap, type BootstrapJob } from '../stats/bootstrapClient';
import { runInnerInWorker } from '../stats/invocationClient';
import type { ViewState } from '../state/viewState';
import { useAnalysis } from './useAnalysis';

export default function ComparePage({ state }: { state: ViewState }) {
  const filter = useMemo(() => ({ runs: state.runs }), [state.runs]);
  const { data, stats, flags, query } = useAnalysis(state.warmup, filter);
  const runs = useMemo(() => data.runs.filter((r) => !state.runs || state.runs.includes(r.id)), [data.runs, state.runs]);
  const rows = useMemo(() => comparisons(stats, runs.flatMap(pairings)), [stats, runs]);
  const res = useQuery(data.db, data.status === 'ready' ? apparentResolutionSql() : null, data.runs.length);

  // In-process across platforms: desktop K-step block means for the pairs whose web side has block series.
  const crossPairs = useMemo(() => crossPlatformPairs(runs, stats), [runs, stats]);
  const targets = useMemo(() => blockTargets(crossPairs), [crossPairs]);
  const blockQ = useQuery(data.db, data.status === 'ready' && targets.length > 0 ? blockMeansSql(state.warmup, targets) : null, data.generation);
  const blockPending = targets.length > 0 && !blockQ.fresh;
  const crossRows = useMemo(() => crossPlatformRows(crossPairs, blockQ.fresh && blockQ.rows ? toBlockMedians(blockQ.rows) : []),
    [crossPairs, blockQ.fresh, blockQ.rows]);

  // Invocation-level intervals (below) come first: the within-one-invocation bootstrap waits for them, so the two
  // do not share the CPU.
  const [ivs, setIvs] = useState<{ map: Map<string, Map<string, InvocationInterval>>; done: boolean; ms: number | null }>({ map: new Map(), done: false, ms: null });
  const ivCache = useRef(new Map<string, Map<string, InvocationInterval>>());
  const [extras, setExtras] = useState<Omit<ComparisonExtras, 'flags' | 'resamples'>>({ medianCi: new Map(), ratioCi: new Map(), mwu: new Map(), ciPending: true });
  useEffect(() => {
    const db = data.db;
    if (!db || rows.length === 0 || !ivs.done) return;
    let live = true;
    setExtras((e) => ({ ...e, ciPending: true }));
    // Started after a pause and stopped between queries when the view changes again, so that a burst of
    // control changes never queues work in front of the next summary query.
    const timer = window.setTimeout(() => void (async () => {
      const series = rows.flatMap((r) => [r.inSeries, r.outSeries]).filter((s) => s !== null);
      const files = [...new Set(series.map((s) => s.file))];
      if (!live) return;
      const vrows = rowsOf(await db.query(valuesSql(state.warmup, { runs: [...new Set(series.map((s) => s.run))], files }, 200000)));
      const values = new Map<string, number[]>();
      for (const r of vrows) {
        const k = seriesKey({ run: String(r.run), config: String(r.config), file: String(r.file), id: String(r.id) });
        let arr = values.get(k);
        if (!arr) values.set(k, (arr = []));
        arr.push(Number(r.duration_ns));
      }
      const mwu = new Map<string, MannWhitney>();
      for (const r of rows) {
        if (!live) return;
        if (!r.inSeries || !r.outSeries) continue;
        const [m] = rowsOf(await db.query(mannWhitneySql(state.warmup, r.inSeries, r.outSeries)));
        mwu.set(comparisonKey(r), toMannWhitney(m));
      }
      if (live) setExtras((e) => ({ ...e, mwu }));
      const keys = [...new Set(series.map(seriesKey))];
      const jobs: BootstrapJob[] = keys.map((k) => ({ kind: 'median', a: Float64Array.from(values.get(k) ?? []), resamples: state.boot, seed: 42 }));
      const ratioRows = rows.filter((r) => r.inSeries && r.outSeries);
      for (const r of ratioRows) jobs.push({ kind: 'ratio', a: Float64Array.from(values.get(seriesKey(r.inSeries!)) ?? []), b: Float64Array.from(values.get(seriesKey(r.outSeries!)) ?? []), resamples: state.boot, seed: 42 });
      const out: Interval[] = await runBootstrap(jobs);
      if (!live) return;
      const medianCi = new Map(keys.map((k, i) => [k, out[i]]));
      const ratioCi = new Map(ratioRows.map((r, i) => [comparisonKey(r), out[keys.length + i]]));
      setExtras({ medianCi, ratioCi, mwu, ciPending: false });
    })().catch((e: unknown) => { console.error(e); if (live) setExtras((x) => ({ ...x, ciPending: false })); }), 400);
    return () => { live = false; window.clearTimeout(timer); };
  }, [data.db, rows, state.warmup, state.boot, ivs.done]);

  // Invocation-level intervals (docs/measurements.md, "Intervals"), one pairing after another in page order, so the
  // first table fills first; the inner bootstrap level runs in a worker, the outer level and percentiles in SQL.
  const pairKey = (p: Pairing) => `${p.run}/${p.platform}/${p.n}/${p.inConfig}/${p.outConfig}`;
  const pairR = (p: Pairing) => Math.min(invocationCount(runs, p.run, p.inConfig), invocationCount(runs, p.run, p.outConfig));
  useEffect(() => {
    const db = data.db;
    if (!db || !query.fresh) return;
    const groups = new Map<string, typeof rows>();
    for (const r of rows) if (pairR(r.pairing) >= 2) groups.set(pairKey(r.pairing), [...(groups.get(pairKey(r.pairing)) ?? []), r]);
    let live = true;
    // A pairing's intervals depend on its own files and the warm-up only: kept while other runs arrive.
    const cached = (k: string) => ivCache.current.get(`${state.warmup}|${k}`);
    // Without invocations (every run published before them) nothing changes: no re-render.
    setIvs((prev) => (groups.size === 0 && prev.done && prev.map.size === 0 ? prev
      : { map: new Map([...groups.keys()].filter(cached).map((k) => [k, cached(k)!])), done: groups.size === 0, ms: groups.size === 0 ? 0 : null }));
    const t0 = performance.now();
    void (async () => {
      for (const [k, group] of groups) {
        if (cached(k)) continue;
        const p = group[0].pairing;
        const figures = pairFigures(group, stats, comparisonKey);
        const ids = [...new Set(figures.flatMap((f) => [f.num, f.minus, f.den]).filter((x): x is string => !!x).map((x) => x.split('|')[4]))];
        const out = await computeIntervals(db, state.warmup, figures, { configs: [...new Set([`${p.run}/${p.inConfig}`, `${p.run}/${p.outConfig}`])], ids }, runInnerInWorker);
        if (!live) return;
        const iv = toIntervals(out);
        ivCache.current.set(`${state.warmup}|${k}`, iv);
        setIvs((x) => ({ ...x, map: new Map(x.map).set(k, iv) }));
      }
      if (live) setIvs((x) => ({ ...x, done: true, ms: performance.now() - t0 }));
    })().catch((e: unknown) => { console.error(e); if (live) setIvs((x) => ({ ...x, done: true })); });
    return () => { live = false; };
  }, [data.db, rows, stats, state.warmup, query.fresh]); // eslint-disable-line react-hooks/exhaustive-deps
  const noise = useMemo(() => invocationNoise(runs), [runs]);

  const decos = useMemo(() => {
    const seen = new Set<string>();
    const out = [];
    for (const s of stats) {
      if (s.transport === null) continue;
      const k = `${s.run}/${s.config}/${s.platform}/${s.transport}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const d = decompose(stats, s.run, s.config, s.platform, s.transport);
      if (d) out.push(d);
    }
    return out;
  }, [stats]);
  const decoFigure = useMemo(() => decompositionFigure(decos, (d) => `${d.run}/${d.config} ${d.transport}`), [decos]);

  if (data.status === 'loading') return <p className="muted" data-testid="loading">Loading DuckDB and the published runs…</p>;
  if (query.error) return <pre className="error" role="alert">{query.error}</pre>;
  // data-ready: the figures answer the data loaded so far (the first view: the reference study arrives first);
  // data-complete: and every published run has arrived.
  return (
    <div className="compare" data-testid="compare" data-ready={query.fresh ? '1' : '0'} data-complete={query.fresh && data.complete ? '1' : '0'} data-warmup={query.fresh ? state.warmup : ''} data-query-ms={query.ms?.toFixed(1) ?? ''}
      data-ci={extras.ciPending ? '0' : '1'} data-iv={ivs.done ? '1' : '0'} data-iv-ms={ivs.ms?.toFixed(0) ?? ''}>
      <section>
        <h2>In-process vs out-of-process</h2>
        <ComparisonTable rows={rows} unit={state.unit} extras={{ ...extras, flags, resamples: state.boot }}
          pairExtra={(p, group) => <InvocationIntervals pairing={p} rows={group} keyOf={comparisonKey} invocations={pairR(p)} intervals={ivs.map.get(pairKey(p))} unit={state.unit} />} />
      </section>
      <section>
        <h2>Invocations and machine noise</h2>
        <InvocationNoiseTable noise={noise} />
      </section>
      <section data-testid="cross-platform" data-ready={query.fresh && data.complete && !blockPending ? '1' : '0'}>
        <h2>In-process across platforms</h2>
        <p className="muted small">Front-end end-to-end step with the engine in-process: web = Wasm in the page
          (<code>step.web.e2e</code>), desktop = native via FFI (<code>step.unity.e2e</code>), both free-paced at the same N.
          The page clock ticks every 5 µs, so the web side is read from <code>step.web.e2e.block</code> (mean over K
          back-to-back steps); the desktop column beside it averages the desktop&apos;s consecutive steps after warm-up in
          blocks of the same K, so the block ratio compares the same statistic on both sides. Warm-up drops whole blocks
          on the web side (one sample = K steps), single steps on the desktop side.</p>
        {blockQ.error && targets.length > 0 && <pre className="error" role="alert">{blockQ.error}</pre>}
        <CrossPlatformTable rows={crossRows} unit={state.unit} pending={blockPending} />
      </section>
      <section>
        <h2>Runs</h2>
        <table className="data runs-table">
          <thead><tr><th>run</th><th>kind</th><th>config</th><th>N</th><th>pacing</th><th>declared timer resolution</th><th>apparent resolution (files)</th></tr></thead>
          <tbody>
            {runs.flatMap((r) => r.configurations.map((c) => (
              <tr key={`${r.id}/${c.id}`} data-run={r.id}>
                <td title={r.title}>{r.id}</td><td>{r.kind}</td><td>{c.id}</td><td className="num">{c.nodeCount}</td>
                <td>{c.pacing}{c.tickMs ? `, tick ${c.tickMs} ms` : ''}{c.timeScale && c.timeScale !== 1 ? ` at time scale ${c.timeScale} (= ${c.tickMs ? c.tickMs / c.timeScale : '?'} ms real)` : ''}</td>
                <td data-testid="timer-resolution">{r.environment.timerResolutionNs === null ? 'unknown' : formatDuration(r.environment.timerResolutionNs, 'auto')}</td>
                <td>{(res.rows ?? []).filter((x) => x.run === r.id && x.config === c.id).map((x) => `${String(x.file).split('/').pop()}: ${formatDuration(Number(x.resolution_ns), 'auto')}`).join(', ')}</td>
              </tr>
            )))}
          </tbody>
        </table>
      </section>
      <section>
        <h2>Where the end-to-end time goes</h2>
        <Plot figure={decoFigure} name="decomposition" height={190 + 60 * Math.max(1, decos.length)} busy={query.loading || !data.complete}
          empty={decos.length === 0 && !query.loading && data.complete ? 'No series to decompose.' : null} />
        <p className="muted small">Segments are medians of each phase; transport = wait − service, boundary = call − service;
          &quot;unattributed&quot; = e2e median − Σ phases (under fixed pacing without <code>step.frame.wait</code> it holds the tick quantization).
          On the web, <code>step.web.ws.wait</code> ends when the page's main thread handles the message, so transport includes any frame rendering in progress (at N = 1000 in software GL, most of it).</p>
      </section>
      <section>
        <h2>All series</h2>
        <SummaryTable stats={stats} unit={state.unit} flags={flags} warmup={state.warmup} />
      </section>
    </div>
  );
}
