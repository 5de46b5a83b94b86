// Whether the WebSocket engine's server answers, and how to start one when none does; before the visitor asks,
// what reaching it involves (docs/hosting.md, "The Live view and the visitor's machine"). Props only.
import { isLocalOrigin, startCommand, type LocalAccess, type ServerCheck } from '../engines/wsServerCheck';

export interface ServerStatusProps {
  check: ServerCheck | null;
  /** Whether the visitor picked the WebSocket engine or asked to check (the page contacts no server before). */
  asked: boolean;
  access: LocalAccess;
  origin: string;
  /** The server address the page would contact. */
  url: string;
  busy: boolean;
  /** A pick of the WebSocket engine waiting for the visitor to confirm it (non-local origins). */
  confirming: boolean;
  onCheck: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What the browser asks when a site reaches the visitor's machine, and why the page needs it. */
function LocalNetworkNote({ origin }: { origin: string }) {
  return (
    <>
      This page comes from <code>{origin}</code>; the WebSocket engine is a Node server on <i>your</i> machine. When a
      site connects to your machine, your browser asks first whether it may reach devices on your local network
      (Chromium&apos;s Local Network Access prompt). The page would send that server only the benchmark&apos;s own
      messages (devices, positions, steps) and reads nothing else from your machine.
    </>
  );
}

export function ServerStatus(p: ServerStatusProps) {
  const { check, origin } = p;
  if (p.access === 'blocked') {
    return (
      <div className="note small" data-testid="ws-server" data-state="blocked" role="status">
        <b>The WebSocket engine cannot work from this copy:</b> it is served over plain HTTP from <code>{origin}</code>,
        and browsers do not let a plain-HTTP site connect to your machine (Local Network Access). Run the dashboard
        from a clone (<code>npm start</code>) or open an HTTPS copy. The in-page (Wasm) engine works here; this page
        contacts no server on your machine.
      </div>
    );
  }
  if (p.confirming) {
    return (
      <div className="note small" data-testid="ws-server" data-state="confirm" role="alertdialog" aria-label="connect to your machine?">
        <LocalNetworkNote origin={origin} /> Start the server first:{' '}
        <code data-testid="ws-start-command">{startCommand(p.url, origin)}</code>.{' '}
        <button type="button" data-testid="ws-connect" disabled={p.busy} onClick={p.onConfirm}>Connect to {p.url}</button>{' '}
        <button type="button" data-testid="ws-stay" onClick={p.onCancel}>Stay with the in-page engine</button>
      </div>
    );
  }
  if (!p.asked) {
    return (
      <p className="muted small" data-testid="ws-server" data-state="idle" style={{ margin: 0 }}>
        {p.access === 'ask'
          ? <LocalNetworkNote origin={origin} />
          : <>The WebSocket engine is a Node server on your machine (<code>npm run server:node</code>; <code>npm start</code> starts one).</>}
        {' '}The page contacts it only once you pick &quot;WebSocket to Node&quot; or{' '}
        <button type="button" data-testid="ws-check" disabled={p.busy} onClick={p.onCheck}>check for a server at {p.url}</button>.
      </p>
    );
  }
  if (!check) return <p className="muted small" data-testid="ws-server" data-state="checking" style={{ margin: 0 }}>Looking for the WebSocket engine&apos;s server…</p>;
  if (check.ok) {
    return <p className="muted small" data-testid="ws-server" data-state="up" style={{ margin: 0 }}>WebSocket engine: a server answers at <code>{check.url}</code>.</p>;
  }
  return (
    <div className="note small" data-testid="ws-server" data-state="down" role="status">
      <b>No WebSocket engine:</b> <span data-testid="ws-server-message">{check.message}</span>.{' '}
      The out-of-process path needs the Node server (<code>collektive-node-server</code>) running on your machine, from a
      clone of the repository{isLocalOrigin(origin) ? '' : <>; this page comes from {origin}, so allow it: <code data-testid="ws-start-command">{startCommand(check.url, origin)}</code></>}.
      Then type its address in the server field and press Enter, or{' '}
      <button type="button" data-testid="ws-retry" disabled={p.busy} onClick={p.onCheck}>check again</button>.
      Meanwhile the view runs the in-page (Wasm) engine.
    </div>
  );
}
