// Starts the JVM TCP server (collektive-jvm-server) as its own process for one bench block or test: the same java
// command line as `npm run server:jvm` (flags read from package.json), port 0 (or a Unix socket / shared-memory file),
// optional CSV and CPU pinning. Resolves once the server printed its "listening on ADDRESS" line; stop() sends SIGTERM (the server writes its
// CSV on a clean shutdown) and waits for the exit.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './root.mjs';

export const JVM_SERVER_JAR = join(root, 'collektive-jvm-server', 'target', 'collektive-jvm-server.jar');

/** `java <flags> -jar <jar>` as in package.json's server:jvm script (fallback: plain java -jar). */
export function jvmServerCommand(jar = JVM_SERVER_JAR, jvmArgs = []) {
  let flags = [];
  try {
    const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts?.['server:jvm'] ?? '';
    const m = script.match(/java\s+(.*?)\s*-jar\s/);
    if (m) flags = m[1].split(/\s+/).filter(Boolean);
  } catch { /* keep defaults */ }
  return ['java', ...flags, ...jvmArgs, '-jar', jar];
}

/**
 * Starts a server; options: csv (path), cpu (taskset CPU list), jar (default: the build's), timeoutMs, jvmArgs (extra
 * java flags before -jar, e.g. a profiler agent: docs/profiles.md), serverArgs (extra server options, e.g. --spin-us),
 * transport ('tcp', 'uds' or 'shm': docs/protocol.md, "Transports") and path (the Unix socket or shared-memory file;
 * required for uds and shm), quiet (default true: no connection open/close lines).
 * Resolves { port (TCP only), path, transport, pid, startedAtNs, log() (its stderr so far), stop }.
 */
export function startJvmServer({ csv = null, cpu = null, jar = JVM_SERVER_JAR, timeoutMs = 60000, now = () => 0, jvmArgs = [], serverArgs = [],
  transport = 'tcp', path = null, quiet = true } = {}) {
  return new Promise((resolveStart, reject) => {
    if (transport !== 'tcp' && !path) throw new Error(`startJvmServer: transport ${transport} needs a path`);
    const where = transport === 'tcp' ? ['--host', '127.0.0.1', '--port', '0'] : ['--transport', transport, '--path', path];
    const base = [...jvmServerCommand(jar, jvmArgs), ...where, ...(quiet ? ['--quiet'] : []), ...(csv ? ['--csv', csv] : []), ...serverArgs];
    const cmd = cpu !== null && cpu !== undefined ? ['taskset', '-c', String(cpu), ...base] : base;
    const startedAtNs = now();
    const child = spawn(cmd[0], cmd.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let ready = false;
    const exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`JVM server did not print "listening" within ${timeoutMs} ms\n${err}`)); }, timeoutMs);
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', (e) => { clearTimeout(timer); reject(new Error(`cannot start ${cmd[0]}: ${e.message}`)); });
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (\S+)\n/);
      if (!m || ready) return;
      ready = true;
      clearTimeout(timer);
      resolveStart({
        port: transport === 'tcp' ? Number(m[1].split(':').pop()) : null, path, transport, pid: child.pid, startedAtNs, log: () => err,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 15000);
          const r = await exited;
          clearTimeout(killer);
          if (r.code !== 0 && r.code !== 143 && r.signal !== 'SIGTERM') throw new Error(`the JVM server ${r.signal ? `was killed by ${r.signal}` : `exited with ${r.code}`}${err.trim() ? `:\n${err.trim()}` : ''}`);
        },
      });
    });
    exited.then((r) => { if (!ready) { clearTimeout(timer); reject(new Error(`JVM server exited early (${r.code ?? r.signal})\n${err}`)); } });
  });
}
