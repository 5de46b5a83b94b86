#!/usr/bin/env node
// npm run bench:network [-- options]: the out-of-process paths across shaped networks (docs/network.md). Starts a
// Toxiproxy (pinned, built by the build step `toxiproxy`) and puts it between the front-end and the server on
// loopback: the desktop host (Mono) → proxy → JVM server (socket), headless Chromium's Live view → proxy → Node ws
// server (websocket). Per invocation (a fresh server process each) it runs every cell (profile × N × encoding ×
// pacing, and the pipelined cells, per program of --programs) in a shuffled order, and the in-process path of the same
// platform (native, wasm) as the baseline, running the same program; then the open-loop capacity test (M simulated front-ends per server at 60 Hz, N = 100).
// Figures are means over invocations with 95 % intervals (measurement/src/intervals.mjs); the run goes to
// public/data/runs/<id>/ (compact CSVs of the measured frames + run.json with the figures) and the manifest.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative, resolve } from 'node:path';
import { ensureBuilt, root } from './lib/build-steps.mjs';
import { collectEnvironment, writeRunRecord } from '../measurement/src/runRecordFiles.mjs';
import { parseTimingCsvText } from '../measurement/src/analysis.mjs';
import { PROFILES, TOXIPROXY_VERSION, startToxiproxy, toxiproxyMissing } from './lib/toxiproxy.mjs';
import { BUDGETS_NS, breakEvens, capacityVerdict, cellFigures, programOf, seriesOf } from '../measurement/src/networkAnalysis.mjs';
import { runLevel } from './lib/capacity.mjs';
import { ENCODINGS, PATH_SALT, PROGRAMS, REFERENCE_PROGRAM, isReferenceProgram, programSuffix } from '../measurement/src/catalogue.mjs';
import { hostEnv, hostExe } from './lib/toolchain.mjs';
import { startJvmServer } from './lib/jvm-server.mjs';
import { scenarioFor } from '../measurement/src/scenario.mjs';
import { COMMON, WORK_OPTION, WORK_USAGE, checkProgramSpecs, programList } from './lib/cli.mjs';
import { ExitError, runBench } from './lib/bench.mjs';
import { RANDOM_SCENARIO, desktopHostArgs } from './lib/desktopHost.mjs';
import { mulberry32, shuffled } from '../measurement/src/random.mjs';

const USAGE = `usage: npm run bench:network -- [options]      (method: docs/network.md)
  --paths desktop,web        platforms (desktop: socket vs native; web: websocket vs wasm)
  --profiles ${Object.keys(PROFILES).join(',')}
  --n 10,100,1000            device counts
  --web-n 10,100             device counts of the web path (default: --n); N = 1000 is render-bound in software GL
  --rate-max-n 100           bandwidth-limited profiles (mobile) only up to this N: 1 Mbit/s moves N = 1000 at a few frames/s
  --encodings json,binary    json | batched | binary
  --programs euclidean       aggregate programs of the grid (docs/programs.md), comma-separated specs, parameters as
                             name:key=value (boundedElection:bound=2); every cell and baseline once per program, cell
                             ids suffixed -<spec> (none for euclidean, the reference program); names:
                             ${Object.keys(PROGRAMS).join(', ')}.
                             Capacity always runs the reference program
${WORK_USAGE}
  --pacing frame,free        frame: desktop fixed 60 Hz tick, web one step per rendered frame; free: back to back
  --in-flight 1,2,4          pipelined cells, both paths (free pacing, json, N = --pipeline-n): steps kept in flight
  --pipeline-n 100           N of the pipelined cells
  --seed 1                   random scenario seed (N > 10) of both paths, mean degree 8 (the page's)
  --invocations 3            independent invocations per cell (fresh server process each)
  --frames 40 --warmup 10    measured frames per cell and invocation, and warm-up frames before them
  --rate-frames F --rate-warmup W   the same for bandwidth-limited profiles (default: --frames, --warmup): at 1 Mbit/s
                             an N = 1000 step takes 1-2 s, so a few frames already show it misses both budgets
  --capacity 1,2,4,8,16,32,64   M levels of the capacity test (empty: none; the reference program whatever --programs
                             says); stops after the first level missing the frame
  --capacity-seconds 4       measured seconds per level (after 3 s of warm-up)
  --only grid,capacity       run only the grid (profiles × N × encoding × pacing, pipelining, baselines) or only capacity
  --run-id ID --title T      run folder / title (default <date>-network-<commit>-<time>-<random>; an existing run
                             folder is never overwritten)
  --out-dir DIR --no-publish
  --quiet
  --reanalyse DIR            recompute the figures of a published network run from its CSVs (run.json rewritten; capacity kept)`;

const OPTIONS = {
  ...COMMON, ...WORK_OPTION,
  paths: { type: 'string', default: 'desktop,web' }, profiles: { type: 'string', default: Object.keys(PROFILES).join(',') },
  n: { type: 'string', default: '10,100,1000' }, 'web-n': { type: 'string' }, 'rate-max-n': { type: 'string', default: '100' }, encodings: { type: 'string', default: 'json,binary' }, programs: { type: 'string', default: REFERENCE_PROGRAM },
  pacing: { type: 'string', default: 'frame,free' }, 'in-flight': { type: 'string', default: '1,2,4' },
  'pipeline-n': { type: 'string', default: '100' }, invocations: { type: 'string', default: '3' },
  frames: { type: 'string', default: '40' }, warmup: { type: 'string', default: '10' }, 'rate-frames': { type: 'string' }, 'rate-warmup': { type: 'string' },
  capacity: { type: 'string', default: '1,2,4,8,16,32,64' }, only: { type: 'string', default: 'grid,capacity' }, 'capacity-seconds': { type: 'string', default: '4' },
  seed: { type: 'string', default: String(RANDOM_SCENARIO.seed) }, title: { type: 'string' }, reanalyse: { type: 'string' }, quiet: { type: 'boolean', default: false },
};

/** The command line: the grid's parameters (P), the program specs checked by the engine; Toxiproxy must be there. */
async function parse({ cli: { values: args, list, ints, int, fail } }) {
  const P = {
    paths: list('paths', ['desktop', 'web']), profiles: list('profiles', Object.keys(PROFILES)), nodeCounts: ints('n', 1),
    encodings: list('encodings', [...ENCODINGS.desktop]), pacings: list('pacing', ['frame', 'free']),
    inFlight: ints('in-flight', 1), pipelineN: ints('pipeline-n', 1)[0], invocations: ints('invocations', 1)[0],
    frames: ints('frames', 2)[0], warmup: ints('warmup', 0)[0], capacity: ints('capacity', 1), capacitySeconds: Number(args['capacity-seconds']),
    programs: programList(args.programs, Object.keys(PROGRAMS), fail, args.work), seed: int('seed', 0),
  };
  P.webNodeCounts = args['web-n'] ? ints('web-n', 1) : P.nodeCounts;
  if (!args.reanalyse) await checkProgramSpecs(P.programs, [...new Set([...P.nodeCounts, ...P.webNodeCounts])], fail);
  P.only = list('only', ['grid', 'capacity']);
  P.grid = P.only.includes('grid');
  if (!P.only.includes('capacity')) P.capacity = [];
  P.rateMaxN = ints('rate-max-n', 1)[0];
  P.rateFrames = args['rate-frames'] ? ints('rate-frames', 2)[0] : P.frames;
  P.rateWarmup = args['rate-warmup'] ? ints('rate-warmup', 0)[0] : P.warmup;
  const missing = toxiproxyMissing();
  if (missing && !args.reanalyse) throw new ExitError(1, `[bench:network] ${missing}`);
  return { args, P };
}

/** Warm-up and measured frames of a cell: bandwidth-limited profiles may run fewer (--rate-frames). */
const framesOf = (P, profile) => (PROFILES[profile]?.rateKBps ? { warmup: P.rateWarmup, frames: P.rateFrames } : { warmup: P.warmup, frames: P.frames });
const FRAME_TICK_MS = 1000 / 60;
const load = () => os.loadavg().map((x) => Number(x.toFixed(2)));
/** Capacity: unrecorded warm-up per level (a fresh JVM compiles its hot paths in the first seconds). */
const CAPACITY_WARMUP_MS = 3000;
/** Bandwidth-limited profiles run only up to --rate-max-n devices (docs/network.md, "Grid"). */
const profileFits = (P, profile, n) => PROFILES[profile].rateKBps === null || n <= P.rateMaxN;


// Ids kept in the published CSVs (the rest of the front-end's ids are not needed for the network figures).
const IDS = {
  desktop: { socket: { e2e: 'step.unity.e2e', wait: 'step.socket.wait', frameWait: 'step.frame.wait', period: 'period' }, native: { e2e: 'step.unity.e2e', period: 'period' } },
  web: { websocket: { e2e: 'step.web.e2e', wait: 'step.web.ws.wait', frameWait: 'step.frame.wait', period: 'period' }, wasm: { e2e: 'step.web.e2e', period: 'period' } },
};
const FILE = { socket: 'unity_socket.csv', native: 'unity_native.csv', websocket: 'web_websocket.csv', wasm: 'web_wasm.csv' };

/** Into `cells` (cell key → { meta, invocations: [Map id → rows], files }): one invocation of a cell, its CSV published. */
function record({ P, cells, runDir }, meta, invocation, csvText, startedMs) {
  const key = meta.id;
  if (!cells.has(key)) cells.set(key, { meta, invocations: [], files: [], wallSeconds: [] });
  const cell = cells.get(key);
  // Wall time of the cell in this invocation (start-up included): what a grid costs, for planning a publication.
  if (startedMs !== undefined) cell.wallSeconds[invocation] = Math.round((Date.now() - startedMs) / 100) / 10;
  const keep = new Set(Object.values(IDS[meta.platform][meta.transport]));
  const rows = parseTimingCsvText(csvText, key).filter((r) => keep.has(r.id));
  const series = seriesOf(rows, framesOf(P, meta.profile).warmup);
  cell.invocations[invocation] = series;
  const dir = join(runDir, key, `i${invocation}`);
  mkdirSync(dir, { recursive: true });
  // Published: e2e and the transport wait only (the frame-wait figure is in run.json), to keep the run small.
  const kept = [...series.entries()].filter(([id]) => id !== 'step.frame.wait').flatMap(([, v]) => v).sort((a, b) => a.t - b.t);
  writeFileSync(join(dir, FILE[meta.transport]), `t_ns,id,duration_ns\n${kept.map((r) => `${r.t},${r.id},${r.d}`).join('\n')}\n`);
  cell.files[invocation] = { file: `${key}/i${invocation}/${FILE[meta.transport]}`, side: 'frontend', platform: meta.platform, transport: meta.transport };
}

// ---------------------------------------------------------------- desktop ----

function runHost(hostArgs, cwd) {
  return new Promise((resolveRun, reject) => {
    const child = spawn('mono', [hostExe, 'run', ...hostArgs], { cwd, env: hostEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', (e) => reject(new Error(`cannot start mono: ${e.message}`)));
    child.on('close', (code) => (code === 0 ? resolveRun(out) : reject(new Error(`desktop host failed (${code}): ${hostArgs.join(' ')}\n${err}`))));
  });
}

/** A cell's pacing on the host: frame is the fixed 60 Hz tick. */
const hostPacing = (pacing) => (pacing === 'frame' ? { pacing: 'fixed', tickMs: FRAME_TICK_MS } : { pacing: 'free' });
/** Each cell once per program of --programs. */
const perProgram = (P, cs) => cs.flatMap((c) => P.programs.map((program) => ({ ...c, program })));

function desktopCells(P) {
  const out = [];
  for (const n of P.nodeCounts) {
    for (const encoding of P.encodings) {
      const group = [];
      for (const profile of P.profiles.filter((p) => profileFits(P, p, n))) {
        for (const pacing of P.pacings) group.push({ platform: 'desktop', transport: 'socket', profile, n, encoding, pacing, inFlight: 1 });
        if (P.pacings.includes('free') && n === P.pipelineN && encoding === 'json') {
          for (const k of P.inFlight.filter((x) => x > 1)) group.push({ platform: 'desktop', transport: 'socket', profile, n, encoding, pacing: 'free', inFlight: k });
        }
      }
      out.push({ n, encoding, group: perProgram(P, group) });
    }
  }
  return out;
}
const baselineCells = (P, platform) => perProgram(P, (platform === 'web' ? P.webNodeCounts : P.nodeCounts).flatMap((n) => P.pacings.map((pacing) => ({ platform, transport: platform === 'desktop' ? 'native' : 'wasm', profile: 'in-process', n, encoding: platform === 'desktop' ? 'binary' : 'json', pacing, inFlight: 1 }))));
// The reference program's cells keep the ids of the runs from before --programs; another program's end in -<spec>.
const cellId = (c) => `${c.platform}-${c.transport}-${c.profile}-n${c.n}-${c.pacing}-${c.encoding}${c.inFlight > 1 ? `-k${c.inFlight}` : ''}${programSuffix(c.program)}`;

async function desktopInvocation(grid, r, tp, tmp, bar) {
  const { P, shuffle } = grid;
  const dir = join(tmp, `desktop-${r}`);
  mkdirSync(dir, { recursive: true });
  // The host's own scenario, frames and timeout of a cell; the random layout at --seed (the page's mean degree).
  const hostOf = (c) => ({ nodeCount: c.n, seed: P.seed, ...hostPacing(c.pacing), program: c.program, frames: framesOf(P, c.profile).warmup + framesOf(P, c.profile).frames, timeoutMs: 60000 });
  for (const c of shuffle(baselineCells(P, 'desktop'))) {
    bar.update({ cell: `${cellId(c)} #${r}` });
    const t0 = Date.now();
    const out = join(dir, 'native.csv');
    await runHost(desktopHostArgs({ ...hostOf(c), engine: 'native', out, backendCsv: join(dir, 'backend.csv') }), dir);
    record(grid, { ...c, id: cellId(c) }, r, readFileSync(out, 'utf8'), t0);
    bar.increment();
  }
  for (const { n, encoding, group } of shuffle(desktopCells(P))) {
    const server = await startJvmServer({ timeoutMs: 60000 });
    const proxy = await tp.proxy(server.port);
    try {
      for (const c of shuffle(group)) {
        bar.update({ cell: `${cellId(c)} #${r}` });
        const t0 = Date.now();
        await proxy.setProfile(PROFILES[c.profile]);
        const out = join(dir, 'socket.csv');
        await runHost(desktopHostArgs({ ...hostOf(c), engine: 'socket', encoding, port: proxy.port, inFlight: c.inFlight, out }), dir);
        record(grid, { ...c, id: cellId(c) }, r, readFileSync(out, 'utf8'), t0);
        bar.increment();
      }
    } finally {
      await proxy.remove().catch(() => {});
      await server.stop();
    }
  }
}

// -------------------------------------------------------------------- web ----

function webCells(P) {
  const out = [];
  for (const n of P.webNodeCounts) {
    for (const encoding of P.encodings) {
      for (const profile of P.profiles.filter((p) => profileFits(P, p, n))) {
        for (const pacing of P.pacings) out.push({ platform: 'web', transport: 'websocket', profile, n, encoding, pacing, inFlight: 1 });
        if (P.pacings.includes('free') && n === P.pipelineN && encoding === 'json') {
          for (const k of P.inFlight.filter((x) => x > 1)) out.push({ platform: 'web', transport: 'websocket', profile, n, encoding, pacing: 'free', inFlight: k });
        }
      }
    }
  }
  return perProgram(P, out);
}

async function webInvocation(grid, r, tp, web, bar) {
  const { P, shuffle } = grid;
  const { startWsServer, openLive } = web.harness;
  const server = await startWsServer();
  const proxy = await tp.proxy(server.port);
  const wsUrl = `ws://127.0.0.1:${proxy.port}`;
  try {
    await openLive(web.browser.page, web.preview.url, wsUrl);
    const cellsHere = shuffle([...baselineCells(P, 'web'), ...webCells(P)]);
    for (const c of cellsHere) {
      bar.update({ cell: `${cellId(c)} #${r}` });
      const t0 = Date.now();
      await proxy.setProfile(c.transport === 'websocket' ? PROFILES[c.profile] : PROFILES.loopback);
      const res = await web.browser.page.evaluate((cfg) => window.__bench.run(cfg), {
        nodeCount: c.n, pacing: c.pacing, rounds: framesOf(P, c.profile).warmup + framesOf(P, c.profile).frames, engines: [c.transport], wsUrl, encoding: c.encoding, inFlight: c.inFlight, program: c.program,
        floorSamples: 1, scenario: scenarioFor(c.n), seed: P.seed, e2eBlocks: 0, framePeriodFrames: 10,
      });
      web.framePeriodMs = res.framePeriodMs;
      web.timerResolutionNs = res.timerResolutionNs;
      // A reply that answered no pending step is dropped by the page, not timed; it would mean a broken pairing.
      if (res.staleReplies) throw new Error(`${cellId(c)}: the page saw ${res.staleReplies} WebSocket replies answering no pending step`);
      record(grid, { ...c, id: cellId(c) }, r, res.frontend[c.transport], t0);
      bar.increment();
    }
  } finally {
    await proxy.remove().catch(() => {});
    const code = await server.stop('SIGTERM');
    if (code !== 0 && code !== null) console.error(`[bench:network] ws server exited with ${code}`);
  }
}

// --------------------------------------------------------------- capacity ----

async function capacity(P, bar, web) {
  const out = {};
  for (const transport of ['socket', 'websocket']) {
    if (transport === 'websocket' && !web) continue;
    const levels = [];
    for (const m of P.capacity) {
      const invocations = [];
      const extra = [];
      for (let r = 0; r < P.invocations; r++) {
        bar.update({ cell: `capacity ${transport} M=${m} #${r}` });
        const server = transport === 'socket' ? await startJvmServer({ timeoutMs: 60000 }) : await web.harness.startWsServer();
        try {
          const res = await runLevel({ transport, port: server.port, m, n: 100, durationMs: P.capacitySeconds * 1000 + CAPACITY_WARMUP_MS, warmupMs: CAPACITY_WARMUP_MS });
          invocations.push(res.latenciesNs);
          extra.push({ sent: res.sent, received: res.received, workers: res.workers, lateSendsP99Ns: res.lateSendsP99Ns, loadAverage: load() });
        } finally {
          if (transport === 'socket') await server.stop(); else await server.stop('SIGTERM');
        }
      }
      levels.push({ m, invocations, extra });
      // Stop at the first level the server misses, or that the generator could not drive on time.
      if (capacityVerdict(levels, undefined, levels.map((l) => l.extra.map((e) => e.lateSendsP99Ns))).limitedBy !== 'levels') break;
    }
    const v = capacityVerdict(levels, undefined, levels.map((l) => l.extra.map((e) => e.lateSendsP99Ns)));
    v.levels.forEach((l, i) => { l.generator = levels[i].extra; });
    out[transport] = { server: transport === 'socket' ? 'collektive-jvm-server' : 'collektive-node-server', n: 100, hz: 60, ...v };
  }
  return out;
}

// ---------------------------------------------------------------- analyse ----

function summarise(cells) {
  const list = [...cells.values()].map(({ meta, invocations, files, wallSeconds }) => {
    const prof = PROFILES[meta.profile];
    return {
      id: meta.id, platform: meta.platform, transport: meta.transport, profile: meta.profile, rttMs: prof ? prof.rttMs : 0,
      jitterMs: prof?.jitterMs ?? 0, rateKBps: prof?.rateKBps ?? null, n: meta.n, encoding: meta.encoding, pacing: meta.pacing, inFlight: meta.inFlight,
      program: programOf(meta),
      figures: cellFigures(invocations.filter(Boolean), IDS[meta.platform][meta.transport], PATH_SALT[meta.transport]), files: files.filter(Boolean),
      ...(wallSeconds?.length ? { wallSeconds } : {}),
    };
  });
  // Break-even per program, path, N and encoding (measurement/src/networkAnalysis.mjs breakEvens).
  return { cells: list, breakEvens: breakEvens(list) };
}

function configurationOf(c) {
  const scenario = scenarioFor(c.n);
  return {
    id: c.id, title: `${c.platform} ${c.transport}, ${c.profile}, N=${c.n}, ${c.pacing} pacing, ${c.encoding}${c.inFlight > 1 ? `, ${c.inFlight} in flight` : ''}${isReferenceProgram(c.program) ? '' : `, program ${c.program}`}`,
    scenario, nodeCount: c.n, maxDistance: 3, seed: scenario === 'random' ? c.seed : null,
    pacing: c.platform === 'desktop' && c.pacing === 'frame' ? 'fixed' : c.pacing, tickMs: c.pacing === 'frame' ? Math.round(FRAME_TICK_MS * 1000) / 1000 : null, timeScale: 1,
    // run.json names a configuration's program only when it is not the reference (measurement/schema/run.schema.json).
    encoding: c.encoding, ...(isReferenceProgram(c.program) ? {} : { program: c.program }), files: c.files,
    invocations: c.files.map((f, i) => ({ index: i, dir: `${c.id}/i${i}`, files: [f] })),
    network: { profile: c.profile, rttMs: c.rttMs, jitterMs: c.jitterMs, rateKBps: c.rateKBps, inFlight: c.inFlight },
  };
}

const fmtMs = (ns) => (ns === null || ns === undefined ? '–' : (ns / 1e6).toFixed(ns < 1e5 ? 4 : 2));
const fmtCi = (ci) => (ci ? `[${fmtMs(ci[0])}, ${fmtMs(ci[1])}]` : '');
const fmtBe = (b) => (b.rttMs === null ? '–' : `${b.rttMs} ms${b.ci95 ? ` [${b.ci95[0]}, ${b.ci95[1]}]` : ''}`);

function printReport(s, cap) {
  if (s.cells.length) printGrid(s);
  printCapacity(cap);
}

function printGrid(s) {
  console.log('\ncell                                                        e2e median [95% CI] ms        p95 ms   wait median ms   mean period ms');
  for (const c of [...s.cells].sort((a, b) => a.id.localeCompare(b.id))) {
    const f = c.figures;
    console.log(`${c.id.padEnd(58)} ${fmtMs(f.e2e?.median).padStart(8)} ${fmtCi(f.e2e?.medianCi).padEnd(20)} ${fmtMs(f.e2e?.p95).padStart(8)} ${fmtMs(f.wait?.median).padStart(10)} ${fmtMs(f.periodMean?.mean).padStart(10)}`);
  }
  console.log('\nbreak-even RTT (median e2e reaches the frame; free pacing unless noted; [95% CI])');
  for (const b of s.breakEvens) console.log(`  ${b.platform} ${b.transport} ${programOf(b)} N=${b.n} ${b.encoding} ${b.pacing}: 60 Hz ${fmtBe(b.median['60Hz'])}, 30 Hz ${fmtBe(b.median['30Hz'])}; p95: 60 Hz ${fmtBe(b.p95['60Hz'])}, 30 Hz ${fmtBe(b.p95['30Hz'])}`);
}

function printCapacity(cap) {
  for (const v of Object.values(cap ?? {})) {
    const bound = { server: 'the server missed the frame at the next level', generator: 'a LOWER BOUND: the load generator lagged at the next level (rerun on a quieter machine)', levels: 'every level tried passed (try larger --capacity levels)' }[v.limitedBy];
    console.log(`\ncapacity ${v.server} (N=100, 60 Hz, open loop): largest M with p99 ≤ 16.7 ms: ${v.largestM} (interval [${v.largestMCi[0]}, ${v.largestMCi[1]}]); ${bound}`);
    for (const l of v.levels) console.log(`  M=${String(l.m).padStart(3)}: p99 ${fmtMs(l.p99)} ms ${fmtCi(l.p99Ci)} ${l.verdict}; load generator's own send lateness p99 ${fmtMs(l.generatorLateP99)} ms${l.generatorBound ? ' (GENERATOR-BOUND: the machine, not the server, set this level)' : ''}`);
  }
}

/**
 * summary.json: the figures `npm run bench:reproduce -- network` compares between two runs (measurement/src/
 * reproduce.mjs), each an estimate with its 95 % interval over invocations: every cell's median e2e (ms), and every
 * break-even RTT (ms). Capacity's largest M is a count read off levels, not an estimate with an interval: not here.
 */
function reproducibleFigures(run) {
  const f = (estimate, ci, invocations) => ({ estimate, ci95: ci, invocations });
  const cellsOut = run.network.cells.filter((c) => c.figures.e2e?.medianCi).map((c) => ({
    id: c.id, figures: { 'e2e median (ms)': f(c.figures.e2e.median / 1e6, c.figures.e2e.medianCi.map((x) => x / 1e6), c.figures.e2e.perInvocation.length) },
  }));
  const be = run.network.breakEvens.map((b) => ({
    id: `break-even-${b.platform}-${b.transport}-n${b.n}-${b.encoding}${programSuffix(b.program)}`,
    figures: Object.fromEntries(Object.entries(b.median).filter(([, x]) => x.rttMs !== null && x.rttMs > 0 && x.ci95).map(([budget, x]) => [`RTT at ${budget} (ms)`, f(x.rttMs, x.ci95, run.parameters.invocations)])),
  }));
  return { schemaVersion: 1, id: run.id, kind: 'network', command: run.parameters.command, configurations: [...cellsOut, ...be] };
}

// ---------------------------------------------------------------- phases ----

/** The run's folder (none to re-analyse: the run is there); the cells fill `cells` as they are measured. */
function plan(ctx) {
  if (ctx.args.reanalyse) return { cells: new Map() };
  ctx.runFolder('network', ['collektive-core', 'collektive-native', 'collektive-jvm-server', 'collektive-node-server', 'collektive-wasm', 'desktop-host', 'unity-webgl/Packages/com.collektive.frontend', 'dashboard/src/live', 'scripts']);
  return { cells: new Map() };
}

/** Every invocation of the grid (the desktop and the web cells, each shuffled), then capacity. */
async function measure(ctx) {
  const { P, args, cells, runId, runDir, progressBar, onStop } = ctx;
  if (args.reanalyse) return reread(ctx);
  const loadAtStart = load();
  const t0 = Date.now();
  console.log(`[bench:network] run ${runId} → ${relative(root, runDir)} (Toxiproxy ${TOXIPROXY_VERSION}; method docs/network.md)`);
  await ensureBuilt(['toxiproxy', ...(P.paths.includes('desktop') || P.capacity.length ? ['native', 'jvm-server', 'desktop-host'] : []), ...(P.paths.includes('web') ? ['wasm', 'js', 'dashboard'] : [])]);
  mkdirSync(runDir, { recursive: true });
  const tmp = mkdtempSync(join(os.tmpdir(), 'collektive-bench-network-'));
  const tp = await startToxiproxy();
  const needWeb = P.paths.includes('web');
  let web = null;
  const perInvocation = !P.grid ? 0 : (P.paths.includes('desktop') ? baselineCells(P, 'desktop').length + desktopCells(P).reduce((a, g) => a + g.group.length, 0) : 0)
    + (needWeb ? baselineCells(P, 'web').length + webCells(P).length : 0);
  const total = perInvocation * P.invocations + P.capacity.length * P.invocations * (needWeb ? 2 : 1);
  const bar = progressBar({ format: 'bench:network [{bar}] {percentage}% | {value}/{total} cells | {eta_formatted} left | {cell}', hideCursor: true, etaBuffer: 50, noTTYOutput: true, notTTYSchedule: 10000 }, { quiet: args.quiet });
  const rng = mulberry32(Date.now());
  const grid = { P, cells, runDir, shuffle: (xs) => shuffled(xs, rng) };
  const invocationLog = [];
  let cap = null;
  // Ctrl-C, or a SIGTERM from a job runner: Toxiproxy, the servers, the front-ends and the browser stop with the
  // bench, its temporary folder goes, and the exit code says which signal ended the run.
  onStop(async (signal) => {
    bar.stop();
    if (web?.browser) await web.browser.close().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
    return `[bench:network] stopped by ${signal}. ${ctx.notPublished('the cells measured so far')}`;
  });
  try {
    if (needWeb) {
      const harness = await import('./lib/harness.mjs');
      web = { harness, ...(P.grid ? { preview: await harness.startPreview(), browser: await harness.launchBrowser() } : {}) };
    }
    bar.start(total, 0, { cell: '' });
    for (let r = 0; r < (P.grid ? P.invocations : 0); r++) {
      const before = load();
      const startedAt = new Date().toISOString();
      if (P.paths.includes('desktop')) await desktopInvocation(grid, r, tp, tmp, bar);
      if (needWeb) await webInvocation(grid, r, tp, web, bar);
      invocationLog.push({ index: r, startedAt, endedAt: new Date().toISOString(), loadAverage: { before, after: load() } });
    }
    if (P.capacity.length) cap = await capacity(P, bar, web);
  } finally {
    bar.stop();
    await tp.stop();
    if (web?.browser) { await web.browser.close().catch(() => {}); await web.preview.stop().catch(() => {}); }
    rmSync(tmp, { recursive: true, force: true });
  }
  return { cap, t0, loadAtStart, invocationLog, web };
}

/**
 * --reanalyse: the cells of a published run from its CSVs (the measured frames, warm-up already dropped); frame-wait
 * figures, whose samples are not published, are kept from its run.json.
 */
function reread({ args, cells }) {
  const dir = resolve(args.reanalyse);
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
  const old = new Map(run.network.cells.map((c) => [c.id, c]));
  for (const c of run.configurations) {
    const o = old.get(c.id);
    // A cell without a program is from before --programs: the gradient (programOf).
    const meta = { id: c.id, platform: o.platform, transport: o.transport, profile: o.profile, n: o.n, encoding: o.encoding, pacing: o.pacing, inFlight: o.inFlight, program: o.program ?? c.program };
    for (const inv of c.invocations) {
      const series = seriesOf(parseTimingCsvText(readFileSync(join(dir, inv.files[0].file), 'utf8'), inv.files[0].file), 0);
      if (!cells.has(c.id)) cells.set(c.id, { meta, invocations: [], files: [] });
      cells.get(c.id).invocations[inv.index] = series;
      cells.get(c.id).files[inv.index] = inv.files[0];
    }
  }
  return { reanalyseDir: dir, publishedRun: run };
}

/** The cells' figures (measurement/src/networkAnalysis.mjs), run.json and summary.json; or a published run's figures again. */
async function analyse(ctx) {
  const { P, args, cells, cap, t0, loadAtStart, invocationLog, web, runId, runsDir, runDir, createdAt, commit, command } = ctx;
  if (args.reanalyse) return reanalysed(ctx);
  const s = summarise(cells);
  const minutes = (Date.now() - t0) / 60000;
  const run = {
    schemaVersion: 1, id: runId,
    title: args.title ?? (P.grid ? `Network: ${P.paths.join(' and ')} through Toxiproxy, ${P.profiles.length} profiles, N=${P.nodeCounts.join('/')}, ${P.invocations} invocations`
      : `Network capacity: M front-ends per server at 60 Hz, N=100, open loop, ${P.invocations} invocations`)
      + (P.grid && (P.programs.length > 1 || P.programs[0] !== REFERENCE_PROGRAM) ? `, programs ${P.programs.join(' / ')}` : ''),
    kind: 'network', createdAt, commit,
    description: 'Out-of-process paths through a Toxiproxy on loopback shaping latency, jitter and bandwidth (docs/network.md); the in-process path of each platform in the same run as the baseline. Each cell ran in every invocation with a fresh server process; CSVs hold the measured frames only (warm-up dropped), ids step.*.e2e, the transport wait and step.frame.wait. Every cell and baseline ran each program of the grid (network.cells[].program; capacity the reference program).',
    frontEnd: { name: 'desktop-host (Mono) and the dashboard Live view (headless Chromium)', version: web?.browser?.browserVersion ?? null },
    environment: {
      ...collectEnvironment({ timerResolutionNs: 100, runtimes: { toxiproxy: TOXIPROXY_VERSION, ...(web?.browser ? { browser: `Chromium ${web.browser.browserVersion}` } : {}) } }),
      loadAverage: { start: loadAtStart, end: load() },
    },
    parameters: {
      rounds: P.frames, warmup: 0, invocations: P.invocations, blocks: 1, ...(P.grid ? { programs: P.programs } : {}),
      command, durationMinutes: Math.round(minutes * 10) / 10,
      network: { profiles: Object.fromEntries(P.profiles.map((p) => [p, PROFILES[p]])), framesPerCell: P.frames, warmupFrames: P.warmup, rateLimitedFrames: P.rateFrames, rateLimitedWarmup: P.rateWarmup, frameTickMs: FRAME_TICK_MS, webFramePeriodMs: web?.framePeriodMs ?? null, inFlight: P.inFlight, pipelineN: P.pipelineN },
    },
    configurations: s.cells.map((c) => configurationOf({ ...c, seed: P.seed })),
    network: { budgetsNs: BUDGETS_NS, breakEvens: s.breakEvens, capacity: cap, invocations: invocationLog,
      cells: s.cells.map(({ files, ...c }) => c) },
  };
  await writeRunRecord(run, { runsDir });
  writeFileSync(join(runDir, 'summary.json'), `${JSON.stringify(reproducibleFigures(run), null, 2)}\n`);
  return { s, run, minutes };
}

function report({ args, s, run, cap, minutes, runDir, publish, reanalyseDir }) {
  if (args.reanalyse) {
    printReport(s, run.network.capacity);
    console.log(`\n[bench:network] re-analysed ${relative(root, reanalyseDir)}/run.json`);
    return;
  }
  printReport(s, cap);
  console.log(`\n[bench:network] ${minutes.toFixed(1)} min; wrote ${relative(root, runDir)}/${publish ? '; added to public/data/manifest.json' : ''}`);
}

/** The re-read run's figures recomputed; its run.json rewritten (capacity kept). */
async function reanalysed({ cells, reanalyseDir: dir, publishedRun: run }) {
  const old = new Map(run.network.cells.map((c) => [c.id, c]));
  const s = summarise(cells);
  for (const c of s.cells) c.figures = { ...(old.get(c.id)?.figures ?? {}), ...c.figures };
  run.network = { ...run.network, breakEvens: s.breakEvens, cells: s.cells.map(({ files, ...c }) => c) };
  run.parameters.reanalysed = `node scripts/bench-network.mjs --reanalyse ${relative(root, dir)}`;
  await writeRunRecord(run, { runsDir: resolve(dir, '..') });
  // The run was published when it was made: nothing to publish again.
  return { s, run, publish: false };
}

runBench({ name: 'bench:network', usage: USAGE, options: OPTIONS, stackTraces: true, parse, plan, measure, analyse, report });
