// Invocation-level figures of one benchmark configuration (docs/measurements.md, "Invocations" and "Intervals"):
// each invocation's files go through the reference preprocessing on their own (its own warm-up dropped), each path's
// figure is the mean over invocations of that invocation's statistic, and every figure and ratio carries its
// two-level bootstrap interval.
import { pairedDiff, series } from './analysis.mjs';
import { FIGURE_DEFINITIONS, OS_FLOOR_IDS, OS_FLOOR_OF_PATH, PATHS, PATH_SALT, PLATFORMS, FLOORS_FILE, SERVER_ECHO_ID, fileKeyOf, floorsKeepWarmup, idOf, pathsOf } from './catalogue.mjs';
import { combinedInterval, pairedRatioInterval, pathInterval, ratioInterval, verdict } from './intervals.mjs';
import { ratioWithClock, withClock } from './clock.mjs';
import { cpuPerStepIntervals } from './cpuPerStep.mjs';

const STATS = /** @type {const} */ (['median', 'p95', 'p99']);

/**
 * The per-invocation series of each figure, per platform and path, as the catalogue defines them
 * (FIGURE_DEFINITIONS over each path's ids and files): functions of one invocation's series by file key (desktop:
 * native, socket, unityNative, unitySocket, floors; web: wasm, websocket, webWasm, webWebsocket, floors).
 */
export const FIGURES = Object.fromEntries(Object.keys(PLATFORMS).map((platform) => [platform, Object.fromEntries(pathsOf(platform).map((path) => [path, {
  ...Object.fromEntries(PATHS[path].figures.map((figure) => [figure, figureSeries(path, FIGURE_DEFINITIONS[figure])])),
  ...(OS_FLOOR_OF_PATH[path] ? osFigures(path) : {}),
}]))]));

/**
 * The OS floors (floors.csv, floor.os.*; docs/os-floor.md) as figures of an out-of-process path, so that they are
 * resampled jointly with its transport, invocation by invocation: osFloor is the one its bytes cross.
 */
function osFigures(path) {
  const read = (id) => (s) => s[FLOORS_FILE.key]?.get(id);
  return {
    osFloor: read(OS_FLOOR_OF_PATH[path]), osTcp: read(OS_FLOOR_IDS.tcp), osUds: read(OS_FLOOR_IDS.uds),
    osShmSpin: read(OS_FLOOR_IDS.shmSpin), osShmFutex: read(OS_FLOOR_IDS.shmFutex),
  };
}

/**
 * @param {string} path
 * @param {import('./catalogue.mjs').FigureDefinition} definition
 */
function figureSeries(path, { side, role, minus }) {
  const read = (s, part) => s[fileKeyOf(path, part.side)]?.get(idOf(path, part));
  if (!minus) return (s) => read(s, { side, role });
  return (s) => {
    const x = read(s, { side, role });
    const y = read(s, minus);
    return x && y ? pairedDiff(x, y) : undefined;
  };
}

/** The two paths of a platform: [in-process, out-of-process]. */
export const PATH_PAIRS = Object.fromEntries(Object.values(PLATFORMS).map((p) => [p.name, [p.inProcess, p.outOfProcess]]));

/** Reference preprocessing of one invocation's parsed files: Map id → durations per file key. */
export function invocationSeries(files, warmup, { platform }) {
  const out = {};
  const floorsWhole = floorsKeepWarmup(platform);
  for (const [key, rows] of Object.entries(files)) {
    if (!rows) continue;
    out[key] = series(rows, key === FLOORS_FILE.key && floorsWhole ? 0 : warmup);
    // The server times its echo while the page measures its floors, after the steps' warm-up: kept whole as they are.
    if (floorsWhole && out[key].has(SERVER_ECHO_ID)) out[key].set(SERVER_ECHO_ID, series(rows.filter((r) => r.id === SERVER_ECHO_ID), 0).get(SERVER_ECHO_ID));
  }
  return out;
}

/** Steps timed per sample of a figure: the Wasm block mean's K, the in-process no-op floor's batch; 1 for per-step figures. */
const stepsPerSample = (figure, inProcess, { blockSteps = 1, floorBatch = 1 }) => (figure === 'e2eBlock' ? blockSteps : figure === 'floor' && inProcess ? floorBatch : 1);

/**
 * Figures and intervals of one configuration. `invocations`: [{ files: { key: rows } }] in run order (only the
 * invocations that ran a path count for it); `cpuPerStep` (optional): per invocation { path: { frontend, server } },
 * ns of CPU per step (cpuPerStep.mjs), which adds `cpuFrontend_perStep` / `cpuServer_perStep` to the paths. Returns { invocations: { path: R }, paths: { path: { `${figure}_${stat}`:
 * { estimate, ci95, invocations, perInvocation } } }, ratios: { `${figure}_${stat}`: { estimate, ci95, invocations } } }.
 * With `clock` ({ resolutionNs, blockSteps, floorBatch }) every interval is widened by its clock (clock.mjs), and the
 * web gets `e2e_mean` ratios: WebSocket mean step over the Wasm block mean, the statistic both sides share
 * (docs/measurements.md, "Clock resolution"). `e2e_median_paired` is the per-invocation (paired) ratio.
 */
export function configurationIntervals(invocations, { platform, warmup = 30, options = {}, clock = null, cpuPerStep = null, osFloor = null }) {
  const serieses = invocations.map((inv) => invocationSeries(inv.files, warmup, { platform }));
  const figures = FIGURES[platform];
  const perPath = {};
  const paths = {};
  const counts = {};
  for (const [path, defs] of Object.entries(figures)) {
    perPath[path] = {};
    paths[path] = {};
    for (const [figure, get] of Object.entries(defs)) {
      const invs = serieses.map((s) => get(s) ?? []).filter((v) => v.length > 0);
      if (!invs.length) continue;
      perPath[path][figure] = invs;
      const honest = (f) => (clock ? withClock(f, clock.resolutionNs, stepsPerSample(figure, PATHS[path].inProcess, clock)) : f);
      for (const stat of STATS) paths[path][`${figure}_${stat}`] = honest(pathInterval(invs, { ...options, statistic: stat, salt: PATH_SALT[path] }));
      if (figure === 'e2e' || figure === 'e2eBlock') paths[path][`${figure}_mean`] = honest(pathInterval(invs, { ...options, statistic: 'mean', salt: PATH_SALT[path] }));
    }
    counts[path] = perPath[path].e2e?.length ?? 0;
  }
  // A configuration whose out-of-process path crosses another transport (bench:desktop --transports) stands on that
  // transport's OS floor (catalogue osFloorOfTransport), not on the path's default (tcp).
  const outPath = PATH_PAIRS[platform][1];
  if (osFloor && perPath[outPath]) {
    const invs = serieses.map((s) => s[FLOORS_FILE.key]?.get(osFloor) ?? []).filter((v) => v.length > 0);
    if (invs.length) {
      perPath[outPath].osFloor = invs;
      for (const stat of STATS) paths[outPath][`osFloor_${stat}`] = pathInterval(invs, { ...options, statistic: stat, salt: PATH_SALT[outPath] });
    }
  }
  // Ratios of each out-of-process path over the in-process one: the platform's reference pair unprefixed
  // (e2e_median, transport_echo_median, …), any other out-of-process path of the catalogue prefixed with its name.
  const [inProcess, outOfProcess] = PATH_PAIRS[platform];
  const ratios = {};
  const others = pathsOf(platform).filter((p) => !PATHS[p].inProcess && p !== outOfProcess);
  for (const out of [outOfProcess, ...others]) {
    const prefix = out === outOfProcess ? '' : `${out}/`;
    for (const figure of ['e2e', 'overhead']) {
      const num = perPath[out][figure];
      const den = perPath[inProcess][figure];
      if (!num || !den) continue;
      for (const stat of STATS) {
        const r = ratioInterval({ invocations: num, salt: PATH_SALT[out] }, { invocations: den, salt: PATH_SALT[inProcess] }, { ...options, statistic: stat });
        ratios[`${prefix}${figure}_${stat}`] = clock ? ratioWithClock(r, paths[out][`${figure}_${stat}`], paths[inProcess][`${figure}_${stat}`]) : r;
      }
      // Paired: both paths of invocation k ran in the same round, back to back (docs/measurements.md, "Intervals").
      if (figure === 'e2e') {
        const p = pairedRatioInterval({ invocations: num, salt: PATH_SALT[out] }, { invocations: den, salt: PATH_SALT[inProcess] }, { ...options, statistic: 'median' });
        if (p) ratios[`${prefix}e2e_median_paired`] = clock ? ratioWithClock(p, paths[out].e2e_median, paths[inProcess].e2e_median) : p;
      }
    }
    // The web's in-page step is shorter than a few ticks of the page's clock: its figure is the block mean, and the
    // ratio's numerator the out-of-process mean step, the same statistic (docs/measurements.md, "Clock resolution").
    const blocks = perPath[inProcess]?.e2eBlock;
    const outE2e = perPath[out]?.e2e;
    if (blocks && outE2e) {
      const r = ratioInterval({ invocations: outE2e, salt: PATH_SALT[out] }, { invocations: blocks, salt: PATH_SALT[inProcess] }, { ...options, statistic: 'mean' });
      ratios[`${prefix}e2e_mean`] = clock ? ratioWithClock(r, paths[out].e2e_mean, paths[inProcess].e2eBlock_mean) : r;
      const p = pairedRatioInterval({ invocations: outE2e, salt: PATH_SALT[out] }, { invocations: blocks, salt: PATH_SALT[inProcess] }, { ...options, statistic: 'mean' });
      if (p) ratios[`${prefix}e2e_mean_paired`] = clock ? ratioWithClock(p, paths[out].e2e_mean, paths[inProcess].e2eBlock_mean) : p;
    }
    // Transport over its floor: two series of the same out-of-process invocations, resampled jointly.
    const transport = perPath[out].transport;
    const echo = perPath[out].floor;
    if (transport && echo && transport.length === echo.length) {
      const r = ratioInterval({ invocations: transport, salt: PATH_SALT[out] },
        { invocations: echo, salt: PATH_SALT[out] }, { ...options, statistic: 'median' });
      ratios[`${prefix}transport_echo_median`] = clock ? ratioWithClock(r, paths[out].transport_median, paths[out].floor_median) : r;
    }
    // Over the OS floor its bytes cross (docs/os-floor.md): the transport and the whole e2e, jointly resampled; and
    // what our stacks add above it (transport − OS floor).
    const os = perPath[out].osFloor;
    for (const figure of ['transport', 'e2e']) {
      const num = perPath[out][figure];
      if (num && os && num.length === os.length) {
        ratios[`${prefix}${figure}_os_median`] = ratioInterval({ invocations: num, salt: PATH_SALT[out] },
          { invocations: os, salt: PATH_SALT[out] }, { ...options, statistic: 'median' });
      }
    }
    if (transport && os && transport.length === os.length) {
      const salt = PATH_SALT[out];
      paths[out].transportAboveOs_median = combinedInterval([{ invocations: transport, salt }, { invocations: os, salt }], ([t, f]) => t - f, options);
    }
    // What the server spends on a step beyond its own echo (docs/os-floor.md, "The server's own floor"): the back-end
    // overhead less the echo op's service time, the same hand-off and reply write with no step.
    const overhead = perPath[out].overhead;
    const echoService = perPath[out].echoService;
    if (overhead && echoService && overhead.length === echoService.length) {
      const salt = PATH_SALT[out];
      paths[out].overheadBeyondEcho_median = combinedInterval([{ invocations: overhead, salt }, { invocations: echoService, salt }], ([o, e]) => o - e, options);
    }
  }
  if (cpuPerStep) {
    for (const [path, figures] of Object.entries(cpuPerStepIntervals(cpuPerStep, options))) Object.assign(paths[path] ??= {}, figures);
  }
  // The raw per-invocation series stay out of JSON output (non-enumerable): targets combine them.
  return Object.defineProperty({ invocations: counts, paths, ratios }, 'series', { value: perPath, enumerable: false });
}

/**
 * The decomposition's server runtime of an out-of-process path's figures ([label, figure key] pairs): split at the
 * server's own echo where the server timed it (docs/os-floor.md, "The server's own floor"), else the whole back-end
 * overhead. Both benches print it.
 */
export const serverRuntimeParts = (figures) => (figures?.overheadBeyondEcho_median
  ? [['server echo (reply write, no step)', 'echoService'], ['server beyond its echo', 'overheadBeyondEcho']]
  : [['server runtime (back-end overhead)', 'overhead']]);

/**
 * The web out-of-process targets (N = 10, free pacing; docs/os-floor.md): the Node server's back-end overhead as
 * the browser sees it, and what the WebSocket step costs beyond the same browser's echo round trip through the same
 * server and the engine's compute: e2e − echo floor − compute, the three series of the same invocations resampled
 * jointly. Values in ns; `check` objects as desktopTargets'.
 */
export function webTargets(h) {
  const s = h.series.websocket ?? {};
  const salt = PATH_SALT.websocket;
  const same = (...xs) => xs.every((x) => x && x.length === xs[0].length);
  const aboveEcho = same(s.e2e, s.floor, s.compute)
    ? combinedInterval([{ invocations: s.e2e, salt }, { invocations: s.floor, salt }, { invocations: s.compute, salt }], ([e, f, c]) => e - f - c)
    : null;
  return [
    check('Node back-end overhead (service − compute) ≤ 25 µs', h.paths.websocket?.overhead_median, 25000, 'ns'),
    check('WebSocket e2e − echo floor − back-end compute ≤ 50 µs', aboveEcho, 50000, 'ns'),
  ];
}

/** A limit on a figure with its interval, as the targets report it. */
function check(name, figure, limit, unit) {
  return {
    name, estimate: figure?.estimate ?? NaN, ci95: figure?.ci95 ?? null, invocations: figure?.invocations ?? 0, limit, unit,
    verdict: figure ? verdict(figure, limit) : 'no data', ok: figure ? verdict(figure, limit) === 'met' : false,
  };
}

/**
 * The desktop targets (N = 10, free pacing) as statistical verdicts over the invocation-level intervals: met only
 * when the whole 95 % interval is within the limit, inconclusive when it straddles it. Values in ns or ×.
 */
export function desktopTargets(h, { osFloor = OS_FLOOR_OF_PATH.socket } = {}) {
  const osFloorName = { [OS_FLOOR_IDS.tcp]: 'C TCP round trip', [OS_FLOOR_IDS.uds]: 'C Unix-socket round trip',
    [OS_FLOOR_IDS.shmSpin]: 'C shared-memory round trip, spinning', [OS_FLOOR_IDS.shmFutex]: 'C shared-memory round trip, futex' }[osFloor] ?? osFloor;
  const s = h.series.native ?? {};
  const salt = PATH_SALT.native;
  const e2eOverFloor = s.e2e && s.compute && s.floor
    ? combinedInterval([{ invocations: s.e2e, salt }, { invocations: s.compute, salt }, { invocations: s.floor, salt }], ([e, c, f]) => e / (c + f))
    : null;
  // Over the OS floor (docs/os-floor.md): only in runs that measured it, so older runs keep their five targets.
  const o = h.series.socket ?? {};
  const overOs = o.e2e && o.compute && o.osFloor && o.e2e.length === o.compute.length && o.e2e.length === o.osFloor.length
    ? combinedInterval([{ invocations: o.e2e, salt: PATH_SALT.socket }, { invocations: o.compute, salt: PATH_SALT.socket },
      { invocations: o.osFloor, salt: PATH_SALT.socket }], ([e, c, f]) => (e - c) / f)
    : null;
  return [
    check('native back-end overhead (service − compute) ≤ 3 µs', h.paths.native?.overhead_median, 3000, 'ns'),
    check('socket back-end overhead (service − compute) ≤ 40 µs', h.paths.socket?.overhead_median, 40000, 'ns'),
    check('socket parse (front-end) ≤ 30 µs', h.paths.socket?.parse_median, 30000, 'ns'),
    check('socket transport (wait − service) ≤ 2 × loopback echo floor', h.ratios.transport_echo_median, 2, 'x'),
    check('native e2e ≤ 2 × (compute + P/Invoke floor)', e2eOverFloor, 2, 'x'),
    ...(overOs ? [check(`socket e2e − back-end compute ≤ 3 × OS floor (${osFloorName})`, overOs, 3, 'x')] : []),
  ];
}
