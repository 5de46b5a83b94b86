// Figures honest about their clock (docs/measurements.md, "Clock resolution"): a sample read from a clock that ticks
// every δ is off by up to one tick (its two readings each round), and a sample that is the mean of K back-to-back
// steps timed together by up to δ / K per step. Every interval is widened by that bound, so no interval has zero
// width because of a clock, and a per-step figure within CLOCK_LIMIT_TICKS ticks of its clock is shown as a bound
// ("≤ 15 µs"), never as a quantised median. Pure: the page imports it (its types: the JSDoc).

/**
 * @typedef {object} ClockNote
 * @property {number} [resolutionNs]
 * @property {number} [perSampleNs]
 * @property {boolean} limited
 */

/**
 * @typedef {{ estimate: number; ci95: [number, number] | number[] | null; clock?: ClockNote; [k: string]: unknown }} FigureLike
 */


/** A per-sample figure below this many ticks of its clock says more about the clock than about the step. */
export const CLOCK_LIMIT_TICKS = 3;

/**
 * `figure` ({ estimate, ci95, … }, ns) read from a clock of `resolutionNs`, each sample timing `stepsPerSample`
 * steps: the interval widened by resolutionNs / stepsPerSample each side (not below 0), and `clock` saying so:
 * { resolutionNs, perSampleNs, limited } (limited: a per-step figure within CLOCK_LIMIT_TICKS ticks).
 * @template {FigureLike} F
 * @param {F} figure
 * @param {number | null | undefined} resolutionNs
 * @param {number} [stepsPerSample]
 * @returns {F & { clock?: ClockNote }}
 */
export function withClock(figure, resolutionNs, stepsPerSample = 1) {
  if (!figure || !(resolutionNs > 0)) return figure;
  const perSampleNs = resolutionNs / stepsPerSample;
  const ci95 = figure.ci95 ? [Math.max(0, figure.ci95[0] - perSampleNs), figure.ci95[1] + perSampleNs] : null;
  const limited = Number.isFinite(figure.estimate) && Math.abs(figure.estimate) < CLOCK_LIMIT_TICKS * perSampleNs;
  return { ...figure, ci95, clock: { resolutionNs, perSampleNs, limited } };
}

/**
 * A ratio num / den whose sides carry `clock` (withClock): its interval widened by the sides' clock bounds, the
 * lower end as if the numerator read one bound low and the denominator one bound high, the upper end the other way.
 * @template {FigureLike} F
 * @param {F} ratio
 * @param {FigureLike} num
 * @param {FigureLike} den
 * @returns {F & { clock?: ClockNote }}
 */
export function ratioWithClock(ratio, num, den) {
  if (!ratio?.ci95 || !num?.clock || !den?.clock) return ratio;
  const [n, d] = [num.estimate, den.estimate];
  const [rn, rd] = [num.clock.perSampleNs, den.clock.perSampleNs];
  if (!(n > 0 && d > rd)) return { ...ratio, ci95: null, clock: { limited: true } };
  const lo = ratio.ci95[0] * (Math.max(0, n - rn) / n) * (d / (d + rd));
  const hi = ratio.ci95[1] * ((n + rn) / n) * (d / (d - rd));
  return { ...ratio, ci95: [lo, hi], clock: { limited: num.clock.limited || den.clock.limited } };
}

/**
 * A difference num − den whose sides carry `clock` (withClock): its interval widened by both sides' bounds (each side
 * may read one bound off, in opposite directions), not clamped at 0: a difference may be negative.
 * @template {FigureLike} F
 * @param {F} difference
 * @param {FigureLike} num
 * @param {FigureLike} den
 * @returns {F & { clock?: ClockNote }}
 */
export function differenceWithClock(difference, num, den) {
  if (!difference?.ci95 || !num?.clock || !den?.clock) return difference;
  const bound = num.clock.perSampleNs + den.clock.perSampleNs;
  return { ...difference, ci95: [difference.ci95[0] - bound, difference.ci95[1] + bound], clock: { limited: num.clock.limited || den.clock.limited } };
}

/**
 * "≤ 15 µs" for a clock-limited figure (the top of its widened interval), else `format(estimate)`.
 * @param {FigureLike | null | undefined} figure
 * @param {(ns: number) => string} format
 * @returns {string}
 */
export function clockHonestText(figure, format) {
  if (!figure || !Number.isFinite(figure.estimate)) return '–';
  if (figure.clock?.limited) return `≤ ${format(figure.ci95?.[1] ?? figure.estimate + figure.clock.perSampleNs)}`;
  return format(figure.estimate);
}
