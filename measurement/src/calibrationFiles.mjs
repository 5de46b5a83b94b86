// The machine's own drift, measured beside every invocation (docs/measurements.md, "Drift"): a fixed calibration
// workload, a CPU-bound kernel and the machine's loopback round trip, timed in a fresh process on the measured
// front-end core. Its spread across a run's invocations (drift.mjs) says how much the machine itself moved while the
// run sampled it. `node measurement/src/calibrationFiles.mjs` is the probe: it prints one JSON line { cpuKernelNs,
// loopbackRttNs, loopback } and exits.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { h32, quantile } from './intervals.mjs';

export { DRIFT_LIMIT, calibrationDrift, driftLine } from './drift.mjs';

/** Rounds of the CPU kernel per timing: about 10 ms on this project's 2-core VM, far above any clock's tick. */
const KERNEL_ROUNDS = 400_000;
/** Timings per figure; the probe reports the median of the last TIMINGS − 2 (the first two warm the JIT). */
const TIMINGS = 7;
/** Round trips per loopback timing; the figure is the median round trip. */
const ROUND_TRIPS = 200;

const nowNs = () => Number(process.hrtime.bigint());
const medianOf = (xs) => quantile(xs, 0.5);

/** The CPU-bound kernel: KERNEL_ROUNDS dependent hash rounds (integer multiply and shift, no memory, no allocation). */
export function cpuKernelNs() {
  const times = [];
  let x = 1;
  for (let t = 0; t < TIMINGS; t += 1) {
    const t0 = nowNs();
    for (let i = 0; i < KERNEL_ROUNDS; i += 1) x = h32(x + i);
    times.push(nowNs() - t0);
  }
  if (x === 0.5) console.log(x); // keeps the loop's result alive
  return medianOf(times.slice(2));
}

/**
 * The machine's loopback round trip: ROUND_TRIPS one-byte TCP ping-pongs between a server and a client in this
 * process (Nagle off), the median in ns. The one place that says how the loopback is measured: a C ping-pong of the
 * OS floors would replace the body, not the callers.
 */
export async function loopbackRttNs() {
  const server = net.createServer((s) => { s.setNoDelay(true); s.on('data', (d) => s.write(d)); });
  await new Promise((r) => { server.listen(0, '127.0.0.1', () => r(undefined)); });
  const client = net.connect(/** @type {net.AddressInfo} */ (server.address()).port, '127.0.0.1');
  client.setNoDelay(true);
  await new Promise((r, j) => { client.once('connect', r); client.once('error', j); });
  const rtts = [];
  try {
    for (let i = 0; i < ROUND_TRIPS + 20; i += 1) {
      const t0 = nowNs();
      await new Promise((r) => { client.once('data', r); client.write('x'); });
      if (i >= 20) rtts.push(nowNs() - t0);
    }
  } finally {
    client.destroy();
    server.close();
  }
  return { rttNs: medianOf(rtts), method: 'node-tcp-pingpong' };
}

/** One calibration in this process: { cpuKernelNs, loopbackRttNs, loopback } (ns). */
async function calibrateHere() {
  const cpu = cpuKernelNs();
  const loop = await loopbackRttNs();
  return { cpuKernelNs: Math.round(cpu), loopbackRttNs: Math.round(loop.rttNs), loopback: loop.method };
}

/**
 * One calibration in a fresh Node process, pinned to `cpu` with taskset when given (the measured front-end core):
 * resolves { at, cpu, cpuKernelNs, loopbackRttNs, loopback, wallMs }, or { at, error } when the probe failed (the
 * run goes on; a missing calibration is reported as such).
 */
export function runCalibrationProbe({ cpu = null } = {}) {
  const at = new Date().toISOString();
  const t0 = Date.now();
  const self = fileURLToPath(import.meta.url);
  const cmd = cpu !== null && cpu !== undefined ? ['taskset', '-c', String(cpu), process.execPath, self] : [process.execPath, self];
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', (e) => resolve({ at, error: e.message }));
    child.on('close', (code) => {
      try {
        if (code !== 0) throw new Error(`exit ${code}: ${err.trim()}`);
        resolve({ at, cpu: cpu === null || cpu === undefined ? null : String(cpu), ...JSON.parse(out.trim().split('\n').pop()), wallMs: Date.now() - t0 });
      } catch (e) { resolve({ at, error: `calibration probe failed: ${e.message}` }); }
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await calibrateHere()));
}
