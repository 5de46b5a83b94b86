// bench:web's two drivers (docs/measurements.md, "Drivers"): the bare CDP driver launches the same Chromium as
// Playwright (same switches, same viewport) with nothing but a DevTools port attached, and a tiny
// `bench:web --driver playwright,cdp` run measures both side by side, one configuration per driver.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { WebSocketServer } from 'ws';
import { launchBareBrowser, launchBrowser, root } from '../../scripts/lib/harness.mjs';
import { parseTimingCsvText, series } from '../../measurement/src/analysis.mjs';
import { chromiumBrowserProcess } from '../../measurement/src/machineLoadFiles.mjs';

/** The browser process's switches (its command line after the executable; no switch holds a space). */
const browserSwitches = (profile) => new Set(chromiumBrowserProcess(profile).cmd.split(' ').filter(Boolean).slice(1));

test('the bare CDP browser is the Playwright browser: same switches (but its DevTools transport), same viewport', async () => {
  const pw = await launchBrowser();
  let bare;
  try {
    bare = await launchBareBrowser();
    // Only the driver's own transport, the profile folder and the window size (Playwright sets the viewport over CDP) differ.
    const own = (x) => /^--(user-data-dir|remote-debugging-(pipe|port|address)|window-size)\b/.test(x) || x === 'about:blank';
    const [a, b] = [browserSwitches(pw.profile), browserSwitches(bare.profile)].map((s) => [...s].filter((x) => !own(x)).sort());
    assert.deepEqual(b, a, 'PLAYWRIGHT_SWITCHES in scripts/lib/harness.mjs no longer match what playwright-core launches');
    const size = () => [innerWidth, innerHeight, devicePixelRatio];
    assert.deepEqual(await bare.evaluate(size), await pw.page.evaluate(size));
    assert.equal(bare.browserVersion, pw.browserVersion);
  } finally {
    await bare?.close();
    await pw.close();
  }
});

/** In the page: `n` messages over a WebSocket to `url`, each awaited back from the echo server. */
async function echoes({ url, n }) {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = () => reject(new Error(`cannot connect to ${url}`)); });
  for (let i = 0; i < n; i++) {
    const back = new Promise((resolve) => { ws.onmessage = (e) => resolve(e.data); });
    ws.send(`frame ${i}`);
    if (await back !== `frame ${i}`) throw new Error(`echo ${i} lost`);
  }
  ws.close();
  return n;
}

test('why: Playwright is told about every WebSocket frame of the page; the bare CDP driver receives no event at all', async () => {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  wss.on('connection', (c) => c.on('message', (d, binary) => c.send(d, { binary })));
  const url = `ws://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (wss.address()).port}`;
  const pw = await launchBrowser();
  let bare;
  try {
    const frames = [];
    pw.page.on('websocket', (ws) => { ws.on('framesent', () => frames.push('sent')); ws.on('framereceived', () => frames.push('received')); });
    assert.equal(await pw.page.evaluate(echoes, { url, n: 20 }), 20);
    // The frame events arrive asynchronously after the page saw its echoes.
    for (let i = 0; i < 50 && frames.length < 40; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(frames.length, 40, 'Playwright receives a CDP Network event per frame (docs/measurements.md, "Drivers")');
    bare = await launchBareBrowser();
    assert.equal(await bare.evaluate(echoes, { url, n: 20 }), 20);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(bare.events(), 0, 'CDP events sent to the bare driver');
  } finally {
    await bare?.close();
    await pw.close();
    wss.close();
  }
});

test('bench:web --driver playwright,cdp: one configuration per driver, each with its files and its driver in run.json', async () => {
  const out = mkdtempSync(join(tmpdir(), 'collektive-bench-drivers-'));
  try {
    await promisify(execFile)(process.execPath, ['scripts/bench-web.mjs', '--driver', 'playwright,cdp', '--n', '10', '--pacing', 'free',
      '--engines', 'websocket', '--rounds', '40', '--invocations', '2', '--warmup', '5', '--floor-samples', '10', '--e2e-blocks', '0', '--os-floors', '10',
      '--spread', '0', '--run-id', 'drivers', '--out-dir', out, '--no-publish', '--no-build'], { cwd: root, timeout: 150000, maxBuffer: 1 << 24 });
    const run = JSON.parse(readFileSync(join(out, 'drivers', 'run.json'), 'utf8'));
    assert.deepEqual(run.configurations.map((c) => [c.id, c.driver]).sort(), [['n10-free-cdp', 'cdp'], ['n10-free-playwright', 'playwright']]);
    assert.deepEqual(run.parameters.drivers, ['playwright', 'cdp']);
    assert.equal(run.parameters.configurationOrders.length, 2, 'one shuffled order per round');
    for (const c of run.configurations) {
      assert.equal(c.invocations.length, 2);
      for (const f of [...c.files, ...c.invocations.flatMap((i) => i.files)]) assert.ok(existsSync(join(out, 'drivers', f.file)), f.file);
      const e2e = series(parseTimingCsvText(readFileSync(join(out, 'drivers', c.id, 'web_websocket.csv'), 'utf8')), 0).get('step.web.e2e') ?? [];
      // Each invocation: 5 warm-up + 20 measured steps; the merge drops the second invocation's warm-up.
      assert.equal(e2e.length, 5 + 40, `${c.id}: step.web.e2e samples`);
      assert.ok(e2e.every((ns) => ns > 0), `${c.id}: positive e2e durations`);
      const backend = series(parseTimingCsvText(readFileSync(join(out, 'drivers', c.id, 'websocket.csv'), 'utf8')), 0).get('step.compute') ?? [];
      assert.ok(backend.length >= 40, `${c.id}: the ws server's step.compute samples (${backend.length})`);
      // The OS floors of every invocation (docs/os-floor.md), without the program's warm-up, and CPU per step.
      const floors = series(parseTimingCsvText(readFileSync(join(out, 'drivers', c.id, 'floors.csv'), 'utf8')), 0);
      for (const id of ['floor.os.tcp', 'floor.os.uds', 'floor.os.shm.spin', 'floor.os.shm.futex']) assert.equal(floors.get(id)?.length, 20, `${c.id}: ${id}`);
      for (const inv of c.invocations) {
        const cpu = inv.paths.websocket.cpuPerStepNs;
        assert.ok(cpu.frontend > 0 && cpu.server >= 0, `${c.id}: CPU per step ${JSON.stringify(cpu)}`);
      }
    }
    const summary = JSON.parse(readFileSync(join(out, 'drivers', 'summary.json'), 'utf8'));
    for (const c of summary.configurations) {
      assert.ok(c.paths.websocket.e2e_median.estimate > 0, `${c.id}: invocation-level e2e`);
      assert.ok(c.paths.websocket.osTcp_median.estimate > 0 && c.ratios.e2e_os_median.estimate > 1, `${c.id}: OS floor and e2e over it`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
