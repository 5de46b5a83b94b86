// Engine, program, pacing, N, maxDistance, scenario and run controls. Props only.
import { useEffect, useState } from 'react';
import type { LiveConfig } from '../run/LiveRunner';
import { ProgramPicker } from './ProgramPicker';

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
  /** A change that would clear `samples` timings, waiting for an answer. */
  pending: { next: Partial<LiveConfig>; samples: number } | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** The page cannot reach a server on the visitor's machine (a plain-HTTP hosted copy): the WebSocket engine is off. */
  websocketBlocked?: boolean;
}

/**
 * The server address, applied on Enter or when the field loses focus (each keystroke would reconnect); Escape
 * puts the applied address back.
 */
function ServerField({ value, onApply }: { value: string; onApply: (url: string) => void }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => { const v = draft.trim(); if (v && v !== value) onApply(v); else setDraft(value); };
  return (
    <input data-testid="ws-url" value={draft} spellCheck={false} style={{ width: 190 }}
      title="WebSocket server address; Enter applies it"
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => { if (e.key === 'Enter') commit(); if (e.key === 'Escape') setDraft(value); }}
      onBlur={commit} />
  );
}

const describe = (next: Partial<LiveConfig>): string =>
  Object.entries(next).map(([k, v]) => `${k === 'nodeCount' ? 'N' : k === 'wsUrl' ? 'server' : k} → ${String(v)}`).join(', ');

export function LiveControls(p: LiveControlsProps) {
  const { config: c } = p;
  const label = { display: 'flex', flexDirection: 'column' as const, fontSize: 12, gap: 2 };
  return (
    <div className="live-controls" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
      <label style={label}>engine
        <select data-testid="engine" value={c.engine} disabled={p.busy} onChange={(e) => p.onChange({ engine: e.target.value as LiveConfig['engine'] })}>
          <option value="wasm">Wasm in page</option>
          <option value="websocket" disabled={p.websocketBlocked}>WebSocket to Node{p.websocketBlocked ? ' (needs npm start or HTTPS)' : ''}</option>
        </select>
      </label>
      <ProgramPicker spec={c.program} busy={p.busy} onApply={(program) => p.onChange({ program })} />
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
          <option value="random">random (mean degree 8)</option>
          <option value="reference">reference study (source isolated)</option>
        </select>
      </label>
      <label style={label}>WebSocket server
        <ServerField value={c.wsUrl} onApply={(wsUrl) => p.onChange({ wsUrl })} />
      </label>
      {c.engine === 'websocket' && (
        <>
          <label style={label}>encoding
            <select data-testid="encoding" value={c.encoding} disabled={p.busy} onChange={(e) => p.onChange({ encoding: e.target.value as LiveConfig['encoding'] })}>
              <option value="json">JSON lines, one message per frame</option>
              <option value="json-split">JSON, one message per request</option>
              <option value="batched">batched positions</option>
              <option value="binary">binary frames</option>
              <option value="binary-step">binary step, one message per frame</option>
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
      {p.pending && (
        <div role="alertdialog" aria-label="keep the timings?" data-testid="confirm-change" className="note" style={{ flexBasis: '100%' }}>
          {describe(p.pending.next)} starts new timings: the {p.pending.samples.toLocaleString('en-US')} samples collected
          so far would be cleared.{' '}
          <button data-testid="confirm-download" onClick={p.onDownload}>Download CSV first</button>{' '}
          <button data-testid="confirm-apply" onClick={p.onConfirm}>Change and clear</button>{' '}
          <button data-testid="confirm-cancel" onClick={p.onCancel}>Keep them (cancel)</button>
        </div>
      )}
    </div>
  );
}
