// The spread of a headline figure across the published runs (no I/O; headlineFiles.mjs reads the runs): the same
// configuration's point ratio in every published run that measured it, with how many runs, days, machines and
// commits they cover. The headline's bracket is a 95 % interval over the process invocations of ONE run on one
// machine: it says what running that benchmark again there, then, should give. Runs on other days, machines and
// commits scatter more than that (docs/measurements.md, "Drift"), and this spread is what shows it.

import { REFERENCE_DESKTOP_SERVER, REFERENCE_DESKTOP_TRANSPORT, REFERENCE_PROGRAM, isReferenceProgram } from './catalogue.mjs';
import { formatTimes } from './format.mjs';

/** The JVM server's spin before a blocking read when a configuration does not say (docs/architecture.md). */
const DEFAULT_SERVER_SPIN_US = 50;

/**
 * What makes two configurations of different runs the same measurement: platform, N, pacing (with its tick),
 * encoding, out-of-process transport and server, the server's spin, program with its work, engine preset and, on the
 * web, what drove the page (runs before the `driver` field were driven by Playwright: docs/measurements.md,
 * "Drivers"). The History view's key plus the spin, the preset and the driver, which change the figure.
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
 */
export function machineOf(environment) {
  const e = environment ?? {};
  return [e.cpuModel, e.cores, e.memoryBytes, e.kernel].map((x) => x ?? '?').join(' | ');
}

/** The UTC day of an ISO time, or null. */
const dayOf = (iso) => (typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : null);

const distinct = (xs) => new Set(xs.filter((x) => x != null)).size;

/**
 * The spread of `points`, each one run's point figures of the same configuration: { run, config, createdAt, commit,
 * environment, ratio, addedCostNs }. Points without a finite ratio are left out. Returns null when none is left;
 * else the runs' count, their distinct days, machines (machineOf) and commits, the ratio's and the added cost's min and
 * max, and the points themselves (run, config, day, ratio, added cost), oldest first.
 */
export function spreadOf(points) {
  const kept = points.filter((p) => Number.isFinite(p.ratio))
    .sort((a, b) => String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')) || a.run.localeCompare(b.run));
  if (!kept.length) return null;
  const range = (xs) => (xs.length ? [Math.min(...xs), Math.max(...xs)] : null);
  const round = (x) => (Number.isFinite(x) ? Number(x.toPrecision(6)) : null);
  return {
    runs: kept.length,
    days: distinct(kept.map((p) => dayOf(p.createdAt))),
    machines: distinct(kept.map((p) => machineOf(p.environment))),
    commits: distinct(kept.map((p) => p.commit ?? null)),
    ratio: range(kept.map((p) => p.ratio)).map(round),
    addedCostNs: range(kept.map((p) => p.addedCostNs).filter(Number.isFinite))?.map(round) ?? null,
    points: kept.map((p) => ({ run: p.run, config: p.config, day: dayOf(p.createdAt), ratio: round(p.ratio), addedCostNs: round(p.addedCostNs) })),
  };
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "7 published runs on 4 days, 3 machines, 6 commits" (the runs' coverage). */
export function spreadCoverage(s) {
  return `${plural(s.runs, 'published run')} on ${plural(s.days, 'day')}, ${plural(s.machines, 'machine')}, ${plural(s.commits, 'commit')}`;
}

/** "across 7 published runs on 4 days, 3 machines, 6 commits: 20.8–44.7×", or "only this run measured it". */
export function spreadText(s) {
  if (!s) return 'no published run measured it';
  if (s.runs === 1) return 'only this run measured it';
  return `across ${spreadCoverage(s)}: ${spreadRange(s)}`;
}

/** The page's shorter words, beside the interval on the same line: "across 7 runs, 4 days, 3 machines: 20.8–44.7×". */
export function spreadBrief(s) {
  if (!s) return 'no published run measured it';
  if (s.runs === 1) return 'only this run measured it';
  return `across ${plural(s.runs, 'run')}, ${plural(s.days, 'day')}, ${plural(s.machines, 'machine')}: ${spreadRange(s)}`;
}

/** "20.8–44.7×": the ratio's min and max over the runs. */
export const spreadRange = (s) => `${formatTimes(s.ratio[0]).replace(/×$/, '')}–${formatTimes(s.ratio[1])}`;

/** What the bracket and the spread each cover, in one sentence (the page and README say it with the figures). */
export const SPREAD_MEANING = 'The bracket is a 95 % interval over the process invocations of one run on one machine; '
  + 'the spread is the same configuration\'s ratio in every published run (other days, machines, commits), which the bracket does not cover.';
