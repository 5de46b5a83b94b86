#!/usr/bin/env node
// npm run bench:desktop [-- options]: the canonical desktop benchmark. Builds what is missing (native .so, JVM
// server, C# host), then per configuration (N × pacing × encoding) runs R independent invocations of the native
// and the socket path, interleaved, the order shuffled per invocation so machine drift hits both alike: each
// invocation is a fresh C# host, and for the socket path a fresh JVM server writing its back-end CSV. Each
// invocation's files stay in <configuration>/inv-<k>/ (reference names); they are also merged into the four
// reference-named CSVs per configuration (+ floors.csv). Written to public/data/runs/<run-id>/ with run.json and
// summary.json; the run is appended to the manifest. Ends with the invocation-level figures and their 95 % intervals
// (docs/measurements.md, "Intervals"), the targets as statistical verdicts, the growth with N.
// Phases (scripts/lib/bench.mjs): parse, plan (configurations, orders), measure (this file + desktop-host), write
// (merged files + run.json), analyse (measurement/src/: figures, summary.json), report (measurement/src/desktopSummary*.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import { ensureBuilt, root } from './lib/build-steps.mjs';
import { DESKTOP_SERVERS, DESKTOP_TRANSPORTS, ENCODINGS, PROGRAMS, REFERENCE_DESKTOP_SERVER, REFERENCE_DESKTOP_TRANSPORT, REFERENCE_PROGRAM, osFloorOfTransport, programSuffix, withWorkLevels, workOfSpec } from '../measurement/src/catalogue.mjs';
import { ENGINE_PRESETS } from '../measurement/src/enginePresets.mjs';
import { collectEnvironment, writeRunRecord } from '../measurement/src/runRecordFiles.mjs';
import { buildDir, hostEnv, nativeLibDir } from './lib/toolchain.mjs';
import { analyseConfiguration } from '../measurement/src/analysis.mjs';
import { readTimingCsv } from '../measurement/src/timingFiles.mjs';
import { desktopConfigurationEntry, desktopConfigurations, desktopOrders } from '../measurement/src/assemble.mjs';
import { mergeInvocationFiles } from '../measurement/src/timingFiles.mjs';
import { configurationIntervals } from '../measurement/src/invocations.mjs';
import { busyWarning, noiseSummary, processCpuSeconds, processTree, startWindow, threadRuntimes } from '../measurement/src/machineLoadFiles.mjs';
import { calibrationDrift, driftLine, runCalibrationProbe } from '../measurement/src/calibrationFiles.mjs';
import { DEFAULT_DESKTOP_INVOCATIONS, DEFAULT_SPREAD_SECONDS, parseDuration, waitForRound } from '../measurement/src/spread.mjs';
import { cpuPerStepWindow } from '../measurement/src/cpuPerStep.mjs';
import { runOsFloors } from '../os-floor/osFloor.mjs';
import { timingCsv } from '../measurement/src/merge.mjs';
import { reportTargets, summaryJson } from '../measurement/src/desktopSummary.mjs';
import { printReport } from '../measurement/src/desktopSummaryFiles.mjs';
import { JVM_SERVER_JAR, NATIVE_SERVER_EXE, startJvmServer, startNativeServer } from './lib/jvm-server.mjs';
import { COMMON, WORK_OPTION, WORK_USAGE, checkProgramSpecs, orderSeedOf, programList } from './lib/cli.mjs';
import { runBench } from './lib/bench.mjs';
import { RANDOM_SCENARIO, desktopHostArgs } from './lib/desktopHost.mjs';

const USAGE = `usage: npm run bench:desktop -- [options]
  --n 10[,100,1000]        device counts (10 = the reference scenario; larger N = random scenario, same density)
  --pacing fixed,free      pacings to run (fixed: polled once per tick, the reference study's scene; free: next step
                           as soon as applied; frame: one step per tick, awaited within it: both paths paced alike)
  --encodings json         json (reference protocol) | batched | binary, comma-separated
  --programs euclidean     aggregate programs (docs/programs.md), comma-separated specs, parameters as
                           name:key=value (boundedElection:bound=2,countDevices); one configuration per program,
                           ids suffixed -<spec> except for euclidean, the reference program; names:
                           ${Object.keys(PROGRAMS).join(', ')}
${WORK_USAGE}
  --rounds 1000            measured frames per path and configuration (split over the invocations)
  --warmup 30              warm-up frames per invocation (also what the reference analysis drops per id)
  --invocations 20         independent invocations per configuration and path (>= 2 for an interval); each
                           runs native and socket, fresh processes, in random order
  --tick-ms 20 --time-scale 1   fixed and frame pacing: tick of tickMs/timeScale ms real time
  --floors 200             floor samples per path (P/Invoke no-op, JSON echo), spread over the invocations
  --floor-batch 100        no-op calls averaged per floor.native.noop sample (the clock ticks in 100 ns)
  --os-floors 1000         samples per OS floor id (floor.os.*: C ping-pong over TCP, Unix socket, shared memory)
                           in every invocation after its warm-up; 0: none (docs/os-floor.md)
  --seed 1 --mean-degree 8 --max-distance 3   random scenario (N > 10)
  --pin                    pin with taskset: front-end on --pin-frontend (1), JVM server on --pin-server (0)
  --transports tcp         out-of-process transports, one configuration per value: tcp (loopback TCP, the reference
                           protocol), uds (Unix domain socket), shm (shared memory); ids of uds/shm suffixed
                           -uds / -shm (docs/protocol.md, "Transports")
  --servers jvm            out-of-process servers, one configuration per server and transport it serves: jvm (the
                           Kotlin/JVM server, every transport), native (the Kotlin/Native shared-memory server: the
                           in-process library's engine in its own process; shm only); ids suffixed -native
                           (docs/protocol.md, "Servers")
  --families F[,F...]      out-of-process configurations by family, transport-encoding-server (tcp-json-jvm: the
                           reference design; shm-binary-native: the best), instead of every combination of
                           --transports × --encodings × --servers (docs/cost-model.md)
  --engine-preset ID       beside each configuration, the same at a named engine's cost per device and round, each
                           path at its own figure (work=W, docs/programs.md, "Work"): ${ENGINE_PRESETS.map((x) => x.id).join(', ')};
                           ids suffixed -<ID> (docs/cost-model.md)
  --spin-us 50             socket engine: µs the frame loop spins before blocking on a response
  --server-spin-us 50      JVM server: µs a connection polls for the next request before blocking on the read;
                           a list (0,50) makes one configuration per value, ids suffixed -sspin<µs>
                           (docs/profiles.md, "The fixes")
  --spread 240s            wall-clock window the invocations are spread over (rounds evenly spaced, paths
                           interleaved within each; 0: back to back): it samples the machine's drift
                           (docs/measurements.md, "Drift"; default from measurements on this project's VM)
  --no-calibration         skip the per-invocation calibration (CPU kernel, loopback round trip)
  --spins S[,S...]         client and server spin together, one configuration per value (overrides --spin-us and
                           --server-spin-us); 0 = the non-spinning variant (both block at once); ids suffixed
                           -spin<µs> when several values
  --order-seed S           seed of the invocation-order shuffle (default: random, recorded in run.json)
  --run-id ID --title T    run folder name / title (default: <date>-desktop-<commit>-<time>-<random>; an existing
                           run folder is never overwritten)
  --out-dir DIR            runs folder (default public/data/runs; the manifest is only updated there)
  --no-publish             do not append the run to public/data/manifest.json
  --quiet                  no progress bar`;

const OPTIONS = {
  ...COMMON, ...WORK_OPTION,
  n: { type: 'string', default: '10' }, pacing: { type: 'string', default: 'fixed,free' },
  encodings: { type: 'string', default: 'json' }, programs: { type: 'string', default: REFERENCE_PROGRAM }, rounds: { type: 'string', default: '1000' },
  warmup: { type: 'string', default: '30' }, invocations: { type: 'string', default: String(DEFAULT_DESKTOP_INVOCATIONS) },
  'tick-ms': { type: 'string', default: '20' }, 'time-scale': { type: 'string', default: '1' },
  floors: { type: 'string', default: '200' }, 'floor-batch': { type: 'string', default: '100' }, 'os-floors': { type: 'string', default: '1000' },
  seed: { type: 'string', default: String(RANDOM_SCENARIO.seed) }, 'mean-degree': { type: 'string', default: String(RANDOM_SCENARIO.meanDegree) },
  'max-distance': { type: 'string', default: '3' }, pin: { type: 'boolean', default: false },
  'pin-frontend': { type: 'string', default: '1' }, 'pin-server': { type: 'string', default: '0' },
  'spin-us': { type: 'string', default: '50' }, 'server-spin-us': { type: 'string', default: '50' }, 'order-seed': { type: 'string' },
  spread: { type: 'string', default: `${DEFAULT_SPREAD_SECONDS}s` }, 'no-calibration': { type: 'boolean', default: false },
  families: { type: 'string' }, 'engine-preset': { type: 'string' }, transports: { type: 'string', default: 'tcp' }, servers: { type: 'string', default: REFERENCE_DESKTOP_SERVER }, spins: { type: 'string' },
  title: { type: 'string' }, quiet: { type: 'boolean', default: false },
};

/** The command line: the run's parameters (P), checked before anything runs (the program specs by the engine). */
async function parse({ cli }) {
  const { values: args, fail, list, int, positive: num } = cli;
  const P = {
    nodeCounts: list('n').map(Number), pacings: list('pacing', ['fixed', 'free', 'frame']), encodings: list('encodings', [...ENCODINGS.desktop]),
    rounds: int('rounds', 1), warmup: int('warmup', 0), invocations: int('invocations', 1), tickMs: num('tick-ms'), timeScale: num('time-scale'),
    floors: int('floors', 0), floorBatch: int('floor-batch', 1), osFloors: int('os-floors', 0), seed: int('seed', 0), meanDegree: num('mean-degree'),
    maxDistance: num('max-distance'), spinUs: int('spin-us', 0),
    serverSpins: list('server-spin-us').map(Number),
    transports: list('transports', [...DESKTOP_TRANSPORTS]),
    servers: list('servers', Object.keys(DESKTOP_SERVERS)),
    spins: args.spins === undefined ? null : list('spins').map(Number),
    programs: programList(args.programs, Object.keys(PROGRAMS), fail, args.work),
    orderSeed: orderSeedOf(args, int),
    spreadSeconds: parseDuration(args.spread),
  };
  const enginePresets = list('engine-preset').map((id) => ENGINE_PRESETS.find((x) => x.id === id)
    ?? fail(`--engine-preset: "${id}" is not one of ${ENGINE_PRESETS.map((x) => x.id).join(', ')}`));
  // --families: only these transport × encoding × server combinations (and the lists that make them).
  const families = args.families === undefined ? null : list('families');
  if (families) {
    if (!families.length) fail('--families must list at least one transport-encoding-server family');
    const parts = families.map((f) => f.split('-'));
    for (const [i, [t, e, s]] of parts.entries()) {
      if (!DESKTOP_TRANSPORTS.includes(t) || !ENCODINGS.desktop.includes(e) || !(s in DESKTOP_SERVERS) || !DESKTOP_SERVERS[s].includes(t)) {
        fail(`--families: "${families[i]}" is not transport-encoding-server with a server that serves the transport (transports ${DESKTOP_TRANSPORTS.join(', ')}; encodings ${ENCODINGS.desktop.join(', ')}; ${Object.entries(DESKTOP_SERVERS).map(([x, ts]) => `${x}: ${ts.join(', ')}`).join('; ')})`);
      }
    }
    Object.assign(P, { transports: [...new Set(parts.map((x) => x[0]))], encodings: [...new Set(parts.map((x) => x[1]))], servers: [...new Set(parts.map((x) => x[2]))] });
  }
  if (P.spreadSeconds === null) fail(`--spread must be a duration such as 120s, 2m or 0, got ${args.spread}`);
  if (P.spins && P.spins.some((v) => !Number.isInteger(v) || v < 0)) fail('--spins must list integers >= 0');
  if (P.spins && P.serverSpins.length > 1) fail('--spins sets the client and the server spin together: do not also list --server-spin-us');
  if (P.nodeCounts.some((n) => !Number.isInteger(n) || n < 1)) fail('--n must list positive integers');
  if (!P.transports.some((t) => P.servers.some((s) => DESKTOP_SERVERS[s].includes(t)))) {
    fail(`no server of --servers ${P.servers.join(',')} serves a transport of --transports ${P.transports.join(',')} (${Object.entries(DESKTOP_SERVERS).map(([s, ts]) => `${s}: ${ts.join(', ')}`).join('; ')})`);
  }
  if (P.serverSpins.some((v) => !Number.isInteger(v) || v < 0)) fail('--server-spin-us must list integers >= 0');
  const presetSpecs = enginePresets.flatMap((preset) => P.programs.filter((x) => workOfSpec(x) === 0)
    .flatMap((spec) => P.servers.flatMap((server) => Object.values(presetProgramByPath(spec, preset, server)))));
  await checkProgramSpecs([...new Set([...P.programs, ...presetSpecs])], P.nodeCounts, fail);
  const pin = args.pin ? { frontend: args['pin-frontend'], server: args['pin-server'] } : null;
  if (pin && spawnSync('sh', ['-c', 'command -v taskset']).status !== 0) fail('--pin needs taskset (apt-get install -y util-linux)');
  return { args, P, enginePresets, families, pin };
}

/**
 * --engine-preset: each path's program spec at the preset's figure for its runtime (the preset's `native` for the .so
 * and the Kotlin/Native server, its `socket` for the JVM server).
 */
function presetProgramByPath(spec, preset, server) {
  const figureOf = (runtime) => preset.perPathNs?.[runtime] ?? preset.perDeviceNs;
  return {
    native: withWorkLevels([spec], [figureOf('native')])[0],
    socket: withWorkLevels([spec], [figureOf(server === 'native' ? 'native' : 'socket')])[0],
  };
}

/** The run's folder, its configurations and the invocation orders drawn from --order-seed. */
function plan(ctx) {
  const { P, enginePresets, families } = ctx;
  ctx.runFolder('desktop', ['collektive-core', 'collektive-protocol', 'collektive-native', 'collektive-native-server', 'collektive-jvm-server', 'desktop-host', 'unity-webgl/Packages/com.collektive.frontend', 'scripts']);
  // One configuration per transport (ids of uds/shm suffixed) and server serving it (-native), then per spin: --spins (client and server together,
  // -spin<µs>) or --server-spin-us (-sspin<µs>) when it lists several, then per program (-<spec>, none for the
  // reference program: c.program is null for it, and its host invocations are the reference ones).
  const spinVariants = P.spins
    ? P.spins.map((us) => ({ suffix: P.spins.length > 1 ? `-spin${us}` : '', clientSpinUs: us, serverSpinUs: us }))
    : P.serverSpins.map((us) => ({ suffix: P.serverSpins.length > 1 ? `-sspin${us}` : '', clientSpinUs: P.spinUs, serverSpinUs: us }));
  const transportServers = P.transports.flatMap((transport) => P.servers.filter((s) => DESKTOP_SERVERS[s].includes(transport)).map((server) => ({ transport, server })));
  const configurations = desktopConfigurations(P).flatMap((c) => transportServers.flatMap(({ transport, server }) => spinVariants.flatMap((v) => P.programs.map((program) => ({
    ...c, id: `${c.id}${transport === REFERENCE_DESKTOP_TRANSPORT ? '' : `-${transport}`}${server === REFERENCE_DESKTOP_SERVER ? '' : `-${server}`}${v.suffix}${programSuffix(program)}`,
    transport, server, serverSpinUs: v.serverSpinUs, clientSpinUs: v.clientSpinUs,
    osFloor: osFloorOfTransport(transport, v.clientSpinUs > 0 || v.serverSpinUs > 0), program: programSuffix(program) ? program : null,
  }))))).filter((c) => !families || families.includes(`${c.transport}-${c.encoding}-${c.server}`))
    // --engine-preset: beside each configuration without work, the same at a named engine's cost per device and
    // round, each path at its runtime's figure (presetProgramByPath), ids suffixed -<preset>.
    .flatMap((c) => [c, ...(workOfSpec(c.program) > 0 ? [] : enginePresets.map((preset) => {
      const programByPath = presetProgramByPath(c.program ?? REFERENCE_PROGRAM, preset, c.server);
      return { ...c, id: `${c.id}-${preset.id}`, program: programByPath.native, programByPath, enginePreset: { id: preset.id, label: preset.label } };
    }))]);
  // The rounds' configuration orders and each invocation's path order.
  const orders = desktopOrders(P.orderSeed, configurations.map((c) => c.id), P.invocations);
  const framesTotal = configurations.length * 2 * (P.rounds + P.invocations * P.warmup);
  // The bench's clock: each file's start is placed on it (invocationOffsets); wallSeconds counts from here.
  const t0 = process.hrtime.bigint();
  return { configurations, orders, framesTotal, t0, sinceStartNs: () => Number(process.hrtime.bigint() - t0) };
}

// ---------------------------------------------------------------- measure ----

/** Frames (or floor samples) of invocation k: `total` split over the invocations. */
const perInvocation = (total, k, invocations) => Math.floor(total / invocations) + (k < total % invocations ? 1 : 0);
const pinned = (cpu, cmd) => (cpu !== undefined && cpu !== null ? ['taskset', '-c', String(cpu), ...cmd] : cmd);

// The run uses a snapshot of the built artifacts (host, front-end assembly, .so, server jar) taken after the
// build, so a rebuild in the working tree during a long run cannot change or remove what is being measured.
async function takeSnapshot(P, dir) {
  mkdirSync(dir, { recursive: true });
  // Another process may be rebuilding the jar right now (mvn removes it first): give it two minutes.
  for (let i = 0; i < 240 && !existsSync(JVM_SERVER_JAR); i += 1) await new Promise((r) => setTimeout(r, 500));
  for (const f of readdirSync(buildDir)) if (statSync(join(buildDir, f)).isFile()) copyFileSync(join(buildDir, f), join(dir, f));
  copyFileSync(join(nativeLibDir, 'libsimple_gradient.so'), join(dir, 'libsimple_gradient.so'));
  writeFileSync(join(dir, 'Collektive.Frontend.dll.config'),
    `<configuration>\n  <dllmap dll="simple_gradient" target="${join(dir, 'libsimple_gradient.so')}" os="linux"/>\n</configuration>\n`);
  copyFileSync(JVM_SERVER_JAR, join(dir, 'collektive-jvm-server.jar'));
  if (P.servers.includes('native')) copyFileSync(NATIVE_SERVER_EXE, join(dir, 'collektive-native-server.kexe'));
  return { exe: join(dir, 'desktop-host.exe'), jar: join(dir, 'collektive-jvm-server.jar'), nativeServer: join(dir, 'collektive-native-server.kexe'), lib: dir };
}

// uds and shm: the socket / shared-memory file in the run's temporary folder (shm on a tmpfs when there is one).
// `session`: what the measure phase set up (the artifacts' snapshot, that folder, the clock) beside the context.
function transportPath(session, transport) {
  if (transport === 'tcp') return null;
  session.transportFiles += 1;
  return join(session.transportDir, `${transport}-${session.transportFiles}${transport === 'shm' ? '.shm' : '.sock'}`);
}
const startServer = (session, csv, spinUs, transport, server) => (server === 'native'
  ? startNativeServer({ csv, cpu: session.pin?.server, exe: session.snapshot.nativeServer, now: session.sinceStartNs, path: transportPath(session, transport), serverArgs: ['--spin-us', String(spinUs)] })
  : startJvmServer({ csv, cpu: session.pin?.server, jar: session.snapshot.jar, now: session.sinceStartNs, transport, path: transportPath(session, transport), serverArgs: ['--spin-us', String(spinUs)] }));

// The host runs in its invocation's folder: the native library's default timing CSV (native.csv in the working
// directory, as the reference) lands there, never in the repository's root. It runs under `sh`, which reports the
// CPU time of the host once it has exited (cutime + cstime of the shell, in clock ticks).
const CPU_REPORT = 'c=$(cut -d")" -f2- /proc/$$/stat | cut -d" " -f15,16); echo "own-cpu-ticks $c" >&2';
function runHost(session, hostArgs, cwd, onProgress, onCpuMark = null) {
  const { pin, snapshot, sinceStartNs } = session;
  return new Promise((resolveRun, reject) => {
    const cmd = pinned(pin?.frontend, ['sh', '-c', `"$@"; s=$?; ${CPU_REPORT}; exit $s`, 'sh', 'mono', snapshot.exe, 'run', ...hostArgs]);
    const offsetNs = sinceStartNs();
    const child = spawn(cmd[0], cmd.slice(1), { cwd, env: hostEnv({ LD_LIBRARY_PATH: snapshot.lib }), stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.on('error', () => {}); // a host that died is reported by its exit code
    let out = '';
    let err = '';
    let partial = '';
    let cpuSeconds = null;
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => {
      partial += d;
      const lines = partial.split('\n');
      partial = lines.pop();
      for (const l of lines) {
        const m = l.match(/^progress (\d+) (\d+)$/);
        const cpu = l.match(/^own-cpu-ticks (\d+) (\d+)$/);
        const mark = l.match(/^cpu-mark (\d+)$/);
        if (m) onProgress(Number(m[1]));
        else if (mark) { onCpuMark?.(Number(mark[1]), child.pid); child.stdin.write('\n'); }
        else if (cpu) cpuSeconds = (Number(cpu[1]) + Number(cpu[2])) / 100;
        else err += `${l}\n`;
      }
    });
    child.on('error', (e) => reject(new Error(`cannot start mono: ${e.message}`)));
    child.on('close', (code) => {
      if (code !== 0) { reject(new Error(`the desktop host (C# front-end) ${exitDescription(code)}: mono desktop-host.exe run ${hostArgs.join(' ')}\n${err}${partial}`)); return; }
      try { resolveRun({ summary: JSON.parse(out.trim().split('\n').pop()), offsetNs, cpuSeconds }); } catch (e) { reject(new Error(`desktop host printed no summary: ${out}\n${err}`)); }
    });
  });
}

/** How a process wrapped in `sh` ended: sh reports a signal as 128 + its number. */
function exitDescription(code) {
  const signal = code > 128 ? Object.entries(os.constants.signals).find(([, n]) => n === code - 128)?.[0] : null;
  return signal ? `was killed by ${signal} (exit ${code})` : `failed (exit ${code})`;
}

/** One invocation of one path: a fresh host (and server), its files in `dir`, its noise record. */
async function runPath(session, c, path, k, dir, bar) {
  const { P, pin } = session;
  const frames = P.warmup + perInvocation(P.rounds, k, P.invocations);
  const floors = P.floors > 0 ? P.warmup + perInvocation(P.floors, k, P.invocations) : 0;
  const base = bar.value ?? 0;
  const progress = (done) => bar.update(base + done);
  // CPU per step of each process over the measured frames: the host pauses after the warm-up and after its last
  // frame ("cpu-mark"), and each process's CPU time is read meanwhile (docs/os-floor.md, "CPU per step").
  const cpu = cpuPerStepWindow();
  let serverPid = null;
  let trees = null;
  const cpuMark = (done, hostPid) => {
    trees ??= { frontend: processTree([hostPid]), server: serverPid === null ? null : processTree([serverPid]) };
    cpu.read(done, { frontend: threadRuntimes(trees.frontend), server: trees.server && threadRuntimes(trees.server) });
  };
  const host = {
    scenario: c.scenario, nodeCount: c.nodeCount, maxDistance: P.maxDistance, seed: P.seed, meanDegree: P.meanDegree, pacing: c.pacing,
    tickMs: P.tickMs, timeScale: P.timeScale, encoding: c.encoding, floorBatch: P.floorBatch, progress: 10, program: c.programByPath?.[path] ?? c.program,
    engine: path, frames, floors, floorsOut: join(dir, `floors_${path}.csv`), cpuMarkAt: P.warmup,
  };
  // The cores the path is measured on: the front-end's (native), the front-end's and the server's (socket).
  const window = startWindow({ cores: pin ? (path === 'native' ? [pin.frontend] : [...new Set([pin.frontend, pin.server])]) : null });
  const record = { path, floors: floors > 0 };
  if (path === 'native') {
    const r = await runHost(session, desktopHostArgs({ ...host, out: join(dir, 'unity_native.csv'), backendCsv: join(dir, 'native.csv') }), dir, progress, cpuMark);
    Object.assign(record, { offsetNs: r.offsetNs, summary: r.summary });
    record.noise = window.end({ ownCpuSeconds: r.cpuSeconds });
    record.noise.cpus = { frontend: pin?.frontend ?? null, server: null };
    record.noise.cpuPerStepNs = cpu.perStep();
  } else {
    const server = await startServer(session, join(dir, 'socket.csv'), c.serverSpinUs, c.transport, c.server);
    serverPid = server.pid;
    let r;
    let serverCpu = null;
    try {
      const where = c.transport === 'tcp' ? { port: server.port } : { transport: c.transport, path: server.path };
      r = await runHost(session, desktopHostArgs({ ...host, out: join(dir, 'unity_socket.csv'), ...where, spinUs: c.clientSpinUs }), dir, progress, cpuMark);
    } catch (hostError) {
      // The host fails when its server dies: then the server is what to name (its exit says how it ended).
      const serverError = await server.stop().then(() => null, (e) => e);
      throw serverError ? new Error(`${serverError.message}\n(then ${hostError.message.split('\n')[0]})`) : hostError;
    }
    serverCpu = processCpuSeconds(server.pid);
    await server.stop(); // throws when the server did not end cleanly, e.g. its CSV is incomplete (exit 74)
    Object.assign(record, { offsetNs: r.offsetNs, serverOffsetNs: server.startedAtNs, summary: r.summary });
    record.noise = window.end({ ownCpuSeconds: r.cpuSeconds === null || serverCpu === null ? null : r.cpuSeconds + serverCpu });
    record.noise.cpus = { frontend: pin?.frontend ?? null, server: pin?.server ?? null };
    record.noise.cpuPerStepNs = cpu.perStep();
  }
  bar.update(base + frames);
  return record;
}

/** Invocation k of configuration c: both paths, fresh processes, in its drawn order. */
async function measureInvocation(session, c, k, bar) {
  const { P, args, pin, orders, runDir, sinceStartNs } = session;
  const order = orders.pathOrders[c.id][k];
  const dir = join(runDir, c.id, `inv-${k}`);
  mkdirSync(dir, { recursive: true });
  const invocation = { index: k, dir, order, paths: {} };
  // The calibration workload right before the paths, on the front-end's core (docs/measurements.md, "Drift").
  if (!args['no-calibration']) invocation.calibration = await runCalibrationProbe({ cpu: pin?.frontend ?? null });
  for (const path of order) invocation.paths[path] = await runPath(session, c, path, k, dir, bar);
  // The OS floors of this invocation, placed as its front-end and server (docs/os-floor.md), after its paths.
  const osOffsetNs = sinceStartNs();
  const os = P.osFloors > 0 ? await runOsFloors({ roundTrips: P.osFloors, warmup: P.warmup, clientCpu: pin?.frontend, serverCpu: pin?.server }) : null;
  // One floors.csv per invocation, as per configuration: both paths' floor samples and the OS floors in time order
  // (on the clock of the invocation's first host, as invocationOffsets says).
  const parts = order.filter((p) => invocation.paths[p].floors).map((p) => join(dir, `floors_${p}.csv`));
  if (parts.length || os) {
    const origin = Math.min(...order.map((p) => invocation.paths[p].offsetNs));
    const osRows = os ? os.rows.map((r) => ({ ...r, t: r.t + osOffsetNs - origin })) : [];
    writeFileSync(join(dir, 'floors.csv'), timingCsv([...parts.flatMap((f) => readTimingCsv(f)), ...osRows].sort((x, y) => x.t - y.t)));
    for (const f of parts) unlinkSync(f);
  }
  if (Object.values(invocation.paths).some((p) => p.noise.busy)) bar.update(bar.value, { config: `${c.id} (busy machine)` });
  return invocation;
}

/** Rounds of invocations: round k runs invocation k of every configuration, in its drawn order. */
async function measure(ctx) {
  const { P, args, configurations, orders, framesTotal, runId, runDir, progressBar, onStop } = ctx;
  const loadAtStart = os.loadavg();
  console.log(`[bench:desktop] run ${runId} → ${relative(root, runDir) || runDir}`);
  await ensureBuilt(['native', 'jvm-server', ...(P.servers.includes('native') ? ['native-server'] : []), 'desktop-host', ...(P.osFloors > 0 ? ['os-floor'] : [])]);
  mkdirSync(runDir, { recursive: true });
  const tmp = mkdtempSync(join(os.tmpdir(), 'collektive-bench-desktop-'));
  const snapshot = await takeSnapshot(P, join(tmp, 'artifacts'));
  const transportDir = P.transports.some((t) => t !== 'tcp') ? mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'ck-bench-')) : null;
  const session = { ...ctx, snapshot, transportDir, transportFiles: 0 };
  const bar = progressBar({ format: 'bench:desktop [{bar}] {percentage}% | {value}/{total} frames | {config}', hideCursor: true, etaBuffer: 200 }, { quiet: args.quiet });
  // Ctrl-C, or a SIGTERM from a job runner: the servers and hosts this bench started stop with it, its temporary
  // folders go, and the exit code says which signal ended the run.
  onStop((signal) => {
    bar.stop();
    rmSync(tmp, { recursive: true, force: true });
    if (transportDir) rmSync(transportDir, { recursive: true, force: true });
    return `[bench:desktop] stopped by ${signal}. ${ctx.notPublished()}`;
  });
  bar.start(framesTotal, 0, { config: '' });
  const measured = new Map(configurations.map((c) => [c.id, []]));
  const byId = new Map(configurations.map((c) => [c.id, c]));
  try {
    // Invocation rounds: round k runs invocation k of every configuration in a random order, so configurations
    // compared with each other (e.g. --server-spin-us 0,50) see the same drift of the machine.
    const roundsStartedAt = Date.now();
    for (let k = 0; k < P.invocations; k += 1) {
      await waitForRound(k, P.invocations, P.spreadSeconds, roundsStartedAt, (ms) => bar.update(bar.value, { config: `waiting ${(ms / 1000).toFixed(0)} s for round ${k + 1} (--spread)` }));
      for (const c of orders.configurationOrders[k].map((id) => byId.get(id))) {
        if (!args.quiet) bar.update(bar.value, { config: `${c.id} inv-${k}` });
        try {
          measured.get(c.id).push(await measureInvocation(session, c, k, bar));
        } catch (e) {
          throw new Error(`invocation ${c.id} inv-${k} failed: ${e.message}\n${ctx.notPublished()}`);
        }
      }
    }
  } finally {
    bar.stop();
    rmSync(tmp, { recursive: true, force: true });
    if (transportDir) rmSync(transportDir, { recursive: true, force: true });
  }
  return { measured, loadAtStart };
}

// ------------------------------------------------------------------ write ----

/** When the clock of each file of an invocation started, on the bench's clock (the files are in the invocation's folder). */
function invocationOffsets(inv) {
  const n = inv.paths.native;
  const s = inv.paths.socket;
  return {
    'native.csv': n.offsetNs, 'unity_native.csv': n.offsetNs, 'socket.csv': s.serverOffsetNs, 'unity_socket.csv': s.offsetNs,
    ...(existsSync(join(inv.dir, 'floors.csv')) ? { 'floors.csv': Math.min(n.offsetNs, s.offsetNs) } : {}),
  };
}

/** Merged files and run.json entries of a configuration, with each invocation's parsed rows (measurement/src/assemble.mjs). */
function writeConfiguration({ P, runDir }, c, invocations) {
  return mergeInvocationFiles(runDir, c.id, invocations.map((inv, k) => ({
    dir: `${c.id}/inv-${k}`, order: inv.order, offsetsNs: invocationOffsets(inv),
    paths: Object.fromEntries(inv.order.map((p) => [p, inv.paths[p].noise])),
    ...(inv.calibration ? { calibration: inv.calibration } : {}),
  })), { warmup: P.warmup });
}

/** Each configuration's merged files and run.json entry, then run.json. */
async function write(ctx) {
  const { P, args, pin, families, configurations, orders, measured, loadAtStart, t0, runId, runsDir, createdAt, commit, command } = ctx;
  const written = [];
  const runConfigurations = [];
  let env = null;
  for (const c of configurations) {
    const invocations = measured.get(c.id);
    const { merged, files, record, parsed } = writeConfiguration(ctx, c, invocations);
    const first = invocations[0].paths.native.summary;
    written.push({ c, merged, parsed, invocations, first });
    env ??= { timerResolutionNs: first.runtime.timerResolutionNs, mono: first.runtime.mono };
    const entry = desktopConfigurationEntry(c, {
      serverSpinMicros: c.serverSpinUs, clientSpinMicros: c.clientSpinUs, outOfProcessTransport: c.transport, outOfProcessServer: c.server, meanDegree: first.meanDegree, blockOrders: invocations.map((b) => b.order.join('>')), files,
      invocations: record,
    });
    // run.json names the program only when it is not the reference (measurement/schema/run.schema.json).
    runConfigurations.push(c.enginePreset
      ? { ...entry, title: `${entry.title}, engine cost of ${c.enginePreset.label}`, program: c.program, enginePreset: c.enginePreset.id, programByPath: c.programByPath }
      : c.program ? { ...entry, title: `${entry.title}, program ${c.program}`, program: c.program } : entry);
  }
  const wallSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const pinning = pin ? `front-end (C# host, native engine in-process): cpu${pin.frontend}; JVM server: cpu${pin.server}` : null;
  const run = {
    schemaVersion: 1, id: runId,
    title: args.title ?? `Desktop, N=${P.nodeCounts.join('/')}, ${P.pacings.join(' and ')} pacing${P.encodings.length > 1 || P.encodings[0] !== 'json' ? `, ${P.encodings.join('/')}` : ''}${P.programs.length > 1 || P.programs[0] !== REFERENCE_PROGRAM ? `, programs ${P.programs.join(' / ')}` : ''}, ${P.invocations} invocations`,
    kind: 'desktop', createdAt, commit,
    description: `Headless C# front-end (Mono, com.collektive.frontend) driving libsimple_gradient.so via P/Invoke (native) and the Kotlin/JVM server over loopback TCP (socket): ${P.invocations} independent invocations per configuration (fresh host, fresh server), the paths interleaved in a random order per invocation. Each invocation's files are in <configuration>/inv-<k>/; the merged files drop every invocation's own warm-up after the first, so the reference analysis (drop the first \`warmup\` per id) sees only measured frames. Front-end files keep the reference names (unity_*.csv).`,
    frontEnd: { name: 'desktop-host (Mono)', version: env?.mono ?? null },
    environment: {
      ...collectEnvironment({ timerResolutionNs: env?.timerResolutionNs ?? 100, pinning }),
      // 1/5/15-minute load averages at the start and the end: other work on the machine shows up in the tails.
      loadAverage: { start: loadAtStart.map((x) => Number(x.toFixed(2))), end: os.loadavg().map((x) => Number(x.toFixed(2))) },
    },
    parameters: {
      rounds: P.rounds, warmup: P.warmup, invocations: P.invocations, floors: P.floors, floorBatch: P.floorBatch, osFloors: P.osFloors, orderSeed: P.orderSeed,
      spinMicros: P.spins ?? P.spinUs, serverSpinMicros: P.spins ?? P.serverSpins, transports: P.transports, servers: P.servers, families, programs: P.programs, spreadSeconds: P.spreadSeconds, wallSeconds: Number(wallSeconds.toFixed(1)), configurationOrders: orders.configurationOrders, meanDegree: P.meanDegree, roundsPerStep: 1,
      command,
    },
    configurations: runConfigurations,
  };
  await writeRunRecord(run, { runsDir });
  return { run, written };
}

// ---------------------------------------------------------------- analyse ----

/** Each configuration's reference analysis and invocation-level figures, the targets, the machine's noise; summary.json. */
function analyse({ P, args, configurations, measured, written, run, runDir }) {
  const results = written.map(({ c, merged, parsed, invocations, first }) => {
    const a = analyseConfiguration({ native: merged.native, socket: merged.socket, unityNative: merged.unityNative, unitySocket: merged.unitySocket, floors: merged.floors }, P.warmup);
    const h = configurationIntervals(parsed, { platform: 'desktop', warmup: P.warmup, osFloor: c.osFloor,
      clock: { resolutionNs: first.runtime.timerResolutionNs, floorBatch: P.floorBatch },
      cpuPerStep: invocations.map((inv) => Object.fromEntries(Object.entries(inv.paths).map(([p, x]) => [p, x.noise.cpuPerStepNs]))) });
    return { c, a, h };
  });
  const targets = reportTargets(results);
  // Noise, said once: the busy rule over every path invocation, and the calibration's drift over the run.
  const noise = configurations.flatMap((c) => measured.get(c.id).flatMap((inv) => Object.values(inv.paths).map((p) => p.noise)));
  const busy = busyWarning(noise);
  const drift = args['no-calibration'] ? null : calibrationDrift(configurations.flatMap((c) => measured.get(c.id).map((inv) => inv.calibration)));
  writeFileSync(join(runDir, 'summary.json'), summaryJson(run, results, targets, { drift, busy: noiseSummary(noise) }));
  return { results, noise, busy, drift };
}

/** The invocation-level figures and the targets (measurement/src/desktopSummary.mjs), the machine's noise. */
function report({ P, results, noise, busy, drift, runDir, publish, run }) {
  printReport(results, () => ({ tickMs: P.tickMs, timeScale: P.timeScale }));
  console.log(`\n${busy ? `warning: ${busy}` : `busy rule: none of ${noise.length} path invocations flagged`}`);
  if (drift) console.log(driftLine(drift));
  console.log(`\n[bench:desktop] wrote ${relative(root, runDir)}/ (run.json, summary.json, ${run.configurations.length} configuration folder(s) with ${P.invocations} invocation folders each)${publish ? '; added to public/data/manifest.json' : ''}`);
}

runBench({ name: 'bench:desktop', usage: USAGE, options: OPTIONS, parse, plan, measure, write, analyse, report });
