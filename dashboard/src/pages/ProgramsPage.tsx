// Programs view: the answer as a curve. For every published program × N × platform, the out/in e2e ratio against
// the work the engine does per step in-process, each with its 95 % interval over invocations (model/programs.ts):
// from which amount of work per step the process boundary stops mattering. A program picker narrows the curve and
// the table. Reads each run's summary.json: no DuckDB. Lazily loaded route.
import { useEffect, useMemo, useState } from 'react';
import { Plot } from '../components/Plot';
import { loadPublishedSummaries } from '../data/published';
import { breakEvenCompute, programPoints, type Estimate, type ProgramPoint, type SummaryLike } from '../model/programs';
import { formatDuration, formatRatio } from '../model/units';
import { programsFigure } from '../plots/programsFigure';
import { Term } from '../components/Term';

async function loadPoints(): Promise<ProgramPoint[]> {
  const loaded = await loadPublishedSummaries<SummaryLike>();
  return programPoints(loaded.filter((x) => x.summary).map((x) => ({ run: x.run, summary: x.summary! })));
}

const ci = (f: Estimate | null, fmt: (x: number) => string) => (f ? `${fmt(f.estimate)}${f.ci95 ? ` [${fmt(f.ci95[0])}, ${fmt(f.ci95[1])}]` : ''}` : '–');
const LIMITS = [2, 1.3] as const;

export default function ProgramsPage() {
  const [points, setPoints] = useState<ProgramPoint[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<string>('all');
  useEffect(() => { loadPoints().then(setPoints, (e: unknown) => setError(e instanceof Error ? e.message : String(e))); }, []);
  const shown = useMemo(() => (points ?? []).filter((p) => picked === 'all' || p.program === picked), [points, picked]);
  const fig = useMemo(() => programsFigure(shown), [shown]);
  if (error) return <p className="error" role="alert">Programs: {error}</p>;
  if (!points) return <p className="muted" data-testid="programs" data-state="loading">loading the published runs&apos; summaries…</p>;
  const programs = [...new Set(points.map((p) => p.program))].sort();
  return (
    <div data-testid="programs" data-state="ready">
      <p className="muted small">
        Each point is one program at one N on one platform, from the newest published run that measured it with the reference
        design of both paths (desktop: loopback TCP, JSON; web: WebSocket, JSON) under free pacing: the out-of-process /
        in-process <Term name="e2e" /> ratio (desktop: of medians; web: of mean steps, the page&apos;s a block mean) against the in-process
        engine&apos;s compute per step, both with their 95 % intervals over <Term name="invocation">invocations</Term>. The out-of-process path adds a roughly
        fixed transport and serialization cost per step, and the program sets the compute and the size of the state that
        crosses: where the curve comes down to 1×, the boundary stops mattering (docs/programs.md).
      </p>
      <label>program{' '}
        <select data-testid="programs-pick" value={picked} onChange={(e) => setPicked(e.target.value)}>
          <option value="all">every program ({programs.length})</option>
          {programs.map((p) => <option key={p} value={p}>{p}</option>)}
        </select>
      </label>
      {shown.length === 0
        ? <p className="muted">No published run has free-paced configurations with summaries for this program.</p>
        : <Plot figure={fig} name="programs-curve" height={480} provenance={{ runs: [...new Set(shown.map((p) => p.run))], commits: [] }} />}
      <p data-testid="programs-break-even">
        {(['desktop', 'web'] as const).map((platform) => LIMITS.map((limit) => {
          const p = breakEvenCompute(shown, platform, limit);
          return (
            <span key={`${platform}-${limit}`}>
              {platform}, out-of-process within {limit}× (whole interval): {p ? `from ${formatDuration(p.compute.estimate)} of compute per step (${p.program}, N = ${p.nodeCount})` : 'not reached by any point shown'}.{' '}
            </span>
          );
        }))}
      </p>
      <div className="table-wrap">
        <table className="data" data-testid="programs-table">
          <thead><tr><th>platform</th><th>program</th><th>N</th><th>in-process compute per step</th><th>in-process e2e</th><th>out-of-process e2e</th><th>ratio out/in</th><th>run / configuration</th></tr></thead>
          <tbody>
            {shown.map((p) => (
              <tr key={`${p.platform}-${p.spec}-${p.nodeCount}`} data-point={`${p.platform}/${p.program}/${p.nodeCount}`}>
                <td>{p.platform}</td><td title={p.label} className="wrap-note"><span className="run-id">{p.spec}</span></td><td className="num">{p.nodeCount}</td>
                <td className="num">{ci(p.compute, (x) => formatDuration(x))}</td>
                <td className="num">{ci(p.inE2e, (x) => formatDuration(x))}</td>
                <td className="num">{ci(p.outE2e, (x) => formatDuration(x))}</td>
                <td className="num">{ci(p.ratio, formatRatio)}</td>
                <td className="small wrap-note" data-testid="programs-source"><code className="run-id">{p.run}</code><br /><code className="run-id">{p.config}</code></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
