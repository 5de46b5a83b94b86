// The profile pipeline (scripts/profile.mjs, docs/profiles.md) on a short real run of all four paths at N = 10:
// every path yields non-empty collapsed stacks containing the engine's step function, under its exact name; the web
// paths add Chromium's browser and network service processes; the classification rules put known frames in their
// categories; a bad option exits 2 with the usage; without perf it fails naming linux-perf.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantile } from '../../measurement/src/intervals.mjs';
import { mulberry32, shuffled } from '../../measurement/src/random.mjs';
import { HOPS, classify, cpuProfileToCollapsed, parseCollapsed, perfScriptToCollapsed, websocketHops } from '../../measurement/src/profiles.mjs';
import { root } from '../lib/root.mjs';

const STEP = {
  native: { process: 'csharp-host', frame: 'kfun:collektive.engine.GradientEngine#step(kotlin.Int){}' },
  socket: { process: 'jvm-server', frame: /^collektive\/engine\/GradientEngine\.step_\[[ij01]\]$/ },
  wasm: { process: 'page', frame: /^collektive\.engine\.GradientEngine\.step.* \[collektive-wasm-[^\]]+\.wasm\]$/ },
  websocket: { process: 'node-worker', frame: 'step_gqwpj0_k$ [collektive-wasm.mjs]' },
};

test('perf is installed and cpu-clock sampling works', () => {
  const r = spawnSync('perf', ['record', '-q', '-e', 'cpu-clock', '-o', '/dev/null', 'true'], { encoding: 'utf8' });
  assert.ok(!r.error, 'perf is missing: install it with apt-get install -y linux-perf');
  assert.equal(r.status, 0, `perf record -e cpu-clock true fails: ${r.stderr}`);
});

test('classification rules (docs/profiles.md, "Categories")', () => {
  assert.equal(classify('mono;X;kfun:collektive.engine.GradientEngine#step(kotlin.Int){}'), 'engine');
  assert.equal(classify('java;collektive/server/connection/Connection.serve;collektive/codec/JsonCodec.parse'), 'serialization');
  assert.equal(classify('java;a;sun/nio/ch/Net.poll;poll;entry_SYSCALL_64_after_hwframe_[k];do_sys_poll_[k];__schedule_[k]'), 'idle');
  assert.equal(classify('mono;a;__GI___libc_write;entry_SYSCALL_64_after_hwframe_[k];tcp_sendmsg_[k]'), 'transport');
  assert.equal(classify('js;(garbage collector)'), 'runtime');
  assert.equal(classify('mono;frob'), 'other');
  const perf = 'mono 12\n\tffff a (/x/libsimple_gradient.so)\n\tffff kfun:collektive.engine.GradientEngine#step(kotlin.Int){}+0x1f (/x/libsimple_gradient.so)\n\tffff [unknown] ([unknown])\n\tffff [unknown] ([unknown])\n\n';
  assert.deepEqual([...perfScriptToCollapsed(perf)], [['mono;[unknown];kfun:collektive.engine.GradientEngine#step(kotlin.Int){};a', 1]]);
  // Chromium's network service under perf (docs/profiles.md, "Chromium's processes"): the process root, the thread
  // name, unresolved frames named by their object file.
  const net = 'chromium-network-service;Chrome_ChildIOT;start_thread;[chromium]';
  assert.equal(classify(`${net};__send;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_sendto_[k];tcp_sendmsg_[k]`), 'transport');
  assert.equal(classify(`${net};__libc_recvmsg;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];unix_stream_recvmsg_[k]`), 'transport');
  assert.equal(classify(`${net};epoll_wait;entry_SYSCALL_64_after_hwframe_[k];do_epoll_wait_[k];__schedule_[k]`), 'idle');
  assert.equal(classify(net), 'other');
  const chromiumPerf = 'Chrome_ChildIOT 7/8\n\tffff [unknown] (/usr/lib/chromium/chromium)\n\tffff [unknown] (/usr/lib/chromium/chromium)\n\tffff start_thread+0x9 (/usr/lib/x86_64-linux-gnu/libc.so.6)\n\n';
  assert.deepEqual([...perfScriptToCollapsed(chromiumPerf)], [['Chrome_ChildIOT;start_thread;[chromium]', 1]]);
  assert.deepEqual([...perfScriptToCollapsed(chromiumPerf, 'chromium-network-service')], [['chromium-network-service;Chrome_ChildIOT;start_thread;[chromium]', 1]]);
});

test('a V8 profile is cut to the profiled window by its sample times', () => {
  const profile = {
    nodes: [{ id: 1, callFrame: { functionName: '(root)' }, children: [2] }, { id: 2, callFrame: { functionName: 'f', url: 'file:///a/b.mjs' } }],
    startTime: 1000, samples: [2, 2, 2, 2], timeDeltas: [0, 500, 500, 500], // at 1000, 1500, 2000, 2500 µs
  };
  assert.deepEqual([...cpuProfileToCollapsed(profile, 'node')], [['node;f [b.mjs]', 4]]);
  assert.deepEqual([...cpuProfileToCollapsed(profile, 'node', { fromUs: 1400, toUs: 2000 })], [['node;f [b.mjs]', 2]]);
});

test('the hops of a WebSocket step from a Chromium trace (docs/profiles.md, "Hops of a WebSocket step")', () => {
  const meta = (pid, name) => ({ ph: 'M', name: 'process_name', pid, args: { name } });
  const mojo = (pid, tid, ts, tag, extra = {}) => ({ ph: 'X', name: 'Receive mojo message', pid, tid, ts, dur: 2, args: { chrome_mojo_event_info: { mojo_interface_tag: tag } }, ...extra });
  const step = (t0) => [
    { ph: 'I', name: 'WebSocketSend', pid: 1, tid: 1, ts: t0 },
    mojo(2, 5, t0 + 10, 'network.mojom.WebSocket'),
    { ph: 'X', name: 'SimpleWatcher::OnHandleReady', pid: 2, tid: 5, ts: t0 + 15, dur: 20, args: { chrome_mojo_event_info: { watcher_notify_interface_tag: 'services/network/websocket.cc' } } },
    { ph: 'X', name: 'EpollEvent', pid: 2, tid: 5, ts: t0 + 60, dur: 3 }, // a wake-up with nothing for this step
    { ph: 'X', name: 'EpollEvent', pid: 2, tid: 5, ts: t0 + 135, dur: 3 }, // the reply read from the socket
    mojo(1, 2, t0 + 150, 'network.mojom.WebSocketClient'), // the renderer's IO thread: not the page's main thread
    mojo(1, 1, t0 + 175, 'network.mojom.WebSocketClient'),
  ];
  const trace = [meta(1, 'Renderer'), meta(2, 'Service: network.mojom.NetworkService'), ...step(1000), ...step(1300), { ph: 'I', name: 'WebSocketSend', pid: 1, tid: 1, ts: 1500 }];
  const h = websocketHops(trace);
  assert.equal(h.steps, 2);
  assert.equal(h.matched, 2);
  assert.deepEqual(Object.keys(h.meanUs), HOPS);
  // 10 to the network service, 25 to the end of the socket write, 100 to the reply's read, 40 to the page's main
  // thread, the rest (125, then 25) to the next send: the hops add up to the step periods 300 and 200.
  assert.deepEqual(h.meanUs, { pageToNetworkService: 10, networkServiceToSocket: 25, serverRoundTrip: 100, networkServiceToPage: 40, pageTurnaround: 75 });
  // Quantiles interpolate between order statistics (docs/profiles.md): the median of 125 and 25 is 75.
  assert.equal(h.medianUs.pageTurnaround, 75);
  assert.equal(websocketHops([meta(1, 'Renderer')]), null);
});

test('the hops of 3 000 traced steps with distractors: each step cut where its own events are', () => {
  const rng = mulberry32(7);
  const int = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
  const meta = (pid, name) => ({ ph: 'M', name: 'process_name', pid, args: { name } });
  const mojo = (pid, tid, ts, tag) => ({ ph: 'X', name: 'Receive mojo message', pid, tid, ts, dur: 2, args: { chrome_mojo_event_info: { mojo_interface_tag: tag } } });
  const trace = [meta(1, 'Renderer'), meta(2, 'Service: network.mojom.NetworkService'), meta(3, 'Renderer')];
  const want = Object.fromEntries(HOPS.map((h) => [h, []]));
  let t = 1000;
  const steps = 3000;
  for (let i = 0; i < steps; i += 1) {
    const hop = [int(5, 80), int(5, 200), int(20, 400), int(5, 300), int(10, 500)];
    const [recv, writeEnd, read, back] = [t + hop[0], t + hop[0] + hop[1], t + hop[0] + hop[1] + hop[2], t + hop[0] + hop[1] + hop[2] + hop[3]];
    const lost = rng() < 0.05; // a step whose socket write is not in the trace: left out
    trace.push({ ph: 'I', name: 'WebSocketSend', pid: 1, tid: 1, ts: t });
    trace.push(mojo(2, 5, recv, 'network.mojom.WebSocket'));
    if (!lost) trace.push({ ph: 'X', name: 'SimpleWatcher::OnHandleReady', pid: 2, tid: 5, ts: recv + 1, dur: writeEnd - recv - 1, args: { chrome_mojo_event_info: { watcher_notify_interface_tag: 'services/network/websocket.cc' } } });
    for (let k = int(0, 3); k > 0; k -= 1) trace.push({ ph: 'X', name: 'EpollEvent', pid: 2, tid: 5, ts: int(writeEnd + 1, read - 1), dur: 1 }); // wake-ups with nothing
    trace.push({ ph: 'X', name: 'EpollEvent', pid: 2, tid: 5, ts: read, dur: 1 });
    trace.push({ ph: 'X', name: 'EpollEvent', pid: 3, tid: 5, ts: int(read + 1, back - 1), dur: 1 }); // another process
    trace.push(mojo(1, 2, int(read, back - 1), 'network.mojom.WebSocketClient')); // the renderer's IO thread
    trace.push(mojo(1, 1, back, 'network.mojom.WebSocketClient'));
    if (!lost) HOPS.forEach((h, j) => want[h].push(hop[j]));
    t += hop.reduce((a, b) => a + b, 0);
  }
  trace.push({ ph: 'I', name: 'WebSocketSend', pid: 1, tid: 1, ts: t });
  const h = websocketHops(shuffled(trace, rng));
  assert.equal(h.steps, steps);
  assert.equal(h.matched, want.pageToNetworkService.length);
  for (const hop of HOPS) {
    assert.ok(Math.abs(h.meanUs[hop] - want[hop].reduce((a, b) => a + b, 0) / want[hop].length) < 1e-6, hop);
    assert.equal(h.medianUs[hop], quantile(want[hop], 0.5), hop);
    assert.equal(h.p90Us[hop], quantile(want[hop], 0.9), hop);
  }
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
