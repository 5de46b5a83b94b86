/** Scale (metric vs N, log axes) and platform (desktop vs web, same phase) views over every loaded run. */
import { useMemo } from 'react';
import { ConfigPicker } from '../components/ConfigPicker';
import { Plot } from '../components/Plot';
import { provenanceOf } from '../plots/figureExport';
import { canonicalConfigs, selectedConfigs } from '../model/canonical';
import { useQuery } from '../db/useQuery';
import { useShown } from '../data/DataProvider';
import { decompose, PHASES } from '../model/decomposition';
import { toStepPeriods } from '../model/stats';
import { platformFigure, scaleFigure, type PlatformBar, type ScalePoint } from '../plots/figures';
import { OVERHEAD_ID, stepPeriodSql } from '../sql/analysis';
import type { ViewState } from '../state/viewState';
import { useAnalysis } from './useAnalysis';
import { useConfigSelection } from './useConfigSelection';
import { PATHS } from '../../../measurement/src/catalogue.mjs';
import { Term } from '../components/Term';

const PERIOD_LABEL = 'front-end step period';
const METRICS: Record<string, (p: string) => string> = {
  'front-end e2e': (p) => (p === 'web' ? 'step.web.e2e' : 'step.unity.e2e'),
  // Below ~10 µs the page clock (5 µs) quantizes the per-step web samples; the block mean resolves them.
  'web Wasm e2e, K-step block mean': (p) => (p === 'web' ? 'step.web.e2e.block' : ''),
  'back-end overhead': () => OVERHEAD_ID,
  'back-end compute': () => 'step.compute',
};

export default function ScalePage({ state, set }: { state: ViewState; set: (p: Partial<ViewState>) => void }) {
  const { configs, picker } = useConfigSelection(state, set, 'scale');
  const filter = useMemo(() => ({ runs: state.runs }), [state.runs]);
  const { data, stats, query } = useAnalysis(state.warmup, filter);
  const periodQuery = useQuery(data.db, data.status === 'ready' ? stepPeriodSql(state.warmup, filter) : null, data.generation);
  const scaleShown = useShown(configs);
  const busy = query.loading || periodQuery.loading;
  const configOf = (run: string, config: string) => data.runs.find((r) => r.id === run)?.configurations.find((c) => c.id === config);
  const scale = useMemo(() => {
    const chosen = (s: { run: string; config: string }) => !configs || configs.includes(`${s.run}/${s.config}`);
    // One line per path; when several runs (or encodings) of one path are chosen, each its own dash.
    const variants = new Map<string, string[]>();
    const point = (s: { run: string; config: string; platform: string; transport: string | null; median: number }): ScalePoint | null => {
      const c = configOf(s.run, s.config);
      if (!c || s.transport === null || !chosen(s)) return null;
      // Out-of-process configurations of one run may differ only in their wire encoding.
      const wire = s.transport && PATHS[s.transport]?.inProcess === false ? `${c.encoding}, ` : '';
      const detail = `${c.pacing}, ${wire}${s.run}`;
      const list = variants.get(s.transport) ?? [];
      if (!list.includes(detail)) list.push(detail);
      variants.set(s.transport, list);
      return { series: `${s.transport} (${detail})`, n: c.nodeCount, ns: s.median, path: s.transport, variant: list.indexOf(detail) };
    };
    const plots = Object.entries(METRICS).map(([label, idOf]) => ({
      label, pts: stats.filter((s) => s.id === idOf(s.platform)).map(point).filter((p): p is ScalePoint => p !== null),
    }));
    // Everything between step starts, the same window on every path (see stepPeriodSql).
    plots.push({ label: PERIOD_LABEL, pts: toStepPeriods(periodQuery.rows ?? []).map(point).filter((p): p is ScalePoint => p !== null) });
    return plots.map((p) => ({ ...p, fig: scaleFigure(p.pts, p.label, state.unit) }));
  }, [stats, periodQuery.rows, data.runs, configs, state.unit]); // eslint-disable-line react-hooks/exhaustive-deps
  // Desktop vs web at the canonical configurations (N = 10, free pacing): one bar per path.
  const platformConfigs = useMemo(() => selectedConfigs(undefined, canonicalConfigs(data.listed.filter((r) => !state.runs || state.runs.includes(r.id)), state.program)),
    [data.listed, state.runs, state.program]);
  const platformShown = useShown(platformConfigs);
  const bars = useMemo(() => {
    const out: PlatformBar[] = [];
    const seen = new Set<string>();
    const variants = new Map<string, string[]>();
    for (const s of stats) {
      if (!s.transport || (platformConfigs && !platformConfigs.includes(`${s.run}/${s.config}`))) continue;
      const k = `${s.run}/${s.config}/${s.transport}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const d = decompose(stats, s.run, s.config, s.platform, s.transport);
      if (!d) continue;
      const list = variants.get(s.transport) ?? [];
      list.push(`${s.run}/${s.config}`);
      variants.set(s.transport, list);
      const series = `${s.platform} ${s.transport}${list.length > 1 ? ` (${s.run}/${s.config})` : ''}`;
      const bar = { series, path: s.transport, variant: list.length - 1 };
      for (const p of PHASES) if (d.phases[p]) out.push({ ...bar, phase: p, ns: d.phases[p]! });
      if (d.e2eMedian) out.push({ ...bar, phase: 'e2e', ns: d.e2eMedian });
    }
    return out;
  }, [stats, platformConfigs]);
  const platforms = new Set(stats.map((s) => s.platform));
  return (
    <div data-testid="scale">
      <h2>Scale: metric vs N</h2>
      <ConfigPicker {...picker} />
      {scale.every((s) => new Set(s.pts.map((p) => p.n)).size < 2) && <p className="note">Only one N is loaded so far (the reference study has N = 10); runs with several N add points here.</p>}
      <div className="grid2">{scale.map((s) => <Plot key={s.label} figure={s.fig} name={`scale-${s.label.replace(/\W+/g, '-')}`} height={560} busy={busy || !scaleShown} provenance={provenanceOf(data.runs, stats.map((x) => x.run))} />)}</div>
      <p className="muted small">Step period: the median interval between consecutive step starts of a front-end file. Under free pacing it holds
        everything a step costs the front-end (the step, rendering, waits in the event loop), so it compares paths whose <Term name="e2e" /> windows differ: on the
        web a WebSocket reply waits behind the frame being rendered, while a Wasm step starts after it. Under tick or frame pacing it is the tick.</p>
      <h2>Platform: desktop vs web</h2>
      {!platforms.has('web') && <p className="note">No web run is loaded yet: only desktop bars are shown.</p>}
      <p className="muted small">At the canonical configurations: {platformConfigs?.join(', ') ?? 'all'}.</p>
      <Plot figure={platformFigure(bars, state.unit)} name="platform" height={420} busy={busy || !platformShown} provenance={provenanceOf(data.runs, (platformConfigs ?? []).map((k) => k.split('/')[0]))} />
    </div>
  );
}
