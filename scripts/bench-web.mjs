#!/usr/bin/env node
// npm run bench:web [-- options]: the web benchmark. Builds what is missing (wasm, js, dashboard), starts
// `vite preview` (COOP/COEP headers: the page's clock ticks at 5 µs) and runs R independent invocations of each
// configuration (N × encoding × pacing × driver) and engine in rounds: round k runs invocation k of every configuration
// in a shuffled order, engines shuffled within it. Each is a fresh headless Chromium (its own profile, driven by
// Playwright or by a bare CDP connection: docs/measurements.md, "Drivers") opening the Live view, and for the WebSocket engine a fresh Node ws server writing its back-end
// CSV; the page drives the same WebGL loop users watch through its window.__bench hook. Each invocation's files stay
// in <configuration>/inv-<k>/ ({wasm,websocket,web_wasm,web_websocket,floors}.csv) and are merged per configuration
// (docs/measurements.md, "Invocations"). Writes run.json and summary.json, appends the run to the manifest, prints
// the invocation-level figures with their 95 % intervals, then the reference analysis of the merged files.
// Scenario as bench:desktop: N = 10 is the reference layout, larger N the random one (seed, mean degree 8, source 0).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureBuilt, steps } from './lib/build-steps.mjs';
import { ENCODINGS, PROGRAMS, REFERENCE_PROGRAM, programSuffix, warmupOfRun } from '../measurement/src/catalogue.mjs';
import { collectEnvironment, writeRunRecord, dataDir, root } from '../measurement/src/runRecordFiles.mjs';
import { BENCH_DRIVERS, launchBenchDriver, startPreview, startWsServer } from './lib/harness.mjs';
import { fmt, ratio, series, median, summarize } from '../measurement/src/webSummary.mjs';
import { scenarioFor } from '../measurement/src/scenario.mjs';
import { DEFAULT_WEB_DRIVER } from '../measurement/src/canonical.mjs';
import { COMMON, WORK_OPTION, WORK_USAGE, checkProgramSpecs, programList } from './lib/cli.mjs';
import { runBench } from './lib/bench.mjs';
import { blockMeans, parseTimingCsvText } from '../measurement/src/analysis.mjs';
import { configurationIntervals, serverRuntimeParts, webTargets } from '../measurement/src/invocations.mjs';
import { formatInterval, formatRatioInterval as formatRatio } from '../measurement/src/format.mjs';
import { verdict } from '../measurement/src/intervals.mjs';
import { clockHonestText } from '../measurement/src/clock.mjs';
import { busyWarning, noiseSummary, processCpuSeconds, processTable, processTreeCpuSeconds, startWindow, threadRuntimes } from '../measurement/src/machineLoadFiles.mjs';
import { calibrationDrift, driftLine, runCalibrationProbe } from '../measurement/src/calibrationFiles.mjs';
import { DEFAULT_SPREAD_SECONDS, parseDuration, waitForRound } from '../measurement/src/spread.mjs';
import { cpuPerStepWindow } from '../measurement/src/cpuPerStep.mjs';
import { runOsFloors } from '../os-floor/osFloor.mjs';
import { mergeInvocations, timingCsv } from '../measurement/src/merge.mjs';
import { mulberry32, shuffled } from '../measurement/src/random.mjs';
import { WEB_FILES, configurationId } from '../measurement/src/assemble.mjs';

const USAGE = `usage: npm run bench:web -- [options]
  --n 10,100,1000          device counts (10 = the reference scenario; larger N = random scenario, same density)
  --pacing frame,free      frame: one step per rendered frame; free: next step as soon as applied
  --engines wasm,websocket in-page Kotlin/Wasm and/or Kotlin/JS in the Node ws server
  --encodings json         json | json-split | batched | binary | binary-step (WebSocket requests), comma-separated
  --programs euclidean     aggregate programs (docs/programs.md), comma-separated specs, parameters as name:key=value
                           (boundedElection:bound=2); one configuration per program, ids suffixed -<spec> (none for
                           euclidean, the reference program); names: ${Object.keys(PROGRAMS).join(', ')}
${WORK_USAGE}
  --rounds 1000            measured steps per engine and configuration (split over the invocations)
  --invocations 5          independent invocations per configuration and engine (>= 2 for an interval)
  --warmup 300             warm-up steps per invocation (also what the reference analysis drops per id): the page's
                           WebSocket step settles after about 250 (docs/measurements.md, "Warm-up")
  --floor-samples N        floor samples per engine (default min(rounds, 1000)), split over the invocations
  --e2e-blocks 250         step.web.e2e.block samples (in-page engine, free pacing), split over the invocations
  --os-floors 1000         samples per OS floor id (floor.os.*: C ping-pong over TCP, Unix socket, shared memory)
                           in every invocation; 0: none (docs/os-floor.md)
  --driver cdp             how the page is driven: playwright (playwright-core, CDP Network domain on) | cdp (no
                           Playwright: Runtime.evaluate on a bare DevTools connection); a list (playwright,cdp) makes
                           one configuration per driver, ids suffixed -<driver> (docs/measurements.md, "Drivers")
  --spread 240s            wall-clock window the invocations are spread over (rounds evenly spaced, engines
                           interleaved within each; 0: back to back): it samples the machine's drift
                           (docs/measurements.md, "Drift")
  --no-calibration         skip the per-invocation calibration (CPU kernel, loopback round trip)
  --seed 1                 random scenario seed (N > 10); also the invocation-order shuffle's
  --run-id ID --title T    run folder name / title (default: <date>-web-<commit>-<time>-<random>; never overwritten)
  --out-dir DIR            runs folder (default public/data/runs; the manifest is only updated there)
  --no-publish             do not append the run to public/data/manifest.json
  --no-build               do not build missing artifacts first`;

const OPTIONS = {
  ...COMMON, ...WORK_OPTION,
  n: { type: 'string', default: '10,100,1000' }, pacing: { type: 'string', default: 'frame,free' },
  rounds: { type: 'string', default: '1000' }, engines: { type: 'string', default: 'wasm,websocket' },
  encodings: { type: 'string', default: 'json' }, programs: { type: 'string', default: REFERENCE_PROGRAM }, invocations: { type: 'string', default: '5' },
  'floor-samples': { type: 'string' }, 'os-floors': { type: 'string', default: '1000' }, seed: { type: 'string', default: '1' }, 'e2e-blocks': { type: 'string', default: '250' },
  warmup: { type: 'string', default: '300' }, driver: { type: 'string', default: DEFAULT_WEB_DRIVER }, title: { type: 'string' }, 'no-build': { type: 'boolean', default: false },
  spread: { type: 'string', default: `${DEFAULT_SPREAD_SECONDS}s` }, 'no-calibration': { type: 'boolean', default: false },
  };

function parse({ cli: { values: a, list, ints, int, fail } }) {
  const nodeCounts = ints('n', 1);
  const pacings = list('pacing', ['frame', 'free']);
  const engines = list('engines', ['wasm', 'websocket']);
  const encodings = list('encodings', [...ENCODINGS.web]);
  const drivers = list('driver', BENCH_DRIVERS);
  const programs = programList(a.programs, Object.keys(PROGRAMS), fail, a.work);
  const rounds = int('rounds', 1);
  const warmup = int('warmup', 0);
  const R = int('invocations', 1);
  const floorSamples = a['floor-samples'] ? int('floor-samples', 0) : Math.min(rounds, 1000);
  const seed = int('seed', 0);
  const e2eBlocks = int('e2e-blocks', 0);
  const spreadSeconds = parseDuration(a.spread);
  if (spreadSeconds === null) fail(`--spread must be a duration such as 120s, 2m or 0, got ${a.spread}`);
  const osFloors = int('os-floors', 0);
  return { a, nodeCounts, pacings, engines, encodings, drivers, programs, rounds, warmup, R, floorSamples, seed, e2eBlocks, spreadSeconds, osFloors };
}

/** The run's folder and its configurations (N × encoding × pacing × driver × program), each with the engines it runs. */
async function plan(ctx) {
  const { nodeCounts, encodings, engines, pacings, drivers, programs, fail } = ctx;
  ctx.runFolder('web', ['collektive-core', 'collektive-wasm', 'collektive-node-server', 'dashboard/src/live', 'dashboard/src/pages/LivePage.tsx', 'measurement']);
  // The engine's registry checks each spec's parameters for every N (the page would only fail an invocation).
  await checkProgramSpecs(programs, nodeCounts, fail);
  const configurationPlans = [];
  for (const n of nodeCounts) {
    for (const encoding of encodings) {
      // The in-page engine does not depend on the WebSocket encoding: measured once per N and pacing.
      const runEngines = encoding === encodings[0] ? engines : engines.filter((e) => e === 'websocket');
      if (!runEngines.length) continue;
      for (const pacing of pacings) {
        for (const driver of drivers) {
          for (const program of programs) {
            configurationPlans.push({ n, encoding, pacing, driver, program, runEngines,
              id: `${configurationId(n, pacing, encoding)}${drivers.length > 1 ? `-${driver}` : ''}${programSuffix(program)}` });
          }
        }
      }
    }
  }
  return { configurationPlans };
}

/** Steps (or samples) of invocation k: `total` split over the R invocations. */
const share = (total, k, R) => Math.floor(total / R) + (k < total % R ? 1 : 0);

/** One invocation of one engine: a fresh browser (and server), its files in `dir`, its noise record. */
async function runEngine(session, p, engine, k, dir) {
  const { warmup, rounds, floorSamples, seed, e2eBlocks, R, preview, bar, sinceStartNs } = session;
  const steps = warmup + share(rounds, k, R);
  const window = startWindow();
  // The static server runs for the whole bench: only its CPU during this window is the invocation's.
  const previewCpu0 = processCpuSeconds(preview.proc.pid) ?? 0;
  const browser = await launchBenchDriver(p.driver);
  session.active = browser;
  session.browserVersion ??= browser.browserVersion;
  let server = null;
  let offsetNs;
  let result;
  let ownCpu = null;
  // CPU per step (docs/os-floor.md, "CPU per step"): every thread of this browser's processes and of the ws server,
  // read just before and just after the page's run (its warm-up, steps, step blocks and floors).
  const cpu = cpuPerStepWindow();
  let cpuPids = null;
  const readCpu = () => cpu.read(0, { frontend: threadRuntimes(cpuPids.frontend), server: cpuPids.server && threadRuntimes(cpuPids.server) });
  // From the browser's launch on, every way out goes through the finally below, which closes what was started (a
  // server that dies before it listens fails the invocation, and the browser goes with it).
  try {
    server = engine === 'websocket' ? await startWsServer({ csv: join(dir, 'websocket.csv') }) : null;
    session.activeServer = server;
    offsetNs = sinceStartNs();
    // The page would wait for replies from a dead server for ever: the server's exit fails the invocation at once.
    const serverDied = server && new Promise((_, reject) => server.proc.once('exit', () => reject(new Error(serverEnd(server)))));
    serverDied?.catch(() => {}); // also settles at the normal stop below, when nothing waits on it
    const guard = (work) => (serverDied ? Promise.race([work, serverDied]) : work);
    await guard(browser.openLive(preview.url, server?.url ?? 'ws://127.0.0.1:9'));
    cpuPids = { frontend: (processTable() ?? []).filter((x) => x.cmd.includes(browser.profile)).map((x) => x.pid), server: server ? [server.proc.pid] : null };
    readCpu();
    result = await guard(browser.run({
      nodeCount: p.n, pacing: p.pacing, rounds: steps, engines: [engine], wsUrl: server?.url, encoding: p.encoding, program: p.program,
      floorSamples: share(floorSamples, k, R), scenario: scenarioFor(p.n), seed, e2eBlocks: e2eBlocks > 0 ? warmup + Math.ceil(e2eBlocks / R) : 0,
      e2eBlockSteps: p.e2eBlockSteps ?? undefined,
    }, ({ steps: s }) => bar.update(session.doneBefore + s, { engine, steps: s, rounds: steps })));
    readCpu();
    // The measured processes: every Chromium process of this profile, the ws server, the static server.
    ownCpu = (processTreeCpuSeconds(browser.profile) ?? 0) + (server ? processCpuSeconds(server.proc.pid) ?? 0 : 0) + ((processCpuSeconds(preview.proc.pid) ?? previewCpu0) - previewCpu0);
  } catch (e) {
    // A dead server makes the page fail too: name the server then (its exit says how it ended).
    if (server && (server.proc.exitCode !== null || server.proc.signalCode !== null)) throw new Error(`${serverEnd(server)}\n(then the page: ${e.message.split('\n')[0]})`);
    throw /closed the DevTools connection|Target closed|Browser closed|browser has been closed/i.test(e.message)
      ? new Error(`Chromium ended during the invocation (crashed or killed): ${e.message.split('\n')[0]}`) : e;
  } finally {
    await browser.close().catch(() => {});
    session.active = null;
    session.activeServer = null;
    if (server) {
      const code = await server.stop('SIGTERM');
      if (code !== 0) throw new Error(serverEnd(server));
    }
  }
  session.doneBefore += steps;
  bar.update(session.doneBefore);
  if (engine === 'wasm') {
    writeFileSync(join(dir, 'wasm.csv'), result.backendWasm ?? 't_ns,id,duration_ns\n');
    writeFileSync(join(dir, 'web_wasm.csv'), result.frontend.wasm);
  } else writeFileSync(join(dir, 'web_websocket.csv'), result.frontend.websocket);
  const noise = window.end({ ownCpuSeconds: ownCpu });
  // Steps the page ran in that window: per-step ones and those inside the step blocks.
  const frontRows = parseTimingCsvText(result.frontend[engine]);
  const stepsRun = frontRows.filter((r) => r.id === 'step.web.e2e').length
    + frontRows.filter((r) => r.id === 'step.web.e2e.block').length * (result.e2eBlockSteps ?? 0);
  const cpuPerStepNs = cpu.perStep(stepsRun);
  return { result, offsetNs, noise: { ...noise, cpus: null, cpuPerStepNs } };
}

/** How the ws server ended, for an invocation's error (exit 74: its CSV is incomplete, docs/protocol.md). */
function serverEnd(server) {
  const { exitCode, signalCode } = server.proc;
  return `the Node ws server ${signalCode ? `was killed by ${signalCode}` : `exited with ${exitCode}`}${server.output().trim() ? `:\n${server.output().trim().split('\n').slice(-5).join('\n')}` : ''}`;
}

/** Rounds of invocations: round k runs invocation k of every configuration, shuffled, engines shuffled within each. */
async function measure(ctx) {
  const { a, osFloors, R, rounds, warmup, seed, spreadSeconds, configurationPlans, runDir, onStop } = ctx;
  if (!a['no-build']) await ensureBuilt(['wasm', 'js', 'dashboard', ...(osFloors > 0 ? ['os-floor'] : [])].filter((s) => steps.has(s)));
  mkdirSync(runDir, { recursive: true });
  const rng = mulberry32(seed * 2654435761);
  const shuffle = (xs) => shuffled(xs, rng);
  const t0 = process.hrtime.bigint();
  const sinceStartNs = () => Number(process.hrtime.bigint() - t0);
  const preview = await startPreview();
  const bar = ctx.progressBar({
    format: '{bar} {percentage}% | {config} inv {inv} {engine} {steps}/{rounds} | {eta_formatted} left', hideCursor: true,
    noTTYOutput: true, notTTYSchedule: 5000, // progress lines in logs too (CI, redirected output)
  });
  const total = configurationPlans.reduce((s, p) => s + p.runEngines.length * (rounds + R * warmup), 0);
  // What runEngine reads and updates: the static server, the bar and its count, the browser and server running now.
  const session = { ...ctx, sinceStartNs, preview, bar, doneBefore: 0, browserVersion: null, active: null, activeServer: null };
  // Ctrl-C, or a SIGTERM from a job runner: what this bench started (the browser, the ws server, the static server)
  // stops with it, and the exit code says which signal ended the run.
  onStop(async (signal) => {
    bar.stop();
    await Promise.all([session.active?.close().catch(() => {}), session.activeServer?.stop('SIGTERM').catch(() => {}), preview.stop().catch(() => {})]);
    return `[bench:web] stopped by ${signal}. ${ctx.notPublished()}`;
  });
  let timerResolutionNs = null;
  let coi = null;
  const measured = new Map(configurationPlans.map((p) => [p.id, []]));
  const configurationOrders = [];
  bar.start(total, 0, { config: '', inv: '', engine: '', steps: 0, rounds });
  try {
    // Rounds: round k runs invocation k of every configuration in a shuffled order, so configurations compared with
    // each other (e.g. --driver playwright,cdp) see the same drift of the machine.
    const roundsStartedAt = Date.now();
    for (let k = 0; k < R; k += 1) {
      await waitForRound(k, R, spreadSeconds, roundsStartedAt, (ms) => bar.update(session.doneBefore, { config: `waiting ${(ms / 1000).toFixed(0)} s (--spread)`, inv: `${k + 1}/${R}`, engine: '' }));
      const round = shuffle(configurationPlans);
      configurationOrders.push(round.map((p) => p.id));
      for (const p of round) {
        const dir = join(runDir, p.id, `inv-${k}`);
        mkdirSync(dir, { recursive: true });
        const order = shuffle(p.runEngines);
        const inv = { index: k, order, runs: {} };
        // The calibration workload right before the engines (docs/measurements.md, "Drift").
        if (!a['no-calibration']) inv.calibration = await runCalibrationProbe();
        for (const engine of order) {
          bar.update(session.doneBefore, { config: p.id, inv: `${k + 1}/${R}`, engine, steps: 0 });
          try {
            inv.runs[engine] = await runEngine(session, p, engine, k, dir);
          } catch (e) {
            throw new Error(`invocation ${p.id} inv-${k} (${engine}) failed: ${e.message}\n${ctx.notPublished()}`);
          }
          const r = inv.runs[engine].result;
          if (engine === 'wasm' && r.e2eBlockSteps) p.e2eBlockSteps ??= r.e2eBlockSteps;
          timerResolutionNs = Math.max(timerResolutionNs ?? 0, r.timerResolutionNs);
          coi = coi === null ? r.crossOriginIsolated : coi && r.crossOriginIsolated;
        }
        // The OS floors of this invocation (docs/os-floor.md), after its engines; the web keeps its floors' warm-up
        // (invocations.mjs), so the program's own warm-up samples are left out here.
        const osOffsetNs = sinceStartNs();
        const os = osFloors > 0 ? await runOsFloors({ roundTrips: osFloors, warmup }) : null;
        const origin = Math.min(...Object.values(inv.runs).map((x) => x.offsetNs));
        const seen = new Map();
        const osRows = (os?.rows ?? []).filter((r) => { const n = (seen.get(r.id) ?? 0) + 1; seen.set(r.id, n); return n > warmup; })
          .map((r) => ({ ...r, t: r.t + osOffsetNs - origin }));
        // One floors.csv per invocation: both engines' floor samples, each on its own page's clock, and the OS floors.
        writeFileSync(join(dir, 'floors.csv'), timingCsv([...order.flatMap((e) => parseTimingCsvText(inv.runs[e].result.floors)), ...osRows].sort((x, y) => x.t - y.t)));
        measured.get(p.id).push(inv);
      }
    }
  } finally {
    bar.stop();
    await preview.stop().catch(() => {});
  }
  return { measured, configurationOrders, timerResolutionNs, coi, browserVersion: session.browserVersion, t0 };
}

/** Each configuration's merged files (its invocations' without the later warm-ups) and run.json. */
async function write(ctx) {
  const { a, nodeCounts, pacings, drivers, programs, rounds, warmup, R, floorSamples, osFloors, seed, spreadSeconds, configurationPlans, measured, configurationOrders,
    timerResolutionNs, coi, browserVersion, t0, runId, runsDir, runDir, createdAt, commit, command } = ctx;
  const configurations = [];
  const mergedConfigurations = [];
  for (const p of configurationPlans) {
    const invocations = measured.get(p.id);
    // Merge and describe.
    const dir = join(runDir, p.id);
    const has = (e) => p.runEngines.includes(e);
    const engineOf = { wasm: 'wasm', webWasm: 'wasm', websocket: 'websocket', webWebsocket: 'websocket', floors: null };
    const rowsOf = (k, name) => (existsSync(join(runDir, p.id, `inv-${k}`, name)) ? parseTimingCsvText(readFileSync(join(runDir, p.id, `inv-${k}`, name), 'utf8')) : null);
    const offsetOf = (inv, key) => (engineOf[key] ? inv.runs[engineOf[key]].offsetNs : Math.min(...Object.values(inv.runs).map((x) => x.offsetNs)));
    const files = [];
    const present = WEB_FILES.filter(([key]) => !engineOf[key] || has(engineOf[key]));
    for (const [key, name, side, transport] of present) {
      const merged = mergeInvocations(invocations.map((inv, k) => ({ rows: rowsOf(k, name), offsetNs: offsetOf(inv, key) })),
        (id) => (key === 'floors' ? 0 : warmup));
      writeFileSync(join(dir, name), timingCsv(merged));
      files.push({ file: `${p.id}/${name}`, side, platform: 'web', transport });
    }
    const first = invocations[0].runs[p.runEngines[0]].result;
    const wasmResult = invocations[0].runs.wasm?.result;
    configurations.push({
      id: p.id, title: `Web, ${scenarioFor(p.n)} scenario, N=${p.n}, ${p.pacing} pacing, ${p.encoding}${drivers.length > 1 ? `, driven by ${p.driver}` : ''}${programSuffix(p.program) ? `, program ${p.program}` : ''}`, scenario: scenarioFor(p.n), nodeCount: p.n, maxDistance: 3,
      seed: scenarioFor(p.n) === 'random' ? seed : null, meanDegree: first.meanDegree === null ? null : Math.round(first.meanDegree * 1000) / 1000,
      pacing: p.pacing, tickMs: p.pacing === 'frame' ? Math.round(first.framePeriodMs * 1000) / 1000 : null, timeScale: 1,
      encoding: p.encoding, driver: p.driver, ...(programSuffix(p.program) ? { program: p.program } : {}), files, floorNoopBatch: first.noopBatch, framePeriodMs: first.framePeriodMs,
      ...(wasmResult?.e2eBlockSteps ? { e2eBlockSteps: wasmResult.e2eBlockSteps } : {}),
      invocations: invocations.map((inv, k) => ({
        index: k, dir: `${p.id}/inv-${k}`, order: inv.order,
        files: present.map(([, name, side, transport]) => ({ file: `${p.id}/inv-${k}/${name}`, side, platform: 'web', transport })),
        paths: Object.fromEntries(inv.order.map((e) => [e, inv.runs[e].noise])),
        ...(inv.calibration ? { calibration: inv.calibration } : {}),
      })),
    });
    mergedConfigurations.push({ p, dir, invocations, present, rowsOf, first, wasmResult });
  }
  const wallSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const run = {
    schemaVersion: 1,
    id: runId,
    title: a.title ?? `Web (Chromium ${browserVersion?.split('.')[0] ?? '?'} headless), N=${nodeCounts.join('/')}, ${pacings.join(' and ')} pacing, ${R} invocations`,
    kind: 'web',
    createdAt,
    commit,
    description: `Live view driven by scripts/bench-web.mjs: Kotlin/Wasm in the page vs Kotlin/JS in Node behind a WebSocket (ws), ${R} independent invocations per configuration and engine (a fresh Chromium with its own profile, a fresh ws server), in rounds (round k: invocation k of every configuration, shuffled), engines in a shuffled order per invocation; page driven by ${drivers.join(' and ')} (configuration field driver; docs/measurements.md, "Drivers"); each invocation's files in <configuration>/inv-<k>/, merged per configuration without the later invocations' warm-up. Encoding per configuration: json = the reference requests (one newPosition per device, then step) as one text message of JSON lines per frame, the bytes the desktop front-end writes to its socket; json-split = the same requests, one WebSocket message each; batched = positions inside the step request; binary = binary positions and state frames; binary-step = one binary message per frame, the step request with its positions, and a binary state back. three.js apply; N = 10 reference scenario, larger N random scenario (seed ${seed}, mean degree 8, source 0), as bench:desktop. Wasm no-op floor samples are means over ${configurations[0]?.floorNoopBatch ?? '?'} calls; step.web.e2e.block samples (in-page engine, free pacing) are means over e2eBlockSteps back-to-back steps. crossOriginIsolated: ${coi}.`,
    frontEnd: { name: 'dashboard Live view (three.js, headless Chromium)', version: browserVersion },
    environment: collectEnvironment({
      timerResolutionNs,
      runtimes: { browser: `Chromium ${browserVersion}`, vite: JSON.parse(readFileSync(join(root, 'node_modules/vite/package.json'), 'utf8')).version },
    }),
    parameters: { rounds, warmup, invocations: R, floorSamples, osFloors, crossOriginIsolated: coi, drivers, programs, configurationOrders, spreadSeconds, wallSeconds: Number(wallSeconds.toFixed(1)), command },
    configurations,
  };
  await writeRunRecord(run, { runsDir });
  return { run, mergedConfigurations };
}

/** Each configuration's invocation-level figures and the reference analysis of its merged files, the machine's noise; summary.json. */
function analyse(ctx) {
  const { a, warmup, configurationPlans, measured, timerResolutionNs, mergedConfigurations, run, runId, createdAt, runDir, spreadSeconds, R, publish } = ctx;
  const summaries = [];
  for (const { p, dir, invocations, present, rowsOf, first, wasmResult } of mergedConfigurations) {
    const read = (f) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : null);
    const h = configurationIntervals(invocations.map((inv, k) => ({
      files: Object.fromEntries(present.map(([key, name]) => [key, rowsOf(k, name)]).filter(([, rows]) => rows)),
    })), { platform: 'web', warmup, clock: { resolutionNs: timerResolutionNs, blockSteps: wasmResult?.e2eBlockSteps ?? 1, floorBatch: first.noopBatch ?? 1 },
      cpuPerStep: invocations.map((inv) => Object.fromEntries(Object.entries(inv.runs).map(([e, x]) => [e, x.noise.cpuPerStepNs]))) });
    summaries.push({ id: p.id, n: p.n, pacing: p.pacing, encoding: p.encoding, driver: p.driver, program: p.program, k: wasmResult?.e2eBlockSteps ?? null, h,
      s: summarize({ wasm: read('wasm.csv'), websocket: read('websocket.csv'), webWasm: read('web_wasm.csv'), webWebsocket: read('web_websocket.csv'), floors: read('floors.csv') }, warmup) });
  }
  const warnings = [];
  // Noise, said once: the busy rule over every path invocation, and the calibration's drift over the run.
  const noise = configurationPlans.flatMap((p) => measured.get(p.id).flatMap((inv) => Object.values(inv.runs).map((x) => x.noise)));
  const busyLine = busyWarning(noise);
  const drift = a['no-calibration'] ? null : calibrationDrift(configurationPlans.flatMap((p) => measured.get(p.id).map((inv) => inv.calibration)));
  warnings.push(busyLine ? `warning: ${busyLine}` : `busy rule: none of ${noise.length} path invocations flagged`);
  if (drift) warnings.push(driftLine(drift));
  const summary = {
    runId, createdAt, units: 'ns for durations, × for ratios',
    method: 'estimate = mean over invocations of each invocation\'s statistic; ci95 = two-level percentile bootstrap over invocations then samples (docs/measurements.md, "Intervals")',
    // The machine while the run sampled it (docs/measurements.md, "Drift" and "Noise control"): drift.drifted marks the run.
    spreadSeconds, drift, busy: noiseSummary(noise),
    configurations: summaries.map(({ id, h, s }) => ({ id, invocations: h.invocations, ratios: h.ratios, paths: h.paths, reference: s })),
  };
  writeFileSync(join(runDir, 'summary.json'), `${JSON.stringify(summary, (k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`);
  console.log(`\nwrote ${relative(root, runDir) || runDir}/ (run.json, summary.json, ${run.configurations.length} configuration folder(s) with ${R} invocation folders each)${publish ? '; added to public/data/manifest.json' : ''}`);
  return { summaries, warnings };
}

// Desktop native e2e on this machine, for the cross-platform target: the newest desktop run's n10-free configuration.
function desktopNativeE2e() {
  try {
    const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
    for (const entry of [...manifest.runs].reverse().filter((r) => r.kind === 'desktop')) {
      const r = JSON.parse(readFileSync(join(dataDir, entry.run), 'utf8'));
      const c = r.configurations.find((x) => x.nodeCount === 10 && x.pacing === 'free');
      const f = c?.files.find((x) => x.side === 'frontend' && x.transport === 'native');
      if (!f) continue;
      // That run's own warm-up (the desktop bench's default differs from this one's).
      const s = series(readFileSync(join(dataDir, 'runs', entry.id, f.file), 'utf8'), warmupOfRun(r));
      const e2e = s.get('step.unity.e2e');
      return { run: entry.id, e2e: median(e2e), e2eBlock: (k) => median(blockMeans(e2e, k)) };
    }
  } catch { /* no desktop run */ }
  return null;
}

/** The invocation-level figures, the OS floors, the reference analysis and the targets at N = 10 (free pacing). */
function report({ runId, browserVersion, coi, timerResolutionNs, rounds, R, warmup, summaries, warnings, encodings, programs }) {
  console.log(`\nrun ${runId}: Chromium ${browserVersion}, crossOriginIsolated ${coi}, timer resolution ${fmt(timerResolutionNs)}, ${rounds} rounds over ${R} invocations, warm-up ${warmup} per invocation`);
  console.log('\n== invocation level: mean over invocations of each invocation\'s median [95 % CI, two-level bootstrap over invocations then steps]');
  const W = 34;
  const idW = Math.max(22, ...summaries.map((x) => x.id.length + 2));
  // Intervals widened by the page's clock; a per-step figure within three ticks of it is a bound, and the e2e ratio
  // divides mean steps (the Wasm side from back-to-back blocks) where the Wasm step is that short (docs/measurements.md, "Clock resolution").
  const cell = (f) => (f?.clock?.limited ? clockHonestText(f, fmt) : formatInterval(f, fmt));
  /** @type {[string, (h: any) => any][]} */
  const cols = [['wasm e2e (median step)', (h) => h.paths.wasm?.e2e_median], ['wasm e2e (block mean)', (h) => h.paths.wasm?.e2eBlock_mean], ['ws e2e (median)', (h) => h.paths.websocket?.e2e_median],
    ['ws e2e (mean)', (h) => h.paths.websocket?.e2e_mean], ['ws transport', (h) => h.paths.websocket?.transport_median]];
  const e2eRatio = (h) => (h.ratios.e2e_mean ?? (h.ratios.e2e_median?.clock?.limited ? null : h.ratios.e2e_median));
  console.log(['config'.padEnd(idW), ...cols.map(([c]) => c.padEnd(W)), 'ws/wasm e2e'.padEnd(26), 'paired'.padEnd(26), 'transport/echo'].join(''));
  for (const { id, h } of summaries) {
    const paired = h.ratios.e2e_mean_paired ?? h.ratios.e2e_median_paired;
    console.log([id.padEnd(idW), ...cols.map(([, f]) => cell(f(h)).padEnd(W)),
      (e2eRatio(h) ? formatRatio(e2eRatio(h)) : 'clock-limited').padEnd(26), (paired ? formatRatio(paired) : '–').padEnd(26),
      h.ratios.transport_echo_median ? formatRatio(h.ratios.transport_echo_median) : '–'].join(''));
  }
  // The OS floors and what a step costs in CPU (docs/os-floor.md), for the runs that measured them.
  /** @type {[string, (h: any) => any][]} */
  const osCols = [['OS tcp', (h) => h.paths.websocket?.osTcp_median], ['OS uds', (h) => h.paths.websocket?.osUds_median],
    ['OS shm spin', (h) => h.paths.websocket?.osShmSpin_median], ['OS shm futex', (h) => h.paths.websocket?.osShmFutex_median],
    ['CPU/step page (wasm)', (h) => h.paths.wasm?.cpuFrontend_perStep], ['CPU/step page (ws)', (h) => h.paths.websocket?.cpuFrontend_perStep],
    ['CPU/step ws server', (h) => h.paths.websocket?.cpuServer_perStep]];
  if (summaries.some(({ h }) => osCols.some(([, f]) => f(h)))) {
    console.log('\n== OS floors (C round trip between two processes) and CPU per step of each process [95 % CI over invocations]');
    console.log(['config'.padEnd(idW), ...osCols.map(([c]) => c.padEnd(W)), 'ws transport / OS tcp'.padEnd(26), 'ws e2e / OS tcp'].join(''));
    for (const { id, h } of summaries) {
      console.log([id.padEnd(idW), ...osCols.map(([, f]) => formatInterval(f(h), fmt).padEnd(W)),
        (h.ratios.transport_os_median ? formatRatio(h.ratios.transport_os_median) : '–').padEnd(26), h.ratios.e2e_os_median ? formatRatio(h.ratios.e2e_os_median) : '–'].join(''));
    }
    // Where the WebSocket e2e goes, layer by layer above the OS floor (medians do not add up exactly: docs/os-floor.md).
    for (const { id, h } of summaries) {
      const w = h.paths.websocket;
      if (!w?.transportAboveOs_median) continue;
      const parts = [['OS floor (TCP)', 'osFloor'], ['transport above it', 'transportAboveOs'], ...serverRuntimeParts(w), ['engine (compute)', 'compute'], ['page send', 'send']];
      console.log(`${id}: ws e2e ${formatInterval(w.e2e_median, fmt)} = ${parts.map(([l, k]) => `${l} ${formatInterval(w[`${k}_median`], fmt)}`).join(' + ')} + parse, apply, frame wait and the rest`);
    }
  }
  console.log('\n== reference analysis of the merged files (all invocations pooled; medians)');
  const header = ['config', 'wasm compute', 'wasm call', 'in-page ovh (mean)', 'noop', 'wasm e2e', 'e2e block (K)', 'ws compute', 'ws service', 'ws send', 'ws wait', 'transport', 'echo', 'transport/echo', 'ws e2e', 'ws/wasm e2e', 'frame.wait ws', 'wait/e2e ws', 'period wasm', 'period ws'];
  const rows = summaries.map(({ id, k, s }) => [
    id, fmt(s.wasm.compute), fmt(s.wasm.call), `${fmt(s.wasm.inPageOverhead)} (${fmt(s.wasm.inPageOverheadMean)})`, fmt(s.wasm.noopFloor), fmt(s.wasm.e2e),
    k ? `${fmt(s.wasm.e2eBlock)} (${k})` : '–',
    fmt(s.websocket.compute), fmt(s.websocket.service), fmt(s.websocket.send), fmt(s.websocket.wait), fmt(s.websocket.transport), fmt(s.websocket.echoFloor),
    ratio(s.websocket.transport, s.websocket.echoFloor), fmt(s.websocket.e2e), ratio(s.websocket.e2e, s.wasm.e2e),
    fmt(s.websocket.frameWait), ratio(s.websocket.frameWait, s.websocket.e2e), fmt(s.wasm.period), fmt(s.websocket.period),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padStart(widths[i])).join('  ');
  console.log(line(header));
  for (const r of rows) console.log(line(r));

  const n10 = summaries.find((x) => x.n === 10 && x.pacing === 'free' && x.encoding === encodings[0]
    && x.program === (programs.includes(REFERENCE_PROGRAM) ? REFERENCE_PROGRAM : programs[0]));
  if (n10) {
    const d = desktopNativeE2e();
    const { wasm } = n10.s;
    const { h } = n10;
    const show = (x, f) => (x ? `${f(x.estimate)}${x.ci95 ? ` [${f(x.ci95[0])}, ${f(x.ci95[1])}]` : ' (no interval)'}` : '–');
    const fx = (x) => `${x.toFixed(2)}×`;
    console.log('\ntargets (N=10, free; met only when the whole 95 % interval over invocations is within the limit):');
    const inPage = h.paths.wasm?.inPage_median;
    console.log(`  ${(inPage ? verdict(inPage, 10000) : 'no data').toUpperCase()}: Wasm in-page overhead (call − compute) ${show(inPage, fmt)} ≤ 10 µs (clock resolution ${fmt(timerResolutionNs)}; merged mean ${fmt(wasm.inPageOverheadMean)})`);
    const te = h.ratios.transport_echo_median;
    console.log(`  ${(te ? verdict(te, 2) : 'no data').toUpperCase()}: WebSocket transport (wait − service) / echo floor ${show(te, fx)} ≤ 2×`);
    for (const t of webTargets(h)) console.log(`  ${t.verdict.toUpperCase()}: ${t.name.replace(/ ≤ .*/, '')} ${show(t, fmt)} ≤ ${fmt(t.limit)}`);
    // The WebSocket targets hold for any encoding: each other encoding's N = 10, free configuration of this run too.
    for (const other of summaries.filter((x) => x !== n10 && x.n === 10 && x.pacing === 'free' && x.program === n10.program && x.driver === n10.driver)) {
      for (const t of webTargets(other.h)) console.log(`  ${t.verdict.toUpperCase()}: ${t.name.replace(/ ≤ .*/, '')}, ${other.id} ${show(t, fmt)} ≤ ${fmt(t.limit)}`);
    }
    if (h.ratios.transport_os_median) console.log(`  beside it, × OS floor (no target): transport / OS floor (C TCP round trip) ${show(h.ratios.transport_os_median, fx)}, e2e / OS floor ${show(h.ratios.e2e_os_median, fx)}`);
    for (const { id, h: x } of summaries.filter((c) => c.n === 10 && c.pacing === 'free' && c.h.paths.websocket?.overheadBeyondEcho_median)) {
      const w = x.paths.websocket;
      console.log(`  beside the overhead, the server's own floor (no target), ${id}: its echo (request in hand → echo written) ${show(w.echoService_median, fmt)}; back-end overhead beyond it ${show(w.overheadBeyondEcho_median, fmt)}; OS TCP round trip ${show(w.osTcp_median, fmt)}`);
    }
    if (d && Number.isFinite(wasm.e2eBlock)) {
      // Same statistic on both sides: median over blocks of K consecutive steps of the mean step (the desktop's
      // per-step samples, 100 ns clock, grouped into blocks of the web run's K). Two runs: a point comparison.
      const desk = d.e2eBlock(n10.k);
      console.log(`  web Wasm e2e, mean of ${n10.k} back-to-back steps ${fmt(wasm.e2eBlock)} vs desktop native e2e, same blocks ${fmt(desk)} (run ${d.run}; per-step median ${fmt(d.e2e)}) = ${ratio(wasm.e2eBlock, desk)} (target ≤ 1.5×, point estimates of two runs): ${wasm.e2eBlock <= 1.5 * desk ? 'met' : 'NOT met'}`);
    } else if (d) console.log(`  web Wasm e2e ${fmt(wasm.e2e)} vs desktop native e2e ${fmt(d.e2e)} (run ${d.run}) = ${ratio(wasm.e2e, d.e2e)} (target ≤ 1.5×, point estimates): ${wasm.e2e <= 1.5 * d.e2e ? 'met' : 'NOT met'}`);
    else console.log('  web Wasm e2e vs desktop native e2e: no desktop run with an n10-free native configuration in the manifest');
  }
  for (const w of warnings) console.log(w);
}

runBench({ name: 'bench:web', usage: USAGE, options: OPTIONS, parse, plan, measure, write, analyse, report });
