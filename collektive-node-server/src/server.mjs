// The WebSocket server: one Session (one simulation in its own worker thread) per connection, Origin allow-list,
// no compression, and the transport budgets of docs/protocol.md: message size (ws maxPayload), connections,
// idle timeout, buffered input summed over connections, back-pressure on unsent replies.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { Session } from './session.mjs';
import { defaultLimits } from './limits.mjs';
import { WorkerPool } from './engine.mjs';
import { DEFAULT_HANDOFF } from './handoff.mjs';
import { Parser } from './parser.mjs';
import { loopbackUrl, warmUpRequestPath } from './session-warmup.mjs';
import { randomUUID } from 'node:crypto';

/** Origins of pages served from this machine: http(s)://localhost, 127.0.0.1 or [::1], any port. */
export const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Close codes (RFC 6455): going away (idle, stopping), try again later (a server budget). ws itself closes
 * oversized messages with 1009. */
const GOING_AWAY = 1001;
const TRY_LATER = 1013;

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
 * Starts the server. Resolves once listening with { port, host, close() }.
 * @param {object} o
 * @param {number} [o.port=0]  0 = ephemeral
 * @param {string} [o.host='127.0.0.1']
 * @param {string[]} [o.origins=[]]  allowed Origins besides none; empty = localhost origins
 * @param {import('./limits.mjs').Limits} [o.limits]
 * @param {number} [o.engineHeapMb=1024]  heap cap of each simulation's worker
 * @param {number} [o.warmupRounds=500]  rounds of the scripted engine session each worker runs before it is used
 * @param {import('./engine.mjs').Handoff} [o.handoff]  how batches reach the workers (src/handoff.mjs)
 * @param {import('./timing-log.mjs').TimingLog | null} [o.log]
 * @param {(msg: string) => void} [o.warn]
 */
export function startServer({
  port = 0, host = '127.0.0.1', origins = [], limits = defaultLimits(), engineHeapMb = 1024, warmupRounds = 500,
  handoff = DEFAULT_HANDOFF, log = null, warn = (m) => console.error(m),
}) {
  const pool = new WorkerPool({ heapMb: engineHeapMb, maxLinks: limits.maxLinks, warmupRounds, handoff });
  const parser = new Parser();
  /** @type {import('./session.mjs').Shared} */
  const shared = { sessions: 0, devices: 0, inputBytes: 0 };
  /** @type {Set<{ ws: import('ws').WebSocket, session: Session }>} */
  const connections = new Set();
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
  // Sockets past the connection budget are still upgraded, to receive their error reply; beyond a margin the
  // HTTP server drops them before reading anything.
  http.maxConnections = limits.maxConnections + 16;
  http.headersTimeout = 10_000;
  http.requestTimeout = 10_000;
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: limits.maxMessageBytes });
  // The request-path warm-up's own connection (src/session-warmup.mjs): an unguessable path, so that only it is left
  // out of the timing log.
  const warmupPath = `/warm-up/${randomUUID()}`;
  http.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    if (!originAllowed(req.headers.origin, { origins })) {
      warn(`rejected upgrade from origin ${req.headers.origin}`);
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const warmup = req.url === warmupPath;
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, socket, warmup));
  });

  /**
   * Refuses a connection after the handshake: one error reply, then a close frame; `now` (a memory budget) cuts
   * the connection as soon as the reply is written instead of waiting for the peer's close.
   */
  function refuse(ws, message, limit, code, now = false) {
    ws.send(JSON.stringify({ error: message, op: null, limit }), now ? () => ws.terminate() : undefined);
    if (now) return;
    ws.close(code, limit);
    setTimeout(() => ws.terminate(), 1000).unref();
  }

  function accept(ws, socket, warmup = false) {
    if (connections.size >= limits.maxConnections) {
      refuse(ws, `this server already has ${connections.size} connections, its limit (maxConnections)`, 'maxConnections', TRY_LATER);
      return;
    }
    const session = new Session({
      limits, shared, log: warmup ? null : log, parser, newWorker: (n) => pool.take(n), inlineFor: (n) => pool.inlineFor(n), onSimulationEnd: () => pool.refill(),
      transport: {
        send: (data, binary, done) => ws.send(data, { binary }, done),
        bufferedAmount: () => ws.bufferedAmount,
        pause: () => ws.pause(),
        resume: () => ws.resume(),
      },
    });
    const conn = { ws, session, partial: 0, refused: false };
    connections.add(conn);
    // Bytes of a message still being received, summed over connections with the queued input (maxBufferedInputBytes):
    // counted from the socket's chunks, cleared when ws hands the message over.
    socket.on('data', (chunk) => {
      conn.partial += chunk.length;
      shared.inputBytes += chunk.length;
      if (shared.inputBytes > limits.maxBufferedInputBytes && !conn.refused) {
        conn.refused = true;
        warn(`closing a connection: server input ${shared.inputBytes} bytes over maxBufferedInputBytes`);
        refuse(ws, `the server holds ${shared.inputBytes} bytes of input, over its limit ${limits.maxBufferedInputBytes} (maxBufferedInputBytes)`, 'maxBufferedInputBytes', TRY_LATER, true);
        ws.pause();
      }
    });
    ws.on('message', (data, isBinary) => {
      const received = process.hrtime.bigint();
      shared.inputBytes -= conn.partial;
      conn.partial = 0;
      session.onMessage(data, isBinary, received);
    });
    // Oversized frames, bad UTF-8, abrupt resets: ws reports them here and closes this connection only.
    ws.on('error', (e) => warn(`connection error: ${e.message}`));
    ws.on('close', () => {
      connections.delete(conn);
      shared.inputBytes -= conn.partial;
      conn.partial = 0;
      session.close();
    });
  }

  const idleCheck = setInterval(() => {
    const now = Date.now();
    for (const { ws, session } of connections) {
      // A peer that leaves its replies untaken as long holds a session for nothing: cut it (no reply could reach it).
      if (session.blockedSince !== null && now - session.blockedSince > limits.idleTimeoutMs) {
        warn(`closing a connection: replies untaken for ${limits.idleTimeoutMs} ms (idleTimeoutMs)`);
        ws.terminate();
        continue;
      }
      if (!session.busy && now - session.lastActivity > limits.idleTimeoutMs && ws.readyState === ws.OPEN) {
        refuse(ws, `no request for ${limits.idleTimeoutMs} ms (idleTimeoutMs): closing`, 'idleTimeoutMs', GOING_AWAY);
      }
    }
  }, Math.max(20, Math.min(1000, limits.idleTimeoutMs / 4)));
  idleCheck.unref();

  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      const actual = /** @type {import('node:net').AddressInfo} */ (http.address()).port;
      resolve({
        port: actual,
        host,
        shared,
        /** Resolves true once the first spare worker has loaded (and warmed up) the engine, false if it failed. */
        engineReady: () => pool.ready,
        engineError: () => pool.facadeError ?? pool.spare?.lost?.message,
        /** Runs `rounds` rounds of the scripted session through this server's request path (src/session-warmup.mjs). */
        async warmUp(rounds) {
          const done = await warmUpRequestPath({ url: loopbackUrl(host, actual, warmupPath), rounds });
          // Without an inline engine the warm-up took the spare worker: wait for its session to end and the next
          // spare to warm up, so that no warm-up competes with the first client for the CPU.
          for (let t = 0; connections.size > 0 && t < 1000; t++) await new Promise((r) => setTimeout(r, 5));
          await pool.spare?.ready;
          return done;
        },
        /** Closes every connection (pending replies are flushed first, for at most `graceMs`) and stops listening. */
        close: (graceMs = 1000) => new Promise((done) => {
          clearInterval(idleCheck);
          pool.close();
          parser.close();
          const all = [...connections];
          for (const { ws, session } of all) { session.close(); ws.close(GOING_AWAY, 'server stopping'); }
          const hard = setTimeout(() => { for (const { ws } of all) ws.terminate(); }, graceMs);
          hard.unref();
          wss.close();
          http.close(() => { clearTimeout(hard); done(); });
        }),
      });
    });
  });
}
