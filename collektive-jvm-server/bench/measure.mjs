#!/usr/bin/env node
// Quick measurement (not a test) of the JVM server at N = 10 with the reference session: starts the shaded jar with
// --csv, drives it from this Node client over loopback, stops it with SIGTERM and reports medians of
//   - step.service, step.compute and back-end overhead (service − compute, paired by order after warm-up),
//   - client round trip of a step (step line written → reply received) for json, batched (positions) and binary,
//   - the loopback floor: round trip of one echo line.
// Usage: node collektive-jvm-server/bench/measure.mjs [--rounds 2000] [--warmup 30] [--server-warmup 2000]
//        [--java-opts "..."] [--taskset-server 0 --taskset-client 1]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTimingCsvText, quantileSorted, stats } from '../../measurement/src/analysis.mjs';
import { decodeStateBuffer, parseJsonWithInfinity } from '../../collektive-wasm/src/js/state.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const jar = join(here, '..', 'target', 'collektive-jvm-server.jar');
const arg = (name, def) => { const i = process.argv.indexOf(`--${name}`); return i < 0 ? def : process.argv[i + 1]; };
const ROUNDS = +arg('rounds', 2000);
const WARMUP = +arg('warmup', 30);
const javaOpts = arg('java-opts', '-XX:+UseSerialGC -XX:-UsePerfData').split(' ').filter(Boolean);
const cpuServer = arg('taskset-server', null);

const dir = mkdtempSync(join(tmpdir(), 'jvm-server-measure-'));
const csv = join(dir, 'socket.csv');
const cmd = [...javaOpts, '-jar', jar, '--port', '0', '--csv', csv, '--quiet', '--warmup', arg('server-warmup', '2000')];
const server = cpuServer ? spawn('taskset', ['-c', cpuServer, 'java', ...cmd]) : spawn('java', cmd);
server.stderr.pipe(process.stderr);
let port;
for await (const chunk of server.stdout) {
  const m = /listening on .*:(\d+)/.exec(String(chunk));
  if (m) { port = +m[1]; break; }
}

const sock = net.connect({ port, host: '127.0.0.1', noDelay: true });
await once(sock, 'connect');
let pending = null;
let buf = Buffer.alloc(0);
sock.on('data', (d) => {
  buf = buf.length ? Buffer.concat([buf, d]) : d;
  if (!pending) return;
  if (pending.binary) {
    if (buf.length < 5) return;
    const len = buf.readInt32LE(1);
    if (buf.length < 5 + len) return;
    const frame = buf.subarray(0, 5 + len); buf = buf.subarray(5 + len);
    const p = pending; pending = null; p.resolve(frame);
  } else {
    const nl = buf.indexOf(10);
    if (nl < 0) return;
    const line = buf.subarray(0, nl).toString(); buf = buf.subarray(nl + 1);
    const p = pending; pending = null; p.resolve(line);
  }
});
const ask = (text, binary = false) => new Promise((resolve) => { pending = { resolve, binary }; sock.write(text); });

const N = 10;
// reference layout (BFS tree, spacing 3 / 6) is computed by the engine; any fixed layout serves for timing
const xyz = Array.from({ length: 3 * N }, (_, i) => (i % 3 === 0 ? (i / 3) * 2.5 : 0));
const line = (op, data) => `${JSON.stringify(data === undefined ? { op } : { op, data })}\n`;
sock.write(line('createSim', { nodeCount: N, maxDistance: 3.0 }) + line('setSource', { nodeId: 0 }));
const frameLines = Array.from({ length: N }, (_, i) => line('newPosition', { nodeId: i, x: xyz[3 * i], y: 0, z: 0 })).join('');
const positions = line('positions', { xyz });

const rtt = { json: [], batched: [], binary: [], echo: [] };
const parse = { json: [], binary: [] };
const ns = () => process.hrtime.bigint();
let rid = 0;
// interleave the variants round by round so drift hits all alike; the CSV then holds all steps in order
for (let r = 0; r < ROUNDS; r++) {
  sock.write(frameLines);
  let t = ns(); const reply = await ask(line('step', { rid: ++rid, stepCount: 1 })); rtt.json.push(Number(ns() - t));
  t = ns(); parseJsonWithInfinity(reply); parse.json.push(Number(ns() - t));

  sock.write(positions);
  t = ns(); await ask(line('step', { rid: ++rid, stepCount: 1 })); rtt.batched.push(Number(ns() - t));

  sock.write(frameLines);
  t = ns(); const frame = await ask(line('step', { rid: ++rid, stepCount: 1, encoding: 'binary' }), true); rtt.binary.push(Number(ns() - t));
  t = ns(); decodeStateBuffer(frame.subarray(13)); parse.binary.push(Number(ns() - t));

  t = ns(); await ask(line('echo', { t: r })); rtt.echo.push(Number(ns() - t));
}
sock.end();
server.kill('SIGTERM');
await once(server, 'exit');

const median = (a) => stats(a).median;
const p = (a, q) => quantileSorted(Float64Array.from(a).sort(), q);
const us = (v) => (v / 1000).toFixed(1).padStart(8);

const rows = parseTimingCsvText(readFileSync(csv, 'utf8'), csv).filter((r) => r.t >= 0 && r.d >= 0).sort((a, b) => a.t - b.t);
const series = (id) => rows.filter((r) => r.id === id).slice(WARMUP);
// the CSV interleaves json, batched, binary steps (3 per round): split by position to report each encoding
const byEncoding = (list, k) => list.filter((_, i) => (i + WARMUP) % 3 === k).map((r) => r.d);
const service = series('step.service');
const compute = series('step.compute');
const n = Math.min(service.length, compute.length);
const overhead = Array.from({ length: n }, (_, i) => service[i].d - compute[i].d);

console.log(`\nJVM server, N = ${N}, ${ROUNDS} rounds × 3 encodings, warm-up ${WARMUP} samples dropped per id; µs`);
console.log('series                                  median      p95      p99');
const show = (name, a) => console.log(`${name.padEnd(36)} ${us(median(a))} ${us(p(a, 0.95))} ${us(p(a, 0.99))}`);
show('step.compute (all)', compute.map((r) => r.d));
show('step.service (all)', service.map((r) => r.d));
show('overhead service−compute (all)', overhead);
['json', 'batched', 'binary'].forEach((e, k) => {
  const s = byEncoding(service, k); const c = byEncoding(compute, k);
  show(`overhead service−compute (${e})`, s.map((v, i) => v - c[i]));
});
show('client RTT step json (newPosition×10)', rtt.json.slice(WARMUP));
show('client RTT step batched (positions)', rtt.batched.slice(WARMUP));
show('client RTT step binary frame', rtt.binary.slice(WARMUP));
show('client RTT echo (loopback floor)', rtt.echo.slice(WARMUP));
show('client parse json reply (JSON.parse)', parse.json.slice(WARMUP));
show('client parse binary frame', parse.binary.slice(WARMUP));
rmSync(dir, { recursive: true, force: true });
