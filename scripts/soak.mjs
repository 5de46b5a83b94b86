#!/usr/bin/env node
// npm run soak [-- options]: holds each server at its measured capacity (docs/network.md, "Capacity": the JVM server
// 16 front-ends at 60 Hz, N = 100; the Node server 8) for a while, open loop (scripts/lib/capacity.mjs), and samples
// the server process every few seconds: RSS, open file descriptors, threads, the size of its timing CSV, and the
// window's p50/p99 latency. Fails on growth or creep (docs/testing.md, "Soak"). Writes soak.json (the samples) and
// soak.svg (RSS, fds, threads and p99 over time, both servers) to --out.
// Stages: measure (this file + capacity.mjs), write (json, svg), judge (verdicts below).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runLevel } from './lib/capacity.mjs';
import { root, SERVERS } from './conformance/servers.mjs';

const USAGE = `usage: npm run soak -- [options]
  --seconds 600            how long each server is held at capacity (one after the other)
  --servers jvm,node       which servers
  --jvm-m 16 --node-m 8    front-ends per server (60 Hz, N = --n): the measured capacities of docs/network.md
  --n 100                  devices per front-end's simulation
  --sample-seconds 5       sampling period
  --out DIR                where soak.json and soak.svg go (default: a new folder under the system temp dir)
  --publish                also add soak.json to the dashboard's data (public/data/soak/<date>.json, listed in
                           public/data/soak/index.json; the Network view shows the newest; earlier ones are kept)`;

/** The thresholds of the verdict: growth between the first and the last quarter of the samples after warm-up. */
export const LIMITS = { rssGrowth: 0.25, rssGrowthMb: 40, fdGrowth: 4, threadGrowth: 4, p99Creep: 1.5, p99CreepMs: 3 };

const pct = (v, q) => { const s = [...v].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))] : NaN; };
const median = (v) => pct(v, 0.5);

/** One process's figures from /proc. */
function processSample(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))?.[1]);
  return { rssMb: field('VmRSS') / 1024, threads: field('Threads'), fds: readdirSync(`/proc/${pid}/fd`).length };
}

/** Holds one server at `m` front-ends for `seconds`; resolves its samples. */
export async function soakServer({ name, m, n = 100, seconds, sampleSeconds = 5, dir, log = console.log }) {
  const spec = SERVERS.find((s) => s.name === name);
  const csv = join(dir, `${name}.csv`);
  const server = await spec.start(['--csv', csv]);
  const samples = [];
  const started = Date.now();
  const perWorker = new Map(); // window index → { latencies, parts }
  const seen = new Map(); // worker → windows posted
  let workers = Math.ceil(m / 8);
  try {
    const result = await runLevel({
      transport: name === 'jvm' ? 'socket' : 'websocket', port: server.port, m, n, durationMs: seconds * 1000, warmupMs: 0,
      windowMs: sampleSeconds * 1000,
      onWindow: (w, win) => {
        const k = seen.get(w) ?? 0;
        seen.set(w, k + 1);
        const acc = perWorker.get(k) ?? { latencies: [], parts: 0, sent: 0, received: 0 };
        acc.latencies.push(...win.latenciesNs);
        acc.parts += 1; acc.sent += win.sent; acc.received += win.received;
        perWorker.set(k, acc);
        if (acc.parts < workers) return;
        perWorker.delete(k);
        const p = processSample(server.proc.pid);
        const s = {
          t: (Date.now() - started) / 1000, ...p, csvBytes: statSync(csv).size,
          p50Ms: median(acc.latencies) / 1e6, p99Ms: pct(acc.latencies, 0.99) / 1e6, replies: acc.latencies.length, sent: acc.sent, received: acc.received,
        };
        samples.push(s);
        log(`${name} t=${s.t.toFixed(0)} s  rss ${s.rssMb.toFixed(1)} MB  fds ${s.fds}  threads ${s.threads}  csv ${(s.csvBytes / 1e6).toFixed(2)} MB  p50 ${s.p50Ms.toFixed(2)} ms  p99 ${s.p99Ms.toFixed(2)} ms`);
      },
    });
    workers = result.workers;
    await server.stop(); // SIGTERM: the server completes its CSV
    const csvRows = readFileSync(csv, 'utf8').split('\n').filter((l) => /step\.service/.test(l)).length;
    return { name, m, n, seconds, sampleSeconds, samples, sent: result.sent, received: result.received, csvRows, lateSendsP99Ms: result.lateSendsP99Ns / 1e6 };
  } finally {
    await server.stop();
  }
}

/** Growth and creep between the first and the last quarter of the samples (the first sample is warm-up). */
export function judge(run, limits = LIMITS) {
  const s = run.samples.slice(1).filter((x) => Number.isFinite(x.p99Ms)); // a window with no reply has no latency
  const q = Math.max(1, Math.floor(s.length / 4));
  const first = s.slice(0, q);
  const last = s.slice(-q);
  const problems = [];
  const figures = {};
  const grow = (key, of) => { const a = median(first.map(of)); const b = median(last.map(of)); figures[key] = { first: a, last: b }; return [a, b]; };
  const [rss0, rss1] = grow('rssMb', (x) => x.rssMb);
  if (rss1 - rss0 > Math.max(limits.rssGrowth * rss0, limits.rssGrowthMb)) problems.push(`RSS grew from ${rss0.toFixed(1)} to ${rss1.toFixed(1)} MB`);
  const [fd0] = grow('fds', (x) => x.fds);
  const fdMax = Math.max(...last.map((x) => x.fds));
  if (fdMax - fd0 > limits.fdGrowth) problems.push(`open file descriptors grew from ${fd0} to ${fdMax}`);
  const [th0] = grow('threads', (x) => x.threads);
  const thMax = Math.max(...last.map((x) => x.threads));
  if (thMax - th0 > limits.threadGrowth) problems.push(`threads grew from ${th0} to ${thMax}`);
  const [p0, p1] = grow('p99Ms', (x) => x.p99Ms);
  if (p1 > p0 * limits.p99Creep && p1 - p0 > limits.p99CreepMs) problems.push(`p99 latency crept from ${p0.toFixed(2)} to ${p1.toFixed(2)} ms`);
  // The CSV holds one step.service row per reply (docs/protocol.md): none lost, however long the run. (Its size
  // during the run is reported, not judged: the JVM writes it in chunks of 4096 samples.)
  if (run.csvRows !== undefined) {
    figures.csvRows = run.csvRows;
    if (run.csvRows < run.received) problems.push(`the CSV has ${run.csvRows} step.service rows for ${run.received} replies`);
  }
  const lost = run.sent - run.received;
  if (lost > run.m * 2) problems.push(`${lost} of ${run.sent} requests had no reply`);
  return { problems, figures };
}

/** soak.svg: RSS, fds, threads and p99 over time, one line per server (a standalone plot, like hyperfine's scripts). */
export function plotSvg(runs) {
  const W = 720; const H = 150; const pad = { l: 56, r: 110, t: 18, b: 22 };
  const panels = [['rssMb', 'RSS (MB)'], ['fds', 'open fds'], ['threads', 'threads'], ['p99Ms', 'p99 latency (ms)']];
  const colors = { jvm: '#d62728', node: '#1f77b4' };
  const tMax = Math.max(...runs.flatMap((r) => r.samples.map((s) => s.t)), 1);
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H * panels.length}" font-family="sans-serif" font-size="11">`;
  panels.forEach(([key, label], i) => {
    const y0 = i * H;
    const vals = runs.flatMap((r) => r.samples.map((s) => s[key])).filter(Number.isFinite);
    const vMax = Math.max(...vals, 1) * 1.1;
    const x = (t) => pad.l + (t / tMax) * (W - pad.l - pad.r);
    const y = (v) => y0 + H - pad.b - (v / vMax) * (H - pad.t - pad.b);
    svg += `<text x="${pad.l}" y="${y0 + 12}" font-weight="bold">${label}</text>`;
    svg += `<line x1="${pad.l}" y1="${y(0)}" x2="${W - pad.r}" y2="${y(0)}" stroke="#999"/><line x1="${pad.l}" y1="${y(0)}" x2="${pad.l}" y2="${y(vMax)}" stroke="#999"/>`;
    svg += `<text x="${pad.l - 4}" y="${y(vMax) + 10}" text-anchor="end">${vMax.toFixed(vMax < 10 ? 1 : 0)}</text><text x="${pad.l - 4}" y="${y(0)}" text-anchor="end">0</text>`;
    svg += `<text x="${W - pad.r}" y="${y(0) + 14}" text-anchor="end">${tMax.toFixed(0)} s</text>`;
    runs.forEach((r, j) => {
      const pts = r.samples.filter((s) => Number.isFinite(s[key])).map((s) => `${x(s.t).toFixed(1)},${y(s[key]).toFixed(1)}`).join(' ');
      svg += `<polyline fill="none" stroke="${colors[r.name] ?? '#333'}" stroke-width="1.5" points="${pts}"/>`;
      svg += `<text x="${W - pad.r + 6}" y="${y0 + 30 + 14 * j}" fill="${colors[r.name] ?? '#333'}">${r.name} (M=${r.m})</text>`;
    });
  });
  return `${svg}</svg>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '600' }, servers: { type: 'string', default: 'jvm,node' }, 'jvm-m': { type: 'string', default: '16' },
      'node-m': { type: 'string', default: '8' }, n: { type: 'string', default: '100' }, 'sample-seconds': { type: 'string', default: '5' },
      out: { type: 'string' }, publish: { type: 'boolean', default: false }, help: { type: 'boolean', default: false },
    },
  });
  if (values.help) { console.log(USAGE); process.exit(0); }
  const out = resolve(values.out ?? mkdtempSync(join(tmpdir(), 'collektive-soak-')));
  mkdirSync(out, { recursive: true });
  const runs = [];
  const started = new Date();
  let failed = false;
  for (const name of values.servers.split(',')) {
    const m = Number(values[`${name}-m`]);
    console.log(`[soak] ${name} server: M = ${m} front-ends at 60 Hz, N = ${values.n}, ${values.seconds} s, a sample every ${values['sample-seconds']} s`);
    const run = await soakServer({ name, m, n: Number(values.n), seconds: Number(values.seconds), sampleSeconds: Number(values['sample-seconds']), dir: out });
    run.verdict = judge(run);
    runs.push(run);
    console.log(run.verdict.problems.length ? `[soak] ${name}: FAIL: ${run.verdict.problems.join('; ')}` : `[soak] ${name}: no growth, no creep (${JSON.stringify(run.verdict.figures)})`);
    failed ||= run.verdict.problems.length > 0;
  }
  const command = `npm run soak -- ${process.argv.slice(2).join(' ')}`.trim();
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores; load average at the end ${loadavg().map((x) => x.toFixed(2)).join('/')}`;
  const file = `${JSON.stringify({ command, date: started.toISOString(), machine, limits: LIMITS, runs }, null, 1)}\n`;
  writeFileSync(join(out, 'soak.json'), file);
  if (values.publish) {
    const dir = join(root, 'public', 'data', 'soak');
    mkdirSync(dir, { recursive: true });
    const name = `${started.toISOString().slice(0, 19).replace(/:/g, '')}.json`;
    writeFileSync(join(dir, name), file);
    const indexPath = join(dir, 'index.json');
    const index = existsSync(indexPath) ? JSON.parse(readFileSync(indexPath, 'utf8')) : { soaks: [] };
    index.soaks = [...index.soaks.filter((x) => x.file !== name), { file: name, date: started.toISOString(), command, failed }];
    writeFileSync(indexPath, `${JSON.stringify(index, null, 1)}\n`);
    console.log(`[soak] published as public/data/soak/${name} (index.json lists ${index.soaks.length})`);
  }
  writeFileSync(join(out, 'soak.svg'), plotSvg(runs));
  console.log(`[soak] wrote ${join(out, 'soak.json')} and soak.svg`);
  process.exit(failed ? 1 : 0);
}
