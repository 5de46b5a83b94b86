// The WebSocket server: one Session (one engine) per connection, Origin allow-list, size limits, no compression.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { Session } from './session.mjs';

/** Origins of pages served from this machine: http(s)://localhost, 127.0.0.1 or [::1], any port. */
export const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * Whether a WebSocket upgrade's Origin header is allowed. Browsers always send Origin, so the check stops other
 * sites' pages from driving the server; clients that are not browsers (tests, desktop front-ends) send none.
 * @param {string | undefined} origin
 * @param {{ origins: string[] }} options  exact origins, or "*" for any; empty = localhost origins only
 */
export function originAllowed(origin, { origins }) {
  if (origin === undefined) return true;
  if (origins.includes('*') || origins.includes(origin)) return true;
  return origins.length === 0 && LOCAL_ORIGIN.test(origin);
}

/**
 * Starts the server. Resolves once listening with { port, close() }.
 * @param {object} o
 * @param {number} [o.port=0]  0 = ephemeral
 * @param {string} [o.host='127.0.0.1']
 * @param {string[]} [o.origins=[]]  allowed Origins besides none; empty = localhost origins
 * @param {number} [o.maxMessageBytes]  app-level limit: larger messages get an error reply, connection kept
 * @param {number} [o.maxPayloadBytes]  hard limit enforced by ws while reading: larger frames close with 1009
 * @param {() => import('./engine.mjs').Engine} o.newEngine
 * @param {import('./timing-log.mjs').TimingLog | null} [o.log]
 * @param {(msg: string) => void} [o.warn]
 */
export function startServer({
  port = 0, host = '127.0.0.1', origins = [], maxMessageBytes = 4 << 20, maxPayloadBytes = 4 * maxMessageBytes,
  newEngine, log = null, warn = (m) => console.error(m),
}) {
  const http = createServer((req, res) => {
    // A page whose upgrade failed cannot see why (browsers hide the 403); it asks here, readable cross-origin.
    if (req.method === 'GET' && req.url === '/origin-check') {
      const origin = req.headers.origin ?? null;
      res.writeHead(200, {
        'content-type': 'application/json', 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin',
      }).end(JSON.stringify({ origin, allowed: originAllowed(origin ?? undefined, { origins }) }));
      return;
    }
    res.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket only\n');
  });
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: maxPayloadBytes });
  http.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    if (!originAllowed(req.headers.origin, { origins })) {
      warn(`rejected upgrade from origin ${req.headers.origin}`);
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  wss.on('connection', (ws) => {
    const session = new Session({
      newEngine, log, maxMessageBytes, send: (data) => ws.send(data, { binary: typeof data !== 'string' }),
    });
    ws.on('message', (data, isBinary) => session.onMessage(data, isBinary, process.hrtime.bigint()));
    // Oversized frames, bad UTF-8, abrupt resets: ws reports them here and closes this connection only.
    ws.on('error', (e) => warn(`connection error: ${e.message}`));
    ws.on('close', () => session.close());
  });
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      const actual = /** @type {import('node:net').AddressInfo} */ (http.address()).port;
      resolve({
        port: actual,
        host,
        close: () => new Promise((done) => {
          for (const c of wss.clients) c.terminate();
          wss.close();
          http.close(() => done());
        }),
      });
    });
  });
}
