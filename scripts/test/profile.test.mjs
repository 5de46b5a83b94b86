// The profile pipeline (scripts/profile.mjs, docs/profiles.md) on a short real run of all four paths at N = 10:
// every path yields non-empty collapsed stacks containing the engine's step function, under its exact name; the web
// paths add Chromium's browser and network service processes; a bad option exits 2 with the usage; without perf it
// fails naming linux-perf. The analysis of profiles on made-up data: measurement/test/profiles.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOPS, parseCollapsed } from '../../measurement/src/profiles.mjs';
import { root } from '../lib/root.mjs';

const STEP = {
  native: { process: 'csharp-host', frame: 'kfun:collektive.engine.AggregateEngine#step(kotlin.Int){}' },
  socket: { process: 'jvm-server', frame: /^collektive\/engine\/AggregateEngine\.step_\[[ij01]\]$/ },
  wasm: { process: 'page', frame: /^collektive\.engine\.AggregateEngine\.step.* \[collektive-wasm-[^\]]+\.wasm\]$/ },
  // The ws server steps small simulations on its main thread (--handoff inline, the default) and large ones in a
  // worker: either thread's profile counts.
  websocket: { process: 'node-', frame: 'step_gqwpj0_k$ [collektive-wasm.mjs]' },
};

test('perf is installed and cpu-clock sampling works', () => {
  const r = spawnSync('perf', ['record', '-q', '-e', 'cpu-clock', '-o', '/dev/null', 'true'], { encoding: 'utf8' });
  assert.ok(!r.error, 'perf is missing: install it with apt-get install -y linux-perf');
  assert.equal(r.status, 0, `perf record -e cpu-clock true fails: ${r.stderr}`);
});

test('without perf, npm run profile fails naming linux-perf and its install command', () => {
  // A PATH with node and git but no perf.
  const bin = mkdtempSync(join(tmpdir(), 'collektive-no-perf-'));
  try {
    for (const tool of ['git']) {
      const where = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
      if (where) symlinkSync(where, join(bin, tool));
    }
    mkdirSync(join(bin, 'out'));
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'profile.mjs'), '--path', 'websocket', '--n', '10', '--out-dir', join(bin, 'out')],
      { encoding: 'utf8', env: { ...process.env, PATH: bin }, cwd: root });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /linux-perf/);
    assert.match(r.stderr, /apt-get install -y linux-perf/);
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
});

test('a bad option exits 2 with the usage', () => {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'profile.mjs'), '--path', 'carrier-pigeon'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /usage: npm run profile/);
});

test('short profile of the four paths at N = 10: non-empty stacks with the engine step function', { timeout: 420000 }, () => {
  const out = mkdtempSync(join(tmpdir(), 'collektive-profile-test-'));
  try {
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'profile.mjs'), '--path', 'native,socket,wasm,websocket', '--n', '10',
      '--seconds', '3', '--warmup-seconds', '1', '--out-dir', out, '--run-id', 't'], { encoding: 'utf8', timeout: 400000, cwd: root });
    assert.equal(r.status, 0, `npm run profile failed:\n${r.stdout}\n${r.stderr}`);
    const index = JSON.parse(readFileSync(join(out, 't', 'profiles.json'), 'utf8'));
    assert.deepEqual(index.entries.map((e) => e.id).sort(), ['native-n10', 'socket-n10', 'wasm-n10', 'websocket-n10']);
    for (const [path, want] of Object.entries(STEP)) {
      const rec = JSON.parse(readFileSync(join(out, 't', `${path}-n10`, 'profile.json'), 'utf8'));
      assert.ok(rec.window.steps > 0, `${path}: no step in the profiled window`);
      const procs = Object.keys(rec.processes).filter((p) => p.startsWith(want.process));
      assert.ok(procs.length, `${path}: no ${want.process} profile (have ${Object.keys(rec.processes).join(', ')})`);
      let hits = 0;
      for (const p of procs) {
        const file = join(out, 't', rec.processes[p].file);
        assert.ok(existsSync(file), file);
        const map = parseCollapsed(readFileSync(file, 'utf8'));
        assert.ok(map.size > 0, `${path}/${p}: empty collapsed stacks`);
        for (const [stack, count] of map) {
          if (stack.split(';').some((f) => (typeof want.frame === 'string' ? f === want.frame : want.frame.test(f)))) hits += count;
        }
      }
      assert.ok(hits > 0, `${path}: no stack contains the step function ${want.frame}`);
      const shares = Object.values(rec.shares).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(shares - 1) < 1e-9, `${path}: category shares sum to ${shares}`);
      assert.ok(rec.shares.engine > 0, `${path}: no sample classified as engine`);
    }
    // The web paths: Chromium's browser and network service processes under perf, their own roots, and the CPU time
    // of every thread of the path's processes over the window. The WebSocket path's frames pass through the network
    // service, so its stacks are not empty and some are in the kernel's socket code.
    const ws = JSON.parse(readFileSync(join(out, 't', 'websocket-n10', 'profile.json'), 'utf8'));
    for (const proc of ['chromium-browser', 'chromium-network-service']) {
      assert.ok(ws.processes[proc], `websocket: no ${proc} profile (have ${Object.keys(ws.processes).join(', ')})`);
      const map = parseCollapsed(readFileSync(join(out, 't', ws.processes[proc].file), 'utf8'));
      assert.ok(map.size > 0 && ws.processes[proc].samples > 0, `websocket/${proc}: empty collapsed stacks`);
      assert.ok([...map.keys()].every((s) => s.startsWith(`${proc};`)), `websocket/${proc}: every stack under the root ${proc}`);
    }
    const net = parseCollapsed(readFileSync(join(out, 't', ws.processes['chromium-network-service'].file), 'utf8'));
    assert.ok([...net.keys()].some((s) => /(tcp|unix_stream)_(sendmsg|recvmsg)_\[k\]/.test(s)), 'websocket: no network-service stack in kernel socket code');
    for (const proc of ['chromium-network-service', 'chromium-renderer', 'node-server']) {
      const threads = ws.threadCpuUs?.[proc] ?? {};
      assert.ok(Object.values(threads).some((us) => us > 0), `websocket: no thread CPU time for ${proc} (${JSON.stringify(ws.threadCpuUs)})`);
    }
    // The trace after the window: some steps' hops found, each hop a duration, the hops adding up to step periods.
    assert.ok(ws.hops?.matched > 0, `websocket: no step matched in the Chromium trace (${JSON.stringify(ws.hops)})`);
    for (const h of HOPS) assert.ok(ws.hops.medianUs[h] >= 0, `websocket hop ${h}: ${ws.hops.medianUs[h]}`);
    const wasm = JSON.parse(readFileSync(join(out, 't', 'wasm-n10', 'profile.json'), 'utf8'));
    assert.ok(wasm.processes['chromium-browser']?.samples > 0, 'wasm: no chromium-browser samples');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
