// Open-loop capacity load (docs/network.md, "Capacity"): M simulated front-ends, each with its own connection to
// one server (the JVM server over TCP JSON lines, or the Node server over WebSocket), each asking for one step per
// 60 Hz frame at fixed intended times t0 + i·T. A request goes out at its intended time whether or not the previous
// reply has arrived (no coordinated omission: a slow reply cannot delay the next request), and every latency counts
// from the intended send time, so the generator's own lateness counts against the server, as in wrk2. A request
// with no reply when the level ends counts with its age then. The generator runs in worker threads, one per
// CLIENTS_PER_WORKER front-ends, each with its own event loop: one busy loop cannot delay every client's sends, and
// each worker records how late it sent against its schedule (the generator's health, reported per level).
import net from 'node:net';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { mulberry32 } from '../../measurement/src/random.mjs';

/** Positions of N devices uniformly in a square of the random scenario's density (mean degree 8, range 3). */
export function positions(n, seed = 1) {
  const rnd = mulberry32(seed);
  const side = Math.sqrt((n * Math.PI * 9) / 8);
  const xyz = [];
  for (let i = 0; i < n; i++) xyz.push(+(rnd() * side).toFixed(3), +(rnd() * side).toFixed(3), 0);
  return xyz;
}

const setupLines = (n) => `${JSON.stringify({ op: 'createSim', data: { nodeCount: n, maxDistance: 3 } })}\n${JSON.stringify({ op: 'setSource', data: { nodeId: 0, isSource: true } })}\n`;
const stepLine = (rid, xyz) => `{"op":"step","data":{"rid":${rid},"stepCount":1,"xyz":[${xyz}]}}\n`;
const RID = /"rid"\s*:\s*(\d+)/;

/** One client over TCP (JSON lines): resolves { send(rid), onReply(cb), close() } once connected. */
function tcpClient(port, n) {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    sock.setNoDelay(true);
    let buf = '';
    /** @type {(rid: number) => void} */
    let cb = () => {};
    sock.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const m = RID.exec(line.slice(0, 64));
        if (m) cb(Number(m[1]));
      }
    });
    sock.once('error', reject);
    sock.once('connect', () => {
      sock.write(setupLines(n));
      resolve({ send: (line) => sock.write(line), onReply: (f) => { cb = f; }, close: () => sock.destroy() });
    });
  });
}

/** One client over WebSocket (one text message per request). */
function wsClient(port, n) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
    /** @type {(rid: number) => void} */
    let cb = () => {};
    ws.on('message', (data) => {
      const bytes = /** @type {Buffer} */ (data);
      const m = RID.exec(bytes.toString('utf8', 0, Math.min(64, bytes.length)));
      if (m) cb(Number(m[1]));
    });
    ws.once('error', reject);
    ws.once('open', () => {
      ws.send(setupLines(n));
      resolve({ send: (line) => ws.send(line), onReply: (f) => { cb = f; }, close: () => ws.terminate() });
    });
  });
}

const nowNs = () => Number(process.hrtime.bigint());

/** Front-ends per generator worker thread. */
const CLIENTS_PER_WORKER = 8;
/** A request is sent on a timer until this close to its due time, then by spinning through the event loop. */
const SPIN_NS = 1.5e6;

const p99 = (v) => { const s = [...v].sort((a, b) => a - b); return s.length ? s[Math.floor(0.99 * (s.length - 1))] : 0; };

/**
 * One worker's share: clients `ks` of `m`, client k's i-th request due at start + k·T/m + i·T (staggered within the
 * frame, as independent front-ends). Resolves { latenciesNs, lateNs (how late each recorded request went out), sent,
 * received }. Times are process.hrtime (one clock for every thread of the process).
 */
async function runClients({ transport, port, ks, m, n, hz, start, end, recordFrom, windowMs = 0 }) {
  const open = transport === 'socket' ? tcpClient : wsClient;
  const clients = await Promise.all(ks.map(() => open(port, n)));
  const xyz = positions(n).join(',');
  const periodNs = 1e9 / hz;
  const latencies = [];
  const late = [];
  let sent = 0;
  let received = 0;
  const pending = clients.map(() => new Map());
  clients.forEach((c, j) => c.onReply((rid) => {
    const intended = pending[j].get(rid);
    if (intended === undefined) return;
    pending[j].delete(rid);
    received += 1;
    if (intended >= recordFrom) latencies.push(nowNs() - intended);
  }));
  const next = ks.map((k) => start + (k * periodNs) / m);
  const rid = clients.map(() => 0);
  // With windowMs (the soak), the latencies so far go to the main thread every window and are not kept: a long
  // level holds one window's samples at a time.
  let windowEnd = start + windowMs * 1e6;
  const flushWindow = () => {
    parentPort.postMessage({ window: { latenciesNs: latencies.splice(0), sent, received } });
    windowEnd += windowMs * 1e6;
  };
  await new Promise((resolve) => {
    const tick = () => {
      const t = nowNs();
      if (windowMs > 0 && t >= windowEnd && t < end) flushWindow();
      for (let j = 0; j < clients.length; j++) {
        while (next[j] <= t && next[j] < end) {
          const intended = next[j];
          if (intended >= recordFrom) late.push(nowNs() - intended);
          pending[j].set(rid[j], intended);
          clients[j].send(stepLine(rid[j], xyz));
          rid[j] += 1;
          sent += 1;
          next[j] += periodNs;
        }
      }
      if (t >= end + 200e6 || (t >= end && pending.every((p) => p.size === 0))) { resolve(); return; }
      // A timer while the next request is more than SPIN_NS away, then through the event loop (setImmediate, which
      // still lets replies in): a pure busy loop would take a CPU from the servers on a small machine.
      const due = Math.min(...next.filter((x) => x < end), t + 5e6) - nowNs();
      if (due > SPIN_NS) setTimeout(tick, Math.max(0, Math.floor((due - SPIN_NS) / 1e6))); else setImmediate(tick);
    };
    tick();
  });
  const stoppedAt = nowNs();
  for (const p of pending) for (const intended of p.values()) if (intended >= recordFrom) latencies.push(stoppedAt - intended);
  for (const c of clients) c.close();
  return { latenciesNs: latencies, lateNs: late, sent, received };
}

if (!isMainThread && workerData?.capacityClients) {
  runClients(workerData.capacityClients).then((r) => parentPort.postMessage(r), (e) => { throw e; });
}

/**
 * Runs one level: `m` clients on `transport` ('socket' | 'websocket') at `hz` for `durationMs`, first `warmupMs`
 * not recorded, in ceil(m / CLIENTS_PER_WORKER) worker threads. Resolves { latenciesNs: number[] (all clients),
 * sent, received, workers, lateSendsP99Ns: p99 of how late the generator sent (its own health) }. With `windowMs`,
 * each worker calls `onWindow(worker, { latenciesNs, sent, received })` every window (latencies of that window
 * only, counts cumulative) and the final latencies are those of the last partial window (scripts/soak.mjs).
 */
export async function runLevel({ transport, port, m, n = 100, hz = 60, durationMs = 3000, warmupMs = 500, clientsPerWorker = CLIENTS_PER_WORKER, windowMs = 0, onWindow = (/** @type {number} */ _worker, /** @type {any} */ _window) => {} }) {
  const workers = Math.ceil(m / clientsPerWorker);
  // 150 ms + 50 ms per worker: the workers start, connect and send createSim before the first request is due.
  const start = nowNs() + (150 + 50 * workers) * 1e6;
  const end = start + durationMs * 1e6;
  const recordFrom = start + warmupMs * 1e6;
  const parts = await Promise.all(Array.from({ length: workers }, (_, w) => new Promise((resolve, reject) => {
    const ks = [];
    for (let k = w; k < m; k += workers) ks.push(k);
    const worker = new Worker(new URL(import.meta.url), { workerData: { capacityClients: { transport, port, ks, m, n, hz, start, end, recordFrom, windowMs } } });
    let result = null;
    worker.on('message', (r) => { if (r.window) onWindow(w, r.window); else result = r; });
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`capacity generator worker exited with ${code} without a result`))));
  })));
  const late = parts.flatMap((p) => p.lateNs);
  return {
    latenciesNs: parts.flatMap((p) => p.latenciesNs), sent: parts.reduce((a, p) => a + p.sent, 0),
    received: parts.reduce((a, p) => a + p.received, 0), workers, lateSendsP99Ns: p99(late),
  };
}
