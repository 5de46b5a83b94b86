// The busy rule (docs/measurements.md, "Noise control"), pure so the page applies it too: a path's invocation is
// busy when other processes used more than BUSY_SHARE of the cores it was measured on (its pinned cores, else all)
// over its window, and at least BUSY_MIN_SECONDS of CPU there. The absolute floor is ten /proc ticks (USER_HZ 100):
// below it a short invocation (a 50 ms native run sees 0–3 ticks of anything) cannot tell another process's work
// from the tick's rounding. The page and `npm run headline` re-judge published records with it, whatever flag the
// bench wrote then.

/**
 * @typedef {object} NoiseLike
 * @property {string} startedAt
 * @property {string} endedAt
 * @property {number | null} [otherCpuSeconds]
 * @property {number | null} [otherOnMeasuredCpuSeconds]
 * @property {string[] | null} [measuredCores]
 */


export const BUSY_SHARE = 0.25;
export const BUSY_MIN_SECONDS = 0.1;

/**
 * Is `otherSeconds` of other CPU over `wallSeconds` on `cores` cores busy? null when unknown.
 * @param {number | null | undefined} otherSeconds
 * @param {number} wallSeconds
 * @param {number} cores
 * @returns {boolean | null}
 */
export function isBusy(otherSeconds, wallSeconds, cores) {
  if (otherSeconds === null || otherSeconds === undefined || !(wallSeconds > 0) || !(cores > 0)) return null;
  return otherSeconds >= BUSY_MIN_SECONDS && otherSeconds / (wallSeconds * cores) > BUSY_SHARE;
}

/**
 * A run.json noise record's other CPU on its measured cores, their count and its share of them; records written
 * before measuredCores existed count the whole machine (`machineCores`).
 * @param {NoiseLike} r
 * @param {number} machineCores
 * @returns {{ seconds: number | null; wall: number; cores: number; share: number | null }}
 */
export function otherLoad(r, machineCores) {
  const wall = (Date.parse(r.endedAt) - Date.parse(r.startedAt)) / 1000;
  const seconds = r.otherOnMeasuredCpuSeconds ?? r.otherCpuSeconds ?? null;
  const cores = r.measuredCores?.length ?? machineCores;
  return { seconds, wall, cores, share: seconds === null || !(wall > 0) || !(cores > 0) ? null : seconds / (wall * cores) };
}

/**
 * The rule applied to a run.json noise record (see otherLoad).
 * @param {NoiseLike} r
 * @param {number} machineCores
 * @returns {boolean | null}
 */
export function recordIsBusy(r, machineCores) {
  const l = otherLoad(r, machineCores);
  return isBusy(l.seconds, l.wall, l.cores);
}
