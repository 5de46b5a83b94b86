// A run's drift from its invocations' calibration records (docs/measurements.md, "Drift"; the probe:
// calibrationFiles.mjs): per figure the spread (max − min) / median over the invocations, and `drifted` beyond DRIFT_LIMIT.
// Pure: the page marks runs with it (its types: the JSDoc).
import { quantile } from './intervals.mjs';

/**
 * @typedef {object} CalibrationLike
 * @property {number} [cpuKernelNs]
 * @property {number} [loopbackRttNs]
 * @property {string} [error]
 */

/**
 * @typedef {object} Spread
 * @property {number | null} median
 * @property {number | null} min
 * @property {number | null} max
 * @property {number | null} spread
 * @property {number} count
 */

/**
 * @typedef {object} Drift
 * @property {number} invocations
 * @property {number} measured
 * @property {number} limit
 * @property {Spread} cpuKernel
 * @property {Spread} loopbackRtt
 * @property {boolean | null} drifted
 */

/** A run whose calibration moved by more than this share of its median (max − min over invocations) drifted. */
export const DRIFT_LIMIT = 0.25;

/** Spread of one calibration figure over invocations: { median, min, max, spread: (max − min) / median }. */
function spreadOf(values) {
  const v = values.filter(Number.isFinite);
  if (v.length < 2) return { median: v[0] ?? null, min: v[0] ?? null, max: v[0] ?? null, spread: null, count: v.length };
  const median = quantile(v, 0.5);
  const [min, max] = [Math.min(...v), Math.max(...v)];
  return { median, min, max, spread: median > 0 ? (max - min) / median : null, count: v.length };
}

/**
 * The drift of a run from its invocations' calibrations (one record per invocation, as runCalibrationProbe gives
 * them): per figure its spread, and `drifted` when either moved by more than DRIFT_LIMIT.
 * @param {(CalibrationLike | null | undefined)[]} records
 * @returns {Drift}
 */
export function calibrationDrift(records) {
  const ok = records.filter((r) => r && !r.error);
  const cpu = spreadOf(ok.map((r) => r.cpuKernelNs));
  const loopback = spreadOf(ok.map((r) => r.loopbackRttNs));
  const spreads = [cpu.spread, loopback.spread].filter((s) => s !== null);
  return {
    invocations: records.length, measured: ok.length, limit: DRIFT_LIMIT, cpuKernel: cpu, loopbackRtt: loopback,
    drifted: spreads.length ? spreads.some((s) => s > DRIFT_LIMIT) : null,
  };
}

/**
 * One line for a person: the calibration's spread, and a warning when the run drifted.
 * @param {Drift} drift
 * @returns {string}
 */
export function driftLine(drift) {
  const pct = (s) => (s === null ? '–' : `${(100 * s).toFixed(0)} %`);
  const base = `calibration over ${drift.measured} invocation(s): CPU kernel ${pct(drift.cpuKernel.spread)} spread, loopback round trip ${pct(drift.loopbackRtt.spread)} spread (max − min over median)`;
  if (drift.drifted) return `warning: the machine drifted during this run (${base}; limit ${pct(drift.limit)}): its intervals may be narrower than a rerun's spread (docs/measurements.md, "Drift")`;
  return base;
}

