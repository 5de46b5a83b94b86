// History view: the headline ratios (or any figure the visitor picks) across the published runs in commit and time
// order, each with its 95 % interval over invocations; a baseline the visitor picks, each point's change against it
// and a flag where a point's interval lies wholly outside the baseline's (measurement/src/compare.mjs, the same
// comparison as `npm run bench:compare`). Reads each run's summary.json: no DuckDB. Lazily loaded route.
import { useEffect, useMemo, useState } from 'react';
import { Plot } from '../components/Plot';
import { loadPublishedSummaries } from '../data/published';
import { changesAgainst, compareWith, defaultBaseline, figureKeys, HEADLINE_FIGURE, historyPoints, shownPoints, type HistoryPoint, type PointChange, type SummaryLike } from '../model/history';
import { formatDuration, formatRatio } from '../model/units';
import { FLAG_COLOUR, historyFigure } from '../plots/historyFigure';
import type { ViewState } from '../state/viewState';
import { Term } from '../components/Term';

/** Every desktop and web run with its summary (runs without one, e.g. the first web runs, are left out and listed). */
async function loadHistory(): Promise<{ points: HistoryPoint[]; without: string[] }> {
  const loaded = await loadPublishedSummaries<SummaryLike>();
  const points = historyPoints(loaded.filter((x) => x.summary).map((x) => ({ run: x.run, summary: x.summary! })));
  return { points, without: loaded.filter((x) => !x.summary).map((x) => x.run.id) };
}

const fmt = (figure: string, x: number) => (figure.startsWith('ratio.') ? formatRatio(x) : formatDuration(x));
const interval = (figure: string, ci: [number, number] | null) => (ci ? `[${fmt(figure, ci[0])}, ${fmt(figure, ci[1])}]` : '1 invocation, no interval');
const pct = (x: number | null) => (x === null ? '–' : `${x >= 0 ? '+' : ''}${x.toFixed(1)} %`);

function FlagCell({ flag }: { flag: PointChange['flag'] }) {
  if (!flag) return <td data-flag="none">–</td>;
  return <td data-flag={flag} style={{ color: FLAG_COLOUR[flag], fontWeight: 600 }}>{flag === 'regression' ? '▲ regression' : '▼ improvement'}</td>;
}

export default function HistoryPage({ state, set }: { state: ViewState; set: (patch: Partial<ViewState>, opts?: { replace?: boolean }) => void }) {
  const [loaded, setLoaded] = useState<{ points: HistoryPoint[]; without: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { loadHistory().then(setLoaded, (e: unknown) => setError(e instanceof Error ? e.message : String(e))); }, []);
  const h = state.history;
  const all = loaded?.points ?? [];
  const figure = h.figure ?? HEADLINE_FIGURE;
  const points = useMemo(() => shownPoints(all, h.all).filter((p) => p.figures.has(figure)), [all, h.all, figure]);
  const base = all.find((p) => p.key === h.base) ?? defaultBaseline(points, figure);
  // Every point against the baseline of its own configuration (the picked one for the picked point's configuration).
  const changes = useMemo(() => (base ? changesAgainst(points, base, figure, all) : []), [points, base, figure, all]);
  // The table: the baseline's configuration first, then the others, each in time order.
  const listed = useMemo(() => [...changes].sort((a, b) => Number(b.point.configuration === base?.configuration) - Number(a.point.configuration === base?.configuration)
    || a.point.configuration.localeCompare(b.point.configuration)), [changes, base]);
  const sameConfiguration = changes.filter((c) => base && c.point.configuration === base.configuration);
  const vs = all.find((p) => p.key === h.vs) ?? (sameConfiguration.length > 1 ? sameConfiguration[sameConfiguration.length - 1].point : null);
  // A point is compared with the baseline of its own configuration.
  const vsBase = (vs && changes.find((c) => c.point.key === vs.key)?.base) ?? base;
  const rows = useMemo(() => (vsBase && vs ? compareWith(all, vsBase, vs) : []), [all, vsBase, vs]);
  const fig = useMemo(() => (base ? historyFigure(changes, figure, base, points) : null), [changes, figure, base, points]);
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  if (error) return <p className="error" role="alert">History: {error}</p>;
  if (!loaded) return <p className="muted" data-testid="history" data-state="loading">loading the published runs' summaries…</p>;
  const keys = figureKeys(all);
  const flagged = changes.filter((c) => c.flag);
  const compared = changes.filter((c) => c.base && c.base.key !== c.point.key).length;
  return (
    <div data-testid="history" data-state="ready">
      <p className="muted small">
        Each point is one published configuration (run and configuration), in the order the runs were made, with its
        estimate and 95 % interval over <Term name="invocation">invocations</Term> (docs/measurements.md, &quot;Comparing against a baseline&quot;). A point is
        compared only with a point of the same configuration (platform, N, pacing, encoding, transport, server, program and
        its work): the baseline you pick for its configuration (grey band), else its configuration&apos;s oldest point with an
        interval. It is ringed when its interval lies wholly outside its baseline&apos;s: red above (a regression: every figure
        here is a duration or an out/in ratio), green below. Open markers: made on another machine than their baseline.
        The same comparison in a terminal or CI: <code>npm run bench:compare -- &lt;baseline&gt; &lt;run&gt;</code>.
      </p>
      <div className="header-row" style={{ gap: 12, flexWrap: 'wrap' }}>
        <label>figure{' '}
          <select data-testid="history-figure" value={figure} onChange={(e) => set({ history: { ...h, figure: e.target.value === HEADLINE_FIGURE ? undefined : e.target.value } })}>
            {keys.map((k) => <option key={k} value={k}>{k === HEADLINE_FIGURE ? `${k} (the headline)` : k}</option>)}
          </select>
        </label>
        <label>baseline{' '}
          <select data-testid="history-baseline" value={base?.key ?? ''} onChange={(e) => set({ history: { ...h, base: e.target.value } })}>
            {points.map((p) => <option key={p.key} value={p.key}>{p.key}</option>)}
          </select>
        </label>
        <label><input type="checkbox" data-testid="history-all" checked={h.all} onChange={(e) => set({ history: { ...h, all: e.target.checked } })} /> every configuration (not only N = 10, free pacing)</label>
      </div>
      {fig && base && (
        <Plot figure={fig} name={`history-${figure}`} height={460} provenance={{ runs: [...new Set(points.map((p) => p.run))], commits: [...new Set(points.map((p) => p.commit).filter((c): c is string => !!c))] }} />
      )}
      <p data-testid="history-flags">
        {flagged.length === 0
          ? <>No point&apos;s interval lies wholly outside the baseline&apos;s.</>
          : <>{flagged.length} of {compared} points lie wholly outside the interval of their configuration&apos;s baseline: {flagged.map((c) => `${c.point.key} ${c.flag === 'regression' ? '▲' : '▼'} ${pct(c.changePct)}`).join('; ')}.</>}
        {loaded.without.length > 0 && <span className="muted small"> Runs without a summary.json (not shown): {loaded.without.join(', ')}.</span>}
      </p>
      <div className="table-wrap">
        <table className="data" data-testid="history-table">
          <thead><tr><th>run / configuration</th><th>commit</th><th>{figure}</th><th>95 % interval</th><th>change vs its baseline</th><th>intervals overlap</th><th>flag</th><th>twin runs (bench:reproduce)</th><th>machine</th><th>configuration · compared with</th></tr></thead>
          <tbody>
            {listed.map((c) => {
              const own = c.base !== null && c.point.key === c.base.key;
              return (
                <tr key={c.point.key} data-point={c.point.key} data-flag={c.flag ?? 'none'} data-configuration={c.point.configuration} data-base={c.base?.key ?? ''}
                  className={c.point.key === base?.key ? 'baseline' : undefined}>
                  <td className="key"><button type="button" className="linkish run-id" title="compare every figure of this point with its baseline" onClick={() => set({ history: { ...h, vs: c.point.key } })}>{c.point.key}</button>{c.point.key === base?.key ? ' (baseline)' : ''}</td>
                  <td><code>{(c.point.commit ?? '').slice(0, 7)}</code></td>
                  <td className="num">{fmt(figure, c.figure.estimate)}</td>
                  <td className="num">{interval(figure, c.figure.ci95)}</td>
                  <td className="num" data-testid="change">{own || !c.base ? '' : pct(c.changePct)}</td>
                  <td>{own || !c.base ? '' : c.overlap === null ? 'no interval' : c.overlap ? 'yes' : 'no'}</td>
                  {own || !c.base ? <td /> : <FlagCell flag={c.flag} />}
                  <td>{c.reproduce ? `${c.reproduce} (${pct(c.twinPct)})` : ''}</td>
                  <td className="small">{c.otherMachine.length ? `other: ${c.otherMachine.join('; ')}` : 'same'}</td>
                  <td className="small wrap-note">{c.point.configuration}<br /><span className="muted">{!c.base ? 'no baseline with this figure' : own ? 'its configuration\'s baseline' : `vs ${c.base.key}`}</span></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {vsBase && vs && (
        <section data-testid="history-compare">
          <h3>Every figure of <code>{vs.key}</code> against the baseline of its configuration <code>{vsBase.key}</code></h3>
          <p className="muted small">
            <code>npm run bench:compare -- {vsBase.key} {vs.key}</code> prints this table and exits 1 on a flagged regression
            (floors excepted: they measure the machine). Pick another point in the table above to compare it.{' '}
            <label><input type="checkbox" checked={onlyFlagged} onChange={(e) => setOnlyFlagged(e.target.checked)} /> only flagged figures</label>
          </p>
          <div className="table-wrap">
            <table className="data">
              <thead><tr><th>figure</th><th>baseline</th><th>this run</th><th>change</th><th>intervals overlap</th><th>flag</th><th>twin runs</th></tr></thead>
              <tbody>
                {rows.filter((r) => !onlyFlagged || r.flag).map((r) => (
                  <tr key={r.figure} data-figure={r.figure} data-flag={r.flag ?? 'none'}>
                    <td>{r.figure}</td>
                    <td className="num">{fmt(r.figure, r.baseline.estimate)} {interval(r.figure, r.baseline.ci95)}</td>
                    <td className="num">{fmt(r.figure, r.run.estimate)} {interval(r.figure, r.run.ci95)}</td>
                    <td className="num">{pct(r.changePct)}</td>
                    <td>{r.overlap === null ? 'no interval' : r.overlap ? 'yes' : 'no'}</td>
                    <FlagCell flag={r.flag} />
                    <td>{r.reproduce ? `${r.reproduce} (${pct(r.twin?.changePct ?? null)})` : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
