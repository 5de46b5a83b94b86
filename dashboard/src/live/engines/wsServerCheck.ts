// Whether a WebSocket engine server answers at an address, before the page relies on it (the Live view's server
// status, and which engines "your run" measures). Opening a connection is the check: the server only starts a
// simulation on `create`, so an opened-and-closed socket costs it nothing.
import { DEFAULT_WS_PORT, explainConnectFailure } from './wsEngine';

export type ServerCheck = { ok: true; url: string } | { ok: false; url: string; message: string };

/** Opens and closes a WebSocket to `url`; on failure, why (no server, Origin refused, bad address) and what to run. */
export async function checkWsServer(url: string, timeoutMs = 3000): Promise<ServerCheck> {
  let ws: WebSocket;
  try { ws = new WebSocket(url); } catch { return { ok: false, url, message: await explainConnectFailure(url) }; }
  const opened = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    ws.onopen = () => { clearTimeout(timer); resolve(true); };
    ws.onerror = () => { clearTimeout(timer); resolve(false); };
  });
  ws.onopen = null; ws.onerror = null;
  ws.close();
  return opened ? { ok: true, url } : { ok: false, url, message: await explainConnectFailure(url) };
}

/** Whether the page's origin is one the server accepts without --allow-origin (collektive-node-server: localhost origins). */
export const isLocalOrigin = (origin: string): boolean => /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);

/**
 * How this page may reach a server on the visitor's machine (docs/hosting.md, "The Live view and the visitor's
 * machine"): `local` when the page itself comes from the visitor's machine (npm start, npm run dev); `ask` from
 * another HTTPS origin, where Chromium puts connections to loopback behind its Local Network Access prompt;
 * `blocked` from another plain-HTTP origin, where Chromium refuses them outright.
 */
export type LocalAccess = 'local' | 'ask' | 'blocked';

export function localAccess(origin: string): LocalAccess {
  if (isLocalOrigin(origin)) return 'local';
  return origin.startsWith('https:') ? 'ask' : 'blocked';
}

/** The command that starts a server this page can use on `url`'s port. */
export function startCommand(url: string, origin: string): string {
  let port = String(DEFAULT_WS_PORT);
  try { port = new URL(url).port || port; } catch { /* the default port */ }
  return `npm run server:node -- --port ${port}${isLocalOrigin(origin) ? '' : ` --allow-origin ${origin}`}`;
}
