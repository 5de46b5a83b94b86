#!/usr/bin/env node
// Resource figures of the JVM server's budgets (docs/protocol.md, "Budgets"), measured on loopback against the
// shaded jar with its default budgets (not a test; the regression tests are BudgetsTest/ShutdownTest). Scenarios:
//   idle      2000 idle connections: how many are served, refused; server threads and RSS
//   devices   200 connections × createSim 100000: simulations accepted, refused (limit), RSS, exit status
//   allpairs  createSim 5000 and 12000 at one point, then step: reply, time to it, RSS, another client's worst echo
//   noread    a client sends 5000 steps of 1000 devices and never reads: RSS, another client's worst echo, closing
//   deep      JSON nested 3000 deep in a 6 KB line
// Usage: node collektive-jvm-server/bench/hardening.mjs [scenario ...]   (all by default; about 30 s)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const jar = join(dirname(fileURLToPath(import.meta.url)), '..', 'target', 'collektive-jvm-server.jar');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function start(...args) {
  const proc = spawn('java', ['-jar', jar, '--port', '0', '--warmup', '0', '--quiet', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stderr.on('data', (d) => { log += d; });
  const port = await new Promise((resolve, reject) => {
    proc.stdout.on('data', (d) => { const m = /listening on .*:(\d+)/.exec(String(d)); if (m) resolve(+m[1]); });
    proc.once('exit', (c) => reject(new Error(`server exited ${c}: ${log}`)));
  });
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  return { proc, port, exited, log: () => log };
}

function status(pid) {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rssMB: Math.round(+/VmRSS:\s+(\d+)/.exec(s)[1] / 1024), threads: +/Threads:\s+(\d+)/.exec(s)[1] };
}

/** A line client: send(text), next() → the next reply line (or null at close). */
function client(port) {
  const sock = net.connect({ port, host: '127.0.0.1', noDelay: true });
  let buf = '';
  const lines = [];
  const waiters = [];
  let closed = false;
  sock.setEncoding('utf8');
  sock.on('data', (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) { const l = buf.slice(0, i); buf = buf.slice(i + 1); const w = waiters.shift(); if (w) w(l); else lines.push(l); }
  });
  const end = () => { closed = true; for (const w of waiters.splice(0)) w(null); };
  sock.on('close', end);
  sock.on('error', end);
  return {
    sock,
    ready: new Promise((r) => sock.once('connect', r)),
    send: (t) => sock.write(t + '\n'),
    next: (ms = 60000) => lines.length ? Promise.resolve(lines.shift()) : closed ? Promise.resolve(null)
      : new Promise((r) => {
        const w = (l) => { clearTimeout(t); r(l); };
        const t = setTimeout(() => { waiters.splice(waiters.indexOf(w), 1); r('(timeout)'); }, ms);
        waiters.push(w);
      }),
    close: () => sock.destroy(),
  };
}

/** Echo round trips of a second client while [work] runs: the worst one in ms. */
async function worstEcho(port, work) {
  const c = client(port);
  await c.ready;
  let worst = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      c.send('{"op":"echo"}');
      await c.next();
      worst = Math.max(worst, performance.now() - t);
      await sleep(5);
    }
  })();
  const result = await work();
  running = false;
  await loop;
  c.close();
  return { result, worstEchoMs: Math.round(worst) };
}

const line = (n) => Array.from({ length: n }, (_, i) => `${2 * i},0,0`).join(',');
const scenarios = {
  async idle() {
    const s = await start();
    const before = status(s.proc.pid);
    const clients = Array.from({ length: 2000 }, () => client(s.port));
    await Promise.all(clients.map((c) => c.ready.catch(() => {})));
    await sleep(1500);
    const outcome = { refusedWithMaxConnections: 0, closedWithoutReply: 0, openAndServed: 0 };
    await Promise.all(clients.map(async (c) => {
      const l = await c.next(300);
      if (l && l.includes('maxConnections')) outcome.refusedWithMaxConnections++;
      else if (l === null) outcome.closedWithoutReply++;
      else if (l === '(timeout)') {
        c.send('{"op":"echo"}');
        const echo = await c.next(3000);
        if (echo === '{"op":"echo"}') outcome.openAndServed++;
        else if (echo && echo.includes('maxConnections')) outcome.refusedWithMaxConnections++;
        else outcome.other = (outcome.other ?? 0) + 1;
      }
    }));
    const during = status(s.proc.pid);
    clients.forEach((c) => c.close());
    s.proc.kill('SIGTERM');
    await s.exited;
    return { connections: 2000, ...outcome, before, during };
  },
  async devices() {
    const s = await start();
    const clients = Array.from({ length: 200 }, () => client(s.port));
    await Promise.all(clients.map((c) => c.ready.catch(() => {})));
    const t = performance.now();
    const replies = await Promise.all(clients.map(async (c) => { c.send('{"op":"createSim","data":{"nodeCount":100000,"maxDistance":3.0}}'); c.send('{"op":"hello"}'); return c.next(); }));
    const ms = Math.round(performance.now() - t);
    const count = (word) => replies.filter((r) => r && r.includes(word)).length;
    const st = status(s.proc.pid);
    clients.forEach((c) => c.close());
    s.proc.kill('SIGTERM');
    const exit = await s.exited;
    return { connections: 200, simulations: count('"op":"hello"'), maxConnections: count('"limit":"maxConnections"'), maxDevices: count('"limit":"maxDevices"'), maxSessions: count('"limit":"maxSessions"'), allAnsweredMs: ms, ...st, exit };
  },
  async allpairs() {
    const out = {};
    for (const n of [5000, 12000]) {
      const s = await start();
      const before = status(s.proc.pid).rssMB;
      const c = client(s.port);
      await c.ready;
      const { result, worstEchoMs } = await worstEcho(s.port, async () => {
        c.send(`{"op":"createSim","data":{"nodeCount":${n},"maxDistance":3.0}}`);
        const t = performance.now();
        c.send('{"op":"step","data":{"rid":1}}');
        const reply = await c.next();
        return { reply: reply.slice(0, 160), ms: Math.round(performance.now() - t) };
      });
      out[n] = { ...result, worstEchoMs, rssBeforeMB: before, rssAfterMB: status(s.proc.pid).rssMB };
      c.close();
      s.proc.kill('SIGTERM');
      await s.exited;
    }
    return out;
  },
  async noread() {
    const s = await start('--idle-timeout', '3000');
    const before = status(s.proc.pid).rssMB;
    const sock = net.connect({ port: s.port, host: '127.0.0.1' });
    await new Promise((r) => sock.once('connect', r));
    sock.pause(); // never reads
    sock.on('error', () => {});
    let closedAt = null;
    const t0 = performance.now();
    sock.on('close', () => { closedAt = Math.round(performance.now() - t0); });
    sock.write(`{"op":"createSim","data":{"nodeCount":1000,"maxDistance":3.0}}\n{"op":"positions","data":{"xyz":[${line(1000)}]}}\n`);
    const step = '{"op":"step","data":{"rid":1}}\n';
    const { worstEchoMs } = await worstEcho(s.port, async () => {
      for (let i = 0; i < 5000; i++) sock.write(step);
      await sleep(2500);
    });
    const during = status(s.proc.pid).rssMB;
    await sleep(2000);
    const logClosed = s.log().includes('took no reply bytes');
    const after = status(s.proc.pid).rssMB;
    sock.destroy();
    s.proc.kill('SIGTERM');
    await s.exited;
    return { stepsSent: 5000, rssBeforeMB: before, rssDuringMB: during, rssAfterMB: after, otherClientWorstEchoMs: worstEchoMs, closedByServer: logClosed, clientSawCloseAtMs: closedAt };
  },
  async deep() {
    const s = await start();
    const c = client(s.port);
    await c.ready;
    const deep = '{"op":"step","data":{"rid":3,"x":' + '['.repeat(3000) + ']'.repeat(3000) + '}}';
    c.send(deep);
    const reply = await c.next();
    c.send('{"op":"echo"}');
    const after = await c.next();
    c.close();
    s.proc.kill('SIGTERM');
    await s.exited;
    return { bytes: deep.length, reply, nextRequestAnswered: after === '{"op":"echo"}' };
  },
};

const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(scenarios);
for (const name of chosen) {
  const t = performance.now();
  const result = await scenarios[name]();
  console.log(`${name} (${Math.round(performance.now() - t)} ms): ${JSON.stringify(result, null, 1)}`);
}
