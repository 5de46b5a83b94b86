// The profile analysis (measurement/src/profiles.mjs, docs/profiles.md) on made-up profiles: the classification
// rules, cutting a V8 profile to its window, and the hops of WebSocket steps from a Chromium trace.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { quantile } from '../src/intervals.mjs';
import { mulberry32, shuffled } from '../src/random.mjs';
import { HOPS, classify, cpuProfileToCollapsed, parseCollapsed, perfScriptToCollapsed, websocketHops } from '../src/profiles.mjs';

test('classification rules (docs/profiles.md, "Categories")', () => {
  assert.equal(classify('mono;X;kfun:collektive.engine.GradientEngine#step(kotlin.Int){}'), 'engine');
  assert.equal(classify('mono;X;kfun:collektive.engine.AggregateEngine#step(kotlin.Int){}'), 'engine');
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
  /** @type {any[]} */
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

test('the step function is found under the engine class\'s name before and after its rename (GradientEngine, AggregateEngine)', async () => {
  const { STEP_FRAME } = await import('../src/profiles.mjs');
  for (const frame of ['kfun:collektive.engine.AggregateEngine#step(kotlin.Int){}', 'collektive/engine/AggregateEngine.step_[j]',
    'kfun:collektive.engine.GradientEngine#step(kotlin.Int){}', 'collektive/engine/GradientEngine.step_[j]', 'step_gqwpj0_k$']) {
    assert.match(frame, STEP_FRAME, frame);
  }
  assert.doesNotMatch('collektive/engine/AggregateEngine.stepCount_[j]', STEP_FRAME);
});
