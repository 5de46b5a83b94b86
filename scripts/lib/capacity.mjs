// Open-loop capacity load (docs/network.md, "Capacity"): M simulated front-ends, each with its own connection to
// one server (the JVM server over TCP JSON lines, or the Node server over WebSocket), each asking for one step per
// 60 Hz frame at fixed intended times t0 + i·T. A request goes out at its intended time whether or not the previous
// reply has arrived (no coordinated omission: a slow reply cannot delay the next request), and every latency counts
// from the intended send time, so the generator's own lateness counts against the server, as in wrk2. A request
// with no reply when the level ends counts with its age then. Everything runs in this process; the servers are
// their own processes.
import net from 'node:net';
import WebSocket from 'ws';

/** Positions of N devices uniformly in a square of the random scenario's density (mean degree 8, range 3). */
export function positions(n, seed = 1) {
  let a = seed >>> 0;
  const rnd = () => { a = (a + 0x6D2B79F5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
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
    let cb = () => {};
    ws.on('message', (data) => {
      const m = RID.exec(data.toString('utf8', 0, Math.min(64, data.length)));
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

/**
 * Runs one level: `m` clients on `transport` ('socket' | 'websocket') at `hz` for `durationMs`, first `warmupMs`
 * not recorded. Resolves { latenciesNs: number[] (all clients), sent, received, lateSendsNs: p99 of how late the
 * generator sent (its own health) }.
 */
export async function runLevel({ transport, port, m, n = 100, hz = 60, durationMs = 3000, warmupMs = 500 }) {
  const open = transport === 'socket' ? tcpClient : wsClient;
  const clients = await Promise.all(Array.from({ length: m }, () => open(port, n)));
  const xyz = positions(n).join(',');
  const periodNs = 1e9 / hz;
  const start = nowNs() + 100e6; // 100 ms to settle the connections' createSim
  const end = start + durationMs * 1e6;
  const recordFrom = start + warmupMs * 1e6;
  const latencies = [];
  const late = [];
  let sent = 0;
  let received = 0;
  const pending = clients.map(() => new Map());
  clients.forEach((c, k) => c.onReply((rid) => {
    const intended = pending[k].get(rid);
    if (intended === undefined) return;
    pending[k].delete(rid);
    received += 1;
    if (intended >= recordFrom) latencies.push(nowNs() - intended);
  }));
  // Client k's i-th request is due at start + k·T/m + i·T (staggered within the frame, as independent front-ends).
  const next = clients.map((_, k) => start + (k * periodNs) / m);
  const rid = clients.map(() => 0);
  await new Promise((resolve) => {
    const tick = () => {
      const t = nowNs();
      for (let k = 0; k < clients.length; k++) {
        while (next[k] <= t && next[k] < end) {
          const intended = next[k];
          if (intended >= recordFrom) late.push(t - intended);
          pending[k].set(rid[k], intended);
          clients[k].send(stepLine(rid[k], xyz));
          rid[k] += 1;
          sent += 1;
          next[k] += periodNs;
        }
      }
      if (t >= end + 200e6 || (t >= end && pending.every((p) => p.size === 0))) { resolve(); return; }
      // Sleep on a timer while the next request is ≥ 1.5 ms away, spin through the event loop otherwise: a busy
      // loop would take a CPU from the servers on a small machine; the timer's lateness is counted (see above).
      const due = Math.min(...next.filter((x) => x < end), t + 5e6) - nowNs();
      if (due >= 1.5e6) setTimeout(tick, Math.floor(due / 1e6) - 1); else setImmediate(tick);
    };
    tick();
  });
  const stoppedAt = nowNs();
  for (const p of pending) for (const intended of p.values()) if (intended >= recordFrom) latencies.push(stoppedAt - intended);
  for (const c of clients) c.close();
  late.sort((a, b) => a - b);
  return { latenciesNs: latencies, sent, received, lateSendsP99Ns: late.length ? late[Math.floor(0.99 * (late.length - 1))] : 0 };
}
