// "Your run beside ours": one button that runs the web benchmark in this browser, its progress, and each path's cost
// raw and as a multiple of the floors of the same page, beside the published canonical web run. Props only.
import type { EngineKind } from '../model';
import { NORMALISED_ROWS, WARMUP, type Floors, type NormalisedCell, type VisitorEnvironment } from '../run/yourRun';

export interface NormalisedRun {
  /** run and configuration in the dashboard */
  run: string;
  config: string;
  /** what it ran on, in words */
  environment: string;
  cells: NormalisedCell[];
  floors: Floors;
}

export interface YourRun extends NormalisedRun { env: VisitorEnvironment; engines: EngineKind[] }

export interface YourRunPanelProps {
  rounds: number;
  onRounds: (n: number) => void;
  /** engines the button will run (both when a server answers) */
  engines: EngineKind[];
  running: { phase: string; done: number; total: number } | null;
  onRun: () => void;
  disabled: boolean;
  error: string | null;
  runs: YourRun[];
  published: NormalisedRun | null;
  onOpen: (run: NormalisedRun) => void;
}

const us = (ns: number | null): string => (ns === null ? '–' : ns < 1000 ? `${+ns.toFixed(1)} ns` : ns < 100000 ? `${(ns / 1000).toFixed(1)} µs` : `${Math.round(ns / 1000)} µs`);
const times = (x: number | null): string => (x === null ? '–' : x >= 100 ? `${Math.round(x)}×` : `${x.toFixed(x >= 10 ? 1 : 2)}×`);

export function YourRunPanel(p: YourRunPanelProps) {
  const columns: NormalisedRun[] = [...(p.published ? [p.published] : []), ...p.runs];
  return (
    <section data-testid="your-run" style={{ borderTop: '1px solid #ddd', paddingTop: 8 }}>
      <h3 style={{ margin: '4px 0' }}>Your run beside ours</h3>
      <p className="small" style={{ margin: '4px 0' }}>
        Runs the web benchmark in this browser: N = 10, the reference layout, free pacing,{' '}
        {p.engines.length === 2 ? 'both engines (a WebSocket server answers)' : 'the in-page engine only (no WebSocket server found: check for one above)'},
        then the e2e blocks and the floors. The result joins the dashboard as a run of its own (Comparison, Distributions).{' '}
        <label>steps per engine{' '}
          <input data-testid="your-run-rounds" type="number" min={50} max={5000} step={50} value={p.rounds} disabled={!!p.running}
            style={{ width: 70 }} onChange={(e) => { const n = Math.round(Number(e.target.value)); if (n >= 50 && n <= 5000) p.onRounds(n); }} />
        </label>{' '}
        <button type="button" data-testid="your-run-start" disabled={p.disabled || !!p.running} onClick={p.onRun}>Run the benchmark in this browser</button>
      </p>
      {p.running && (
        <p className="small" data-testid="your-run-progress" style={{ margin: '4px 0' }}>
          <progress max={p.running.total} value={p.running.done} style={{ verticalAlign: 'middle' }} /> {p.running.phase}
        </p>
      )}
      {p.error && <p className="error small" role="alert" data-testid="your-run-error">{p.error}</p>}
      {columns.length > 0 && (
        <div className="table-wrap"><table className="data" data-testid="your-run-table">
          <thead>
            <tr><th rowSpan={2}>path (median)</th>{columns.map((c) => (
              <th key={`${c.run}/${c.config}`} colSpan={2} data-testid={c === p.published ? 'published-column' : 'your-column'} title={c.environment}>
                {c === p.published ? 'published' : 'yours'}: <button type="button" className="link" onClick={() => p.onOpen(c)}>{c.run}/{c.config}</button>
                <div className="muted small" style={{ fontWeight: 'normal' }} data-testid="run-environment">{c.environment}</div>
              </th>))}
              <th rowSpan={2} title="whether the multiple of the floor compares machines">comparable across machines?</th></tr>
            <tr>{columns.map((c) => [<th key={`${c.run}/${c.config}/raw`}>raw</th>, <th key={`${c.run}/${c.config}/x`}>× floor</th>])}</tr>
          </thead>
          <tbody>
            {NORMALISED_ROWS.map((r, i) => (
              <tr key={r.label}>
                <td>{r.label} <span className="muted small">÷ {r.floor === 'noop' ? 'no-op call' : 'echo'}</span></td>
                {columns.map((c) => [
                  <td key={`${c.run}/${c.config}/raw`} className="num" title={c.cells[i].id ?? ''}>{us(c.cells[i].rawNs)}</td>,
                  <td key={`${c.run}/${c.config}/x`} className="num" data-testid="multiple">{times(c.cells[i].multiple)}</td>])}
                <td className="small" data-testid="holds" title={r.holds ? 'both are a message round trip through the browser and Node'
                  : r.floor === 'noop' ? 'engine compute and drawing scale with CPU speed and JIT, not with call overhead'
                    : 'the round trip does; the Node engine’s compute and the drawing scale with CPU speed'}>{r.holds ? 'yes' : r.floor === 'noop' ? 'no' : 'partly'}</td>
              </tr>
            ))}
            <tr><td>floor: no-op call into Wasm</td>{columns.map((c) => <td key={c.run + c.config} colSpan={2} className="num">{us(c.floors.noopNs)}</td>)}<td /></tr>
            <tr><td>floor: WebSocket echo round trip</td>{columns.map((c) => <td key={c.run + c.config} colSpan={2} className="num">{us(c.floors.echoNs)}</td>)}<td /></tr>
          </tbody>
        </table></div>
      )}
      <p className="muted small" style={{ margin: '4px 0' }}>
        Hardware-normalised: each path&apos;s median as a multiple of the floor measured in the same page (no-op call into
        Wasm for the in-page path, echo round trip for the WebSocket path), next to the raw µs. The multiple compares
        machines only where the cost is the same kind of work as its floor: the WebSocket wait against the echo (both a
        message round trip through the browser and Node), partly the WebSocket e2e (it adds the Node engine&apos;s compute
        and the drawing). The in-page e2e is engine compute and drawing, which scale with CPU speed and JIT, not with
        call overhead: its multiple of a few-ns no-op call differs between machines for that reason alone. A page that is
        not cross-origin isolated reads a 100 µs clock: single steps shorter than that are unresolved, the block means
        and the floors&apos; averages less so (docs/measurements.md, &quot;Hardware-normalised comparison&quot;). Medians
        after {WARMUP} warm-up steps per id; one run in this page is one invocation, so no interval.
      </p>
    </section>
  );
}
