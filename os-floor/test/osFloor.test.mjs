// The OS floor program through its runner, as the benches call it (docs/os-floor.md).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import os from 'node:os';
import { OS_FLOOR_BINARY, OS_FLOOR_IDS, runOsFloors } from '../osFloor.mjs';

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };

test('every transport gives positive round trips, in the documented order of magnitude', async () => {
  const { rows, samples, cpuSeconds } = await runOsFloors({ roundTrips: 400, warmup: 10 });
  assert.deepEqual(Object.keys(samples), OS_FLOOR_IDS);
  for (const id of OS_FLOOR_IDS) {
    assert.equal(samples[id].length, 410, id);
    assert.ok(samples[id].every((d) => Number.isInteger(d) && d > 0), `${id}: every sample > 0 ns`);
    // A round trip through the kernel or the memory system takes more than 20 ns, and less than 100 ms even on a loaded machine.
    assert.ok(median(samples[id]) > 20 && median(samples[id]) < 1e8, `${id}: median ${median(samples[id])} ns`);
  }
  // Rows are in the long format, in time order per id, on the program's clock.
  for (const id of OS_FLOOR_IDS) {
    const ts = rows.filter((r) => r.id === id).map((r) => r.t);
    assert.ok(ts.every((t, i) => t >= 0 && (i === 0 || t >= ts[i - 1])), id);
  }
  assert.ok(cpuSeconds === null || cpuSeconds >= 0);
});

test('the spinning shared-memory round trip is far below a loopback TCP round trip (it never enters the kernel)', async () => {
  // Placed as the benches' --pin places front-end and server (two CPUs), one round trip per sample, compared by the
  // fastest: a spinner only answers while it holds a CPU, so on a loaded 2-core machine its median (and a batch of
  // 100) can hold other processes' time slices, and unpinned the scheduler may put both spinners on one CPU
  // (docs/os-floor.md); a single round trip while both sides run on their CPUs cannot.
  const { samples } = await runOsFloors({ roundTrips: 2000, warmup: 10, batches: { 'shm-spin': 1 }, clientCpu: Math.min(1, os.cpus().length - 1), serverCpu: 0 });
  const min = (xs) => Math.min(...xs);
  assert.ok(min(samples['floor.os.tcp']) > 5 * min(samples['floor.os.shm.spin']),
    `fastest tcp ${min(samples['floor.os.tcp'])} ns vs fastest shm spin ${min(samples['floor.os.shm.spin'])} ns`);
});

test('pinned like the benches (sender and echo on their own CPUs) it still measures every transport', async () => {
  const { samples } = await runOsFloors({ roundTrips: 50, warmup: 5, clientCpu: Math.min(1, os.cpus().length - 1), serverCpu: 0 });
  for (const id of OS_FLOOR_IDS) assert.equal(samples[id].length, 55, id);
});

test('a placement on a CPU the machine lacks fails with the CPU named', async () => {
  await assert.rejects(runOsFloors({ roundTrips: 5, warmup: 0, clientCpu: 4000 }), /cpu 4000/);
});

test('a missing build names the build step and the package that provides clang-16', async () => {
  await assert.rejects(runOsFloors({ binary: '/nonexistent/os-floor' }),
    /npm run build -- os-floor.*clang-16.*apt-get update && apt-get install -y clang-16 lld-16/s);
});

test('bad arguments are refused with a message, before anything is measured', () => {
  for (const args of [['--size', '0', 'tcp'], ['tcp', 'carrier-pigeon'], ['--round-trips', 'x', 'tcp'], []]) {
    const r = spawnSync(OS_FLOOR_BINARY, args, { encoding: 'utf8' });
    assert.notEqual(r.status, 0, args.join(' '));
    assert.match(r.stderr, /os-floor: |usage: /, args.join(' '));
    assert.doesNotMatch(r.stdout, /floor\.os\./, args.join(' '));
  }
});
