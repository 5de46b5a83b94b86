// The two servers of docs/protocol.md as real processes on loopback ports, each behind a tiny transport adapter
// with one client interface, so the conformance cases (protocol.test.mjs) are written once:
//   JVM  — java -jar collektive-jvm-server/target/collektive-jvm-server.jar, JSON lines over TCP, and the same
//          server over a Unix domain socket (--transport uds: same framing, docs/protocol.md "Transports");
//   Node — node collektive-node-server/src/cli.mjs, WebSocket (ws).
// Client: send(op, data) / raw(text) one request; rawBinary(bytes) binary bytes as the transport carries them (ws: one
// binary message; tcp, uds: the bytes as they are on the stream, e.g. a binary positions frame); next(ms) the next reply: a string (JSON text) or
// { binary: Uint8Array, rid } (the binary state; rid only on TCP, whose frame carries it); closed: a promise of
// { code } once the server closed the connection (WebSocket close code, null on TCP); pause() stops reading; end()
// (tcp, uds) closes the sending side only;
// partial(bytes) sends the first `bytes` of a request that never ends (a line without its newline, a frame
// without its last byte).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { root } from '../lib/root.mjs';
import { encodePositionsBuffer } from '../../collektive-wasm/src/js/state.mjs';

export { root };
export const JVM_JAR = join(root, 'collektive-jvm-server', 'target', 'collektive-jvm-server.jar');
const NODE_CLI = join(root, 'collektive-node-server', 'src', 'cli.mjs');

/** A queue of replies with waiters; `push` from the transport's reader. */
function inbox() {
  const queue = [];
  const waiters = [];
  let ended = false;
  return {
    push(m) { const w = waiters.shift(); if (w) w.resolve(m); else queue.push(m); },
    end() { ended = true; for (const w of waiters.splice(0)) w.reject(new Error('connection closed with no reply')); },
    next(ms = 5000) {
      if (queue.length) return Promise.resolve(queue.shift());
      if (ended) return Promise.reject(new Error('connection closed with no reply'));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => { waiters.splice(waiters.indexOf(entry), 1); reject(new Error(`no reply within ${ms} ms`)); }, ms);
        const entry = { resolve: (m) => { clearTimeout(timer); resolve(m); }, reject: (e) => { clearTimeout(timer); reject(e); } };
        waiters.push(entry);
      });
    },
  };
}

/** Spawns a server; resolves once its ready line names the port (or, for a Unix socket, the path: port NaN). */
async function spawnServer(cmd, args, readyLine) {
  const proc = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 30 s:\n${out}`)), 30000);
    const check = () => {
      const m = out.match(readyLine);
      if (m) { clearTimeout(timer); proc.stdout.off('data', check); resolve(Number(m[1])); }
    };
    proc.stdout.on('data', check);
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code} before listening:\n${out}`)); });
  });
  return {
    port,
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await once(proc, 'exit');
      clearTimeout(timer);
    },
  };
}

/**
 * JSON lines (and binary frames: 0x00, int32 length, int64 rid, state buffer), as the JVM server speaks, over TCP
 * (`port`) or a Unix domain socket (`{ path }`).
 */
async function tcpClient(port) {
  const socket = typeof port === 'number' ? tcpConnect({ host: '127.0.0.1', port }) : tcpConnect({ path: port.path });
  if (typeof port === 'number') socket.setNoDelay(true);
  await once(socket, 'connect');
  const box = inbox();
  let buf = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (buf.length === 0) return;
      if (buf[0] === 0x00) {
        if (buf.length < 13) return;
        const length = buf.readInt32LE(1);
        if (buf.length < 5 + length) return;
        const rid = Number(buf.readBigInt64LE(5));
        box.push({ binary: new Uint8Array(buf.subarray(13, 5 + length)), rid });
        buf = buf.subarray(5 + length);
      } else {
        const nl = buf.indexOf(10);
        if (nl < 0) return;
        box.push(buf.subarray(0, nl).toString('utf8'));
        buf = buf.subarray(nl + 1);
      }
    }
  });
  socket.on('error', () => {});
  const closed = new Promise((resolve) => socket.once('close', () => { box.end(); resolve({ code: null }); }));
  return {
    send: (op, data) => socket.write(`${JSON.stringify(data === undefined ? { op } : { op, data })}\n`),
    raw: (text) => socket.write(`${text}\n`),
    rawBinary: (bytes) => socket.write(bytes),
    end: () => socket.end(),
    next: box.next,
    closed,
    pause: () => socket.pause(),
    partial: (bytes) => socket.write(`{"op":"echo","data":"${'x'.repeat(Math.max(0, bytes - 22))}`),
    close: () => socket.destroy(),
  };
}

/** One WebSocket message per request, as the Node server speaks. */
async function wsClient(port) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
  const box = inbox();
  ws.on('message', (data, isBinary) => box.push(isBinary ? { binary: new Uint8Array(/** @type {Buffer} */ (data)), rid: undefined } : data.toString('utf8')));
  ws.on('error', () => {});
  const closed = new Promise((resolve) => ws.once('close', (code) => { box.end(); resolve({ code }); }));
  await once(ws, 'open');
  return {
    send: (op, data) => ws.send(JSON.stringify(data === undefined ? { op } : { op, data })),
    raw: (text) => ws.send(text),
    rawBinary: (bytes) => ws.send(bytes, { binary: true }),
    next: box.next,
    closed,
    pause: () => ws.pause(),
    partial(bytes) {
      // ws sends whole messages only: the frame is written to its socket by hand (masked with a zero key).
      const header = Buffer.alloc(14);
      header[0] = 0x81; // FIN, text
      header[1] = 0x80 | 127; // masked, 64-bit length
      header.writeBigUInt64BE(BigInt(bytes + 1), 2);
      /** @type {any} */ (ws)._socket.write(Buffer.concat([header, Buffer.alloc(bytes, 0x20)]));
    },
    close: () => ws.terminate(),
  };
}

/**
 * Positions as binary bytes in each server's own form (docs/protocol.md): Node's binary WebSocket message (LE int32
 * n, n × f64 x, y, z), or on the JVM's request stream the binary positions frame (0x00, `kind` 1, then the same
 * bytes). `n` defaults to the whole devices in `xyz`, −1 when it is not 3 × k numbers long (the servers refuse it).
 */
export function binaryPositions(transport, xyz, n = xyz.length % 3 === 0 ? xyz.length / 3 : -1, kind = 1) {
  const body = Buffer.from(encodePositionsBuffer(xyz, n));
  return transport === 'ws' ? body : Buffer.concat([Buffer.from([0x00, kind]), body]);
}

/**
 * The servers under test. `start(flags)` runs one with the budget flags of docs/protocol.md (the same on both).
 * Stream transports (tcp, uds) share the TCP cases' expectations.
 * @type {Array<{ name: string, transport: 'tcp' | 'uds' | 'ws', start: (flags?: string[]) => Promise<any> }>}
 */
export const SERVERS = [
  {
    name: 'jvm',
    transport: 'tcp',
    async start(flags = []) {
      const s = await spawnServer('java', ['-jar', JVM_JAR, '--port', '0', '--warmup', '0', '--quiet', ...flags],
        /listening on 127\.0\.0\.1:(\d+)/);
      return { ...s, connect: () => tcpClient(s.port) };
    },
  },
  {
    name: 'jvm',
    transport: 'uds',
    async start(flags = []) {
      const dir = mkdtempSync(join(tmpdir(), 'ck-uds-'));
      const path = join(dir, 'server.sock');
      const s = await spawnServer('java', ['-jar', JVM_JAR, '--transport', 'uds', '--path', path, '--warmup', '0', '--quiet', ...flags],
        /listening on unix:(\S+)/);
      return {
        ...s,
        connect: () => tcpClient({ path }),
        async stop() { await s.stop(); rmSync(dir, { recursive: true, force: true }); },
      };
    },
  },
  {
    name: 'node',
    transport: 'ws',
    async start(flags = []) {
      const s = await spawnServer(process.execPath, [NODE_CLI, '--port', '0', ...flags], /listening on ws:\/\/127\.0\.0\.1:(\d+)/);
      return { ...s, connect: () => wsClient(s.port) };
    },
  },
];
