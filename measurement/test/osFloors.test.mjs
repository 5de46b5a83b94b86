// The OS floors and CPU per step in the analysis (docs/os-floor.md): figures of the out-of-process path, ratios over
// the OS floor, the target over it only when measured, and the CPU window's thread-by-thread arithmetic.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cpuPerStepIntervals, cpuPerStepWindow } from '../src/cpuPerStep.mjs';
import { configurationIntervals, desktopTargets } from '../src/invocations.mjs';
import { osFloorOfTransport } from '../src/catalogue.mjs';

/** One desktop invocation's files: n steps, socket e2e `e2e` ns, OS floor `os` ns (or none), a little noise. */
function invocation(k, { e2e = 100000, os = 14000, n = 60 } = {}) {
  const rows = (ids) => ids.flatMap(([id, d]) => Array.from({ length: n }, (_, i) => ({ t: i * 1000 + k, id, d: d + (i % 7) * 10 + k })));
  return {
    files: {
      socket: rows([['step.service', 40000], ['step.compute', 8000]]),
      unitySocket: rows([['step.unity.e2e', e2e], ['step.socket.wait', 70000]]),
      native: rows([['step.service', 3000], ['step.compute', 2800]]),
      unityNative: rows([['step.unity.e2e', 4000]]),
      floors: rows([['floor.socket.echo', 30000], ...(os ? [['floor.os.tcp', os], ['floor.os.uds', 9000], ['floor.os.shm.spin', 80], ['floor.os.shm.futex', 5500]] : [])]),
    },
  };
}

test('the OS floors are figures of the socket path, with transport and e2e over the TCP floor', () => {
  const h = configurationIntervals([0, 1, 2].map((k) => invocation(k)), { platform: 'desktop', warmup: 5 });
  for (const f of ['osFloor', 'osTcp', 'osUds', 'osShmSpin', 'osShmFutex']) assert.ok(h.paths.socket[`${f}_median`].ci95, f);
  assert.equal(h.paths.socket.osFloor_median.estimate, h.paths.socket.osTcp_median.estimate);
  const e2eOs = h.ratios.e2e_os_median;
  assert.ok(Math.abs(e2eOs.estimate - h.paths.socket.e2e_median.estimate / h.paths.socket.osTcp_median.estimate) < 1e-9);
  assert.ok(e2eOs.ci95[0] <= e2eOs.estimate && e2eOs.estimate <= e2eOs.ci95[1]);
  assert.ok(h.ratios.transport_os_median.estimate > 1);
  const target = desktopTargets(h).find((t) => t.name.includes('OS floor'));
  assert.ok(target, 'the target over the OS floor is listed when the run measured it');
  assert.ok(Math.abs(target.estimate - (h.paths.socket.e2e_median.estimate - h.paths.socket.compute_median.estimate) / h.paths.socket.osTcp_median.estimate) < 1e-9);
});

test("another transport stands on its own OS floor: uds on the Unix-socket round trip, shm on the spinning or futex channel", () => {
  assert.equal(osFloorOfTransport('tcp'), 'floor.os.tcp');
  assert.equal(osFloorOfTransport('uds'), 'floor.os.uds');
  assert.equal(osFloorOfTransport('shm'), 'floor.os.shm.spin');
  assert.equal(osFloorOfTransport('shm', false), 'floor.os.shm.futex');
  const h = configurationIntervals([0, 1, 2].map((k) => invocation(k)), { platform: 'desktop', warmup: 5, osFloor: 'floor.os.uds' });
  assert.equal(h.paths.socket.osFloor_median.estimate, h.paths.socket.osUds_median.estimate);
  assert.ok(Math.abs(h.ratios.e2e_os_median.estimate - h.paths.socket.e2e_median.estimate / h.paths.socket.osUds_median.estimate) < 1e-9);
  const target = desktopTargets(h, { osFloor: 'floor.os.uds' }).find((t) => t.name.includes('OS floor'));
  assert.match(target.name, /Unix-socket/);
  assert.ok(Math.abs(target.estimate - (h.paths.socket.e2e_median.estimate - h.paths.socket.compute_median.estimate) / h.paths.socket.osUds_median.estimate) < 1e-9);
});

test('a run without OS floors gets none of their figures, ratios or targets', () => {
  const h = configurationIntervals([0, 1].map((k) => invocation(k, { os: 0 })), { platform: 'desktop', warmup: 5 });
  assert.equal(Object.keys(h.paths.socket).filter((k) => k.startsWith('os')).length, 0);
  assert.equal(h.ratios.e2e_os_median, undefined);
  assert.equal(desktopTargets(h).length, 5);
});

test('CPU per step: thread by thread between the two readings, threads that exited do not make it negative', () => {
  const w = cpuPerStepWindow();
  w.read(30, { frontend: new Map([['1/1', 1e6], ['1/2', 5e6]]), server: null });
  // Thread 1/2 exited with its 5 ms; thread 1/3 was born in the window.
  w.read(130, { frontend: new Map([['1/1', 3e6], ['1/3', 1e6]]), server: null });
  assert.deepEqual(w.perStep(), { frontend: 30000, server: null });
  assert.deepEqual(w.perStep(300), { frontend: 10000, server: null });
  assert.deepEqual(cpuPerStepWindow().perStep(), { frontend: null, server: null });
});

test('CPU per step intervals: the mean over invocations with an outer-level interval, per path and process', () => {
  const iv = cpuPerStepIntervals([{ socket: { frontend: 40000, server: 180000 }, native: { frontend: 9000, server: null } },
    { socket: { frontend: 50000, server: 200000 }, native: { frontend: 10000, server: null } },
    { socket: { frontend: 45000, server: 190000 }, native: { frontend: 11000, server: null } }]);
  assert.equal(iv.socket.cpuFrontend_perStep.estimate, 45000);
  assert.equal(iv.socket.cpuServer_perStep.estimate, 190000);
  assert.equal(iv.native.cpuFrontend_perStep.estimate, 10000);
  assert.equal(iv.native.cpuServer_perStep, undefined);
  const [lo, hi] = iv.socket.cpuServer_perStep.ci95;
  assert.ok(lo >= 180000 && hi <= 200000 && lo < hi);
});

/** One web invocation's WebSocket files: steps, and the server's echoes (fewer than the warm-up: the page's floor phase). */
function webInvocation(k, { echoes = 20, echo = 30000 } = {}) {
  const rows = (ids, n) => ids.flatMap(([id, d]) => Array.from({ length: n }, (_, i) => ({ t: i * 1000 + k, id, d: d + (i % 7) * 10 + k })));
  return {
    files: {
      websocket: [...rows([['step.service', 52000], ['step.compute', 10000]], 60), ...rows(echoes ? [['echo.service', echo]] : [], echoes).map((r) => ({ ...r, t: r.t + 100000 }))],
      webWebsocket: rows([['step.web.e2e', 300000], ['step.web.ws.wait', 250000]], 60),
      floors: rows([['floor.web.ws.echo', 200000]], echoes),
    },
  };
}

test("the Node server's own floor: its echo's service kept whole like the web's floors, and the overhead beyond it", () => {
  // 20 echoes against a warm-up of 30: the echo is timed after the steps, so its warm-up is not dropped.
  const h = configurationIntervals([0, 1, 2].map((k) => webInvocation(k)), { platform: 'web', warmup: 30 });
  const w = h.paths.websocket;
  assert.ok(w.echoService_median?.ci95, 'echo.service is a figure of the WebSocket path');
  assert.equal(w.echoService_median.perInvocation.length, 3);
  const beyond = w.overheadBeyondEcho_median;
  assert.ok(Math.abs(beyond.estimate - (w.overhead_median.estimate - w.echoService_median.estimate)) < 1e-6, 'overhead − echo service');
  assert.ok(beyond.estimate > 11000 && beyond.estimate < 13000, `42 µs of overhead less a 30 µs echo: ${beyond.estimate}`);
  assert.ok(beyond.ci95[0] <= beyond.estimate && beyond.estimate <= beyond.ci95[1]);
  // A run whose server did not time its echoes (runs before 2026-12-06, the shared-memory channel) has neither figure.
  const old = configurationIntervals([0, 1, 2].map((k) => webInvocation(k, { echoes: 0 })), { platform: 'web', warmup: 30 });
  assert.equal(old.paths.websocket.echoService_median, undefined);
  assert.equal(old.paths.websocket.overheadBeyondEcho_median, undefined);
});
