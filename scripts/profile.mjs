#!/usr/bin/env node
// npm run profile [-- options]: sampling profiles of the four paths (docs/profiles.md). Per path and N, one long
// free-paced session with every process of the path under a sampling profiler:
//   native    the C# host (Mono, JIT perf map) + the Kotlin/Native .so in it: perf record -e cpu-clock -g
//   socket    the C# host as above + the JVM server: async-profiler (agent from .toolchain/async-profiler/)
//   wasm      the Live view in headless Chromium: the page's CPU profiler over CDP, plus Chromium's browser process and
//             network service process (perf record, as the C# host)
//   websocket the page and Chromium's processes as above + the Node ws server with --cpu-prof (main thread and its
//             worker threads)
// Writes <out-dir>/<run-id>/<path>-n<N>/<process>.collapsed (collapsed stacks) and profile.json (category shares
// per step, the step function's frames), plus <run-id>/profiles.json listing them. Profiling runs are never
// benchmark runs: nothing here is written to public/data/runs/ or the manifest.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ensureBuilt, root } from './lib/build-steps.mjs';
import { dataDir, gitCommit } from '../measurement/src/runRecordFiles.mjs';
import { CLOCK_TICKS, chromiumBrowserProcess, processTable, readStat } from '../measurement/src/machineLoadFiles.mjs';
import { hostEnv, hostExe } from './lib/toolchain.mjs';
import { startJvmServer } from './lib/jvm-server.mjs';
import { cdpConnect, launchBrowser, openLive, startPreview, startWsServer } from './lib/harness.mjs';
import { scenarioFor } from '../measurement/src/scenario.mjs';
import { COMMON, parseCli } from './lib/cli.mjs';
import { RANDOM_SCENARIO, desktopHostArgs } from './lib/desktopHost.mjs';
import {
  CATEGORIES, HOP_TRACE_CATEGORIES, STEP_FRAME, categoryShares, cpuProfileToCollapsed, formatCollapsed, parseCollapsed, perfScriptToCollapsed,
  stacksMatching, websocketHops,
} from '../measurement/src/profiles.mjs';

const PATHS = ['native', 'socket', 'wasm', 'websocket'];
const USAGE = `usage: npm run profile -- [options]
  --path native,socket,wasm,websocket   paths to profile
  --n 10,1000              device counts (10 = reference scenario, larger = random scenario)
  --seconds 20             profiled seconds per path and N (after --warmup-seconds of unprofiled running)
  --warmup-seconds 3       free-paced running before the profiler starts (JIT tiers, caches)
  --trace-seconds 2        websocket path: a Chromium trace of all its processes after the profiled window, for the
                           hops of a step (0 = none)
  --out-dir DIR            profiles folder (default public/data/profiles)
  --run-id ID              run folder name (default <date>-profile-<commit>)
  --reclassify DIR         recompute the category figures of an existing profile run from its collapsed stacks
  --quiet                  no progress lines
  --help`;

const { values: args, fail: bad, list, ints } = parseCli({
  usage: USAGE,
  options: {
    n: { type: 'string', default: '10,1000' }, 'run-id': COMMON['run-id'], 'out-dir': COMMON['out-dir'],
    path: { type: 'string', default: PATHS.join(',') },
    seconds: { type: 'string', default: '20' }, 'warmup-seconds': { type: 'string', default: '3' }, 'trace-seconds': { type: 'string', default: '2' },
    reclassify: { type: 'string' }, quiet: { type: 'boolean', default: false },
  },
});
const paths = list('path', PATHS);
const nodeCounts = ints('n', 1);
if (!nodeCounts.length) bad('--n must list positive integers');
const seconds = Number(args.seconds);
const warmupSeconds = Number(args['warmup-seconds']);
if (!(seconds > 0)) bad('--seconds must be a positive number');
if (!(warmupSeconds >= 0)) bad('--warmup-seconds must be >= 0');
const traceSeconds = Number(args['trace-seconds']);
if (!(traceSeconds >= 0)) bad('--trace-seconds must be >= 0');

const commit = gitCommit({ paths: ['collektive-core', 'scripts', 'desktop-host', 'dashboard', 'collektive-jvm-server', 'collektive-node-server'] });
const createdAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const runId = args['run-id'] ?? `${createdAt.slice(0, 10)}-profile-${commit.slice(0, 7)}-${createdAt.slice(11, 19).replace(/:/g, '')}`;
const outDir = resolve(args['out-dir'] ?? join(dataDir, 'profiles'));
const runDir = join(outDir, runId);
if (existsSync(runDir) && !args.reclassify) bad(`profile folder ${runDir} exists already; choose another --run-id`);
const log = (m) => { if (!args.quiet) console.log(`[profile] ${m}`); };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------ profilers ----

const ASYNC_PROFILER_DIR = join(root, '.toolchain', 'async-profiler');
const ASYNC_PROFILER_SO = join(ASYNC_PROFILER_DIR, 'libasyncProfiler.so');
/** async-profiler 4.1 from Maven Central (its Linux x64 agent is inside the jar), unpacked under .toolchain/. */
function ensureAsyncProfiler() {
  if (existsSync(ASYNC_PROFILER_SO)) return;
  mkdirSync(ASYNC_PROFILER_DIR, { recursive: true });
  log('fetching tools.profiler:async-profiler:4.1 through Maven into .toolchain/async-profiler/');
  const r = spawnSync('mvn', ['-B', '-q', 'dependency:copy', '-Dartifact=tools.profiler:async-profiler:4.1', `-DoutputDirectory=${ASYNC_PROFILER_DIR}`], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('mvn dependency:copy of tools.profiler:async-profiler:4.1 failed');
  // The JDK's jar tool unpacks it (Maven needs a JDK anyway).
  const u = spawnSync('jar', ['xf', 'async-profiler-4.1.jar', 'linux-x64/libasyncProfiler.so'], { cwd: ASYNC_PROFILER_DIR, stdio: 'inherit' });
  if (u.status !== 0) throw new Error('cannot unpack linux-x64/libasyncProfiler.so from the async-profiler jar (jar xf)');
  renameSync(join(ASYNC_PROFILER_DIR, 'linux-x64', 'libasyncProfiler.so'), ASYNC_PROFILER_SO);
  rmSync(join(ASYNC_PROFILER_DIR, 'linux-x64'), { recursive: true, force: true });
}

/** perf present and cpu-clock sampling allowed, else a message naming the install command. */
function perfProblem() {
  const r = spawnSync('perf', ['record', '-q', '-e', 'cpu-clock', '-o', '/dev/null', 'true'], { encoding: 'utf8' });
  if (r.error) return 'perf is missing: apt-get update && apt-get install -y linux-perf';
  if (r.status !== 0) return `perf record -e cpu-clock fails (${(r.stderr || '').trim().split('\n').pop()}); perf is Debian's linux-perf (apt-get install -y linux-perf) and needs root or, as root, sysctl kernel.perf_event_paranoid=-1`;
  return null;
}

/** perf record of one running process (all its threads) for `secs` seconds into `dataFile`. */
async function perfRecordPid(pid, secs, dataFile) {
  const rec = spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', '997', '-g', '-p', String(pid), '-o', dataFile, '--', 'sleep', String(secs)],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  rec.stderr.on('data', (d) => { err += d; });
  const code = await new Promise((r) => rec.on('close', r));
  if (code !== 0 && !existsSync(dataFile)) {
    throw new Error(`perf record -p ${pid} failed (${code}): ${err.trim()} (perf: apt-get install -y linux-perf; sampling another process needs root or kernel.perf_event_paranoid=-1)`);
  }
}

/**
 * perf script of a recording → collapsed stacks. Run after the process exited: Mono flushes its perf map then.
 * With `root`, every stack gets it as its root frame above the thread name (Chromium's processes, whose threads
 * perf names by their own names: `chromium`, `Chrome_ChildIOT`, `ThreadPoolForeg`, …).
 */
function perfCollapse(dataFile, root = null) {
  const s = spawnSync('perf', ['script', '-i', dataFile, '-F', 'comm,tid,ip,sym,dso'], { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  if (s.status !== 0) throw new Error(`perf script failed: ${s.stderr}`);
  return perfScriptToCollapsed(s.stdout, root);
}

/**
 * The browser process and the network service process of the Chromium launched with `userDataDir`: the network
 * service is the browser's descendant with `--utility-sub-type=network.mojom.NetworkService` (a utility process, which
 * carries the page's WebSocket traffic: renderer → mojo IPC → network service → socket).
 */
function chromiumProcesses(userDataDir) {
  const browser = chromiumBrowserProcess(userDataDir);
  const procs = processTable() ?? [];
  const below = new Set([browser.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) if (below.has(p.ppid) && !below.has(p.pid)) { below.add(p.pid); grew = true; }
  }
  const network = procs.find((p) => below.has(p.pid) && p.cmd.includes(' --utility-sub-type=network.mojom.NetworkService '));
  if (!network) throw new Error(`Chromium (browser pid ${browser.pid}) has no network service process (--utility-sub-type=network.mojom.NetworkService)`);
  // Every process of this Chromium, named by its type (renderers summed: the page's is the only busy one).
  const all = procs.filter((p) => below.has(p.pid)).map((p) => {
    const type = p.cmd.match(/ --type=(\S+)/)?.[1];
    const sub = p.cmd.match(/ --utility-sub-type=(\S+)/)?.[1];
    const name = !type ? 'browser' : sub === 'network.mojom.NetworkService' ? 'network-service' : sub ? `utility-${sub.split('.')[0]}` : type;
    return { pid: p.pid, name: `chromium-${name}` };
  });
  return { perf: { 'chromium-browser': browser.pid, 'chromium-network-service': network.pid }, all };
}

/** CPU time (user + system, ms) of every thread of the given processes, keyed "process;thread name" (threads of one
 * name summed), from /proc/<pid>/task/<tid>/stat: what each thread ran, whatever a profiler could resolve. */
function threadCpu(processes) {
  const out = {};
  for (const { pid, name } of processes) {
    let tids = [];
    try { tids = readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tids) {
      try {
        const { name: comm, after: f } = readStat(`/proc/${pid}/task/${tid}/stat`);
        const key = `${name};${comm}`;
        out[key] = (out[key] ?? 0) + ((f[11] + f[12]) * 1000) / CLOCK_TICKS; // utime + stime, ms
      } catch { /* thread ended meanwhile */ }
    }
  }
  return out;
}

/** Per process and thread name: CPU µs per step over the window (end − start snapshots of threadCpu). */
function threadCpuPerStep(start, end, steps) {
  const out = {};
  for (const [key, ms] of Object.entries(end)) {
    const d = ms - (start[key] ?? 0);
    if (d <= 0) continue;
    const [proc, thread] = key.split(';');
    (out[proc] ??= {})[thread] = steps ? (1000 * d) / steps : null;
  }
  return out;
}

/**
 * A Chromium trace of every process of the browser (the browser target's Tracing domain, which the page's CDP session
 * launched by Playwright does not reach: it records only the page's processes, not the network service) for `secs`
 * seconds. The browser was launched with --remote-debugging-port=0; it writes the port into DevToolsActivePort.
 */
async function chromiumTrace(userDataDir, secs, categories) {
  const [port, path] = readFileSync(join(userDataDir, 'DevToolsActivePort'), 'utf8').trim().split('\n');
  const cdp = await cdpConnect(`ws://127.0.0.1:${port}${path}`, 30000);
  try {
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: categories, recordMode: 'recordContinuously' }, transferMode: 'ReturnAsStream' });
    await sleep(secs * 1000);
    const completed = cdp.next('Tracing.tracingComplete');
    await cdp.send('Tracing.end');
    const { stream } = await completed;
    const chunks = [];
    for (;;) {
      const r = await cdp.send('IO.read', { handle: stream, size: 4 * 1024 * 1024 });
      chunks.push(r.base64Encoded ? Buffer.from(r.data, 'base64').toString('utf8') : r.data);
      if (r.eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    const trace = JSON.parse(chunks.join(''));
    return trace.traceEvents ?? trace;
  } finally {
    cdp.close();
  }
}

// ------------------------------------------------------------- sessions ----

/**
 * The C# host's `run` command, free pacing, as bench:desktop invokes it (`extra`: the engine's fields of
 * desktopHostArgs); resolves when `steps` frames were reported.
 */
function startHost(n, engine, extra, dir) {
  const a = ['run', ...desktopHostArgs({ nodeCount: n, maxDistance: 3, pacing: 'free', encoding: 'json', engine, frames: 100000000, floors: 0, progress: 1000,
    out: join(dir, `unity_${engine}.csv`), ...extra })];
  // --jitmap: Mono writes /tmp/perf-<pid>.map, so perf names the JIT-compiled managed frames.
  const child = spawn('mono', [hostExe, ...a], { cwd: dir, env: hostEnv({ MONO_ENV_OPTIONS: '--jitmap' }), stdio: ['ignore', 'ignore', 'pipe'] });
  const state = { child, frames: 0, err: '' };
  let partial = '';
  child.stderr.on('data', (d) => {
    partial += d;
    const lines = partial.split('\n');
    partial = lines.pop();
    for (const l of lines) { const m = l.match(/^progress (\d+) /); if (m) state.frames = Number(m[1]); else state.err += `${l}\n`; }
  });
  state.exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
  return state;
}

async function waitFrames(state, min, timeoutMs = 60000) {
  const t = Date.now();
  while (state.frames < min) {
    if (state.child?.exitCode !== null && state.child?.exitCode !== undefined) throw new Error(`host exited early:\n${state.err}`);
    if (Date.now() - t > timeoutMs) throw new Error(`no progress in ${timeoutMs} ms:\n${state.err ?? ''}`);
    await sleep(50);
  }
}

async function desktopSession(path, n, dir) {
  const processes = {};
  let server = null;
  const extra = {};
  if (path === 'socket') {
    ensureAsyncProfiler();
    const out = join(dir, 'jvm-server.collapsed.raw');
    // cpu-clock sampling through perf_events (as perf), 1 ms, collapsed output written when the JVM exits.
    server = await startJvmServer({ jvmArgs: [`-agentpath:${ASYNC_PROFILER_SO}=start,event=cpu,interval=1ms,cstack=fp,ann,file=${out},collapsed`] });
    Object.assign(extra, { port: server.port, spinUs: 50 });
    server.rawOut = out;
  } else extra.backendCsv = join(dir, 'native.csv');
  const host = startHost(n, path, extra, dir);
  let window;
  try {
    await sleep(warmupSeconds * 1000);
    await waitFrames(host, 1);
    const before = host.frames;
    log(`${path} N = ${n}: perf record of the C# host (pid ${host.child.pid}) for ${seconds} s`);
    const tStart = Date.now();
    await perfRecordPid(host.child.pid, seconds, join(dir, 'host.perf.data'));
    window = { steps: host.frames - before, seconds: (Date.now() - tStart) / 1000 };
  } finally {
    if (host.child.exitCode === null) host.child.kill('SIGTERM');
    await host.exited;
    if (server) await server.stop().catch((e) => log(`JVM server stop: ${e.message}`));
  }
  processes['csharp-host'] = perfCollapse(join(dir, 'host.perf.data'));
  // The host's timing CSVs of a profiled session are not measurements (docs/profiles.md): not kept.
  for (const f of ['native.csv', `unity_${path}.csv`]) rmSync(join(dir, f), { force: true });
  rmSync(join(dir, 'host.perf.data'), { force: true });
  rmSync(`/tmp/perf-${host.child.pid}.map`, { force: true });
  if (server) {
    if (!existsSync(server.rawOut)) throw new Error('async-profiler wrote no output for the JVM server');
    const m = parseCollapsed(readFileSync(server.rawOut, 'utf8'));
    processes['jvm-server'] = new Map([...m].map(([s, c]) => [`java;${s}`, c]));
    rmSync(server.rawOut, { force: true });
  }
  return { processes, window };
}

let preview = null;
async function webSession(path, n, dir) {
  const processes = {};
  preview ??= await startPreview();
  const profDir = join(dir, 'node-cpuprof');
  const server = path === 'websocket' ? await startWsServer({ nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-interval', '500'] }) : null;
  const tracing = path === 'websocket' && traceSeconds > 0;
  const browser = await launchBrowser(tracing ? { args: ['--remote-debugging-port=0'] } : {});
  const state = { frames: 0, err: '' };
  let window;
  let chromium = {};
  let nodeWindow = null;
  let threadCpuUs = null;
  let hops = null;
  try {
    await browser.page.exposeFunction('__benchProgress', ({ steps }) => { state.frames = steps; });
    await openLive(browser.page, preview.url, server?.url ?? 'ws://127.0.0.1:9');
    const cdp = await browser.context.newCDPSession(browser.page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    const running = browser.page.evaluate((c) => window.__bench.run(c), {
      nodeCount: n, pacing: 'free', rounds: 10000000, engines: [path], wsUrl: server?.url, encoding: 'json',
      floorSamples: 0, scenario: scenarioFor(n), seed: RANDOM_SCENARIO.seed, e2eBlocks: 0,
    }).catch((e) => { state.err += String(e); });
    await sleep(warmupSeconds * 1000);
    await waitFrames(state, 1);
    const before = state.frames;
    const found = chromiumProcesses(browser.profile);
    chromium = found.perf;
    const counted = [...found.all, ...(server ? [{ pid: server.proc.pid, name: 'node-server' }] : [])];
    log(`${path} N = ${n}: Chromium CPU profiler on the page, perf record of ${Object.entries(chromium).map(([k, pid]) => `${k} (pid ${pid})`).join(' and ')}, for ${seconds} s`);
    const cpuStart = threadCpu(counted);
    const tStart = Date.now();
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    const perfs = Object.entries(chromium).map(([name, pid]) => perfRecordPid(pid, seconds, join(dir, `${name}.perf.data`)));
    await cdp.send('Profiler.start');
    await Promise.all([sleep(seconds * 1000), ...perfs]);
    const { profile } = await cdp.send('Profiler.stop');
    window = { steps: state.frames - before, seconds: (Date.now() - tStart) / 1000 };
    threadCpuUs = threadCpuPerStep(cpuStart, threadCpu(counted), window.steps);
    nodeWindow = { fromUs, toUs: Number(process.hrtime.bigint() / 1000n) };
    processes.page = cpuProfileToCollapsed(profile, 'chromium-page');
    if (tracing) {
      // After the profiled window, with the profilers stopped: the trace's own cost is not in the profile.
      log(`${path} N = ${n}: Chromium trace of all processes for ${traceSeconds} s (hops of a step)`);
      hops = { traceSeconds, categories: HOP_TRACE_CATEGORIES, ...websocketHops(await chromiumTrace(browser.profile, traceSeconds, HOP_TRACE_CATEGORIES)) };
    }
    void running;
  } finally {
    await browser.close().catch(() => {});
    if (server) await server.stop('SIGTERM');
  }
  for (const name of Object.keys(chromium)) {
    const data = join(dir, `${name}.perf.data`);
    if (existsSync(data)) processes[name] = perfCollapse(data, name);
    rmSync(data, { force: true });
  }
  if (server) {
    const files = existsSync(profDir) ? readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')).sort() : [];
    if (!files.length) throw new Error('node --cpu-prof wrote no profile for the ws server');
    // One file per thread, named CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile (Node's --cpu-prof-name
    // default): thread 0 is the main thread, the others are worker threads (the engine's, the parser's).
    let w = 0;
    for (const f of files) {
      const isWorker = f.split('.')[4] !== '0';
      // --cpu-prof covers the thread's whole life: only the samples of the profiled window count, as for the page
      // (a worker that ended before the window, e.g. a finished session's, has none and is left out).
      const m = cpuProfileToCollapsed(JSON.parse(readFileSync(join(profDir, f), 'utf8')), 'node', nodeWindow);
      if (isWorker && m.size === 0) continue;
      processes[isWorker ? `node-worker-${w++}` : 'node-server'] = m;
    }
    rmSync(profDir, { recursive: true, force: true });
  }
  return { processes, window, threadCpuUs, hops };
}

// ----------------------------------------------------------------- main ----

/** Sampling interval per process kind, µs: each sample stands for this much CPU time (docs/profiles.md). */
const INTERVAL_US = {
  'csharp-host': 1e6 / 997, 'jvm-server': 1000, 'node-server': 500, 'node-worker': 500, page: 500,
  'chromium-browser': 1e6 / 997, 'chromium-network-service': 1e6 / 997,
};

/** profile.json of one session: per process and over the path, samples per category, shares, CPU µs per step. */
function summarise(base, processes) {
  const { id, window } = base;
  const record = { ...base, processes: {} };
  for (const [name, map] of Object.entries(processes)) {
    const shares = categoryShares([map]);
    const step = stacksMatching(map, STEP_FRAME);
    const intervalUs = INTERVAL_US[name.replace(/-\d+$/, '')];
    const usPerStep = Object.fromEntries(CATEGORIES.map((c) => [c, window.steps ? (shares.counts[c] * intervalUs) / window.steps : null]));
    record.processes[name] = { file: `${id}/${name}.collapsed`, intervalUs, samples: shares.total, counts: shares.counts, shares: shares.shares, usPerStep, stepFrames: step.frames, stepStacks: step.stacks, stepSamples: step.samples };
  }
  const all = categoryShares(Object.values(processes));
  record.samples = all.total;
  record.shares = all.shares;
  // CPU µs per step per category over every process of the path.
  record.usPerStep = Object.fromEntries(CATEGORIES.map((c) => [c, Object.values(record.processes).reduce((a, p) => a + (p.usPerStep[c] ?? 0), 0)]));
  return record;
}

/** --reclassify DIR: the category figures of an existing profile run recomputed from its collapsed stacks (after a rule change). */
function reclassify(dir) {
  const index = JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8'));
  for (const e of index.entries) {
    const old = JSON.parse(readFileSync(join(dir, e.dir, 'profile.json'), 'utf8'));
    const processes = Object.fromEntries(Object.keys(old.processes).map((name) => [name, parseCollapsed(readFileSync(join(dir, e.dir, `${name}.collapsed`), 'utf8'))]));
    const { processes: _p, shares: _s, usPerStep: _u, samples: _n, samplesPerStep: _x, ...base } = old;
    const record = summarise(base, processes);
    writeFileSync(join(dir, e.dir, 'profile.json'), `${JSON.stringify(record, null, 2)}\n`);
    e.shares = record.shares;
    e.usPerStep = record.usPerStep;
  }
  writeFileSync(join(dir, 'profiles.json'), `${JSON.stringify(index, null, 2)}\n`);
  log(`reclassified ${index.entries.length} entries of ${dir}`);
}

async function main() {
  if (args.reclassify) { reclassify(resolve(args.reclassify)); return; }
  log(`run ${runId} → ${relative(root, runDir) || runDir}`);
  // Every path has a process under perf (the C# host; Chromium's browser and network service for the web paths).
  const problem = perfProblem();
  if (problem) { console.error(`[profile] ${problem}`); process.exit(1); }
  const builds = new Set();
  for (const p of paths) {
    if (p === 'native') ['native', 'desktop-host'].forEach((b) => builds.add(b));
    if (p === 'socket') ['jvm-server', 'desktop-host'].forEach((b) => builds.add(b));
    if (p === 'wasm' || p === 'websocket') ['wasm', 'js', 'dashboard'].forEach((b) => builds.add(b));
  }
  await ensureBuilt([...builds]);
  mkdirSync(runDir, { recursive: true });
  const entries = [];
  const total = paths.length * nodeCounts.length;
  try {
    for (const n of nodeCounts) {
      for (const path of paths) {
        const id = `${path}-n${n}`;
        log(`(${entries.length + 1}/${total}) ${id}: ${warmupSeconds} s warm-up, then ${seconds} s profiled`);
        const dir = join(runDir, id);
        mkdirSync(dir, { recursive: true });
        const { processes, window, threadCpuUs, hops } = path === 'native' || path === 'socket' ? await desktopSession(path, n, dir) : await webSession(path, n, dir);
        for (const [name, map] of Object.entries(processes)) writeFileSync(join(dir, `${name}.collapsed`), formatCollapsed(map));
        const record = summarise({ id, path, nodeCount: n, scenario: scenarioFor(n), pacing: 'free', window, ...(threadCpuUs ? { threadCpuUs } : {}), ...(hops ? { hops } : {}) }, processes);
        writeFileSync(join(dir, 'profile.json'), `${JSON.stringify(record, null, 2)}\n`);
        entries.push(record);
        const top = Object.entries(record.shares).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([c, s]) => `${c} ${(100 * s).toFixed(1)} %`).join(', ');
        log(`${id}: ${window.steps} steps in ${window.seconds.toFixed(1)} s, ${record.samples} samples; ${top}`);
        if (hops?.meanUs) log(`${id}: hops of ${hops.matched} traced steps, mean (median) µs: ${Object.entries(hops.meanUs).map(([h, v]) => `${h} ${v?.toFixed(0)} (${hops.medianUs[h]?.toFixed(0)})`).join(', ')}`);
      }
    }
  } finally {
    if (preview) await preview.stop().catch(() => {});
  }
  writeFileSync(join(runDir, 'profiles.json'), `${JSON.stringify({
    schemaVersion: 1, id: runId, createdAt, commit, seconds, warmupSeconds, traceSeconds,
    command: `npm run profile -- ${process.argv.slice(2).join(' ')}`.trim(),
    profilers: {
      'csharp-host': 'perf record -e cpu-clock -F 997 -g (Mono --jitmap perf map)', 'jvm-server': 'async-profiler 4.1, event=cpu, interval=1ms',
      'node-*': 'node --cpu-prof --cpu-prof-interval 500 (µs)', page: 'Chromium CDP Profiler, 500 µs',
      'chromium-*': 'perf record -e cpu-clock -F 997 -g -p PID (Chromium browser and network service processes, all threads)',
    },
    entries: entries.map((e) => ({ id: e.id, path: e.path, nodeCount: e.nodeCount, dir: e.id, processes: Object.keys(e.processes), steps: e.window.steps, shares: e.shares, usPerStep: e.usPerStep })),
  }, null, 2)}\n`);
  // The dashboard's Profiles view finds runs through <out-dir>/index.json (newest first).
  const indexFile = join(outDir, 'index.json');
  const index = existsSync(indexFile) ? JSON.parse(readFileSync(indexFile, 'utf8')) : { schemaVersion: 1, runs: [] };
  index.runs = [{ id: runId, createdAt, title: `${paths.join(', ')} at N = ${nodeCounts.join(', ')}, ${seconds} s each, free pacing` },
    ...index.runs.filter((r) => r.id !== runId)].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  writeFileSync(indexFile, `${JSON.stringify(index, null, 2)}\n`);
  log(`wrote ${relative(root, runDir)}/ (profiles.json, ${entries.length} folders) and ${relative(root, indexFile)}`);
}

main().catch((e) => { console.error(`[profile] ${e.stack ?? e.message}`); process.exit(1); });
