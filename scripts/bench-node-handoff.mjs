#!/usr/bin/env node
// npm run bench:node-handoff [-- options]: the Node server's hand-off candidates (collektive-node-server
// --handoff, --spin-us, --reply-spin-us; docs/profiles.md, "The fixes") side by side in one run, from Node clients
// on loopback. Per invocation (round k: one fresh server process per candidate, candidates shuffled) it measures:
//   latency     one client, free pacing, N devices: each frame one text message of N newPosition lines and a step
//               (bench:web's json encoding), or with --encodings binary-step one binary message holding the step and
//               its positions (docs/protocol.md, "Binary messages (Node)"; the reply is the binary state); the
//               server's back-end overhead step.service − step.compute from its
//               --csv, and the client's round trip (send → reply, what e2e is without a browser); after each
//               frame an echo of the same length through the same server (its floor: ws framing, the socket writes
//               and wake-ups, the event loop, no step), and round trip − echo − compute, paired frame by frame:
//               what a step costs the server beyond that floor;
//   throughput  M clients × S steps, each keeping W steps in flight; the replies checked in order, none lost; the
//               JVM server (TCP, the same JSON lines) in the same round, for the "half the JVM's" target;
//   isolation   (first --isolation-invocations rounds) a long step under --step-time-budget with another client's
//               echo loop beside it, SIGTERM during a long step, a worker over --engine-heap-mb beside a bystander.
// Figures: means of the invocations' medians with 95 % intervals over invocations (measurement/src/intervals.mjs).
// It prints a table and writes nothing unless --json FILE is given.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { ensureBuilt, root } from './lib/build-steps.mjs';
import { pathInterval } from '../measurement/src/intervals.mjs';
import { SERVER_ECHO_ID } from '../measurement/src/catalogue.mjs';
import { mulberry32, shuffled } from '../measurement/src/random.mjs';
import { positions } from './lib/capacity.mjs';
import { encodeStepBuffer } from '../collektive-wasm/src/js/state.mjs';
import { startJvmServer } from './lib/jvm-server.mjs';
import { runBench } from './lib/bench.mjs';

const USAGE = `usage: npm run bench:node-handoff -- [options]     (method: docs/profiles.md, "The fixes")
  --candidates post,atomics,inline   Node server hand-offs; each is --handoff[/spin-us[/reply-spin-us]][@label], e.g. atomics/0/0
  --server label=DIR            a copy of the repository's Node server (DIR/collektive-node-server/src/cli.mjs) that
                                candidates ending in @label run, beside this tree's: a before/after in the same noise
  --encodings json,binary-step  the clients' frames: json (N newPosition lines and a step, one text message) and/or
                                binary-step (one binary message); each candidate × encoding is a row of its own
  --invocations 5               rounds (one fresh server per candidate and round, candidates shuffled)
  --n 10                        devices of the latency phase
  --steps 2000 --warmup 300     measured and warm-up steps of the latency phase
  --clients 16 --pipeline-steps 2000 --window 16 --pipeline-n 10   throughput phase: clients × steps, steps in flight each, N
  --jvm / --no-jvm              measure the JVM server's throughput in every round (default on)
  --isolation-invocations 1     rounds that also run the isolation checks (0 = none)
  --seed 1                      order shuffle seed
  --json FILE                   also write every figure and per-invocation value as JSON`;

const OPTIONS = {
  candidates: { type: 'string', default: 'post,atomics,inline' }, encodings: { type: 'string', default: 'json,binary-step' }, invocations: { type: 'string', default: '5' },
  n: { type: 'string', default: '10' }, steps: { type: 'string', default: '2000' }, warmup: { type: 'string', default: '300' },
  clients: { type: 'string', default: '16' }, 'pipeline-steps': { type: 'string', default: '2000' }, window: { type: 'string', default: '16' },
  'pipeline-n': { type: 'string', default: '10' }, jvm: { type: 'boolean', default: true }, 'no-jvm': { type: 'boolean', default: false },
  'isolation-invocations': { type: 'string', default: '1' }, server: { type: 'string', multiple: true, default: [] }, seed: { type: 'string', default: '1' }, json: { type: 'string' },
};
const ENCODINGS = ['json', 'binary-step'];

function parse({ cli: { values: args, list, int }, fail }) {
  const P = {
    candidates: list('candidates'), encodings: list('encodings'), invocations: int('invocations', 1), n: int('n', 1), steps: int('steps', 10), warmup: int('warmup', 0),
    clients: int('clients', 1), pipelineSteps: int('pipeline-steps', 1), window: int('window', 1), pipelineN: int('pipeline-n', 1),
    jvm: args.jvm && !args['no-jvm'], isolation: int('isolation-invocations', 0), seed: int('seed', 0),
  };
  for (const spec of /** @type {string[]} */ (args.server)) {
    const [label, dir] = [spec.slice(0, spec.indexOf('=')), spec.slice(spec.indexOf('=') + 1)];
    if (!/^\w+$/.test(label) || !dir) fail(`--server must be label=DIR, got ${spec}`);
    SERVER_COPIES.set(label, join(dir, 'collektive-node-server', 'src', 'cli.mjs'));
  }
  for (const c of P.candidates) {
    const m = c.match(/^(inline|atomics|post)(\/\d+(\/\d+)?)?(@(\w+))?$/);
    if (!m) fail(`bad candidate ${c}`);
    if (m[5] && !SERVER_COPIES.has(m[5])) fail(`candidate ${c} names no --server ${m[5]}=DIR`);
  }
  for (const e of P.encodings) {
    if (!ENCODINGS.includes(e)) fail(`bad encoding ${e} (one of ${ENCODINGS.join(', ')})`);
  }
  return { P, json: args.json };
}
/** A row of the results: a candidate with the json encoding is its name alone (as before), else `name:encoding`. */
const rowName = (candidate, encoding) => (encoding === 'json' ? candidate : `${candidate}:${encoding}`);
const rowOf = (name) => { const [candidate, encoding = 'json'] = name.split(':'); return { candidate, encoding }; };
const CLI = join(root, 'collektive-node-server', 'src', 'cli.mjs');
/** --server label → the cli.mjs of that copy of the Node server. */
const SERVER_COPIES = new Map();

/**
 * Server flags of a candidate name: `atomics/50/200` → --handoff atomics --spin-us 50 --reply-spin-us 200, and the
 * server's cli.mjs (this tree's, or the --server copy a trailing `@label` names) as the first element.
 */
function candidateFlags(name) {
  const [setting, label] = name.split('@');
  const [handoff, spin, replySpin] = setting.split('/');
  return [label ? SERVER_COPIES.get(label) : CLI, '--handoff', handoff,
    ...(spin !== undefined ? ['--spin-us', spin] : []), ...(replySpin !== undefined ? ['--reply-spin-us', replySpin] : [])];
}

/** The Node server ([cli, ...flags]: its cli.mjs first) as a process; resolves { port, proc, stop(signal) → { code, ms } }. */
/** @param {string[]} argv */
async function startNode([cli, ...flags]) {
  const proc = spawn(process.execPath, [cli, '--port', '0', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  const exited = once(proc, 'exit');
  const port = await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = out.match(/listening on ws:\/\/127\.0\.0\.1:(\d+)/);
      if (m) { clearInterval(timer); resolve(Number(m[1])); }
    }, 20);
    exited.then(([code]) => { clearInterval(timer); reject(new Error(`node server exited with ${code}:\n${out}`)); });
  });
  return {
    port, proc, output: () => out,
    /** @param {NodeJS.Signals} [signal] */
    async stop(signal = 'SIGTERM') {
      const t0 = performance.now();
      if (proc.exitCode === null) proc.kill(signal);
      const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      const [code] = await exited;
      clearTimeout(killer);
      return { code, ms: performance.now() - t0 };
    },
  };
}

const RID = /"rid":(\d+)/;

/**
 * A client whose replies are matched to requests by order: `request(text)` resolves with the reply text (or
 * binary). Over ws one message per request text; over TCP (the JVM server) the text's lines.
 */
async function client(kind, port) {
  const waiting = [];
  const deliver = (m) => { const w = waiting.shift(); if (w) w(m); };
  let write;
  let close;
  if (kind === 'ws') {
    const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
    ws.on('message', (d, binary) => deliver(binary ? d : d.toString('utf8')));
    ws.on('error', () => {});
    await once(ws, 'open');
    write = (t) => ws.send(t);
    close = () => ws.terminate();
  } else {
    const sock = net.connect(port, '127.0.0.1');
    sock.setNoDelay(true);
    let buf = '';
    sock.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) { deliver(buf.slice(0, i)); buf = buf.slice(i + 1); }
    });
    await once(sock, 'connect');
    write = (t) => sock.write(t.endsWith('\n') ? t : `${t}\n`);
    close = () => sock.destroy();
  }
  return {
    /** Sends a text; the next reply resolves the promise (replies come in request order). */
    request(text) { const p = new Promise((r) => waiting.push(r)); write(text); return p; },
    send: (text) => write(text),
    close,
  };
}

/** The frame's text: N newPosition lines, then the step line (bench:web's json encoding, the desktop framing). */
function frameText(n, xyz, rid) {
  let s = '';
  for (let i = 0; i < n; i++) s += `{"op":"newPosition","data":{"nodeId":${i},"x":${xyz[3 * i]},"y":${xyz[3 * i + 1]},"z":${xyz[3 * i + 2]}}}\n`;
  return `${s}{"op":"step","data":{"rid":${rid}}}`;
}
const setupText = (n, xyz) => `{"op":"createSim","data":{"nodeCount":${n},"maxDistance":3}}\n{"op":"positions","data":{"xyz":[${xyz}]}}\n{"op":"setSource","data":{"nodeId":0,"isSource":true}}`;

/**
 * An echo request of `length` bytes (the server sends it back as it is): the same crossing with no step. A text
 * message for either encoding: ws frames both alike, and the echo is the floor, not the step.
 */
const echoLike = (length) => `{"op":"echo","data":"${'x'.repeat(Math.max(0, length - 24))}"}`;

/** A frame of the encoding: json's text, or the binary step (its positions and the step, one message). */
const frameOf = (encoding, n, xyz, rid) => (encoding === 'json' ? frameText(n, xyz, rid) : encodeStepBuffer(rid, xyz, { n }));
/** Whether `reply` answers frame `rid` of n devices: json names its rid; the binary state comes in order, n devices. */
const answers = (encoding, reply, rid, n) => (encoding === 'json' ? Number(RID.exec(String(reply).slice(0, 32))?.[1]) === rid
  : Buffer.isBuffer(reply) && reply.byteLength >= 4 && reply.readInt32LE(0) === n);

/**
 * One client, free pacing: round trips in ns of each frame and, right after it, of an echo of the frame's length
 * (the floor of the same crossing through the same server: ws framing, the socket, the event loop, no step); the
 * warm-up dropped.
 */
async function latencyPhase(P, kind, port, encoding = 'json') {
  const xyz = positions(P.n);
  const c = await client(kind, port);
  c.send(setupText(P.n, xyz));
  const rtts = [];
  const echoes = [];
  for (let i = 0; i < P.warmup + P.steps; i++) {
    const frame = frameOf(encoding, P.n, xyz, i);
    const t0 = process.hrtime.bigint();
    const reply = await c.request(frame);
    const t1 = process.hrtime.bigint();
    rtts.push(Number(t1 - t0));
    if (!answers(encoding, reply, i, P.n)) throw new Error(`latency: step ${i} answered ${String(reply).slice(0, 120)}`);
    const echo = echoLike(frame.length);
    const t2 = process.hrtime.bigint();
    if (String(await c.request(echo)) !== echo) throw new Error('latency: an echo came back changed');
    echoes.push(Number(process.hrtime.bigint() - t2));
  }
  c.close();
  return { rtts: rtts.slice(P.warmup), echoes: echoes.slice(P.warmup) };
}

/**
 * M clients × S steps, W in flight each: steps/s over the whole, and whether every client got every reply in
 * order. One unrecorded pass of S/4 steps first (the JVM compiles its hot paths).
 */
async function throughputPhase(P, kind, port, encoding = 'json') {
  const xyz = positions(P.pipelineN);
  const clients = await Promise.all(Array.from({ length: P.clients }, () => client(kind, port)));
  for (const c of clients) c.send(setupText(P.pipelineN, xyz));
  const pass = async (steps) => {
    const problems = [];
    const t0 = performance.now();
    await Promise.all(clients.map(async (c, k) => {
      let next = 0;
      let expected = 0;
      const inFlight = [];
      while (expected < steps) {
        while (next < steps && inFlight.length < P.window) inFlight.push(c.request(frameOf(encoding, P.pipelineN, xyz, next++)));
        const reply = await inFlight.shift();
        if (!answers(encoding, reply, expected, P.pipelineN) && problems.length < 5) problems.push(`client ${k}: expected rid ${expected}, got ${String(reply).slice(0, 80)}`);
        expected += 1;
      }
    }));
    return { stepsPerS: (P.clients * steps) / ((performance.now() - t0) / 1000), problems };
  };
  await pass(Math.max(1, Math.floor(P.pipelineSteps / 4)));
  const r = await pass(P.pipelineSteps);
  for (const c of clients) c.close();
  return r;
}

/**
 * service − compute per step (ns) from the server's CSV (rows in pairs, compute then service), and the server's
 * own service time of the echo after each step (echo.service: the same hand-off and reply write with no step,
 * docs/os-floor.md "The server's own floor") with what the step costs the server beyond it, paired step by step.
 */
function overheadFromCsv(P, file, count) {
  const rows = readFileSync(file, 'utf8').trimEnd().split('\n').slice(1).map((l) => l.split(','));
  const of = (id) => rows.filter((r) => r[1] === id).map((r) => Number(r[2]));
  const [compute, service, echo] = [of('step.compute'), of('step.service'), of(SERVER_ECHO_ID)];
  const k = Math.min(count, compute.length, service.length);
  const overhead = [];
  for (let i = P.warmup; i < k; i++) overhead.push(service[i] - compute[i]);
  const e = Math.min(k, echo.length);
  const echoService = echo.slice(P.warmup, e);
  const beyondEcho = echoService.map((x, i) => overhead[i] - x);
  return { overhead, compute: compute.slice(P.warmup, k), service: service.slice(P.warmup, k), echoService, beyondEcho };
}

const grid = (n) => {
  const side = Math.ceil(Math.sqrt(n));
  const xyz = [];
  for (let i = 0; i < n; i++) xyz.push(2.5 * (i % side), 2.5 * Math.floor(i / side), 0);
  return xyz;
};

/** Echo round trips (ms) of one client, one every 10 ms, until stop(). */
function echoLoop(c) {
  let running = true;
  const done = (async () => {
    const times = [];
    while (running) {
      const t0 = performance.now();
      await c.request('{"op":"echo"}');
      times.push(performance.now() - t0);
      await sleep(10);
    }
    return times;
  })();
  return { stop: () => { running = false; return done; } };
}

/** The isolation checks of docs/protocol.md ("Budgets") against one candidate. */
async function isolation(flags) {
  const out = {};
  const s = await startNode([...flags, '--step-time-budget', '2000']);
  try {
    const a = await client('ws', s.port);
    const b = await client('ws', s.port);
    a.send(`{"op":"createSim","data":{"nodeCount":1000,"maxDistance":3}}\n{"op":"positions","data":{"xyz":[${grid(1000)}]}}`);
    const echoes = echoLoop(b);
    const t0 = performance.now();
    const reply = JSON.parse(String(await a.request('{"op":"step","data":{"rid":1,"stepCount":20000}}')));
    out.longStepMs = performance.now() - t0;
    out.longStepLimit = reply.limit ?? null;
    const times = await echoes.stop();
    out.echoMaxMs = Math.max(...times);
    out.echoes = times.length;
    // The same with 200 devices (under --handoff inline, on the event loop, in slices).
    const small = await client('ws', s.port);
    small.send(`{"op":"createSim","data":{"nodeCount":200,"maxDistance":3}}\n{"op":"positions","data":{"xyz":[${grid(200)}]}}`);
    const echoes2 = echoLoop(b);
    const t1 = performance.now();
    const reply2 = JSON.parse(String(await small.request('{"op":"step","data":{"rid":1,"stepCount":100000}}')));
    out.smallStepMs = performance.now() - t1;
    out.smallStepLimit = reply2.limit ?? null;
    const times2 = await echoes2.stop();
    out.smallEchoMaxMs = Math.max(...times2);
    a.send('{"op":"step","data":{"rid":2,"stepCount":20000}}');
    await sleep(300);
    const stopped = await s.stop('SIGTERM');
    out.sigtermExit = stopped.code;
    out.sigtermMs = stopped.ms;
  } finally { await s.stop('SIGKILL'); }
  const small = await startNode([...flags, '--engine-heap-mb', '48', '--max-nodes', '1000000', '--max-devices', '2000000']);
  try {
    const victim = await client('ws', small.port);
    const bystander = await client('ws', small.port);
    bystander.send('{"op":"createSim","data":{"nodeCount":10,"maxDistance":3}}');
    victim.send('{"op":"createSim","data":{"nodeCount":1000000,"maxDistance":3}}');
    const oom = JSON.parse(String(await victim.request('{"op":"step","data":{"rid":1}}')));
    out.oomLimit = oom.limit ?? null;
    const after = String(await bystander.request('{"op":"step","data":{"rid":3}}'));
    out.bystanderServed = RID.exec(after)?.[1] === '3';
    out.serverAlive = small.proc.exitCode === null;
  } finally { await small.stop('SIGKILL'); }
  return out;
}

/** The result rows: each candidate × encoding, and the JVM server's throughput. */
function plan({ P }) {
  return { names: [...P.candidates.flatMap((c) => P.encodings.map((e) => rowName(c, e))), ...(P.jvm ? ['jvm'] : [])] };
}

/** Rounds: one fresh server per candidate and round, the candidates shuffled. */
async function measure({ P, names, json, onStop }) {
  await ensureBuilt(['js', ...(P.jvm ? ['jvm-server'] : [])]);
  const rng = mulberry32(P.seed);
  /** @type {Record<string, { overhead: number[][], compute: number[][], service: number[][], rtt: number[][], tput: number[], problems: string[], isolation: object[] }>} */
  /** @type {Record<string, Record<string, any[]>>} */
  const results = Object.fromEntries(names.map((c) => [c, { overhead: [], compute: [], service: [], rtt: [], echo: [], overEcho: [], echoService: [], beyondEcho: [], tput: [], problems: [], isolation: [] }]));
  const tmp = mkdtempSync(join(tmpdir(), 'bench-node-handoff-'));
  const started = Date.now();
  // Ctrl-C, or a SIGTERM from a job runner: the servers this bench started stop with it, its temporary folder goes.
  onStop((signal) => {
    rmSync(tmp, { recursive: true, force: true });
    return `[bench:node-handoff] stopped by ${signal}; nothing written${json ? ` (no ${json})` : ''}.`;
  });
  try {
    for (let k = 0; k < P.invocations; k++) {
      for (const name of shuffled(names, rng)) {
        const r = results[name];
        if (name === 'jvm') {
          const s = await startJvmServer({ timeoutMs: 60_000 });
          try {
            const t = await throughputPhase(P, 'tcp', s.port);
            r.tput.push(t.stepsPerS);
            r.problems.push(...t.problems);
          } finally { await s.stop(); }
        } else {
          const { candidate, encoding } = rowOf(name);
          const csv = join(tmp, `${name.replaceAll(/[/:]/g, '-')}-${k}.csv`);
          const s = await startNode([...candidateFlags(candidate), '--csv', csv]);
          let lat;
          let t;
          try {
            lat = await latencyPhase(P, 'ws', s.port, encoding);
            t = await throughputPhase(P, 'ws', s.port, encoding);
          } finally {
            const { code } = await s.stop('SIGTERM');
            if (code !== 0) throw new Error(`${name}: server exited with ${code}:\n${s.output()}`);
          }
          const o = overheadFromCsv(P, csv, P.warmup + P.steps);
          r.overhead.push(o.overhead); r.compute.push(o.compute); r.service.push(o.service); r.rtt.push(lat.rtts); r.echo.push(lat.echoes);
          if (o.echoService.length) { r.echoService.push(o.echoService); r.beyondEcho.push(o.beyondEcho); }
          // What a step costs beyond its compute and the echo beside it: the server's own part of the round trip.
          r.overEcho.push(lat.rtts.slice(0, o.compute.length).map((x, i) => x - lat.echoes[i] - o.compute[i]));
          r.tput.push(t.stepsPerS);
          r.problems.push(...t.problems);
          // The isolation checks are the hand-off's, whatever the clients' encoding: once per candidate.
          if (k < P.isolation && encoding === P.encodings[0]) r.isolation.push(await isolation(candidateFlags(candidate)));
        }
        process.stderr.write(`round ${k + 1}/${P.invocations} ${name}: ${r.tput.at(-1).toFixed(0)} steps/s${r.overhead.length ? `, overhead median ${(median(r.overhead.at(-1)) / 1e3).toFixed(1)} µs` : ''}\n`);
      }
    }
  } finally { rmSync(tmp, { recursive: true, force: true }); }
  return { results, started };
}

function median(v) { const s = [...v].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; }
const fig = (inv) => {
  const f = pathInterval(inv);
  return { estimateUs: f.estimate / 1e3, ci95Us: f.ci95 ? f.ci95.map((x) => x / 1e3) : null };
};
const show = (f) => `${f.estimateUs.toFixed(1)} [${f.ci95Us ? f.ci95Us.map((x) => x.toFixed(1)).join(', ') : '–'}]`;
const tputFig = (xs) => {
  const f = pathInterval(xs.map((x) => [x]), { inner: false });
  return { estimate: f.estimate, ci95: f.ci95 };
};
/** Each row's figures: means of the invocations' medians with their 95 % intervals over invocations. */
async function analyse({ P, names, results, started, command, json }) {
  const jvmT = P.jvm ? tputFig(results.jvm.tput) : null;
  const summary = {
    command,
    parameters: P, minutes: (Date.now() - started) / 60_000, loadAverage: (await import('node:os')).loadavg(),
    candidates: Object.fromEntries(names.map((name) => {
      const r = results[name];
      const t = tputFig(r.tput);
      return [name, {
        overhead: r.overhead.length ? fig(r.overhead) : null, compute: r.compute.length ? fig(r.compute) : null,
        service: r.service.length ? fig(r.service) : null, roundTrip: r.rtt.length ? fig(r.rtt) : null,
        echoRoundTrip: r.echo.length ? fig(r.echo) : null, overEcho: r.overEcho.length ? fig(r.overEcho) : null,
        echoService: r.echoService.length ? fig(r.echoService) : null, overheadBeyondEcho: r.beyondEcho.length ? fig(r.beyondEcho) : null,
        throughput: t, throughputVsJvm: jvmT ? t.estimate / jvmT.estimate : null,
        perInvocation: { overheadMedianUs: r.overhead.map((v) => median(v) / 1e3), roundTripMedianUs: r.rtt.map((v) => median(v) / 1e3), stepsPerS: r.tput },
        orderAndLoss: r.problems.length ? r.problems : 'every reply, in order', isolation: r.isolation,
      }];
    })),
  };
  if (json) writeFileSync(json, `${JSON.stringify(summary, null, 2)}\n`);
  return { summary };
}

function report({ P, names, summary }) {
  console.log(`\n${summary.command}  (${P.invocations} invocations, ${summary.minutes.toFixed(1)} min, load average at the end ${summary.loadAverage.map((x) => x.toFixed(1)).join(' ')})`);
  console.log(`latency: N = ${P.n}, ${P.steps} steps after ${P.warmup}; throughput: ${P.clients} clients × ${P.pipelineSteps} steps, ${P.window} in flight, N = ${P.pipelineN}`);
  console.log('mean of invocation medians [95 % interval over invocations], µs');
  console.log('| candidate | service − compute | compute | client round trip | echo round trip | round trip − echo − compute | steps/s (16 pipelined) | × JVM | order, loss |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const name of names) {
    const c = summary.candidates[name];
    const t = c.throughput;
    console.log(`| ${name} | ${c.overhead ? show(c.overhead) : '–'} | ${c.compute ? show(c.compute) : '–'} | ${c.roundTrip ? show(c.roundTrip) : '–'} | ${c.echoRoundTrip ? show(c.echoRoundTrip) : '–'} | ${c.overEcho ? show(c.overEcho) : '–'} | ${t.estimate.toFixed(0)} [${t.ci95 ? t.ci95.map((x) => x.toFixed(0)).join(', ') : '–'}] | ${c.throughputVsJvm?.toFixed(2) ?? '–'} | ${typeof c.orderAndLoss === 'string' ? c.orderAndLoss : `${c.orderAndLoss.length} problems: ${c.orderAndLoss[0]}`} |`);
  }
  const withEcho = names.filter((name) => summary.candidates[name].echoService);
  if (withEcho.length) {
    // The server's own floor beside its overhead (docs/os-floor.md, "The server's own floor"), from its timing CSV.
    console.log('\nthe server\'s own floor: its echo op timed like a step (request in hand → reply written, no step), and the step\'s overhead beyond it, paired step by step, µs');
    console.log('| candidate | service − compute | echo service | service − compute − echo service |');
    console.log('|---|---|---|---|');
    for (const name of withEcho) {
      const c = summary.candidates[name];
      console.log(`| ${name} | ${show(c.overhead)} | ${show(c.echoService)} | ${show(c.overheadBeyondEcho)} |`);
    }
  }
  if (P.isolation > 0) {
    console.log('\nisolation (per round): a long step (20 000 rounds on 1000 devices, 100 000 on 200, --step-time-budget 2000) → limit, reply after; another client\'s worst echo meanwhile (one every 10 ms); SIGTERM during a long step; 1M devices in a 48 MB worker beside a bystander');
    console.log('| candidate | long step, 1000 devices | other client\'s worst echo | long step, 200 devices | other client\'s worst echo | SIGTERM | worker OOM |');
    console.log('|---|---|---|---|---|---|---|');
    for (const name of names.filter((x) => x !== 'jvm')) {
      for (const i of summary.candidates[name].isolation) {
        console.log(`| ${name} | ${i.longStepLimit} after ${i.longStepMs.toFixed(0)} ms | ${i.echoMaxMs.toFixed(1)} ms over ${i.echoes} | ${i.smallStepLimit} after ${i.smallStepMs.toFixed(0)} ms | ${i.smallEchoMaxMs.toFixed(1)} ms | exit ${i.sigtermExit} after ${i.sigtermMs.toFixed(0)} ms | ${i.oomLimit}, bystander ${i.bystanderServed ? 'served' : 'NOT served'}, server ${i.serverAlive ? 'up' : 'DOWN'} |`);
      }
    }
  }
}

runBench({ name: 'bench:node-handoff', usage: USAGE, options: OPTIONS, stackTraces: true, parse, plan, measure, analyse, report });
