/** Distributions of the selected series after warm-up: box, violin, ECDF, histogram; floors as reference lines. */
import { useMemo, useState } from 'react';
import { Plot } from '../components/Plot';
import { provenanceOf } from '../plots/figureExport';
import { ConfigPicker } from '../components/ConfigPicker';
import { SeriesPicker } from '../components/SeriesPicker';
import { pathRank } from '../plots/pathStyle';
import { useData, useShown } from '../data/DataProvider';
import { useQuery } from '../db/useQuery';
import { distributionFigure, type Group, type RefLine } from '../plots/figures';
import { valuesSql } from '../sql/analysis';
import { perInvocationSql } from '../sql/intervals';
import { withInvocationStrips, type Strip } from '../plots/invocationStrip';
import { PLOTS, type PlotKind, type ViewState } from '../state/viewState';
import { useAnalysis } from './useAnalysis';
import { DEFAULT_IDS, useCatalog } from './useCatalog';
import { seriesNamer, shortId, useConfigSelection } from './useConfigSelection';
import { Term } from '../components/Term';

export default function DistributionsPage({ state, set }: { state: ViewState; set: (p: Partial<ViewState>) => void }) {
  const data = useData();
  const cat = useCatalog(state.runs);
  const ids = state.ids ?? DEFAULT_IDS.filter((i) => cat.ids.includes(i));
  const { configs, picker } = useConfigSelection(state, set);
  const filter = useMemo(() => ({ runs: state.runs, configs, ids, transports: state.transports, nodeCounts: state.n }), [state.runs, configs, ids.join(','), state.transports, state.n]); // eslint-disable-line react-hooks/exhaustive-deps
  const idsKnown = state.ids !== undefined || cat.answered;
  const q = useQuery(data.db, data.status === 'ready' && idsKnown ? valuesSql(state.warmup, filter) : null, data.generation);
  const shown = useShown(configs);
  const floorsFilter = useMemo(() => ({ runs: state.runs, configs, ids: cat.ids.filter((i) => i.startsWith('floor.')) }), [state.runs, configs, cat.ids]);
  const { stats: floorStats } = useAnalysis(state.warmup, floorsFilter, cat.answered);
  // Per-invocation medians as points over boxes and violins, for runs that record invocations.
  const [strips, setStrips] = useState(true);
  const hasInvocations = data.runs.some((r) => (!state.runs || state.runs.includes(r.id)) && r.configurations.some((c) => (c.invocations?.length ?? 0) > 1));
  // Asked again when invocation files held back by the loader arrive (both counters only grow: their sum changes with either).
  const stripQ = useQuery(data.db, data.status === 'ready' && idsKnown && hasInvocations && strips && (state.plot === 'box' || state.plot === 'violin') ? perInvocationSql(state.warmup, filter) : null, data.generation + data.invocationGeneration);
  const figure = useMemo(() => {
    const groups = new Map<string, { run: string; config: string; path: string | null; id: string; values: number[] }>();
    for (const r of q.rows ?? []) {
      const k = `${r.run}/${r.config} ${r.transport ?? ''} ${r.id}`;
      let g = groups.get(k);
      if (!g) groups.set(k, (g = { run: String(r.run), config: String(r.config), path: r.transport === null ? null : String(r.transport), id: String(r.id), values: [] }));
      g.values.push(Number(r.duration_ns));
    }
    const raw = [...groups.values()].sort((a, b) => a.id.localeCompare(b.id) || pathRank(a.path) - pathRank(b.path) || `${a.run}/${a.config}`.localeCompare(`${b.run}/${b.config}`));
    const name = seriesNamer(raw);
    const gs: Group[] = raw.map((g) => ({ ...name(g, shortId(g.id)), values: g.values, path: g.path }));
    // One line per floor id (the first selected configuration's), so labels stay few and readable.
    const seen = new Set<string>();
    const floors: RefLine[] = state.floors ? floorStats.filter((s) => s.side === 'floor' && (!state.transports || state.transports.includes(s.transport ?? '')))
      .filter((s) => !seen.has(s.id) && seen.add(s.id)).map((s) => ({ name: `${s.id} (median)`, ns: s.median })) : [];
    const fig = distributionFigure(state.plot, gs, { log: state.logx, floors, unit: state.unit, title: `${state.plot} after warm-up ${state.warmup}` });
    // Per-invocation medians join their series by run, configuration, path and id, under the series' display name.
    const nameOf = new Map(raw.map((g, i) => [`${g.run}/${g.config} ${g.path ?? ''} ${g.id}`, gs[i].name]));
    const byName = new Map<string, Strip>();
    for (const r of stripQ.fresh ? stripQ.rows ?? [] : []) {
      const display = nameOf.get(`${r.run}/${r.config} ${r.transport ?? ''} ${r.id}`);
      if (!display) continue;
      const strip = byName.get(display) ?? { name: display, invocations: [], medians: [] };
      strip.invocations.push(Number(r.invocation)); strip.medians.push(Number(r.median));
      byName.set(display, strip);
    }
    return { gs, fig: byName.size ? withInvocationStrips(fig, gs, [...byName.values()]) : fig, strips: byName.size };
  }, [q.rows, state.plot, state.logx, state.floors, state.warmup, state.unit, floorStats, state.transports, stripQ.fresh, stripQ.rows]);
  return (
    <div className="distributions" data-testid="distributions" data-strips={figure.strips}>
      <div className="toolbar">
        <span className="seg" role="group" aria-label="plot type">
          {PLOTS.map((p) => <button type="button" key={p} className={p === state.plot ? 'on' : ''} aria-pressed={p === state.plot} onClick={() => set({ plot: p as PlotKind })}>{p === 'ecdf' ? 'ECDF' : p === 'hist' ? 'histogram' : p}</button>)}
        </span>
        <label><input type="checkbox" checked={state.logx} onChange={(e) => set({ logx: e.target.checked })} /> log scale</label>
        <label><input type="checkbox" checked={state.floors} onChange={(e) => set({ floors: e.target.checked })} /> floors</label>
        {hasInvocations && (state.plot === 'box' || state.plot === 'violin') && (
          <label title="each invocation's median (after its own warm-up) as a point over the box: the spread between runs"><input type="checkbox" name="invocation-strips" checked={strips} onChange={(e) => setStrips(e.target.checked)} /> per-invocation medians</label>
        )}
      </div>
      <ConfigPicker {...picker} />
      <p className="muted small">Each series is named by its <Term name="timing id" />: the <Term name="e2e">end-to-end step (e2e)</Term> is{' '}
        <code>step.unity.e2e</code> on the desktop and <code>step.web.e2e</code> on the web; <code>step.service</code> is a server&apos;s handling of a request.</p>
      <SeriesPicker ids={cat.ids} transports={cat.transports} ns={cat.ns} selIds={ids} selTransports={state.transports} selN={state.n} onChange={set} />
      {q.error && <pre className="error">{q.error}</pre>}
      <Plot figure={figure.fig} name={`distribution-${state.plot}`} height={480} busy={q.loading || !shown}
        provenance={provenanceOf(data.runs, (q.rows ?? []).map((r) => r.run))}
        empty={figure.gs.length === 0 && !q.loading && shown ? 'No samples for this selection.' : null} />
      <p className="muted small">Series with more than 20 000 samples are drawn from every j-th order statistic (the shape is kept; tables use all samples).</p>
    </div>
  );
}
