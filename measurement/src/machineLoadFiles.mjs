// What else the machine did while an invocation ran (docs/measurements.md, "Noise control"): load averages, the
// CPU time of the measured processes, and the CPU time of every other process, from Linux's /proc. Off Linux every
// figure is null and nothing fails.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc times (USER_HZ; 100 on every Linux this project runs on). */
export const CLOCK_TICKS = 100;
/** Other processes using more than this share of one core on average make an invocation "busy". */
export const BUSY_CORE_SHARE = 0.1;

const round = (x, d = 3) => (x === null || !Number.isFinite(x) ? null : Number(x.toFixed(d)));

/** Busy (non-idle, non-iowait) CPU seconds of the whole machine since boot, or null. */
export function machineBusySeconds() {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , iowait, irq, softirq, steal] = cpu;
    void iowait;
    return (user + nice + system + irq + softirq + (steal ?? 0)) / CLOCK_TICKS;
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

/** Starts a measurement window; `end({ ownCpuSeconds })` returns the invocation's noise record. */
export function startWindow() {
  const startedAt = new Date();
  const before = os.loadavg();
  const busy0 = machineBusySeconds();
  const self0 = process.cpuUsage();
  return {
    startedAt,
    end({ ownCpuSeconds = 0 } = {}) {
      const endedAt = new Date();
      const after = os.loadavg();
      const busy1 = machineBusySeconds();
      const self = process.cpuUsage(self0);
      // The orchestrating Node process counts as measured: it reads the children's progress and output.
      const own = ownCpuSeconds === null ? null : ownCpuSeconds + (self.user + self.system) / 1e6;
      const wall = (endedAt - startedAt) / 1000;
      const other = busy0 === null || busy1 === null || own === null ? null : Math.max(0, busy1 - busy0 - own);
      return {
        startedAt: startedAt.toISOString(), endedAt: endedAt.toISOString(),
        loadAverage: { before: before.map((x) => round(x, 2)), after: after.map((x) => round(x, 2)) },
        ownCpuSeconds: round(own), otherCpuSeconds: round(other),
        busy: other === null || wall <= 0 ? null : other / wall > BUSY_CORE_SHARE,
      };
    },
  };
}

/** One line for a person: which invocations ran on a busy machine. */
export function busyWarning(records) {
  const busy = records.filter((r) => r.busy);
  if (!busy.length) return null;
  const worst = Math.max(...busy.map((r) => r.otherCpuSeconds / Math.max(1e-3, (new Date(r.endedAt) - new Date(r.startedAt)) / 1000)));
  return `warning: ${busy.length} of ${records.length} invocation(s) ran while other processes used up to ${(100 * worst).toFixed(0)} % of a core; their figures carry that noise (quiet the machine or use --pin)`;
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
