// Runs a benchmark as a child process and injects one fault into it mid-invocation (docs/testing.md, "Faults"):
// a process of the bench's own tree (a server, the front-end, the browser) killed with SIGKILL once it has run for
// a while, or a file-size limit on the whole tree (RLIMIT_FSIZE through prlimit, the "disk full" of a CSV write).
// Only processes this harness started, directly or through the bench, are ever signalled, each by its pid.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../conformance/servers.mjs';
import { descendants } from '../lib/processes.mjs';

/**
 * Runs `node <script> ...args` (cwd: the repository). `victim(proc, all)` picks the process to kill (`all`: the bench's whole tree); it is killed
 * `afterMs` after it first appears, or, with `victimFsizeBytes`, gets that file-size limit instead (prlimit --pid).
 * `fsizeBytes` runs the whole bench under `prlimit --fsize`; `benchSignal` sends that signal to the bench itself
 * instead, `afterMs` after `victim` first matches. Resolves with
 * { code, signal, output, killed: { pid, cmd } | null, ms, survivors }: `survivors` are the processes of the bench's
 * tree still running 2 s after it ended (each then killed, so that a leak fails its test and only its test).
 */
export function runWithFault(script, args, { victim = null, afterMs = 1500, fsizeBytes = null, victimFsizeBytes = null, benchSignal = null, timeoutMs = 240_000 } = {}) {
  const cmd = fsizeBytes ? ['prlimit', `--fsize=${fsizeBytes}`, '--', process.execPath, script, ...args] : [process.execPath, script, ...args];
  const started = Date.now();
  const child = spawn(cmd[0], cmd.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  let killed = null;
  let seenAt = null;
  const seen = new Map(); // every process of the bench's tree: pid → command line
  const poll = setInterval(() => {
    const all = descendants(child.pid);
    for (const p of all) if (!seen.has(p.pid)) seen.set(p.pid, p.cmd);
    if (!victim || killed) return;
    const target = all.find((p) => victim(p, all));
    if (!target) return;
    seenAt ??= Date.now();
    if (Date.now() - seenAt < afterMs) return;
    if (benchSignal !== null) {
      // The bench itself gets the signal (a job runner stopping it), once `victim` shows it is mid-invocation.
      child.kill(benchSignal);
      killed = { pid: child.pid, cmd: `the bench (${benchSignal})` };
      return;
    }
    if (victimFsizeBytes !== null) {
      // The victim's files may not grow past victimFsizeBytes from now on: its next write past it fails (EFBIG).
      const r = spawnSync('prlimit', ['--pid', String(target.pid), `--fsize=${victimFsizeBytes}`]);
      if (r.status === 0) killed = target;
      return;
    }
    try { process.kill(target.pid, 'SIGKILL'); killed = target; } catch { /* gone already */ }
  }, 50);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) => child.on('close', async (code, signal) => {
    clearInterval(poll);
    clearTimeout(timer);
    const ms = Date.now() - started;
    resolve({ code, signal, output, killed, ms, survivors: await survivorsOf(seen) });
  }));
}

/** The processes of `seen` (pid → command line) still running after a grace of 2 s; each is then killed. */
async function survivorsOf(seen) {
  // The same pid with the same command line: a pid reused by an unrelated process is not ours.
  const alive = () => [...seen].filter(([pid, cmd]) => {
    try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ') === cmd; } catch { return false; }
  });
  for (let waited = 0; alive().length > 0 && waited < 2000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  const left = alive().map(([pid, cmd]) => ({ pid, cmd }));
  for (const { pid } of left) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
  return left;
}

/** Path → sha1 of every file under `dir` (a run folder's fingerprint). */
export function fingerprint(dir) {
  const out = {};
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else out[p.slice(dir.length + 1)] = createHash('sha1').update(readFileSync(p)).digest('hex');
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}
