// The dashboard's headline (its first view), the part without I/O: the reference study's claim (the paths' names
// and colours: catalogue.mjs; the number formats: format.mjs), the sentences and the plot (vega-lite spec). The page
// imports this module (its types: the JSDoc, the headline's shape below); headlineFiles.mjs computes the headline from the published runs' CSVs (Node) and
// `npm run headline` writes public/data/headline.json and headline.svg, so the first view needs neither DuckDB nor
// Plotly.

import { PATHS, PATH_ORDER } from './catalogue.mjs';
import { formatNs, formatTimes } from './format.mjs';
import { SPREAD_MEANING, spreadCoverage, spreadRange } from './headlineSpread.mjs';

export { formatNs, formatTimes };

/** @typedef {import('./headlineSpread.mjs').HeadlineSpread} HeadlineSpread */

/**
 * A figure as headline.json stores it (ns, or a ratio): the estimate with its 95 % interval over invocations.
 * @typedef {object} HeadlineFigure
 * @property {number} estimate
 * @property {[number, number] | null} ci95
 * @property {number} invocations
 * @property {boolean} [clockLimited] a per-step figure within a few ticks of its clock, shown as a bound (clock.mjs)
 */

/**
 * Out-of-process e2e − in-process e2e, ns per step (paired: resampled invocation by invocation).
 * @typedef {HeadlineFigure & { paired: boolean }} HeadlineAddedCost
 */

/**
 * One path of a platform's headline; e2eStep and blockSteps when e2e is a block mean (the per-step median the clock
 * quantises and the block's K).
 * @typedef {object} HeadlineSide
 * @property {string} path
 * @property {string} label
 * @property {string} detail
 * @property {HeadlineFigure} e2e
 * @property {HeadlineFigure} [e2eStep]
 * @property {number} [blockSteps]
 */

/**
 * The OS floor below the out-of-process path (docs/os-floor.md) and the out-of-process e2e over it.
 * @typedef {object} HeadlineOsFloor
 * @property {string} id
 * @property {HeadlineFigure} floor
 * @property {HeadlineFigure} ratio
 */

/**
 * One configuration's e2e per path, ratios and added cost (headlineFiles.mjs configurationE2e).
 * @typedef {object} HeadlineE2e
 * @property {string} statistic
 * @property {HeadlineSide} inProcess
 * @property {HeadlineSide} outOfProcess
 * @property {HeadlineFigure} ratio
 * @property {HeadlineFigure | null} ratioPaired
 * @property {HeadlineAddedCost} [addedCost] absent in older headlines
 * @property {HeadlineOsFloor} [osFloor] absent in runs without the OS floor
 * @property {HeadlineFigure} [ratioOfStepMedians] when e2e is a block mean
 */

/**
 * A configuration run at the reference study's engine cost (headlineFiles.mjs atReferenceEngineCost): the preset
 * (each path its runtime's figure) or work=16500 on both.
 * @typedef {object} HeadlineAtEngineCost
 * @property {string} run
 * @property {string} config
 * @property {{ preset?: string; programByPath?: Record<string, string> | null; workNs?: number }} engine
 * @property {string} statistic
 * @property {HeadlineFigure} inProcess
 * @property {HeadlineFigure} outOfProcess
 * @property {HeadlineFigure} ratio
 * @property {HeadlineAddedCost} addedCost
 * @property {HeadlineSpread | null} [spread]
 */

/**
 * Out-of-process done as well as the same run measured it (headlineFiles.mjs bestOutOfProcess).
 * @typedef {object} HeadlineBest
 * @property {string} config
 * @property {string} transport
 * @property {string} encoding
 * @property {string} [server] jvm, native (desktop) or node; absent in older headlines (jvm)
 * @property {number | null} spinMicros
 * @property {HeadlineFigure} outOfProcess
 * @property {HeadlineFigure} inProcess
 * @property {HeadlineFigure} ratio
 * @property {HeadlineAddedCost} [addedCost]
 * @property {HeadlineOsFloor | null} osFloor
 * @property {HeadlineAtEngineCost | null} [referenceEngine]
 * @property {HeadlineSpread | null} [spread]
 * @property {{ run: string; ratio: HeadlineFigure }} [repeat]
 */

/**
 * The run's machine (headlineFiles.mjs machineCaveats): the caveats the headline carries.
 * @typedef {object} HeadlineMachine
 * @property {{ flagged: number; of: number }} busy
 * @property {{ drifted: boolean | null; cpuKernelSpread: number | null; loopbackSpread: number | null } | null} drift
 * @property {string[]} caveats
 */

/**
 * One platform of the headline: its canonical configuration's figures and sentences.
 * @typedef {HeadlineE2e & {
 *   platform: 'desktop' | 'web'; run: string; config: string; nodeCount: number; pacing: string; invocations: number;
 *   timerResolutionNs: number | null; cores: number | null; machine: HeadlineMachine; spread?: HeadlineSpread | null;
 *   repeat: { run: string; ratio: HeadlineFigure } | null; best?: HeadlineBest; referenceEngine?: HeadlineAtEngineCost | null;
 *   sentence: string; lead?: string;
 * }} HeadlinePlatform
 */

/**
 * A fixed-paced configuration's tick (tickMs at timeScale: one tick per periodMs of real time).
 * @typedef {{ tickMs: number; timeScale: number; periodMs: number }} HeadlineTick
 */

/**
 * The reference study's own CSVs under its method (headlineFiles.mjs referenceRecomputed).
 * @typedef {object} HeadlineRecomputed
 * @property {string} run
 * @property {number} inProcessNs
 * @property {number} outOfProcessNs
 * @property {number} ratio
 * @property {number[]} samples
 * @property {HeadlineTick} outOfProcessTick
 * @property {HeadlineTick} inProcessTick
 */

/**
 * Our desktop run's fixed-paced configuration at the reference's tick (headlineFiles.mjs underTheTick).
 * @typedef {{ config: string; tickMs: number; timeScale: number; inProcessNs: number; outOfProcessNs: number }} HeadlineUnderTheTick
 */

/**
 * One pacing of the reference study's comparison replayed with its engine's cost, beside our engine's.
 * @typedef {object} HeadlineReplayPacing
 * @property {string} pacing
 * @property {string} config
 * @property {number | null} periodMs
 * @property {HeadlineFigure} inProcess
 * @property {HeadlineFigure} outOfProcess
 * @property {HeadlineFigure} ratio
 * @property {HeadlineAddedCost} addedCost
 * @property {{ config: string; ratio: HeadlineFigure; addedCost: HeadlineAddedCost } | null} ours
 */

/**
 * The engine preset a replay ran (enginePresets.mjs), as the headline names it.
 * @typedef {{ id: string; label: string; perPathNs: Record<string, number>; source: string }} HeadlinePreset
 */

/**
 * The reference study's comparison replayed with its engine's cost, per pacing (headlineFiles.mjs referenceReplay).
 * @typedef {object} HeadlineReplay
 * @property {string} run
 * @property {HeadlinePreset} preset
 * @property {HeadlineReplayPacing[]} pacings
 * @property {string} sentence
 */

/**
 * The reference study's claim, its recomputed CSVs, ours under its tick and its replay, with their sentences.
 * @typedef {object} HeadlineReference
 * @property {{ ratio: number; inProcessNs: number; outOfProcessNs: number }} claim
 * @property {HeadlineRecomputed} recomputed
 * @property {HeadlineUnderTheTick | null} ours
 * @property {HeadlineReplay | null} [replay] absent in older headlines, null when no run replayed it
 * @property {string[]} sentences
 */

/**
 * The headline, public/data/headline.json (headlineFiles.mjs computeHeadline).
 * @typedef {object} Headline
 * @property {1} schemaVersion
 * @property {string} generatedBy
 * @property {string} scope
 * @property {HeadlinePlatform[]} platforms
 * @property {HeadlineReference | null} reference
 */

/**
 * The reference study's claim as it states it (docs/reference-study.md, "Its claims, and its flaws"): end-to-end
 * ≈ 0.59 ms native vs ≈ 200 ms socket, ≈ 337×.
 */
export const REFERENCE_CLAIM = Object.freeze({ ratio: 337, inProcessNs: 0.59e6, outOfProcessNs: 200e6 });

const PLATFORM_NAME = { desktop: 'desktop', web: 'web' };

/**
 * One plain sentence per platform, from its figures; in runs that measured the OS floor (docs/os-floor.md) a second
 * one puts the out-of-process step beside what the operating system alone charges for the round trip.
 */
/** How the sentences name each OS floor's channel (docs/os-floor.md). */
export const OS_FLOOR_CHANNEL = Object.freeze({
  'floor.os.tcp': 'loopback TCP', 'floor.os.uds': 'a Unix domain socket',
  'floor.os.shm.spin': 'shared memory with both sides spinning', 'floor.os.shm.futex': 'shared memory with futex wake-ups',
});
/** How the sentences name each desktop transport and encoding. */
const TRANSPORT_NAME = Object.freeze({ tcp: 'loopback TCP', uds: 'a Unix domain socket', shm: 'shared memory', websocket: 'WebSocket' });
/** How the sentences name a server other than the platform's reference one. */
export const SERVER_NAME = Object.freeze({ native: 'Kotlin/Native server' });

/**
 * The out-of-process path done as well as the run measured it (headlineFiles.mjs bestOutOfProcess), in one sentence.
 * @param {HeadlineBest | null} best
 * @returns {string}
 */
export function bestSentence(best) {
  if (!best) return '';
  const floor = best.osFloor
    ? ` The OS's own round trip over ${OS_FLOOR_CHANNEL[best.osFloor.id] ?? best.osFloor.id} takes ${formatNs(best.osFloor.floor.estimate)}.`
    : '';
  const server = SERVER_NAME[best.server] ? `, ${SERVER_NAME[best.server]}` : '';
  return ` Done as well as this machine allowed in the same run (${TRANSPORT_NAME[best.transport] ?? best.transport}, ${best.encoding} encoding${server}), `
    + `the out-of-process step takes ${formatNs(best.outOfProcess.estimate)}: ${formatTimes(best.ratio.estimate)} in-process.${floor}`;
}

/**
 * @param {string} platform
 * @param {HeadlineE2e} p
 * @param {number | null} timerResolutionNs
 * @param {HeadlineBest | null} [best]
 * @returns {string}
 */
export function sentence(platform, p, timerResolutionNs, best = null) {
  const r = formatTimes(p.ratio.estimate);
  const channel = OS_FLOOR_CHANNEL[p.osFloor?.id] ?? 'loopback TCP';
  const os = p.osFloor
    ? ` The operating system's own round trip over ${channel} (a C ping-pong between two processes, no runtime) takes ${formatNs(p.osFloor.floor.estimate)} in the same run: the step is ${formatTimes(p.osFloor.ratio.estimate)} that.`
    : '';
  if (platform === 'desktop') {
    return `On the desktop, a step through the JVM server over loopback TCP takes ${formatNs(p.outOfProcess.e2e.estimate)}, `
      + `${r} as long as calling the same engine in-process through FFI (${formatNs(p.inProcess.e2e.estimate)}).${os}${bestSentence(best)}`;
  }
  const step = p.inProcess.e2eStep;
  if (!step) {
    return `In the browser, a step through the WebSocket server takes ${formatNs(p.outOfProcess.e2e.estimate)}, `
      + `${r} as long as the Wasm engine in the page (${formatNs(p.inProcess.e2e.estimate)}).${os}${bestSentence(best)}`;
  }
  // The in-page step is shorter than a few ticks of the page's clock: both sides are mean steps (docs/measurements.md, "Clock resolution").
  const clock = timerResolutionNs ? `the page's ${formatNs(timerResolutionNs)} clock cannot time one step` : 'the page\'s clock cannot time one step';
  return `In the browser, a step through the WebSocket server takes ${formatNs(p.outOfProcess.e2e.estimate)} on average, `
    + `${r} as long as the Wasm engine in the page (${formatNs(p.inProcess.e2e.estimate)}, the mean over ${p.inProcess.blockSteps} back-to-back steps: ${clock}).${os}${bestSentence(best)}`;
}

/**
 * A duration in µs, three significant digits, without its unit: the added cost's unit everywhere it is shown.
 * @param {number} ns
 * @returns {string}
 */
export const formatUs = (ns) => (Number.isFinite(ns) ? `${Number((ns / 1e3).toPrecision(3))}` : '–');
/**
 * "70.5 µs [62.5, 78.2]" (ns in).
 * @param {Pick<HeadlineFigure, 'estimate' | 'ci95'>} f
 * @returns {string}
 */
export const formatUsInterval = (f) => `${formatUs(f.estimate)} µs${f.ci95 ? ` [${formatUs(f.ci95[0])}, ${formatUs(f.ci95[1])}]` : ' (1 invocation)'}`;
/**
 * "21.4× [18.6, 24.6]".
 * @param {Pick<HeadlineFigure, 'estimate' | 'ci95'>} f
 * @returns {string}
 */
export const formatTimesInterval = (f) => `${formatTimes(f.estimate)}${f.ci95 ? ` [${Number(f.ci95[0].toPrecision(3))}, ${Number(f.ci95[1].toPrecision(3))}]` : ' (1 invocation)'}`;

/**
 * The out-of-process configuration in a few words: the platform's reference design, or `best` (its server, channel, encoding).
 * @param {string} platform
 * @param {{ server?: string; transport: string; encoding: string } | null} [best]
 * @returns {string}
 */
export function outOfProcessName(platform, best = null) {
  if (!best) return platform === 'desktop' ? 'JVM server, loopback TCP, JSON lines' : 'Node server, WebSocket, JSON lines';
  const server = SERVER_NAME[best.server] ?? (platform === 'desktop' ? 'JVM server' : 'Node server');
  return `${server}, ${TRANSPORT_NAME[best.transport] ?? best.transport}, ${best.encoding}`;
}

/**
 * One line per platform: what going out of process adds per step, reference design and best (scripts/headline.mjs prints it).
 * @param {HeadlinePlatform} p
 * @returns {string}
 */
export function addedCostLine(p) {
  const best = p.best?.addedCost ? `; best (${outOfProcessName(p.platform, p.best)}) ${formatUsInterval(p.best.addedCost)}` : '';
  return `${p.platform}: out of process adds ${formatUsInterval(p.addedCost)} per step (reference design, ${outOfProcessName(p.platform)})${best}; `
    + `95 % intervals over ${p.invocations} invocations, paired by invocation`;
}

/**
 * README's cell for a ratio's spread across the published runs: "20.5–44.7× (16 runs, 5 days, 3 machines, 9 commits)".
 * @param {HeadlineSpread} s
 * @returns {string}
 */
const spreadCell = (s) => (s.runs === 1 ? 'this run only' : `${spreadRange(s)} (${spreadCoverage(s).replace(' published run', ' run')})`);

/** The markers around README.md's generated answer (scripts/headline.mjs rewrites what lies between them). */
export const ANSWER_START = '<!-- answer:start: generated by `npm run headline` from public/data/headline.json; do not edit -->';
export const ANSWER_END = '<!-- answer:end -->';

/**
 * README.md's answer, in Markdown: per platform one small table, leading with the added cost of the process boundary
 * in µs per step (it does not depend on the engine), then the ratio for our engine (it does), each with its interval
 * and the run it comes from.
 * @param {Headline} h
 * @returns {string}
 */
export function answerMarkdown(h) {
  const lines = [];
  for (const p of h.platforms) {
    const name = p.platform === 'desktop' ? 'Desktop' : 'Web';
    lines.push(`**${name}**, run \`${p.run}\` (N = ${p.nodeCount}, ${p.pacing} pacing, ${p.statistic}, ${p.invocations} invocations; `
      + `in-process: ${p.inProcess.label.split(',')[0]} ${formatNs(p.inProcess.e2e.estimate)} a step)`, '');
    lines.push('| out-of-process | added cost, µs per step (out − in) | ratio out/in, our engine | the same ratio across published runs | ratio out/in, the reference study\'s Collektive | out-of-process step | configuration |',
      '| --- | --- | --- | --- | --- | --- | --- |');
    /** @type {(r: HeadlineAtEngineCost | null | undefined) => string} */
    const atCollektive = (r) => (r ? `${formatTimesInterval(r.ratio)} (\`${r.config}\`${r.run === p.run ? '' : `, run \`${r.run}\``})` : 'not measured');
    /**
     * @param {string} label
     * @param {Pick<HeadlineBest, 'addedCost' | 'ratio' | 'spread' | 'outOfProcess' | 'referenceEngine'>} x
     * @param {string} config
     */
    const row = (label, x, config) => `| ${label} | **${formatUsInterval(x.addedCost)}** | ${formatTimesInterval(x.ratio)} | ${x.spread ? spreadCell(x.spread) : '–'} | ${atCollektive(x.referenceEngine)} | ${formatNs(x.outOfProcess.estimate)} | \`${config}\` |`;
    lines.push(row(`reference design: ${outOfProcessName(p.platform)}`, { addedCost: p.addedCost, ratio: p.ratio, spread: p.spread, outOfProcess: p.outOfProcess.e2e, referenceEngine: p.referenceEngine }, p.config));
    if (p.best?.addedCost) lines.push(row(`best this run measured: ${outOfProcessName(p.platform, p.best)}`, p.best, p.best.config));
    for (const c of p.machine?.caveats ?? []) lines.push('', `Caveat: ${c}.`);
    lines.push('');
  }
  const replay = h.reference?.replay;
  if (replay) lines.push(`**The reference study's 337×, replayed** (run \`${replay.run}\`): ${replay.sentence}`, '');
  lines.push('The reference study\'s Collektive: its engine\'s cost per device and round, 16.5 µs in its .so and 19.6 µs on the JVM '
    + '([presets](docs/cost-model.md#presets)), run as extra engine work ([work](docs/programs.md#work)); on the web, where Collektive has no '
    + 'Wasm target, 16.5 µs on both paths.', '');
  lines.push('Intervals: 95 % over invocations (two-level bootstrap; the added cost paired invocation by invocation), '
    + `[method](docs/measurements.md#intervals). ${SPREAD_MEANING} The added cost is what the process boundary costs whatever the engine; `
    + 'the ratio is for our engine and shrinks as the engine computes more per step: the dashboard\'s "Your case" view '
    + 'scales it to another engine\'s cost.');
  return lines.join('\n');
}

/**
 * `readme` with its generated answer replaced by `block` (the markers kept); throws when the markers are missing.
 * @param {string} readme
 * @param {string} block
 * @returns {string}
 */
export function withAnswer(readme, block) {
  const start = readme.indexOf(ANSWER_START);
  const end = readme.indexOf(ANSWER_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${ANSWER_START} … ${ANSWER_END} block`);
  return `${readme.slice(0, start + ANSWER_START.length)}\n${block}\n${readme.slice(end)}`;
}

/**
 * The reference study's claim, its own CSVs and our figure under its tick, in plain sentences.
 * @param {HeadlineRecomputed} ref
 * @param {{ ratio: HeadlineFigure }} ours
 * @param {HeadlineUnderTheTick | null} tick
 * @returns {string[]}
 */
export function referenceSentences(ref, ours, tick) {
  const t = ref.outOfProcessTick;
  const lines = [
    `The reference study claims ${REFERENCE_CLAIM.ratio}× (${formatNs(REFERENCE_CLAIM.inProcessNs)} vs ${formatNs(REFERENCE_CLAIM.outOfProcessNs)}); `
      + `its own published CSVs give ${Math.round(ref.ratio)}× (${formatNs(ref.inProcessNs)} vs ${formatNs(ref.outOfProcessNs)}).`,
    `Either way the socket figure is its frame tick, not the cost of the call: its socket scene read the reply once per fixed-update tick, `
      + `${t.tickMs} ms at time scale ${t.timeScale}, i.e. every ${t.periodMs} ms of real time.`,
  ];
  if (tick) {
    lines.push(`With a ${tick.tickMs} ms tick here the socket path reads ${formatNs(tick.outOfProcessNs)} (the tick) and FFI ${formatNs(tick.inProcessNs)}; `
      + `both paths free-paced, the difference is ${formatTimes(ours.ratio.estimate)}.`);
  }
  return lines;
}

/**
 * The reference study's comparison replayed with its engine's cost (headlineFiles.mjs referenceReplay), in one
 * sentence: what it becomes paced alike and free, and why it differs from the study's claim.
 * @param {{ preset: HeadlinePreset; pacings: HeadlineReplayPacing[] }} replay
 * @returns {string}
 */
export function replaySentence({ preset, pacings }) {
  /** @type {(x: HeadlineReplayPacing) => string} */
  const at = (x) => `${formatTimes(x.ratio.estimate)} [${x.ratio.ci95.map(formatTimes).join(', ')}]`;
  /** @type {(pacing: string) => HeadlineReplayPacing | undefined} */
  const of = (pacing) => pacings.find((x) => x.pacing === pacing);
  const [frame, free, fixed] = ['frame', 'free', 'fixed'].map(of);
  const parts = [
    frame && `${at(frame)} paced alike (a step per ${frame.periodMs} ms frame)`,
    free && `${at(free)} free-paced`,
  ].filter(Boolean);
  /** @type {(ns: number) => string} */
  const us = (ns) => (ns / 1000).toFixed(1);
  const polled = fixed ? ` (its own polling, once per ${fixed.periodMs} ms tick: ${at(fixed)})` : '';
  return `With its own engine's cost (${us(preset.perPathNs.native)} µs per device and round in the .so, ${us(preset.perPathNs.socket)} on the JVM) `
    + `the study's comparison gives ${parts.join(' and ')}, not ${REFERENCE_CLAIM.ratio}×: its socket figure was a 200 ms polling tick${polled}, `
    + `and its engine's round outweighs the crossing.`;
}

/**
 * One row of the headline plot: a figure (ns) with its interval, the path whose colour it takes, what it is.
 * @typedef {object} PlotRow
 * @property {string} row
 * @property {string} path
 * @property {number} estimate
 * @property {number} lo
 * @property {number} hi
 * @property {string} label
 * @property {'ours' | 'floor' | 'reference'} kind
 */

/**
 * The plot's rows: each path's e2e with its interval, then the reference study's two figures.
 * @param {Headline} h
 * @returns {PlotRow[]}
 */
export function plotRows(h) {
  /** @type {PlotRow[]} */
  const rows = [];
  for (const p of h.platforms) {
    for (const side of [p.inProcess, p.outOfProcess]) {
      rows.push({ row: `${PLATFORM_NAME[p.platform]} · ${side.label}`, path: side.path, estimate: side.e2e.estimate,
        lo: side.e2e.ci95?.[0] ?? side.e2e.estimate, hi: side.e2e.ci95?.[1] ?? side.e2e.estimate, label: formatNs(side.e2e.estimate), kind: 'ours' });
      if (side === p.outOfProcess && p.best) {
        const b = p.best.outOfProcess;
        rows.push({ row: `${PLATFORM_NAME[p.platform]} · best out-of-process (${p.best.transport}, ${p.best.encoding}${SERVER_NAME[p.best.server] ? `, ${SERVER_NAME[p.best.server]}` : ''})`, path: side.path, estimate: b.estimate,
          lo: b.ci95?.[0] ?? b.estimate, hi: b.ci95?.[1] ?? b.estimate, label: formatNs(b.estimate), kind: 'ours' });
      }
      if (side === p.outOfProcess && p.osFloor) {
        // The OS floor below the out-of-process path, grey like the reference rows (no new colour in the scale).
        const f = p.osFloor.floor;
        rows.push({ row: `${PLATFORM_NAME[p.platform]} · OS floor, TCP round trip`, path: 'reference', estimate: f.estimate,
          lo: f.ci95?.[0] ?? f.estimate, hi: f.ci95?.[1] ?? f.estimate, label: formatNs(f.estimate), kind: 'floor' });
      }
    }
  }
  const ref = h.reference?.recomputed;
  if (ref) {
    rows.push({ row: 'reference study · FFI (its CSVs)', path: 'reference', estimate: ref.inProcessNs, lo: ref.inProcessNs, hi: ref.inProcessNs, label: formatNs(ref.inProcessNs), kind: 'reference' });
    rows.push({ row: `reference study · TCP, ${ref.outOfProcessTick.periodMs} ms tick`, path: 'reference', estimate: ref.outOfProcessNs, lo: ref.outOfProcessNs, hi: ref.outOfProcessNs, label: formatNs(ref.outOfProcessNs), kind: 'reference' });
  }
  return rows;
}

/** Colours of the paths (the catalogue's, as every plot of the dashboard draws them), the reference study's grey. */
const COLOURS = { ...Object.fromEntries(PATH_ORDER.map((p) => [p, PATHS[p].colour])), reference: '#7f7f7f' };

/**
 * The headline plot as a vega-lite spec: e2e per path on a log axis, 95 % intervals, every row labelled in place.
 * @param {Headline} h
 * @returns {Record<string, unknown>}
 */
export function headlineSpec(h) {
  const rows = plotRows(h);
  const order = [...new Set(rows.map((r) => r.row))];
  const y = { field: 'row', type: 'nominal', sort: order, title: null, axis: { labelLimit: 400, labelFontSize: 12, ticks: false, domain: false } };
  const colour = { field: 'path', type: 'nominal', scale: { domain: Object.keys(COLOURS), range: Object.values(COLOURS) }, legend: null };
  const x = { type: 'quantitative', scale: { type: 'log', domain: [1e3, 1e9] },
    axis: { title: 'front-end end-to-end step (log scale)', values: [1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9], grid: true, labelOverlap: false,
      labelExpr: "datum.value >= 1e9 ? '1 s' : datum.value >= 1e6 ? format(datum.value / 1e6, '~g') + ' ms' : format(datum.value / 1e3, '~g') + ' µs'" } };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    data: { values: rows },
    width: 340,
    height: { step: 24 },
    encoding: { y, color: colour },
    layer: [
      { transform: [{ filter: "datum.kind !== 'block'" }], mark: { type: 'rule', strokeWidth: 3 }, encoding: { x: { ...x, field: 'lo' }, x2: { field: 'hi' } } },
      { transform: [{ filter: "datum.kind !== 'block'" }], mark: { type: 'point', filled: true, size: 70 }, encoding: { x: { ...x, field: 'estimate' }, shape: { value: 'circle' } } },
      { transform: [{ filter: "datum.kind === 'block'" }], mark: { type: 'point', filled: false, size: 70, strokeWidth: 1.5 }, encoding: { x: { ...x, field: 'estimate' } } },
      { transform: [{ filter: 'datum.label !== null' }], mark: { type: 'text', align: 'left', dx: 8, fontSize: 12 }, encoding: { x: { ...x, field: 'hi' }, text: { field: 'label' } } },
    ],
    config: { view: { stroke: null }, font: 'system-ui, sans-serif', axis: { labelColor: '#333', titleColor: '#333', gridColor: '#e6e6e6' } },
  };
}
