// Whether the WebSocket engine's server answers, and how to start one when none does. Props only.
import { isLocalOrigin, startCommand, type ServerCheck } from '../engines/wsServerCheck';

export function ServerStatus({ check, origin, onRetry, busy }: { check: ServerCheck | null; origin: string; onRetry: () => void; busy: boolean }) {
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
      <button type="button" data-testid="ws-retry" disabled={busy} onClick={onRetry}>check again</button>.
      Meanwhile the view runs the in-page (Wasm) engine.
    </div>
  );
}
