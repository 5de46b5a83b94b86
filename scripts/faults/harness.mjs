// Runs a benchmark as a child process and injects one fault into it mid-invocation (docs/testing.md, "Faults"):
// a process of the bench's own tree (a server, the front-end, the browser) killed with SIGKILL once it has run for
// a while, or a file-size limit on the whole tree (RLIMIT_FSIZE through prlimit, the "disk full" of a CSV write).
// Only processes this harness started, directly or through the bench, are ever signalled, each by its pid.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../conformance/servers.mjs';

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
 * Runs `node <script> ...args` (cwd: the repository). `victim(proc, all)` picks the process to kill (`all`: the bench's whole tree); it is killed
 * `afterMs` after it first appears, or, with `victimFsizeBytes`, gets that file-size limit instead (prlimit --pid).
 * `fsizeBytes` runs the whole bench under `prlimit --fsize`. Resolves with
 * { code, signal, output, killed: { pid, cmd } | null, ms }.
 */
export function runWithFault(script, args, { victim = null, afterMs = 1500, fsizeBytes = null, victimFsizeBytes = null, timeoutMs = 240_000 } = {}) {
  const cmd = fsizeBytes ? ['prlimit', `--fsize=${fsizeBytes}`, '--', process.execPath, script, ...args] : [process.execPath, script, ...args];
  const started = Date.now();
  const child = spawn(cmd[0], cmd.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  let killed = null;
  let seenAt = null;
  const poll = victim && setInterval(() => {
    if (killed) return;
    const all = descendants(child.pid);
    const target = all.find((p) => victim(p, all));
    if (!target) return;
    seenAt ??= Date.now();
    if (Date.now() - seenAt < afterMs) return;
    if (victimFsizeBytes !== null) {
      // The victim's files may not grow past victimFsizeBytes from now on: its next write past it fails (EFBIG).
      const r = spawnSync('prlimit', ['--pid', String(target.pid), `--fsize=${victimFsizeBytes}`]);
      if (r.status === 0) killed = target;
      return;
    }
    try { process.kill(target.pid, 'SIGKILL'); killed = target; } catch { /* gone already */ }
  }, 50);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) => child.on('close', (code, signal) => {
    clearInterval(poll);
    clearTimeout(timer);
    resolve({ code, signal, output, killed, ms: Date.now() - started });
  }));
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
