// Engine, pacing, N, maxDistance, scenario and run controls. Props only.
import type { LiveConfig } from '../run/LiveRunner';

export interface LiveControlsProps {
  config: LiveConfig;
  running: boolean;
  busy: boolean;
  onChange: (next: Partial<LiveConfig>) => void;
  onStart: () => void;
  onPause: () => void;
  onClearTimings: () => void;
  onDownload: () => void;
  onFloors: () => void;
  /** Times step.web.e2e.block (in-page engine only). */
  onE2eBlocks: () => void;
}

export function LiveControls(p: LiveControlsProps) {
  const { config: c } = p;
  const label = { display: 'flex', flexDirection: 'column' as const, fontSize: 12, gap: 2 };
  return (
    <div className="live-controls" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
      <label style={label}>engine
        <select data-testid="engine" value={c.engine} disabled={p.busy} onChange={(e) => p.onChange({ engine: e.target.value as LiveConfig['engine'] })}>
          <option value="wasm">Wasm in page</option>
          <option value="websocket">WebSocket to Node</option>
        </select>
      </label>
      <label style={label}>pacing
        <select data-testid="pacing" value={c.pacing} disabled={p.busy} onChange={(e) => p.onChange({ pacing: e.target.value as LiveConfig['pacing'] })}>
          <option value="frame">frame (one step per animation frame)</option>
          <option value="free">free (next step when applied)</option>
        </select>
      </label>
      <label style={label}>N
        <input data-testid="node-count" type="number" min={1} max={10000} value={c.nodeCount} disabled={p.busy}
          onChange={(e) => { const n = Math.round(Number(e.target.value)); if (n >= 1 && n <= 10000) p.onChange({ nodeCount: n }); }} style={{ width: 80 }} />
      </label>
      <label style={label}>maxDistance {c.maxDistance.toFixed(1)}
        <input data-testid="max-distance" type="range" min={0.5} max={10} step={0.1} value={c.maxDistance} disabled={p.busy}
          onChange={(e) => p.onChange({ maxDistance: Number(e.target.value) })} />
      </label>
      <label style={label}>scenario
        <select data-testid="scenario" value={c.scenario} disabled={p.busy} onChange={(e) => p.onChange({ scenario: e.target.value as LiveConfig['scenario'] })}>
          <option value="reference">reference (BFS tree)</option>
          <option value="random">random (mean degree 8)</option>
        </select>
      </label>
      {c.engine === 'websocket' && (
        <>
          <label style={label}>server
            <input data-testid="ws-url" value={c.wsUrl} disabled={p.busy} onChange={(e) => p.onChange({ wsUrl: e.target.value })} style={{ width: 170 }} />
          </label>
          <label style={label}>encoding
            <select data-testid="encoding" value={c.encoding} disabled={p.busy} onChange={(e) => p.onChange({ encoding: e.target.value as LiveConfig['encoding'] })}>
              <option value="json">JSON lines, one message per frame</option>
              <option value="json-split">JSON, one message per request</option>
              <option value="batched">batched positions</option>
              <option value="binary">binary frames</option>
            </select>
          </label>
        </>
      )}
      {p.running
        ? <button data-testid="pause" onClick={p.onPause}>Pause</button>
        : <button data-testid="start" onClick={p.onStart} disabled={p.busy}>Run</button>}
      <button onClick={p.onFloors} disabled={p.busy || p.running}>Measure floors</button>
      {c.engine === 'wasm' && (
        <button data-testid="e2e-blocks" onClick={p.onE2eBlocks} disabled={p.busy || p.running}
          title="e2e as the mean of K back-to-back steps: resolves a step shorter than the page clock's tick">Time e2e in blocks</button>
      )}
      <button onClick={p.onClearTimings}>Clear timings</button>
      <button data-testid="download" onClick={p.onDownload}>Download CSV</button>
    </div>
  );
}
