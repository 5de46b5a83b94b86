// CPU time per step of each process of a path (docs/os-floor.md, "CPU per step"): what a step costs the machine,
// beside what it costs in latency. A spinning transport or a polling server buys microseconds with CPU time a game
// needs for itself; this makes that visible. Pure functions (the bench reads the processes' CPU times).
import { PATH_SALT } from './catalogue.mjs';
import { pathInterval } from './intervals.mjs';

/** The processes whose CPU time a path's step costs: the front-end always, the server out of process. */
const CPU_PROCESSES = ['frontend', 'server'];

/**
 * A window over the measured steps of one invocation: `read(stepsDone, { frontend, server })` at progress reports
 * after the warm-up, each process given as a Map thread → cumulative CPU ns (null: not known); `perStep()` gives
 * { frontend, server }: ns of CPU per step between the first and the last reading (null without two readings or
 * without that process); `perStep(n)` divides by n steps instead of the readings' difference (a window bracketing a
 * run whose steps are counted afterwards). Summed thread by thread over the threads alive at the last reading (a thread born in the
 * window counts from 0): a thread that exits inside the window takes its time in the window with it, so the figure
 * is a lower bound when threads come and go; it never mixes up two threads.
 */
export function cpuPerStepWindow() {
  let first = null;
  let last = null;
  return {
    read(steps, cpu) {
      const r = { steps, cpu };
      if (first === null) first = r;
      else last = r;
    },
    perStep(steps = last && first ? last.steps - first.steps : 0) {
      const out = {};
      for (const p of CPU_PROCESSES) {
        const a = first?.cpu[p];
        const b = last?.cpu[p];
        if (!last || !a || !b || !(steps > 0)) { out[p] = null; continue; }
        let ns = 0;
        for (const [thread, t] of b) ns += Math.max(0, t - (a.get(thread) ?? 0));
        out[p] = Math.round(ns / steps);
      }
      return out;
    },
  };
}

/**
 * Intervals of CPU per step per path and process over invocations: `perInvocation` = [{ path: { frontend, server } }]
 * (one number per invocation, so only the outer bootstrap level runs, as in bench:engine). Returns
 * { path: { cpuFrontend_perStep: { estimate, ci95, invocations, perInvocation }, cpuServer_perStep: … } }.
 */
export function cpuPerStepIntervals(perInvocation, options = {}) {
  const out = {};
  const paths = [...new Set(perInvocation.flatMap((inv) => Object.keys(inv ?? {})))];
  for (const path of paths) {
    for (const proc of CPU_PROCESSES) {
      const values = perInvocation.map((inv) => inv?.[path]?.[proc]).filter((v) => Number.isFinite(v));
      if (!values.length) continue;
      out[path] ??= {};
      out[path][`cpu${proc === 'frontend' ? 'Frontend' : 'Server'}_perStep`] = pathInterval(values.map((v) => [v]), { ...options, salt: PATH_SALT[path], inner: false });
    }
  }
  return out;
}
