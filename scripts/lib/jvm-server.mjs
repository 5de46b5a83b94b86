// Starts a server process for one bench block or test: the JVM server (collektive-jvm-server: the same java
// command line as `npm run server:jvm`, flags read from package.json; TCP port 0, a Unix socket or a shared-memory
// file) or the Kotlin/Native shared-memory server (collektive-native-server: shared memory only). Optional CSV and
// CPU pinning. Resolves once the server printed its "listening on ADDRESS" line; stop() sends SIGTERM (the server
// writes its CSV on a clean shutdown) and waits for the exit. Both kinds share the spawn/ready/stop logic below.
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

export const NATIVE_SERVER_EXE = join(root, 'collektive-native-server', 'build', 'collektive-native-server.kexe');

/**
 * Starts a JVM server; options: csv (path), cpu (taskset CPU list), jar (default: the build's), timeoutMs, jvmArgs (extra
 * java flags before -jar, e.g. a profiler agent: docs/profiles.md), serverArgs (extra server options, e.g. --spin-us),
 * transport ('tcp', 'uds' or 'shm': docs/protocol.md, "Transports") and path (the Unix socket or shared-memory file;
 * required for uds and shm), quiet (default true: no connection open/close lines).
 * Resolves { port (TCP only), path, transport, pid, startedAtNs, log() (its stderr so far), stop }.
 */
export function startJvmServer({ csv = null, cpu = null, jar = JVM_SERVER_JAR, timeoutMs = 60000, now = () => 0, jvmArgs = [], serverArgs = [],
  transport = 'tcp', path = null, quiet = true } = {}) {
  if (transport !== 'tcp' && !path) return Promise.reject(new Error(`startJvmServer: transport ${transport} needs a path`));
  return startServerProcess({ what: 'JVM server', command: jvmServerCommand(jar, jvmArgs), csv, cpu, timeoutMs, now, serverArgs, transport, path, quiet });
}

/**
 * Starts the Kotlin/Native shared-memory server (collektive-native-server/README.md); options as [startJvmServer]'s
 * (exe instead of jar, no jvmArgs), transport 'shm' only (the default) and path required. Resolves the same object.
 */
export function startNativeServer({ csv = null, cpu = null, exe = NATIVE_SERVER_EXE, timeoutMs = 30000, now = () => 0, serverArgs = [],
  transport = 'shm', path = null, quiet = true } = {}) {
  if (transport !== 'shm') return Promise.reject(new Error(`startNativeServer: the native server serves shared memory only (transport shm), not ${transport}`));
  if (!path) return Promise.reject(new Error('startNativeServer: transport shm needs a path'));
  return startServerProcess({ what: 'native server', command: [exe], csv, cpu, timeoutMs, now, serverArgs, transport, path, quiet });
}

/**
 * Starts the server `server` ('jvm' or 'native') with [startJvmServer]'s / [startNativeServer]'s options.
 * @param {{ server?: string } & Record<string, any>} [options]
 */
export function startServer({ server = 'jvm', ...options } = {}) {
  if (server === 'jvm') return startJvmServer(options);
  if (server === 'native') return startNativeServer(options);
  return Promise.reject(new Error(`startServer: server must be jvm or native, was ${server}`));
}

/** Spawns `command` with the transport, quiet and CSV flags and `serverArgs`; resolves at its "listening on" line. */
function startServerProcess({ what, command, csv, cpu, timeoutMs, now, serverArgs, transport, path, quiet }) {
  return new Promise((resolveStart, reject) => {
    const where = transport === 'tcp' ? ['--host', '127.0.0.1', '--port', '0'] : ['--transport', transport, '--path', path];
    const base = [...command, ...where, ...(quiet ? ['--quiet'] : []), ...(csv ? ['--csv', csv] : []), ...serverArgs];
    const cmd = cpu !== null && cpu !== undefined ? ['taskset', '-c', String(cpu), ...base] : base;
    const startedAtNs = now();
    const child = spawn(cmd[0], cmd.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let ready = false;
    const exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`${what} did not print "listening" within ${timeoutMs} ms\n${err}`)); }, timeoutMs);
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
          if (r.code !== 0 && r.code !== 143 && r.signal !== 'SIGTERM') throw new Error(`the ${what} ${r.signal ? `was killed by ${r.signal}` : `exited with ${r.code}`}${err.trim() ? `:\n${err.trim()}` : ''}`);
        },
      });
    });
    exited.then((r) => { if (!ready) { clearTimeout(timer); reject(new Error(`${what} exited early (${r.code ?? r.signal})\n${err}`)); } });
  });
}
