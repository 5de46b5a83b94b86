/**
 * What `bench:engine` says about the aggregate runtime beside a program's plain floor (docs/profiles.md, "What
 * 1.5× leaves the runtime"). The floor is the same neighbour search and the same algorithm over plain arrays, so
 * engine − floor is the runtime's own work (alignment, state, messages, fields); the ratio target leaves it
 * (target − 1) × floor, which the machine's neighbour search sets, not our code. Per device, both compare across
 * programs and sizes; the ratio alone hides which of the two moved.
 */
import { combinedInterval, ratioInterval } from './intervals.mjs';

/** The engine-efficiency target: a round within this factor of its plain floor at N = 1000. */
export const RATIO_TARGET = 1.5;

/**
 * `engineUs`, `floorUs`: each invocation's median µs per round, in invocation order (invocation k's engine and floor
 * ran back to back, so they are resampled jointly: one salt). Returns, each as { estimate, ci95, ... } over
 * invocations: `ratio` engine / floor; `runtimeNsPerDevice` (engine − floor) / N in ns; `allowedNsPerDevice`
 * (target − 1) × floor / N in ns, what the target leaves the runtime.
 */
export function engineEfficiency({ engineUs, floorUs, nodeCount, salt, target = RATIO_TARGET }) {
  if (!(nodeCount > 0)) throw new Error(`nodeCount must be > 0, was ${nodeCount}`);
  if (engineUs.length !== floorUs.length) throw new Error(`engine and floor need one median per invocation each: ${engineUs.length} vs ${floorUs.length}`);
  const engine = { invocations: engineUs.map((x) => [x]), salt };
  const floor = { invocations: floorUs.map((x) => [x]), salt };
  const options = { inner: false };
  return {
    ratio: ratioInterval(engine, floor, options),
    runtimeNsPerDevice: combinedInterval([engine, floor], ([e, f]) => ((e - f) * 1000) / nodeCount, options),
    allowedNsPerDevice: combinedInterval([floor], ([f]) => ((target - 1) * f * 1000) / nodeCount, options),
  };
}
