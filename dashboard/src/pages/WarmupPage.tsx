/** Each series in time order with the warm-up cut shaded: where does warm-up really end? */
import { useMemo } from 'react';
import { Plot } from '../components/Plot';
import { SeriesPicker } from '../components/SeriesPicker';
import { useData } from '../data/DataProvider';
import { useQuery } from '../db/useQuery';
import { timeSeriesFigure, type TimePoints } from '../plots/figures';
import { timeSeriesSql } from '../sql/analysis';
import type { ViewState } from '../state/viewState';
import { useCatalog } from './useCatalog';

const DEFAULT = ['step.service', 'step.unity.e2e', 'step.web.e2e'];

export default function WarmupPage({ state, set }: { state: ViewState; set: (p: Partial<ViewState>) => void }) {
  const data = useData();
  const cat = useCatalog(state.runs);
  const ids = (state.ids ?? DEFAULT).filter((i) => cat.ids.includes(i) && !i.startsWith('backend.'));
  const sql = data.status === 'ready' ? timeSeriesSql({ runs: state.runs, ids, transports: state.transports, nodeCounts: state.n }) : null;
  const q = useQuery(data.db, sql, data.generation);
  const fig = useMemo(() => {
    const m = new Map<string, TimePoints>();
    for (const r of q.rows ?? []) {
      const k = `${r.run}/${r.config} ${r.id}`;
      let s = m.get(k);
      if (!s) m.set(k, (s = { name: k, k: [], ns: [] }));
      s.k.push(Number(r.k));
      s.ns.push(Number(r.duration_ns));
    }
    return timeSeriesFigure([...m.values()], state.warmup, { log: state.logx, title: 'Samples in time order (shaded: dropped as warm-up)' });
  }, [q.rows, state.warmup, state.logx]);
  return (
    <div data-testid="warmup">
      <div className="toolbar"><label><input type="checkbox" checked={state.logx} onChange={(e) => set({ logx: e.target.checked })} /> log y</label></div>
      <SeriesPicker ids={cat.ids.filter((i) => !i.startsWith('backend.'))} transports={cat.transports} ns={cat.ns} selIds={ids} selTransports={state.transports} selN={state.n} onChange={set} />
      {q.error && <pre className="error">{q.error}</pre>}
      <Plot figure={fig} name="timeseries" height={480} busy={q.loading || !data.complete} />
    </div>
  );
}
