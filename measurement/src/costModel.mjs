// The cost model of a step (docs/cost-model.md), pure (no I/O): what a step costs in process and out of process for
// any engine cost, fitted on the published runs.
//
//   in-process e2e(N, C)     = inBase.fixed + inBase.perDevice × N + C
//   out-of-process e2e(N, C) = in-process e2e(N, C) + crossing.fixed + crossing.perDevice × N
//
// C is the engine's cost of one round of all N devices. inBase is fitted on each run's in-process e2e − in-process
// compute; a family's crossing on (out-of-process e2e − out-of-process compute) − (in-process e2e − in-process
// compute), so it does not contain the engine on either side (the out-of-process engine runs on another runtime, at
// another speed). Both are fitted by weighted least squares over N with a spread proportional to the fitted value
// (runs of different days disagree by a share of the step, not by a constant), and their intervals are prediction
// intervals for another run: the fit's own uncertainty plus the scatter between published runs.
import { OS_FLOOR_IDS, osFloorOfTransport, programName, workOfSpec } from './catalogue.mjs';

/**
 * An estimate with its 95 % interval; `covers` says in words what the interval covers.
 * @typedef {object} Estimate
 * @property {number} estimate
 * @property {[number, number]} ci95
 * @property {string} [covers]
 */

/**
 * How a fitted line makes a prediction interval at N for another published run: t × √(xᵀ·covariance·x + (relSd × value)²)
 * with x = [1, N]: the fit's uncertainty plus the scatter between published runs as a share of the value.
 * @typedef {object} LineSpread
 * @property {number} relSd
 * @property {number | null} ownRelSd The line's own scatter between runs, before it was raised to its platform reference family's (fewer than 3 days).
 * @property {number | null} dof Degrees of freedom of relSd (the reference family's when raised).
 * @property {number} days Distinct days of the runs the line rests on.
 * @property {number} tQuantile
 * @property {[[number, number], [number, number]]} covariance Covariance of [fixedNs, perDeviceNs], ns².
 * @property {number} points
 * @property {string} covers
 */

/**
 * One out-of-process configuration family of a platform: a transport × encoding × server (desktop) or an encoding
 * (web). Its crossing cost (out-of-process e2e − in-process e2e at the same engine cost) is fixedNs + perDeviceNs × N.
 * @typedef {object} CostFamily
 * @property {string} id Stable id, e.g. "tcp-json-jvm", "shm-binary-native", "ws-json", "ws-binary-step".
 * @property {string} label Plain words for a visitor, e.g. "TCP, JSON lines, JVM server (the reference design)".
 * @property {boolean} reference The reference design of its platform.
 * @property {boolean} best The best out-of-process configuration of its platform in the published runs.
 * @property {Estimate} fixedNs
 * @property {Estimate} perDeviceNs
 * @property {number[]} measuredN Device counts and engine costs per device and round (ns) the fit rests on.
 * @property {number[]} measuredWorkNs
 * @property {{ run: string; config: string }[]} basis Run ids (and configuration ids) the fit rests on.
 * @property {LineSpread} spread Added to the first contract: the prediction interval's parameters.
 * @property {Estimate | null} loopbackRttNs Added: the OS round trip this family's transport crosses (median, range over runs); null when not measured.
 */

/**
 * The in-process step without the engine: e2e − compute = fixedNs + perDeviceNs × N.
 * @typedef {object} InProcessBase
 * @property {string} path
 * @property {string} label
 * @property {Estimate} fixedNs
 * @property {Estimate} perDeviceNs
 * @property {LineSpread} spread Added to the first contract: the prediction interval's parameters and the measured ranges.
 * @property {number[]} measuredN
 * @property {number[]} measuredWorkNs
 */

/**
 * @typedef {object} PlatformModel
 * @property {'desktop' | 'web'} platform
 * @property {InProcessBase} inProcess
 * @property {CostFamily[]} families
 * @property {Estimate} loopbackRttNs The machine's loopback round trip the crossing includes (ns), so a network round trip replaces it.
 */

/**
 * How the model did on measurements it was not fitted on.
 * @typedef {object} HeldOutCoverage
 * @property {string} heldOut What was held out, in words (e.g. "N = 100", "work = 16 500 ns").
 * @property {number} inside
 * @property {number} of
 * @property {{ run: string; config: string; measuredNs: number; predicted: Estimate }[]} misses The held-out measurements that fell outside their predicted interval.
 * @property {number} notPredicted Added: held-out measurements the rest cannot predict (family not in the rest, or N outside its measured N).
 */

/**
 * @typedef {object} CostModel
 * @property {1} schemaVersion
 * @property {string} generatedBy
 * @property {string} covers Added: what every interval of the model covers, in words.
 * @property {PlatformModel[]} platforms
 * @property {HeldOutCoverage[]} coverage
 * @property {EnginePreset[]} [presets] Added: in public/data/cost-model.json, the engine presets (enginePresets.mjs) with our programs as measured.
 */

/**
 * A named engine cost (presets of the "Your case" view).
 * @typedef {object} EnginePreset
 * @property {string} id
 * @property {string} label
 * @property {number} perDeviceNs Engine cost per device and round, ns; per path where the source gives one per path.
 * @property {Record<string, number>} [perPathNs]
 * @property {'desktop' | 'web'} [platform] Our programs as measured: the platform they were measured on (the others' figures hold on either).
 * @property {Record<string, Record<string, number>>} [byN] Added: our programs' per-device cost per path at each measured N (perDeviceNs/perPathNs: the largest N).
 * @property {Record<string, number>} [roundNs] Added: the reference study's round of its 10 devices per path (ns).
 * @property {string} source Where the figure comes from, in words, with its publication.
 */

/**
 * @typedef {object} CaseInputs
 * @property {'desktop' | 'web'} platform
 * @property {string} family
 * @property {number} n
 * @property {number} engineRoundNs The engine's cost of one round of all N devices, ns.
 * @property {number} [frameHz] Frames per second of the front-end (for the frame share); optional.
 * @property {number} [networkRttNs] Network round trip between the processes (ns); replaces the loopback round trip. Optional.
 * @property {number} [outOfProcessEngineRoundNs] Added to the first contract: the engine's round cost on the out-of-process side when it differs (another runtime, e.g. the JVM: the preset's perPathNs.socket × N); without it both sides cost engineRoundNs. Optional.
 */

/**
 * @typedef {object} CasePrediction
 * @property {Estimate} inProcess
 * @property {Estimate} outOfProcess
 * @property {Estimate} addedNs outOfProcess − inProcess: what going out of process adds per step.
 * @property {Estimate} ratio
 * @property {Estimate | null} frameShare addedNs as a share of the frame (0..), null without frameHz.
 * @property {{ ratio1_1: Estimate; ratio2: Estimate }} breakEven The engine round cost (ns) above which the ratio falls below 1.1× and below 2×.
 * @property {{ run: string; config: string }[]} basis
 * @property {boolean} inRange False when N or the engine cost lies outside what was measured; `warnings` say which.
 * @property {string[]} warnings
 */

/**
 * One published run's configuration as the model reads it (pointsOfRun).
 * @typedef {object} MeasuredPoint
 * @property {'desktop' | 'web'} platform
 * @property {string} family
 * @property {number} n
 * @property {number} workNs Extra engine work per device and round of a `euclidean:work=W` program (ns); 0 otherwise.
 * @property {string} program
 * @property {string} run
 * @property {string} config
 * @property {string} day
 * @property {Estimate} inE2e
 * @property {Estimate} outE2e
 * @property {number} inCompute step.compute of each side's engine for one round of all N devices (ns).
 * @property {number} outCompute
 * @property {number | null} loopbackRttNs The OS round trip the family's transport crosses, measured in the same run (ns); null when not measured.
 */

/**
 * @type {1}
 */
const SCHEMA_VERSION = 1;

/**
 * The reference designs (docs/measurements.md): the reference protocol's configuration of each platform.
 * @type {{ desktop: string; web: string }}
 */
const REFERENCE_FAMILY = Object.freeze({ desktop: 'tcp-json-jvm', web: 'ws-json' });

const IN_PROCESS = Object.freeze({
  desktop: { path: 'native', label: 'FFI (P/Invoke) into the Kotlin/Native engine, same process' },
  web: { path: 'wasm', label: 'Kotlin/Wasm engine in the same page' },
});

const TRANSPORT_LABEL = { tcp: 'TCP', uds: 'Unix socket', shm: 'shared memory' };
const SERVER_LABEL = { jvm: 'JVM server', native: 'Kotlin/Native server' };
const ENCODING_LABEL = {
  json: 'JSON lines', batched: 'batched JSON', binary: 'binary frame', 'json-split': 'JSON, split messages', 'binary-step': 'binary step (one message per frame)',
};

/**
 * Words for a family id.
 * @param {'desktop' | 'web'} platform
 * @param {string} id
 * @returns {string}
 */
export function familyLabel(platform, id) {
  if (platform === 'web') {
    const encoding = id.replace(/^ws-/, '');
    return `WebSocket to the Node server, ${ENCODING_LABEL[encoding] ?? encoding}${id === REFERENCE_FAMILY.web ? ' (the reference requests)' : ''}`;
  }
  const [transport, ...rest] = id.split('-');
  const server = rest.pop();
  const encoding = rest.join('-');
  return `${TRANSPORT_LABEL[transport] ?? transport}, ${ENCODING_LABEL[encoding] ?? encoding}, ${SERVER_LABEL[server] ?? server}${id === REFERENCE_FAMILY.desktop ? ' (the reference design)' : ''}`;
}

/**
 * A configuration's family: transport-encoding-server (desktop), ws-encoding (web).
 * @param {'desktop' | 'web'} platform
 * @param {Record<string, unknown>} config
 * @returns {string}
 */
export function familyOf(platform, config) {
  const encoding = config.encoding ?? 'json';
  if (platform === 'web') return `ws-${encoding}`;
  return `${config.outOfProcessTransport ?? 'tcp'}-${encoding}-${config.outOfProcessServer ?? 'jvm'}`;
}

const estimateOf = (f) => (f && Number.isFinite(f.estimate) ? { estimate: f.estimate, ci95: f.ci95 ?? [f.estimate, f.estimate] } : null);

/** The OS floor figure key in summary.json of each OS floor id (catalogue OS_FLOOR_IDS values). */
const OS_FLOOR_FIGURE = { [OS_FLOOR_IDS.tcp]: 'osTcp_median', [OS_FLOOR_IDS.uds]: 'osUds_median', [OS_FLOOR_IDS.shmSpin]: 'osShmSpin_median', [OS_FLOOR_IDS.shmFutex]: 'osShmFutex_median' };
/** The OS floor a configuration's bytes cross (docs/os-floor.md): its desktop transport's; the web's TCP. */
const osFloorOf = (platform, config) => (platform === 'desktop'
  ? osFloorOfTransport(config.outOfProcessTransport ?? 'tcp', (config.clientSpinMicros ?? 50) > 0 || (config.serverSpinMicros ?? 50) > 0)
  : OS_FLOOR_IDS.tcp);

/**
 * The measured points of one published run (its run.json and summary.json): one per free-pacing configuration with
 * both paths' per-invocation figures. The statistic is the headline's (docs/measurements.md, "Clock resolution"):
 * desktop the median step on both sides; web the mean step, the in-process side a mean over back-to-back blocks (the
 * page's 5 µs clock), so web runs without block means are left out. Configurations whose spin differs from the
 * default (50 µs) measure another protocol setting and are left out, and so are the desktop's `binary` configurations
 * of a run made before the binary positions frame (`binaryFrame` false: that encoding was another protocol,
 * docs/protocol.md). `skipped` says why each configuration was left out.
 * @param {Record<string, any>} run
 * @param {Record<string, any> | null} summary
 * @param {{ binaryFrame?: boolean }} [options]
 * @returns {{ points: MeasuredPoint[]; skipped: { run: string; config: string; why: string }[] }}
 */
export function pointsOfRun(run, summary, { binaryFrame = true } = {}) {
  const platform = run.kind;
  const points = [];
  const skipped = [];
  if (platform !== 'desktop' && platform !== 'web') return { points, skipped };
  const summaries = new Map((summary?.configurations ?? []).map((c) => [c.id, c]));
  const [inPath, outPath] = platform === 'desktop' ? ['native', 'socket'] : ['wasm', 'websocket'];
  // bench:web measures the page's engine once per N and pacing, in the first encoding's configuration.
  const inSideOf = (config) => {
    const own = summaries.get(config.id)?.paths?.[inPath];
    if (own && Object.keys(own).length) return own;
    const twin = run.configurations.find((c) => c.nodeCount === config.nodeCount && c.pacing === config.pacing && c.program === config.program
      && Object.keys(summaries.get(c.id)?.paths?.[inPath] ?? {}).length);
    return twin ? summaries.get(twin.id).paths[inPath] : null;
  };
  for (const config of run.configurations ?? []) {
    const s = summaries.get(config.id);
    const skip = (why) => skipped.push({ run: run.id, config: config.id, why });
    if (!s?.paths) { skip('no per-invocation figures in summary.json'); continue; }
    if (config.pacing !== 'free') { skip(`pacing ${config.pacing}`); continue; }
    if ((config.serverSpinMicros ?? 50) !== 50 || (config.clientSpinMicros ?? 50) !== 50) { skip('spin other than 50 µs'); continue; }
    if (platform === 'desktop' && config.encoding === 'binary' && !binaryFrame) { skip('binary encoding before the binary positions frame'); continue; }
    const inSide = inSideOf(config);
    const outSide = s.paths[outPath];
    const inE2e = estimateOf(platform === 'web' ? inSide?.e2eBlock_mean : inSide?.e2e_median);
    const outE2e = estimateOf(platform === 'web' ? outSide?.e2e_mean : outSide?.e2e_median);
    const inCompute = inSide?.compute_median?.estimate;
    const outCompute = outSide?.compute_median?.estimate;
    if (!inE2e || !outE2e || !Number.isFinite(inCompute) || !Number.isFinite(outCompute)) {
      skip(platform === 'web' && !inSide?.e2eBlock_mean ? 'no block means of the in-process step (the page clock)' : 'missing e2e or compute');
      continue;
    }
    const loopback = outSide[OS_FLOOR_FIGURE[osFloorOf(platform, config)]]?.estimate;
    points.push({
      platform, family: familyOf(platform, config), n: config.nodeCount, workNs: workOfSpec(config.program),
      program: programName(config.program), run: run.id, config: config.id, day: String(run.createdAt ?? '').slice(0, 10),
      inE2e, outE2e, inCompute, outCompute, loopbackRttNs: Number.isFinite(loopback) ? loopback : null,
    });
  }
  return { points, skipped };
}

// ---------------------------------------------------------------------------------------------------------------
// Fitting

/** Two-sided 97.5 % quantile of Student's t by degrees of freedom (exact to 3 decimals to 30, then 1.96 + 2.4/dof). */
const T975 = [NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];
/**
 * @param {number} dof
 * @returns {number}
 */
const tQuantile975 = (dof) => (dof < 1 ? NaN : dof <= 30 ? T975[Math.floor(dof)] : 1.96 + 2.4 / dof);

/** Variance floor of a fitted value's weight: 1 % of the mean |y| keeps a near-zero fit from taking all the weight. */
const weightScale = (yhat, ys) => Math.max(Math.abs(yhat), 0.01 * ys.reduce((a, y) => a + Math.abs(y), 0) / ys.length, 1);

/**
 * y = a + b·N by weighted least squares with sd ∝ fitted value (three reweighting passes), or with b given
 * (`perDevice`: the per-device term taken from elsewhere when one N was measured). Returns the coefficients, their
 * covariance (ns²) and the relative residual spread between points (`relSd`, with its dof).
 * @param {number[]} xs
 * @param {number[]} ys
 * @param {{ perDevice?: Estimate | null }} [options]
 * @returns {{ fixed: number; perDevice: number; unscaledCov: number[][]; relSd: number | null; dof: number; points: number; free: boolean }}
 */
export function fitLine(xs, ys, { perDevice = null } = {}) {
  const n = xs.length;
  const distinct = new Set(xs).size;
  const free = perDevice === null && distinct >= 2;
  const p = free ? 2 : 1;
  let a = ys.reduce((s, y) => s + y, 0) / n;
  let b = free ? 0 : perDevice?.estimate ?? 0;
  let cov;
  let weights;
  for (let pass = 0; pass < 4; pass++) {
    weights = xs.map((x, i) => 1 / weightScale(pass === 0 ? ys[i] : a + b * x, ys) ** 2);
    const sw = weights.reduce((s, w) => s + w, 0);
    if (free) {
      const swx = weights.reduce((s, w, i) => s + w * xs[i], 0);
      const swxx = weights.reduce((s, w, i) => s + w * xs[i] * xs[i], 0);
      const swy = weights.reduce((s, w, i) => s + w * ys[i], 0);
      const swxy = weights.reduce((s, w, i) => s + w * xs[i] * ys[i], 0);
      const det = sw * swxx - swx * swx;
      b = (sw * swxy - swx * swy) / det;
      a = (swy - b * swx) / sw;
      cov = [[swxx / det, -swx / det], [-swx / det, sw / det]];
    } else {
      a = weights.reduce((s, w, i) => s + w * (ys[i] - b * xs[i]), 0) / sw;
      cov = [[1 / sw, 0], [0, 0]];
    }
  }
  const dof = n - p;
  const rss = weights.reduce((s, w, i) => s + w * (ys[i] - a - b * xs[i]) ** 2, 0);
  const relSd = dof > 0 ? Math.sqrt(rss / dof) : null;
  return { fixed: a, perDevice: b, unscaledCov: cov, relSd, dof, points: n, free };
}

/** The prediction half-width (95 %) at N of a fitted line with its spread: fit uncertainty + between-run scatter. */
function halfWidth(line, n) {
  const y = line.fixedNs.estimate + line.perDeviceNs.estimate * n;
  const { relSd, tQuantile, covariance: c } = line.spread;
  const fitVar = c[0][0] + 2 * c[0][1] * n + c[1][1] * n * n;
  return tQuantile * Math.sqrt(Math.max(0, fitVar) + (relSd * y) ** 2);
}

const lineAt = (line, n) => line.fixedNs.estimate + line.perDeviceNs.estimate * n;

const sig = (x) => (Number.isFinite(x) ? Number(x.toPrecision(6)) : x);
/** @type {(estimate: number, half: number, covers?: string) => Estimate} */
const interval = (estimate, half, covers) => ({ estimate: sig(estimate), ci95: [sig(estimate - half), sig(estimate + half)], ...(covers ? { covers } : {}) });

/** Fewer distinct days than this and a line's own scatter does not show how days differ (docs/cost-model.md). */
const MIN_DAYS = 3;

/**
 * A fitted line as the model stores it: the terms with their coefficient intervals (the fit only) and the spread that
 * makes prediction intervals (`spread`: covariance of the terms in ns², relative scatter between runs, t quantile).
 * `floorRelSd` (with `floorFrom`, its source in words) is the least scatter the line is given when its own points
 * leave no degree of freedom or come from fewer than MIN_DAYS days.
 */
function storedLine(fit, { days, floorRelSd = null, floorDof = null, floorFrom = '', borrowed = null }) {
  const fewDays = days < MIN_DAYS;
  const own = fit.relSd;
  const relSd = own === null ? floorRelSd : fewDays && floorRelSd !== null ? Math.max(own, floorRelSd) : own;
  const raised = relSd !== own;
  // A raised scatter is the source's estimate, with the source's degrees of freedom.
  const dof = raised ? floorDof : fit.dof;
  const t = tQuantile975(dof ?? 1);
  const covariance = fit.unscaledCov.map((row) => row.map((v) => sig(v * relSd ** 2)));
  if (borrowed) covariance[1][1] = sig((borrowed.ci95[1] - borrowed.ci95[0]) ** 2 / (2 * 1.96) ** 2);
  const fitOnly = 'the term, fit only';
  return {
    fixedNs: interval(fit.fixed, t * Math.sqrt(covariance[0][0]), fitOnly),
    perDeviceNs: borrowed
      ? { ...borrowed, covers: `borrowed from ${borrowed.from}: one N measured` }
      : fit.free ? interval(fit.perDevice, t * Math.sqrt(covariance[1][1]), fitOnly) : { estimate: 0, ci95: [0, 0], covers: 'not measured: one N' },
    spread: {
      relSd: sig(relSd), ownRelSd: own === null ? null : sig(own), dof, tQuantile: t, covariance, points: fit.points, days,
      covers: raised
        ? `scatter between runs raised to ${floorFrom}'s (${own === null ? 'no degree of freedom of its own' : `its own ±${(100 * own).toFixed(0)} % is from ${days} day${days > 1 ? 's' : ''}`})`
        : `its own scatter between runs (${fit.points} points, ${days} days)`,
    },
  };
}

/** What every interval of the model covers, once (docs/cost-model.md, "Intervals"). */
const INTERVALS_COVER = 'Terms (fixedNs, perDeviceNs): 95 % interval of the weighted least-squares fit only. '
  + 'Predictions (predictCase): 95 % prediction interval for another published run of the same machine kind, '
  + 't × √(fit variance + (relSd × value)²): the fit\'s uncertainty plus the scatter between published runs (days, VMs, commits) '
  + 'as a share of the value; the in-process base and the crossing added; the engine cost taken as exact.';

const uniqueSorted = (xs) => [...new Set(xs)].sort((x, y) => x - y);
const medianOf = (xs) => { const s = [...xs].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const perDeviceCompute = (p) => Number((p.inCompute / p.n).toPrecision(2));

/**
 * A point's in-process step without the engine, and its crossing (both sides' e2e − compute).
 * @param {MeasuredPoint} p
 * @returns {number}
 */
export const inBaseOf = (p) => p.inE2e.estimate - p.inCompute;
/**
 * @param {MeasuredPoint} p
 * @returns {number}
 */
export const crossingOf = (p) => (p.outE2e.estimate - p.outCompute) - inBaseOf(p);

/**
 * The model fitted on measured points (pointsOfRun). `coverage` is stored as given (heldOutCoverage).
 * @param {MeasuredPoint[]} points
 * @param {{ generatedBy?: string; coverage?: HeldOutCoverage[] }} [options]
 * @returns {CostModel}
 */
export function fitCostModel(points, { generatedBy = 'measurement/src/costModel.mjs', coverage = [] } = {}) {
  /** @type {PlatformModel[]} */
  const platforms = [];
  for (const platform of /** @type {const} */ (['desktop', 'web'])) {
    const mine = points.filter((p) => p.platform === platform);
    if (!mine.length) continue;
    const baseFit = fitLine(mine.map((p) => p.n), mine.map(inBaseOf));
    const daysOf = (ps) => new Set(ps.map((p) => p.day)).size;
    const familyIds = uniqueSorted(mine.map((p) => p.family)).sort();
    const fits = Object.fromEntries(familyIds.map((id) => {
      const ps = mine.filter((p) => p.family === id);
      return [id, { ps, fit: fitLine(ps.map((p) => p.n), ps.map(crossingOf)) }];
    }));
    const referenceId = fits[REFERENCE_FAMILY[platform]] ? REFERENCE_FAMILY[platform] : familyIds[0];
    // The reference family is measured on the most days: its scatter is the least a family of fewer days is given.
    const reference = fits[referenceId];
    const [floorRelSd, floorDof] = reference.fit.relSd !== null ? [reference.fit.relSd, reference.fit.dof] : [baseFit.relSd, baseFit.dof];
    const stored = {};
    const storeFamily = (id) => {
      const { ps, fit } = fits[id];
      const borrowFrom = !fit.free && id !== referenceId && reference.fit.free ? referenceId : null;
      const borrowed = borrowFrom ? { ...(stored[borrowFrom] ?? storeFamily(borrowFrom)).perDeviceNs, from: borrowFrom } : null;
      const refit = borrowed ? fitLine(ps.map((p) => p.n), ps.map(crossingOf), { perDevice: borrowed }) : fit;
      const loopbacks = ps.map((p) => p.loopbackRttNs).filter(Number.isFinite);
      const line = storedLine(refit, { days: daysOf(ps), floorRelSd: id !== referenceId ? floorRelSd : fit.relSd === null ? baseFit.relSd : null, floorDof: id !== referenceId ? floorDof : baseFit.dof, floorFrom: id === referenceId ? 'the in-process base' : referenceId, borrowed });
      if (borrowed) delete line.perDeviceNs.from;
      stored[id] = {
        id, label: familyLabel(platform, id), reference: id === REFERENCE_FAMILY[platform], best: false,
        ...line,
        measuredN: uniqueSorted(ps.map((p) => p.n)),
        measuredWorkNs: uniqueSorted(ps.map(perDeviceCompute)),
        loopbackRttNs: loopbacks.length
          ? { estimate: sig(medianOf(loopbacks)), ci95: [sig(Math.min(...loopbacks)), sig(Math.max(...loopbacks))], covers: 'median, range over runs' }
          : null,
        basis: ps.map((p) => ({ run: p.run, config: p.config })),
      };
      return stored[id];
    };
    familyIds.forEach((id) => stored[id] ?? storeFamily(id));
    const families = familyIds.map((id) => stored[id]);
    // Best: the lowest mean crossing at the platform's smallest measured N among the families measured there.
    const n0 = Math.min(...mine.map((p) => p.n));
    const atN0 = families.filter((f) => f.measuredN.includes(n0));
    const best = atN0.reduce((b, f) => (lineAt(f, n0) < lineAt(b, n0) ? f : b), atN0[0]);
    if (best) best.best = true;
    platforms.push({
      platform,
      inProcess: { ...IN_PROCESS[platform], ...storedLine(baseFit, { days: daysOf(mine), floorRelSd, floorDof, floorFrom: referenceId }),
        measuredN: uniqueSorted(mine.map((p) => p.n)), measuredWorkNs: uniqueSorted(mine.map(perDeviceCompute)) },
      families,
      loopbackRttNs: stored[referenceId].loopbackRttNs ?? { estimate: 0, ci95: [0, 0], covers: 'not measured' },
    });
  }
  return { schemaVersion: SCHEMA_VERSION, generatedBy, covers: INTERVALS_COVER, platforms, coverage };
}

// ---------------------------------------------------------------------------------------------------------------
// Prediction

const RATIOS = [1.1, 2];

function requireNumber(name, value, { min = 0, integer = false, optional = false } = {}) {
  if (value === undefined && optional) return;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`costModel: ${name} must be a finite number (got ${value})`);
  if (value < min) throw new Error(`costModel: ${name} must be at least ${min} (got ${value})`);
  if (integer && !Number.isInteger(value)) throw new Error(`costModel: ${name} must be a whole number (got ${value})`);
}

/**
 * Ratio interval from intervals of the added cost and the in-process step: its widest combination.
 * @param {Estimate} added
 * @param {Estimate} inProcess
 * @returns {Estimate}
 */
function ratioInterval(added, inProcess) {
  const [a0, a1] = added.ci95;
  const [i0, i1] = inProcess.ci95;
  const q = (a, i) => (i > 0 ? 1 + a / i : a >= 0 ? Infinity : -Infinity);
  const all = [q(a0, i0), q(a0, i1), q(a1, i0), q(a1, i1)];
  return { estimate: 1 + added.estimate / inProcess.estimate, ci95: [Math.min(...all), Math.max(...all)] };
}

/**
 * The prediction for one case. `outOfProcessEngineRoundNs` (optional) is the engine's round cost on
 * the out-of-process side when it differs (another runtime); without it both sides run `engineRoundNs`.
 * @param {CostModel} model
 * @param {CaseInputs} inputs
 * @returns {CasePrediction}
 */
export function predictCase(model, inputs) {
  if (!model || !Array.isArray(model.platforms)) throw new Error('costModel: not a cost model (no platforms)');
  if (!inputs || typeof inputs !== 'object') throw new Error('costModel: inputs must be an object');
  const { platform, family: familyId, n, engineRoundNs, frameHz, networkRttNs, outOfProcessEngineRoundNs } = inputs;
  const pm = model.platforms.find((p) => p.platform === platform);
  if (!pm) throw new Error(`costModel: unknown platform ${JSON.stringify(platform)} (known: ${model.platforms.map((p) => p.platform).join(', ')})`);
  const family = pm.families.find((f) => f.id === familyId);
  if (!family) throw new Error(`costModel: unknown family ${JSON.stringify(familyId)} on ${platform} (known: ${pm.families.map((f) => f.id).join(', ')})`);
  requireNumber('n', n, { min: 1, integer: true });
  requireNumber('engineRoundNs', engineRoundNs);
  requireNumber('outOfProcessEngineRoundNs', outOfProcessEngineRoundNs, { optional: true });
  requireNumber('networkRttNs', networkRttNs, { optional: true });
  if (frameHz !== undefined && frameHz !== null) {
    requireNumber('frameHz', frameHz);
    if (frameHz === 0) throw new Error('costModel: frameHz must be above 0');
  }
  const cIn = engineRoundNs;
  const cOut = outOfProcessEngineRoundNs ?? engineRoundNs;
  const warnings = [];

  const base = lineAt(pm.inProcess, n);
  const baseHalf = halfWidth(pm.inProcess, n);
  let crossing = lineAt(family, n);
  const crossingHalf = halfWidth(family, n);
  if (networkRttNs !== undefined) {
    const loopback = (family.loopbackRttNs ?? pm.loopbackRttNs).estimate;
    crossing += networkRttNs - loopback;
    warnings.push(`the network round trip (${networkRttNs} ns) replaces the loopback one (${sig(loopback)} ns); the network's bandwidth, jitter and losses are not in the model (docs/network.md)`);
    if (family.id.startsWith('shm')) warnings.push('shared memory does not cross a network: this adds a network round trip to a same-machine channel');
  }
  /** @type {Estimate} */
  const inProcess = { estimate: base + cIn, ci95: [Math.max(cIn, base - baseHalf + cIn), base + baseHalf + cIn],
    covers: 'another published run of this machine kind: fit uncertainty and scatter between runs of the in-process step without the engine; the engine cost is taken as exact' };
  const addedEstimate = crossing + cOut - cIn;
  // A crossing takes no less than no time: where the fit's interval reaches below 0 (a wide scatter between runs over
  // a small crossing), its lower end is 0, so no added cost or ratio interval claims a boundary that saves time.
  const crossingLow = Math.min(crossing, Math.max(0, crossing - crossingHalf));
  /** @type {Estimate} */
  const addedNs = { estimate: addedEstimate, ci95: [crossingLow + cOut - cIn, addedEstimate + crossingHalf],
    covers: 'another published run: fit uncertainty and scatter between runs of the crossing (its lower end at least 0)' };
  // Added, not in quadrature: a slow day slows both the in-process base and the crossing (the sum bounds any correlation).
  const outHalf = baseHalf + crossingHalf;
  const outEstimate = base + cOut + crossing;
  /** @type {Estimate} */
  const outOfProcess = { estimate: outEstimate, ci95: [Math.max(cOut, outEstimate - outHalf), outEstimate + outHalf],
    covers: 'another published run: the half-widths of the in-process base and the crossing added (whatever their correlation within a run); the engine cost exact' };
  const ratio = { ...ratioInterval(addedNs, inProcess), covers: 'the widest combination of the added cost and in-process intervals' };
  const frameShare = frameHz
    ? { estimate: addedNs.estimate * frameHz / 1e9, ci95: /** @type {[number, number]} */ (addedNs.ci95.map((x) => x * frameHz / 1e9)), covers: `the added cost's interval over a ${frameHz} Hz frame` }
    : null;
  // Ratio r at engine cost C (the same both sides): (base + C + X) / (base + C) = r ⇔ C = X / (r − 1) − base.
  const at = (r, x, b) => Math.max(0, x / (r - 1) - b);
  /** @type {(r: number) => Estimate} */
  const breakEvenOf = (r) => ({
    estimate: at(r, crossing, base),
    ci95: [at(r, crossingLow, base + baseHalf), at(r, crossing + crossingHalf, Math.max(0, base - baseHalf))],
    covers: `the engine round cost (ns, the same on both sides) above which the ratio falls below ${r}×, over the crossing's and in-process intervals; 0 when it is below already`,
  });

  const [nMin, nMax] = [Math.max(family.measuredN[0], pm.inProcess.measuredN?.[0] ?? 1), Math.min(family.measuredN.at(-1), pm.inProcess.measuredN?.at(-1) ?? Infinity)];
  if (n < nMin || n > nMax) warnings.push(`N = ${n} lies outside the measured ${nMin}–${nMax} of ${family.id}: the model extrapolates`);
  const perDevice = Math.max(cIn, cOut) / n;
  const works = family.measuredWorkNs;
  if (works.length && (perDevice < works[0] * 0.5 || perDevice > works.at(-1) * 2)) {
    warnings.push(`the engine's ${sig(perDevice)} ns per device and round lies outside the measured ${works[0]}–${works.at(-1)} ns: the model assumes the crossing does not depend on the engine's cost`);
  }
  if (family.perDeviceNs.covers?.startsWith('borrowed') && n !== family.measuredN[0]) warnings.push(`${family.id} was measured at N = ${family.measuredN.join(', ')} only: its per-device term is borrowed`);
  return {
    inProcess, outOfProcess, addedNs, ratio, frameShare,
    breakEven: { ratio1_1: breakEvenOf(RATIOS[0]), ratio2: breakEvenOf(RATIOS[1]) },
    basis: family.basis,
    inRange: warnings.every((w) => !/outside|borrowed/.test(w)),
    warnings,
  };
}

/**
 * The prediction of a measured point: its own N and its measured engine cost on each side.
 * @param {CostModel} model
 * @param {MeasuredPoint} p
 * @returns {CasePrediction}
 */
export const predictPoint = (model, p) => predictCase(model, { platform: p.platform, family: p.family, n: p.n, engineRoundNs: p.inCompute, outOfProcessEngineRoundNs: p.outCompute });

const inside = (ci, x) => ci[0] <= x && x <= ci[1];

/**
 * Held-out coverage: the model fitted without the points `isHeldOut` picks, each held-out point's measured e2e
 * (`side`: 'out' or 'in') against its predicted interval. Points whose family the rest does not contain, or whose N
 * lies outside the N the rest measured of their family, are not predictions of the model: counted in `notPredicted`.
 * @param {MeasuredPoint[]} points
 * @param {{ heldOut: string; isHeldOut: (p: MeasuredPoint) => boolean; side?: 'in' | 'out' }} options
 * @returns {HeldOutCoverage}
 */
export function heldOutCoverage(points, { heldOut, isHeldOut, side = 'out' }) {
  const model = fitCostModel(points.filter((p) => !isHeldOut(p)));
  const result = { heldOut, inside: 0, of: 0, misses: [], notPredicted: 0 };
  for (const p of points.filter(isHeldOut)) {
    const family = model.platforms.find((m) => m.platform === p.platform)?.families.find((f) => f.id === p.family);
    if (!family || p.n < family.measuredN[0] || p.n > family.measuredN.at(-1)) { result.notPredicted += 1; continue; }
    const prediction = predictPoint(model, p);
    const predicted = side === 'out' ? prediction.outOfProcess : prediction.inProcess;
    const measured = side === 'out' ? p.outE2e.estimate : p.inE2e.estimate;
    result.of += 1;
    if (inside(predicted.ci95, measured)) result.inside += 1;
    else result.misses.push({ run: p.run, config: p.config, measuredNs: sig(measured), predicted: { estimate: sig(predicted.estimate), ci95: predicted.ci95.map(sig) } });
  }
  return result;
}
