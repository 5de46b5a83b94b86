// Knowing the machine before publishing (docs/measurements.md, "Calibrating a machine"): K runs of the same
// benchmark agree on a ratio when, in most of the K·(K−1) ordered pairs (i, j), run i's estimate lies inside run j's
// 95 % interval; calibrated intervals give about 83 % (two estimates of one normal figure, each interval ±1.96 SE).
// From K summary.json objects: the agreement per ratio, the machine's drift, and the spread and invocation count to
// run with.
import { covers } from './intervals.mjs';

/** Agreement share a machine must reach for its intervals to count as calibrated. */
const CALIBRATED_SHARE = 0.8;
/** The most invocations the recommendation asks for: beyond it, the machine is the problem, not the count. */
const MAX_RECOMMENDED_INVOCATIONS = 20;
/** Unmarked runs a calibration needs before it judges the intervals on them alone. */
const MIN_UNMARKED_RUNS = 3;

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs) => (xs.length < 2 ? NaN : Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1)));

/**
 * Agreement of ratio `key` of configuration `config` over runs ({ estimate, ci95 } each, null when missing): the
 * ordered pairs where one run's estimate lies inside the other's interval, of all pairs; between-run SD of the
 * estimates against the runs' own standard errors (interval half-width / 1.96).
 */
export function agreementOf(figures) {
  const ok = figures.filter((f) => f && Number.isFinite(f.estimate));
  let inside = 0;
  let pairs = 0;
  ok.forEach((a, i) => ok.forEach((b, j) => {
    if (i === j) return;
    pairs += 1;
    if (covers(b.ci95, a.estimate)) inside += 1;
  }));
  const ses = ok.filter((f) => f.ci95).map((f) => (f.ci95[1] - f.ci95[0]) / (2 * 1.96));
  return {
    runs: ok.length, pairs, inside, share: pairs ? inside / pairs : null, estimates: ok.map((f) => f.estimate),
    betweenRunSd: sd(ok.map((f) => f.estimate)), withinRunSe: ses.length ? [...ses].sort((x, y) => x - y)[Math.floor(ses.length / 2)] : NaN,
  };
}

/** The figures of ratio `key` in configuration `config` across summaries. */
export const ratioAcross = (summaries, config, key) => summaries.map((s) => s.configurations.find((c) => c.id === config)?.ratios?.[key] ?? null);

/**
 * What to run with, from the agreement of the ratios that matter and the runs' settings ({ spreadSeconds,
 * invocations }): calibrated → keep them; else a wider spread (twice, at least 120 s) and the invocations that would
 * shrink the between-run spread to the intervals' own width if drift, once sampled, behaves as independent noise
 * per invocation: R × (between-run SD / within-run SE)², capped at MAX_RECOMMENDED_INVOCATIONS.
 */
export function recommend(agreements, { spreadSeconds, invocations }, marks = null) {
  const worst = worstOf(agreements);
  if (!worst) return { calibrated: null, spreadSeconds, invocations, why: 'no ratio with two runs to compare' };
  // Runs the bench marked (busy, drifted) carry their caveat on the headline and in the dashboard; the intervals
  // must hold between the runs it did not mark, provided those are most of the runs and at least MIN_UNMARKED_RUNS.
  if (marks && marks.marked > 0) {
    const unmarked = marks.runs - marks.marked;
    const marking = `${marks.marked} of ${marks.runs} runs marked busy or drifted`;
    if (unmarked < MIN_UNMARKED_RUNS || unmarked < marks.marked) {
      return { ...widen(worst, { spreadSeconds, invocations }), why: `${marking}: too few unmarked runs to judge; measure on a quieter machine or at a quieter time` };
    }
    const quietWorst = worstOf(marks.unmarkedAgreements ?? []);
    if (quietWorst && quietWorst.share >= CALIBRATED_SHARE) {
      return { calibrated: true, spreadSeconds, invocations, marked: marks.marked, why: `every ratio agrees in ≥ ${100 * CALIBRATED_SHARE} % of the ordered pairs of the ${unmarked} unmarked runs (${marking}, each saying so)` };
    }
    if (quietWorst) {
      const advice = widen(quietWorst, { spreadSeconds, invocations });
      return { ...advice, why: `${advice.why}, among the ${unmarked} unmarked runs (${marking})` };
    }
  }
  if (worst.share >= CALIBRATED_SHARE) {
    return { calibrated: true, spreadSeconds, invocations, why: `every ratio agrees in ≥ ${100 * CALIBRATED_SHARE} % of the ordered pairs` };
  }
  return widen(worst, { spreadSeconds, invocations });
}

const worstOf = (agreements) => agreements.filter((a) => a.share !== null).sort((x, y) => x.share - y.share)[0];

function widen(worst, { spreadSeconds, invocations }) {
  const f = worst.betweenRunSd / worst.withinRunSe;
  const needed = Number.isFinite(f) ? Math.ceil(invocations * f * f) : invocations * 2;
  return {
    calibrated: false,
    spreadSeconds: Math.max(120, 2 * spreadSeconds),
    invocations: Math.min(MAX_RECOMMENDED_INVOCATIONS, Math.max(invocations, needed)),
    capped: needed > MAX_RECOMMENDED_INVOCATIONS,
    why: `${worst.key ?? 'a ratio'} agrees in ${worst.inside} of ${worst.pairs} ordered pairs; its estimates scatter ${Number.isFinite(f) ? f.toFixed(1) : '?'}× its runs' own standard error`,
  };
}
