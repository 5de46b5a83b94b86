// Runs the OS floor program (os-floor/src/os_floor.c, docs/os-floor.md) and returns its samples: the round trip of a
// 64-byte message between two processes over loopback TCP, a Unix domain socket and shared memory (spinning and
// blocking), with no runtime, framing or encoding of ours in the way. Both benches call it once per invocation so the
// floors share the invocation's placement and drift. Build step `os-floor` (scripts/builds/25-os-floor.mjs).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseTimingCsvText } from '../measurement/src/analysis.mjs';
import { OS_FLOOR_IDS as ID } from '../measurement/src/catalogue.mjs';

export const OS_FLOOR_DIR = dirname(fileURLToPath(import.meta.url));
export const OS_FLOOR_BINARY = join(OS_FLOOR_DIR, 'build', 'os-floor');

/**
 * The program's transports, the timing id each writes, and the round trips averaged per sample: one, except the
 * spinning shared-memory round trip (≈ 0.1 µs), which is as short as two clock reads, so each of its samples is the
 * mean of 100 (like floor.native.noop).
 */
const OS_FLOORS = [
  { transport: 'tcp', id: ID.tcp, batch: 1 },
  { transport: 'uds', id: ID.uds, batch: 1 },
  { transport: 'shm-spin', id: ID.shmSpin, batch: 100 },
  { transport: 'shm-futex', id: ID.shmFutex, batch: 1 },
];
export const OS_FLOOR_IDS = OS_FLOORS.map((f) => f.id);

/**
 * Runs the program once over every transport. Options: roundTrips (samples per id after the warm-up), warmup
 * (samples per id before them, which the analysis drops as it drops every id's), clientCpu / serverCpu (CPU of the
 * sending and the echoing process, like the front-end and the server of the benches; null: not pinned), timeoutMs,
 * batches (round trips per sample by transport, overriding OS_FLOORS' batch, e.g. { 'shm-spin': 1 }).
 * Resolves { rows: [{ t, id, d }] (t since the program started), samples: { id: [ns] } (warm-up included),
 * cpuSeconds (both processes) }. Rejects with what is missing when the program was not built.
 */
export function runOsFloors({ roundTrips = 1000, warmup = 30, clientCpu = null, serverCpu = null, timeoutMs = 120000, binary = OS_FLOOR_BINARY, batches = {} } = {}) {
  if (!existsSync(binary)) {
    return Promise.reject(new Error(`${binary} is not built: run \`npm run build -- os-floor\` (needs clang-16 and lld-16: apt-get update && apt-get install -y clang-16 lld-16)`));
  }
  const args = ['--round-trips', String(roundTrips), '--warmup', String(warmup),
    ...(clientCpu !== null && clientCpu !== undefined ? ['--client-cpu', String(clientCpu)] : []),
    ...(serverCpu !== null && serverCpu !== undefined ? ['--server-cpu', String(serverCpu)] : []),
    ...OS_FLOORS.map((f) => `${f.transport}:${batches[f.transport] ?? f.batch}`)];
  // Under sh so its exit reports the CPU time of the program and its echo processes (cutime + cstime, clock ticks).
  const script = '"$@"; s=$?; c=$(cut -d")" -f2- /proc/$$/stat | cut -d" " -f15,16); echo "own-cpu-ticks $c" >&2; exit $s';
  return new Promise((resolveRun, reject) => {
    const child = spawn('sh', ['-c', script, 'sh', binary, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', (e) => { clearTimeout(timer); reject(new Error(`cannot start the OS floor program: ${e.message}`)); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const cpu = err.match(/^own-cpu-ticks (\d+) (\d+)$/m);
      const message = err.replace(/^own-cpu-ticks.*\n?/m, '').trim();
      if (code !== 0) {
        reject(new Error(`${binary} ${args.join(' ')} failed (${signal ?? code}${signal === 'SIGKILL' ? `, killed after ${timeoutMs} ms` : ''}): ${message}`));
        return;
      }
      let rows;
      try { rows = parseTimingCsvText(out, 'os-floor output'); } catch (e) { reject(e); return; }
      const samples = Object.fromEntries(OS_FLOOR_IDS.map((id) => [id, rows.filter((r) => r.id === id).map((r) => r.d)]));
      const short = OS_FLOOR_IDS.filter((id) => samples[id].length !== warmup + roundTrips);
      if (short.length) { reject(new Error(`the OS floor program wrote too few samples for ${short.join(', ')}`)); return; }
      resolveRun({ rows, samples, cpuSeconds: cpu ? (Number(cpu[1]) + Number(cpu[2])) / 100 : null });
    });
  });
}

// `node os-floor/osFloor.mjs [round trips] [client cpu] [server cpu]`: one run, median and p95 per id (after warm-up).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [roundTrips = 5000, clientCpu = null, serverCpu = null] = process.argv.slice(2).map(Number);
  const { samples } = await runOsFloors({ roundTrips, warmup: 30, clientCpu, serverCpu });
  for (const { id, batch } of OS_FLOORS) {
    const s = samples[id].slice(30).sort((a, b) => a - b);
    const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
    console.log(`${id.padEnd(20)} median ${String(q(0.5)).padStart(8)} ns   p95 ${String(q(0.95)).padStart(9)} ns   (${s.length} samples${batch > 1 ? `, each the mean of ${batch} round trips` : ''})`);
  }
}
