// What else the machine did while an invocation ran (docs/measurements.md, "Noise control"): load averages, the
// CPU time of the measured processes, and the CPU time of every other process, from Linux's /proc. Off Linux every
// figure is null and nothing fails.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { BUSY_MIN_SECONDS, BUSY_SHARE, isBusy, otherLoad } from './busyRule.mjs';

/** Clock ticks per second of /proc times (USER_HZ; 100 on every Linux this project runs on). */
export const CLOCK_TICKS = 100;
const round = (x, d = 3) => (x === null || !Number.isFinite(x) ? null : Number(x.toFixed(d)));

const busyOfLine = (line) => {
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + (steal ?? 0)) / CLOCK_TICKS;
};

/**
 * Busy (non-idle, non-iowait) CPU seconds since boot of the whole machine, or of the listed cores (`cores`: CPU
 * numbers as strings or numbers), or null.
 */
function machineBusySeconds(cores = null) {
  try {
    const lines = readFileSync('/proc/stat', 'utf8').split('\n');
    if (!cores) return busyOfLine(lines[0]);
    const wanted = new Set(cores.map(String));
    let total = 0;
    let found = 0;
    for (const l of lines) {
      const m = l.match(/^cpu(\d+)\s/);
      if (m && wanted.has(m[1])) { total += busyOfLine(l); found += 1; }
    }
    return found === wanted.size ? total : null;
  } catch { return null; }
}

/**
 * A /proc stat file (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`): the name (field 2, which may hold spaces
 * and parentheses) and the numeric fields after it, so `after[0]` is field 3 (state, NaN), `after[1]` the parent pid,
 * `after[11]`/`after[12]` utime/stime, `after[13]`/`after[14]` cutime/cstime (clock ticks). Throws if it is gone.
 */
export function readStat(path) {
  const stat = readFileSync(path, 'utf8');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), after: stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number) };
}

/** CPU seconds of a live process (utime + stime, plus its waited-for children), or null. */
export function processCpuSeconds(pid) {
  try {
    const f = readStat(`/proc/${pid}/stat`).after;
    return (f[11] + f[12] + f[13] + f[14]) / CLOCK_TICKS;
  } catch { return null; }
}

/**
 * The live processes: pid, parent pid and command line as one space-separated string with a space at each end (so
 * ` --flag ` matches a whole argument; Chromium's child processes rewrite their argv into one title anyway), or
 * null off Linux.
 */
export function processTable() {
  let pids;
  try { pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)); } catch { return null; }
  const out = [];
  for (const d of pids) {
    try {
      const ppid = readStat(`/proc/${d}/stat`).after[1];
      out.push({ pid: Number(d), ppid, cmd: ` ${readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ')} ` });
    } catch { /* gone meanwhile */ }
  }
  return out;
}

/**
 * The browser process of the Chromium launched with `userDataDir` (each launch has its own, so other Chromiums on the
 * machine are not picked up): the process of that user data dir without `--type=` (its children all have one).
 * Throws if there is none.
 */
export function chromiumBrowserProcess(userDataDir) {
  const browser = (processTable() ?? []).find((p) => p.cmd.includes(` --user-data-dir=${userDataDir} `) && !p.cmd.includes(' --type='));
  if (!browser) throw new Error(`no Chromium browser process with --user-data-dir=${userDataDir} in /proc`);
  return browser;
}

/**
 * Starts a measurement window over the cores the measured processes run on (`cores`: pinned CPU numbers; null: all
 * of them); `end({ ownCpuSeconds })` returns the path's noise record. All of the measured processes' CPU time is
 * subtracted from the measured cores' (the orchestrating Node process is not pinned, so this errs towards "not busy"
 * by at most its own few ms).
 */
export function startWindow({ cores = null } = {}) {
  const startedAt = new Date();
  const before = os.loadavg();
  const busy0 = machineBusySeconds();
  const measured0 = cores ? machineBusySeconds(cores) : busy0;
  const self0 = process.cpuUsage();
  return {
    startedAt,
    end({ ownCpuSeconds = 0 } = {}) {
      const endedAt = new Date();
      const after = os.loadavg();
      const busy1 = machineBusySeconds();
      const measured1 = cores ? machineBusySeconds(cores) : busy1;
      const self = process.cpuUsage(self0);
      // The orchestrating Node process counts as measured: it reads the children's progress and output.
      const own = ownCpuSeconds === null ? null : ownCpuSeconds + (self.user + self.system) / 1e6;
      const wall = (endedAt.getTime() - startedAt.getTime()) / 1000;
      const other = busy0 === null || busy1 === null || own === null ? null : Math.max(0, busy1 - busy0 - own);
      const otherMeasured = measured0 === null || measured1 === null || own === null ? null : Math.max(0, measured1 - measured0 - own);
      const measuredCores = cores ? cores.length : os.availableParallelism();
      return {
        startedAt: startedAt.toISOString(), endedAt: endedAt.toISOString(),
        loadAverage: { before: before.map((x) => round(x, 2)), after: after.map((x) => round(x, 2)) },
        ownCpuSeconds: round(own), otherCpuSeconds: round(other),
        measuredCores: cores ? cores.map(String) : null, otherOnMeasuredCpuSeconds: round(otherMeasured),
        busy: isBusy(otherMeasured, wall, measuredCores),
      };
    },
  };
}

/** The busy rule over a run's path invocations, for summary.json: { rule, pathInvocations, busy, worstShare }. */
export function noiseSummary(records) {
  const busy = records.filter((r) => r.busy);
  return {
    rule: { share: BUSY_SHARE, minSeconds: BUSY_MIN_SECONDS }, pathInvocations: records.length, busy: busy.length,
    worstShare: busy.length ? Math.max(...busy.map((r) => otherLoad(r, os.availableParallelism()).share ?? 0)) : null,
  };
}

/** One line for a person: how many of a run's path invocations the busy rule flags, or null when none. */
export function busyWarning(records) {
  const busy = records.filter((r) => r.busy);
  if (!busy.length) return null;
  const worst = Math.max(...busy.map((r) => otherLoad(r, os.availableParallelism()).share ?? 0));
  return `busy machine: in ${busy.length} of ${records.length} path invocation(s) other processes used up to ${(100 * worst).toFixed(0)} % of the measured cores `
    + `(rule: > ${100 * BUSY_SHARE} % and ≥ ${BUSY_MIN_SECONDS} s, docs/measurements.md "Noise control"); those figures may be inflated`;
}

/**
 * CPU seconds of every live process whose command line contains `marker` (e.g. a browser's fresh profile folder,
 * which all of its processes carry), or null off Linux.
 */
export function processTreeCpuSeconds(marker) {
  const procs = processTable();
  if (procs === null) return null;
  let total = 0;
  for (const p of procs) if (p.cmd.includes(marker)) total += processCpuSeconds(p.pid) ?? 0;
  return total;
}

/** The processes `pids` and all their live descendants (one scan of /proc), or null off Linux. */
export function processTree(pids) {
  const procs = processTable();
  if (procs === null) return null;
  const tree = new Set(pids.filter((p) => p !== null && p !== undefined));
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) if (tree.has(p.ppid) && !tree.has(p.pid)) { tree.add(p.pid); grew = true; }
  }
  return [...tree];
}

/**
 * CPU time in ns that each live thread of the processes `pids` has run so far (`/proc/<pid>/task/<tid>/schedstat`,
 * first field: nanoseconds on a CPU), as a Map "pid/tid" → ns, or null when none is readable (off Linux). Unlike
 * utime/stime (10 ms ticks) it resolves a window of a few hundred steps. A thread's time is gone once it exits, so
 * compare two readings thread by thread (cpuPerStep.mjs).
 */
export function threadRuntimes(pids) {
  const out = new Map();
  for (const pid of pids ?? []) {
    let tids;
    try { tids = readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tids) {
      try { out.set(`${pid}/${tid}`, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])); } catch { /* exited meanwhile */ }
    }
  }
  return out.size ? out : null;
}
