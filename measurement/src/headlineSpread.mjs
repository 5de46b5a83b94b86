// The spread of a headline figure across the published runs (no I/O; headlineFiles.mjs reads the runs): the same
// configuration's point ratio in every published run that measured it, with how many runs, days, machines and
// commits they cover. The headline's bracket is a 95 % interval over the process invocations of ONE run on one
// machine: it says what running that benchmark again there, then, should give. Runs on other days, machines and
// commits scatter more than that (docs/measurements.md, "Drift"), and this spread is what shows it.

import { REFERENCE_DESKTOP_SERVER, REFERENCE_DESKTOP_TRANSPORT, REFERENCE_PROGRAM, isReferenceProgram } from './catalogue.mjs';
import { formatTimes } from './format.mjs';

/**
 * One run's point figures of a configuration, as spreadOf takes them.
 * @typedef {object} SpreadPoint
 * @property {string} run
 * @property {string} config
 * @property {string | null} [createdAt]
 * @property {string | null} [commit]
 * @property {MachineLike | null} [environment]
 * @property {number} ratio
 * @property {number} [addedCostNs]
 */

/**
 * A headline ratio's spread across the published runs (public/data/headline.json, `spread`).
 * @typedef {object} HeadlineSpread
 * @property {number} runs
 * @property {number} days
 * @property {number} machines
 * @property {number} commits
 * @property {[number, number]} ratio the point ratio's min and max over the runs
 * @property {[number, number] | null} addedCostNs out − in, ns per step: min and max over the runs
 * @property {{ run: string; config: string; day: string | null; ratio: number; addedCostNs: number | null }[]} points oldest first
 */

/**
 * The fields of a run.json configuration that tell one measurement from another (sameConfigurationKey).
 * @typedef {object} ConfigurationKeyLike
 * @property {number} nodeCount
 * @property {string} pacing
 * @property {number | null} [tickMs]
 * @property {number | null} [timeScale]
 * @property {string | null} [encoding]
 * @property {string | null} [outOfProcessTransport]
 * @property {string | null} [outOfProcessServer]
 * @property {number | null} [serverSpinMicros]
 * @property {string | null} [driver]
 * @property {string | null} [program]
 * @property {string | null} [enginePreset]
 */

/**
 * A machine as run.json's `environment` describes it (the fields machineOf reads).
 * @typedef {object} MachineLike
 * @property {string} [cpuModel]
 * @property {number} [cores]
 * @property {number} [memoryBytes]
 * @property {string} [kernel]
 */

/** The JVM server's spin before a blocking read when a configuration does not say (docs/architecture.md). */
const DEFAULT_SERVER_SPIN_US = 50;

/**
 * What makes two configurations of different runs the same measurement: platform, N, pacing (with its tick),
 * encoding, out-of-process transport and server, the server's spin, program with its work, engine preset and, on the
 * web, what drove the page (runs before the `driver` field were driven by Playwright: docs/measurements.md,
 * "Drivers"). The History view's key plus the spin, the preset and the driver, which change the figure.
 * @param {string} platform
 * @param {ConfigurationKeyLike} c
 * @returns {string}
 */
export function sameConfigurationKey(platform, c) {
  const pacing = c.pacing === 'fixed' && c.tickMs ? `fixed ${c.tickMs} ms ×${c.timeScale ?? 1}` : c.pacing;
  const desktop = platform === 'desktop';
  return [
    platform, `N=${c.nodeCount}`, pacing, c.encoding ?? 'json',
    desktop ? c.outOfProcessTransport ?? REFERENCE_DESKTOP_TRANSPORT : 'websocket',
    desktop ? c.outOfProcessServer ?? REFERENCE_DESKTOP_SERVER : 'node',
    desktop ? `spin ${c.serverSpinMicros ?? DEFAULT_SERVER_SPIN_US}` : `driver ${c.driver ?? 'playwright'}`,
    isReferenceProgram(c.program) ? REFERENCE_PROGRAM : String(c.program),
    c.enginePreset ?? 'no preset',
  ].join(' | ');
}

/**
 * A machine as run.json describes it (environment: CPU model, cores, memory, kernel). run.json records no host name,
 * so two VMs of the same image and size count as one machine: the count is a lower bound.
 * @param {MachineLike | null | undefined} environment
 * @returns {string}
 */
export function machineOf(environment) {
  const e = environment ?? {};
  return [e.cpuModel, e.cores, e.memoryBytes, e.kernel].map((x) => x ?? '?').join(' | ');
}

/**
 * The UTC day of an ISO time, or null.
 * @param {unknown} iso
 * @returns {string | null}
 */
const dayOf = (iso) => (typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : null);

/** @param {unknown[]} xs */
const distinct = (xs) => new Set(xs.filter((x) => x != null)).size;

/**
 * The spread of `points`, each one run's point figures of the same configuration: { run, config, createdAt, commit,
 * environment, ratio, addedCostNs }. Points without a finite ratio are left out. Returns null when none is left;
 * else the runs' count, their distinct days, machines (machineOf) and commits, the ratio's and the added cost's min and
 * max, and the points themselves (run, config, day, ratio, added cost), oldest first.
 * @param {SpreadPoint[]} points
 * @returns {HeadlineSpread | null}
 */
export function spreadOf(points) {
  const kept = points.filter((p) => Number.isFinite(p.ratio))
    .sort((a, b) => String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')) || a.run.localeCompare(b.run));
  if (!kept.length) return null;
  /** @type {(xs: number[]) => [number, number] | null} */
  const range = (xs) => (xs.length ? [Math.min(...xs), Math.max(...xs)] : null);
  /** @type {(x: number) => number} */
  const round = (x) => Number(x.toPrecision(6));
  /** @type {(x: number | undefined) => number | null} */
  const roundOrNull = (x) => (Number.isFinite(x) ? round(x) : null);
  /** @type {(r: [number, number]) => [number, number]} */
  const roundRange = ([lo, hi]) => [round(lo), round(hi)];
  const added = range(kept.map((p) => p.addedCostNs).filter(Number.isFinite));
  return {
    runs: kept.length,
    days: distinct(kept.map((p) => dayOf(p.createdAt))),
    machines: distinct(kept.map((p) => machineOf(p.environment))),
    commits: distinct(kept.map((p) => p.commit ?? null)),
    // kept holds finite ratios only, so the range and each point's ratio are numbers.
    ratio: roundRange(range(kept.map((p) => p.ratio))),
    addedCostNs: added && roundRange(added),
    points: kept.map((p) => ({ run: p.run, config: p.config, day: dayOf(p.createdAt), ratio: round(p.ratio), addedCostNs: roundOrNull(p.addedCostNs) })),
  };
}

/** @type {(n: number, word: string) => string} */
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * "7 published runs on 4 days, 3 machines, 6 commits" (the runs' coverage).
 * @param {HeadlineSpread} s
 * @returns {string}
 */
export function spreadCoverage(s) {
  return `${plural(s.runs, 'published run')} on ${plural(s.days, 'day')}, ${plural(s.machines, 'machine')}, ${plural(s.commits, 'commit')}`;
}

/**
 * "across 7 published runs on 4 days, 3 machines, 6 commits: 20.8–44.7×", or "only this run measured it".
 * @param {HeadlineSpread | null | undefined} s
 * @returns {string}
 */
export function spreadText(s) {
  if (!s) return 'no published run measured it';
  if (s.runs === 1) return 'only this run measured it';
  return `across ${spreadCoverage(s)}: ${spreadRange(s)}`;
}

/**
 * The page's shorter words, beside the interval on the same line: "across 7 runs, 4 days, 3 machines: 20.8–44.7×".
 * @param {HeadlineSpread | null | undefined} s
 * @returns {string}
 */
export function spreadBrief(s) {
  if (!s) return 'no published run measured it';
  if (s.runs === 1) return 'only this run measured it';
  return `across ${plural(s.runs, 'run')}, ${plural(s.days, 'day')}, ${plural(s.machines, 'machine')}: ${spreadRange(s)}`;
}

/**
 * "20.8–44.7×": the ratio's min and max over the runs.
 * @param {HeadlineSpread} s
 * @returns {string}
 */
export const spreadRange = (s) => `${formatTimes(s.ratio[0]).replace(/×$/, '')}–${formatTimes(s.ratio[1])}`;

/** What the bracket and the spread each cover, in one sentence (the page and README say it with the figures). */
export const SPREAD_MEANING = 'The bracket is a 95 % interval over the process invocations of one run on one machine; '
  + 'the spread is the same configuration\'s ratio in every published run (other days, machines, commits), which the bracket does not cover.';
