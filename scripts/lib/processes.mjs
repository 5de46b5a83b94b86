// The processes a script started, read from /proc: what a bench stops when it is itself stopped (a signal), and what
// the faults harness (scripts/faults) picks its victims from.
import { readFileSync, readdirSync } from 'node:fs';

/** The pids below `pid` (children, grandchildren, ...), with their command lines. */
export function descendants(pid) {
  const out = [];
  const walk = (p) => {
    let kids = [];
    try {
      kids = readdirSync(`/proc/${p}/task`).flatMap((t) => {
        try { return readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number); } catch { return []; }
      });
    } catch { return; }
    for (const k of kids) {
      let cmd = '';
      try { cmd = readFileSync(`/proc/${k}/cmdline`, 'utf8').replaceAll('\0', ' '); } catch { continue; }
      out.push({ pid: k, ppid: p, cmd });
      walk(k);
    }
  };
  walk(pid);
  return out;
}

/**
 * Sends `signal` to every process below this one (servers, front-ends, browsers, the shells that wrap them), then
 * SIGKILL to those still running after `graceMs`. Resolves once none is left or the grace is over.
 */
async function stopDescendants(signal = 'SIGTERM', graceMs = 2000) {
  const kill = (pids, sig) => { for (const pid of pids) { try { process.kill(pid, sig); } catch { /* gone */ } } };
  const mine = () => descendants(process.pid).map((p) => p.pid);
  kill(mine(), signal);
  for (let waited = 0; mine().length > 0 && waited < graceMs; waited += 50) await new Promise((r) => setTimeout(r, 50));
  kill(mine(), 'SIGKILL');
}

/**
 * Ctrl-C, or a SIGTERM from a job runner, ends a bench cleanly: `stop(signal)` does the bench's own part (its
 * progress bar, its temporary folders, a child it forwards the signal to) and returns what to tell the user; then
 * every process below this one is stopped (stopDescendants), the message printed, and the process exits with 128 +
 * the signal's number (130, 143). Returns `stoppedBy()`: the signal once one came, else null (an invocation the
 * signal interrupted is then not a failure to report: the handler ends the process).
 */
export function exitOnStopSignals(stop) {
  let by = null;
  for (const [signal, code] of /** @type {[NodeJS.Signals, number][]} */ ([['SIGINT', 130], ['SIGTERM', 143]])) {
    process.once(signal, async () => {
      by = signal;
      let message = '';
      try { message = await stop(signal); } finally {
        await stopDescendants('SIGTERM');
        if (message) console.error(`\n${message}`);
        process.exit(code);
      }
    });
  }
  return () => by;
}
