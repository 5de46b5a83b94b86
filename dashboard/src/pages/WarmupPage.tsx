/** Each series in time order with the warm-up cut shaded: where does warm-up really end? */
import { useMemo } from 'react';
import { Plot } from '../components/Plot';
import { provenanceOf } from '../plots/figureExport';
import { ConfigPicker } from '../components/ConfigPicker';
import { SeriesPicker } from '../components/SeriesPicker';
import { pathRank } from '../plots/pathStyle';
import { useData, useShown } from '../data/DataProvider';
import { useQuery } from '../db/useQuery';
import { timeSeriesFigure, type TimePoints } from '../plots/figures';
import { timeSeriesSql } from '../sql/analysis';
import type { ViewState } from '../state/viewState';
import { useCatalog } from './useCatalog';
import { seriesNamer, shortId, useConfigSelection } from './useConfigSelection';
import { Term } from '../components/Term';

const DEFAULT = ['step.service', 'step.unity.e2e', 'step.web.e2e'];

export default function WarmupPage({ state, set }: { state: ViewState; set: (p: Partial<ViewState>) => void }) {
  const data = useData();
  const cat = useCatalog(state.runs);
  const ids = (state.ids ?? DEFAULT).filter((i) => cat.ids.includes(i) && !i.startsWith('backend.'));
  const { configs, picker } = useConfigSelection(state, set);
  const sql = data.status === 'ready' && cat.answered ? timeSeriesSql({ runs: state.runs, configs, ids, transports: state.transports, nodeCounts: state.n }) : null;
  const q = useQuery(data.db, sql, data.generation);
  const shown = useShown(configs);
  const fig = useMemo(() => {
    const m = new Map<string, TimePoints & { run: string; config: string; id: string; path: string | null }>();
    for (const r of q.rows ?? []) {
      const k = `${r.run}/${r.config} ${r.file} ${r.id}`;
      let s = m.get(k);
      if (!s) m.set(k, (s = { name: k, k: [], ns: [], run: String(r.run), config: String(r.config), id: String(r.id), path: r.transport == null ? null : String(r.transport) }));
      s.k.push(Number(r.k));
      s.ns.push(Number(r.duration_ns));
    }
    const raw = [...m.values()].sort((a, b) => a.id.localeCompare(b.id) || pathRank(a.path) - pathRank(b.path));
    const name = seriesNamer(raw);
    const series = raw.map((s) => ({ ...s, ...name(s, shortId(s.id)), id: s.id }));
    return timeSeriesFigure(series, state.warmup, { log: state.logx, unit: state.unit, title: 'Samples in time order (shaded: dropped as warm-up)' });
  }, [q.rows, state.warmup, state.logx, state.unit]);
  return (
    <div data-testid="warmup">
      <div className="toolbar"><label><input type="checkbox" checked={state.logx} onChange={(e) => set({ logx: e.target.checked })} /> log y</label></div>
      <ConfigPicker {...picker} />
      <p className="muted small">Each series is named by its <Term name="timing id" />: the <Term name="e2e">end-to-end step (e2e)</Term> is{' '}
        <code>step.unity.e2e</code> on the desktop and <code>step.web.e2e</code> on the web; <code>step.service</code> is a server&apos;s handling of a request.</p>
      <SeriesPicker ids={cat.ids.filter((i) => !i.startsWith('backend.'))} transports={cat.transports} ns={cat.ns} selIds={ids} selTransports={state.transports} selN={state.n} onChange={set} />
      {q.error && <pre className="error">{q.error}</pre>}
      <Plot figure={fig} name="timeseries" height={480} busy={q.loading || !shown} provenance={provenanceOf(data.runs, (q.rows ?? []).map((r) => r.run))} />
    </div>
  );
}
