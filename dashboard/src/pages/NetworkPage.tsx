// Network view (docs/network.md): the out-of-process paths through shaped networks. Reads the figures that
// `npm run bench:network` computed into its run.json (`network`: per-cell figures with 95 % intervals over
// invocations, break-even RTTs, the open-loop capacity test); the network runs' CSVs are not loaded into the
// database (they would only repeat these figures at the cost of hundreds of small files). Lazily loaded route.
// The grid's figures (cells, break-even, pipelining) are the program of the dashboard's program selector
// (`program=`, default the reference program; model/network.ts); capacity always ran the reference program.
import { useEffect, useMemo, useState } from 'react';
import { Plot } from '../components/Plot';
import { Controls } from '../components/Controls';
import { provenanceOf } from '../plots/figureExport';
import { loadNetworkRuns } from '../data/published';
import { capacityFigure, e2eFigure, pipelineFigure } from '../plots/networkFigures';
import { SoakPanel } from '../components/SoakPanel';
import { formatBreakEven, networkOfProgram, type BreakEven, type Capacity, type NetworkRun } from '../model/network';
import { programOptions } from '../model/programs';
import { REFERENCE_PROGRAM } from '../../../measurement/src/catalogue.mjs';
import type { ViewState } from '../state/viewState';
import { IdLabel } from '../components/IdLabel';
import { Term } from '../components/Term';
import { runLabel } from '../model/labels';

/** The largest M in words: a lower bound when the load generator, not the server, ended the count. */
const capacityText = (c: Capacity): string => (c.limitedBy === 'generator'
  ? `largest M ≥ ${c.largestM}: the load generator lagged at the next level, no server verdict there`
  : `largest M ${c.largestM}, interval [${c.largestMCi.join(', ')}]${c.limitedBy === 'levels' ? ', every level tried passed' : ''}`);

const ENCODING_ORDER = ['json', 'batched', 'binary'];
/** Break-even rows in reading order: platform, path, encoding (json, batched, binary), N. */
const breakEvenOrder = (a: BreakEven, b: BreakEven): number => a.platform.localeCompare(b.platform) || a.transport.localeCompare(b.transport)
  || ((ENCODING_ORDER.indexOf(a.encoding) + 99) % 99) - ((ENCODING_ORDER.indexOf(b.encoding) + 99) % 99) || a.encoding.localeCompare(b.encoding) || a.n - b.n;

export default function NetworkPage({ state, set }: { state: ViewState; set: (patch: Partial<ViewState>, opts?: { replace?: boolean }) => void }) {
  const [runs, setRuns] = useState<NetworkRun[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadNetworkRuns().then((list) => {
      // The grid and the capacity test may be published as separate runs (`--only grid`, `--only capacity`).
      const grid = list.filter((r) => r.network.cells.length > 0);
      if (live) { setRuns(list); setSelected((grid.length ? grid : list).at(-1)?.id ?? null); }
    }).catch((e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; };
  }, []);
  const run = runs?.find((r) => r.id === selected) ?? null;
  // Capacity of the selected run, else of the newest run that measured it.
  const capRun = run?.network.capacity ? run : runs?.filter((r) => r.network.capacity).at(-1) ?? null;
  const capacity = capRun?.network.capacity ?? null;
  // The program selector offers every program a network run measured; the grid's figures are the chosen one's.
  const programs = useMemo(() => programOptions(runs ?? []), [runs]);
  const shown = useMemo(() => (run ? networkOfProgram(run, state.program) : null), [run, state.program]);
  const figs = useMemo(() => (shown ? {
    desktop: e2eFigure(shown.cells, 'desktop', shown.program), web: e2eFigure(shown.cells, 'web', shown.program),
    pipe: pipelineFigure(shown.cells, shown.program), cap: capacity ? capacityFigure(capacity, capacityText) : null,
  } : null), [shown, capacity]);
  if (error) return <p className="error" role="alert">{error}</p>;
  if (!runs) return <p className="muted">loading network runs…</p>;
  if (!run || !shown || !figs) return <p className="muted" data-testid="network-empty">No network run published yet: <code>npm run bench:network</code> (docs/network.md).</p>;
  const cells = shown.cells;
  const platforms = new Set(cells.map((c) => c.platform));
  const label = programs.find((p) => (p.spec ?? REFERENCE_PROGRAM) === shown.program)?.label ?? shown.program;
  return (
    <div data-testid="network">
      <p className="muted small">
        Out-of-process paths through a Toxiproxy on loopback (latency, jitter, bandwidth), in-process baseline in the same run;
        figures are means over {run.parameters.invocations ?? '?'} <Term name="invocation">invocations</Term> with 95 % intervals (docs/network.md).{' '}
        Run <select value={run.id} onChange={(e) => setSelected(e.target.value)} aria-label="network run">
          {runs.map((r) => <option key={r.id} value={r.id}>{r.title}: {runLabel(r.id)}</option>)}
        </select>
      </p>
      {/* The command and the machine's load, one click away: the view opens on what was measured, not on a command line. */}
      <details className="small muted run-command" data-testid="network-command">
        <summary>how this run was made: its id, command and the machine&apos;s load</summary>
        <p>Run id <code>{run.id}</code>; command <code>{run.parameters.command}</code>{run.environment.loadAverage ? `; load average ${run.environment.loadAverage.start.join('/')} → ${run.environment.loadAverage.end.join('/')}` : ''}.</p>
        {capRun && capRun.id !== run.id && <p>Capacity: run id <code>{capRun.id}</code>; command <code>{capRun.parameters.command}</code>.</p>}
      </details>
      <Controls show={['program']} warmup={state.warmup} unit={state.unit} runs={[]} selectedRuns={undefined} boot={state.boot} programs={programs} program={state.program} onChange={set} />
      <p className="small" data-testid="network-program" data-program={shown.program}>
        Program <code>{shown.program}</code>, {label}: every front-end of the grid below (break-even, <Term name="e2e" />, pipelining) ran it, the
        in-process baseline too; capacity ran the reference program.
        {run.network.cells.length > 0 && cells.length === 0 && ` This run measured no cell of ${shown.program}: choose another program or run.`}
      </p>
      {cells.some((c) => c.rateKBps !== null) && (
        <p className="muted small" data-testid="rate-limited">
          Bandwidth-limited profile (not on the RTT curve), free pacing, median e2e:{' '}
          {cells.filter((c) => c.rateKBps !== null && c.pacing === 'free' && c.inFlight === 1)
            .map((c) => `${c.platform} ${c.transport} ${c.profile} N=${c.n} ${c.encoding} ${((c.figures.e2e?.median ?? NaN) / 1e6).toFixed(1)} ms`).join('; ')}.
        </p>
      )}
      <h3>Break-even RTT, {shown.program} (one step in flight, free pacing; median e2e reaches the frame)</h3>
      <div className="table-wrap"><table className="data" data-testid="break-even" data-program={shown.program}>
        <caption className="small muted"><IdLabel kind="run" id={run.id} />, program {label}: added round trip at which the e2e reaches the frame.</caption>
        <thead><tr><th>path</th><th>N</th><th>encoding</th><th>60 Hz (median)</th><th>30 Hz (median)</th><th>60 Hz (p95)</th><th>30 Hz (p95)</th></tr></thead>
        <tbody>
          {[...shown.breakEvens].sort(breakEvenOrder).map((b) => (
            <tr key={`${b.platform}-${b.n}-${b.encoding}`} data-path={`${b.platform}-${b.transport}`} data-n={b.n} data-program={shown.program}>
              <td>{b.platform} {b.transport}</td><td className="num">{b.n}</td><td>{b.encoding}</td>
              <td className="num" data-stat="60Hz">{formatBreakEven(b.median['60Hz'])}</td><td className="num">{formatBreakEven(b.median['30Hz'])}</td>
              <td className="num">{formatBreakEven(b.p95['60Hz'])}</td><td className="num">{formatBreakEven(b.p95['30Hz'])}</td>
            </tr>
          ))}
        </tbody>
      </table></div>
      {['desktop', 'web'].filter((p) => platforms.has(p)).map((p) => <Plot key={p} name={`network-e2e-${p}`} figure={figs[p as 'desktop' | 'web']} provenance={provenanceOf([run], [run.id])} />)}
      {cells.some((c) => c.inFlight > 1) && <Plot name="network-pipelining" figure={figs.pipe} provenance={provenanceOf([run], [run.id])} />}
      {figs.cap && <Plot name="network-capacity" figure={figs.cap} provenance={capRun ? provenanceOf([capRun], [capRun.id]) : undefined} />}
      {capacity && capRun && (
        <p className="muted small" data-testid="capacity-summary">
          Capacity (the reference program; <IdLabel kind="run" id={capRun.id} />):{' '}
          {Object.values(capacity).map((c) => `${c.server}: ${capacityText(c)}`).join('; ')}.
        </p>
      )}
      {capacity && (
        <div className="table-wrap"><table className="data" data-testid="capacity">
          <caption className="small muted">{capRun ? <IdLabel kind="run" id={capRun.id} /> : 'no capacity run'}, the reference program, N = 100 per front-end at 60 Hz.</caption>
          <thead><tr><th>server</th><th>M</th><th>p99 [95 % CI]</th><th>verdict (≤ 16.7 ms)</th><th>load generator's own lateness, p99</th></tr></thead>
          <tbody>
            {Object.values(capacity).flatMap((c) => c.levels.map((l) => (
              <tr key={`${c.server}-${l.m}`} data-server={c.server} data-m={l.m}>
                <td>{c.server}</td><td className="num">{l.m}</td>
                <td className="num">{l.p99 === null ? '–' : `${(l.p99 / 1e6).toFixed(2)} ms`}{l.p99Ci ? ` [${(l.p99Ci[0] / 1e6).toFixed(2)}, ${(l.p99Ci[1] / 1e6).toFixed(2)}]` : ''}</td>
                <td>{l.verdict}</td>
                <td className="num">{l.generatorLateP99 === undefined || l.generatorLateP99 === null ? '–' : `${(l.generatorLateP99 / 1e6).toFixed(2)} ms${l.generatorBound ? ' (generator-bound: the machine set this level)' : ''}`}</td>
              </tr>
            )))}
          </tbody>
        </table></div>
      )}
      <SoakPanel />
    </div>
  );
}
