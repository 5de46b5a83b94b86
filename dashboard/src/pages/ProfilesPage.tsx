// Profiles view (docs/profiles.md): the published sampling profiles of the four paths. Flame graphs of an in-process
// and an out-of-process path at the same N side by side, category shares per path, and a reconciliation of busy
// time per step by category with the timer phases of a timing run at the same N and pacing. Lazily loaded route;
// the profile files are fetched only when the view opens.
import { useEffect, useMemo, useState } from 'react';
import { FlameGraph } from '../components/FlameGraph';
import { Plot } from '../components/Plot';
import { provenanceOf } from '../plots/figureExport';
import { useData, useShown } from '../data/DataProvider';
import { fetchDataJson, fetchDataText } from '../data/dataFiles';
import { canonicalConfigs, canonicalScaleConfigs } from '../model/canonical';
import { decompose } from '../model/decomposition';
import { CATEGORIES, flameTree, type FlameInput } from '../model/flameTree';
import { PATHS as CATALOGUE } from '../../../measurement/src/catalogue.mjs';
import { CATEGORY_COLORS, CATEGORY_LABELS, PAIRS, PATHS, newestEntries, reconcile, type PathProfile, type ProfileIndex, type ProfileRun } from '../model/profiles';
import type { RunJson } from '../model/runs';
import type { Figure } from '../plots/figures';
import type { ViewState } from '../state/viewState';
import { useAnalysis } from './useAnalysis';
import { IdLabel } from '../components/IdLabel';
import { Term } from '../components/Term';

const NS = [10, 1000] as const;

/** The timing configuration to set beside a free-paced profile: the canonical one at this N and platform, else any. */
function timerConfig(runs: readonly RunJson[], n: number, platform: string): string | null {
  const fits = (r: RunJson, id: string) => {
    const c = r.configurations.find((x) => x.id === id);
    return !!c && c.nodeCount === n && c.pacing === 'free' && c.files.some((f) => f.platform === platform && f.side !== 'floor');
  };
  for (const k of [...canonicalConfigs(runs), ...canonicalScaleConfigs(runs)]) {
    const [run, config] = [k.slice(0, k.indexOf('/')), k.slice(k.indexOf('/') + 1)];
    const r = runs.find((x) => x.id === run);
    if (r && fits(r, config)) return k;
  }
  for (const r of runs) for (const c of r.configurations) if (fits(r, c.id)) return `${r.id}/${c.id}`;
  return null;
}

function sharesFigure(run: ProfileRun, n: number): Figure {
  const entries = PATHS.map((p) => run.entries.find((e) => e.path === p && e.nodeCount === n)).filter((e) => e !== undefined);
  const y = entries.map((e) => e.path);
  return {
    data: CATEGORIES.map((c) => ({
      type: 'bar', orientation: 'h', name: CATEGORY_LABELS[c], y, x: entries.map((e) => 100 * e.shares[c]),
      marker: { color: CATEGORY_COLORS[c] }, customdata: entries.map((e) => e.usPerStep[c]),
      hovertemplate: `%{y}: %{x:.1f} % of samples (%{customdata:.1f} µs per step)<extra>${CATEGORY_LABELS[c]}</extra>`,
    })),
    layout: {
      barmode: 'stack', title: { text: `Category shares of all samples of each path's processes, N = ${n}, free pacing`, font: { size: 14 } },
      xaxis: { title: { text: 'share of samples (%)' }, range: [0, 100] }, yaxis: { autorange: 'reversed' },
      margin: { l: 90, r: 20, t: 40, b: 50 }, legend: { orientation: 'h', y: -0.3 },
    },
  };
}

const us = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v >= 100 ? v.toFixed(0) : v.toFixed(1));

export default function ProfilesPage({ state, set }: { state: ViewState; set: (p: Partial<ViewState>) => void }) {
  const n = state.n?.[0] === 1000 ? 1000 : 10;
  const pair = state.pair;
  const [run, setRun] = useState<ProfileRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [idle, setIdle] = useState(false);
  const [files, setFiles] = useState<Record<string, { profile: PathProfile; inputs: FlameInput[] }>>({});
  useEffect(() => {
    let gone = false;
    fetchDataJson<ProfileIndex>('profiles/index.json')
      .then((index) => {
        if (!index.runs.length) throw new Error('no published profile run (profiles/index.json is empty)');
        return Promise.all(index.runs.map((r) => fetchDataJson<ProfileRun>(`profiles/${r.id}/profiles.json`)));
      })
      // Each path and N from the newest run that profiled it; the newest run's settings for the caption.
      .then((runs) => { if (!gone) setRun({ ...runs[0], entries: newestEntries(runs) }); })
      .catch((e: unknown) => { if (!gone) setError(String(e)); });
    return () => { gone = true; };
  }, []);
  useEffect(() => {
    if (!run) return;
    let gone = false;
    setFiles({});
    for (const path of PAIRS[pair]) {
      const e = run.entries.find((x) => x.path === path && x.nodeCount === n);
      if (!e) continue;
      const base = `profiles/${e.run ?? run.id}/`;
      fetchDataJson<PathProfile>(`${base}${e.dir}/profile.json`)
        .then(async (profile) => {
          const inputs = await Promise.all(Object.entries(profile.processes).map(async ([process, p]) =>
            ({ process, text: await fetchDataText(base + p.file) })));
          if (!gone) setFiles((f) => ({ ...f, [path]: { profile, inputs } }));
        })
        .catch((err: unknown) => { if (!gone) setError(String(err)); });
    }
    return () => { gone = true; };
  }, [run, n, pair]);
  const trees = useMemo(() => Object.fromEntries(Object.entries(files).map(([path, f]) => [path, flameTree(path, f.inputs, { idle })])), [files, idle]);

  const data = useData();
  const timer = useMemo(() => timerConfig(data.listed, n, pair), [data.listed, n, pair]);
  const timerShown = useShown(timer ? [timer] : []);
  const { stats, query } = useAnalysis(state.warmup, useMemo(() => ({ configs: timer ? [timer] : [] }), [timer]));
  const recon = useMemo(() => PAIRS[pair].map((path) => {
    const f = files[path];
    if (!f) return null;
    const [r, c] = timer ? [timer.slice(0, timer.indexOf('/')), timer.slice(timer.indexOf('/') + 1)] : ['', ''];
    const d = timer ? decompose(stats, r, c, pair, path) : null;
    return { path, rows: reconcile(f.profile, d), wallUs: (1e6 * f.profile.window.seconds) / f.profile.window.steps };
  }), [files, stats, timer, pair]);
  const ready = recon.every((x) => x !== null) && timerShown && !query.loading;

  return (
    <div data-testid="profiles" data-ready={ready ? '1' : '0'}>
      <h2>Sampling profiles</h2>
      <p className="muted small">
        Profile run {run ? [...new Set(run.entries.map((e) => e.run ?? run.id))].map((id, i) => <span key={id}>{i ? ', ' : ''}<IdLabel kind="run" id={id} /></span>) : '…'}
        {' '}(each path and N from the newest run that profiled it): each path in a free-paced session of {run?.seconds ?? '…'} s with every process of
        the path under a sampling profiler (perf for the C# host and for Chromium's browser and network service processes,
        async-profiler for the JVM server, V8's profiler for Node and the page), in its own <Term name="invocation">invocations</Term>, never in a timing run. Frames are coloured by category (docs/profiles.md, "Categories");
        click a frame to zoom. {run && <>Command: <code>{run.command}</code>.</>}
      </p>
      {error && <p className="error" role="alert">{error}</p>}
      <div className="profile-controls">
        <label>N <select value={n} onChange={(e) => set({ n: [Number(e.target.value)] })}>{NS.map((x) => <option key={x} value={x}>{x}</option>)}</select></label>
        <label>paths <select value={pair} onChange={(e) => set({ pair: e.target.value as 'desktop' | 'web' })}>
          <option value="desktop">desktop: native vs socket</option><option value="web">web: wasm vs websocket</option>
        </select></label>
        <label><input type="checkbox" checked={idle} onChange={(e) => setIdle(e.target.checked)} /> include idle and wait samples</label>
        <span className="legend">{CATEGORIES.map((c) => <span key={c}><i style={{ background: CATEGORY_COLORS[c] }} />{CATEGORY_LABELS[c]}</span>)}</span>
      </div>
      <div className="flame-pair">
        {PAIRS[pair].map((path) => {
          const t = trees[path];
          const f = files[path];
          const caption = f && t
            ? `${path}, N = ${n} (${CATALOGUE[path]?.inProcess ? 'in-process' : 'out-of-process'}): ${Object.keys(f.profile.processes).join(', ')}; ${f.profile.window.steps.toLocaleString('en')} steps in ${f.profile.window.seconds.toFixed(1)} s; ${t.samples.toLocaleString('en')} samples shown${idle ? '' : `, ${t.idleSamples.toLocaleString('en')} idle left out`}`
            : `${path}, N = ${n}: loading…`;
          return <FlameGraph key={path} name={path} tree={t?.tree ?? null} caption={caption} />;
        })}
      </div>
      {run && <Plot name="profile-categories" figure={sharesFigure(run, n)} height={300} provenance={provenanceOf([{ id: run.id, commit: (run as { commit?: string | null }).commit ?? null }], [run.id])} />}
      <h3>Profile against timers, N = {n}</h3>
      <p className="muted small">
        µs per step: the profile's samples × interval ÷ steps, summed over the path's processes (CPU time for perf and
        async-profiler, wall time for V8's profilers); the timer figures are medians of the phases and of the <Term name="e2e">end-to-end step (e2e)</Term> (µs, warm-up {state.warmup})
        of {timer ? <code>{timer}</code> : 'no free-paced timing run at this N'}, the decomposition of the Comparison view.
        The profile runs in its own session on a loaded machine, so the figures agree in kind, not to the microsecond.
      </p>
      <table className="data recon" data-table="profile-recon">
        <thead>
          <tr><th>profile category ↔ timer phase</th>{PAIRS[pair].map((p) => <th key={p} colSpan={2}>{p}: profile / timer (µs)</th>)}<th>why they differ</th></tr>
        </thead>
        <tbody>
          {recon[0] && recon[0].rows.map((row, i) => (
            <tr key={row.label} data-row={row.label}>
              <th className="metric">{row.label}</th>
              {recon.map((r, j) => [
                <td key={`${j}p`} className="num" data-path={PAIRS[pair][j]} data-kind="profile">{us(r?.rows[i].profileUs)}</td>,
                <td key={`${j}t`} className="num" data-path={PAIRS[pair][j]} data-kind="timer">{us(r?.rows[i].timerUs)}</td>,
              ])}
              <td className="why small">{recon.map((r, j) => r && <p key={j}>{recon.length > 1 && recon[0]?.rows[i].why !== recon[1]?.rows[i].why ? <b>{PAIRS[pair][j]}: </b> : null}{r.rows[i].why}</p>).filter((_, j) => j === 0 || recon[0]?.rows[i].why !== recon[j]?.rows[i].why)}</td>
            </tr>
          ))}
          <tr data-row="wall">
            <th className="metric">wall time per step in the profile window</th>
            {recon.map((r, j) => <td key={j} className="num" colSpan={2}>{us(r?.wallUs)}</td>)}
            <td className="why small">free pacing: the step period, including everything between steps; the timers' e2e leaves out the front-end's own frame work</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
