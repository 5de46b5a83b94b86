// The Live view's controls as a visitor uses them, in Chromium against the built dashboard and real ws servers:
// typing a server address, the ws port handed over by `npm start -- --ws-port`, the message for a server whose
// Origin check refuses the page, settings kept in the URL, a change that would clear timings asks first, floors
// on the in-page engine without a server, and the CSV export holding the back-end timings.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { freePort, launchBrowser, startPreview, startProcess } from '../../scripts/lib/harness.mjs';

const start = (args, ready, options) => startProcess(process.execPath, args, ready, options);

const wsServer = async (extra = []) => {
  const s = await start(['collektive-node-server/src/cli.mjs', '--port', '0', ...extra], /listening on ws:\/\/127\.0\.0\.1:(\d+)/);
  const m = s.match;
  return { ...s, port: Number(m[1]), url: `ws://127.0.0.1:${m[1]}` };
};

let preview; let browser; let page; let serverA; let serverB;
const stops = [];

before(async () => {
  [serverA, serverB] = await Promise.all([wsServer(), wsServer()]);
  preview = await startPreview();
  browser = await launchBrowser({ acceptDownloads: true });
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await preview?.stop();
  await serverA?.stop();
  await serverB?.stop();
  for (const s of stops) await s();
});

const liveUrl = (base, params) => {
  const u = new URL(base);
  u.searchParams.set('view', 'live');
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, String(v));
  return u.href;
};
const open = async (base, params) => {
  await page.goto(liveUrl(base, params), { waitUntil: 'load' });
  await page.waitForFunction(() => window.__live?.runner?.engine !== undefined && document.querySelector('[data-testid="engine"]'), null, { timeout: 60000 });
};
const idle = () => page.waitForFunction(() => !/** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="engine"]')).disabled, null, { timeout: 30000 });
const steps = () => page.evaluate(() => window.__live.runner.steps);

test('typing a server address keeps every keystroke; Enter applies it, connects and writes it to the URL', async () => {
  await open(preview.url, { engine: 'websocket', ws: serverA.url });
  await idle();
  await page.waitForFunction(() => window.__live.runner.steps >= 1, null, { timeout: 30000 });
  const field = page.locator('[data-testid="ws-url"]');
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(serverB.url, { delay: 15 });
  assert.equal(await field.inputValue(), serverB.url, 'the field holds what was typed');
  assert.equal(await field.isEnabled(), true);
  assert.equal(await page.evaluate(() => window.__live.runner.config.wsUrl), serverA.url, 'nothing applied before Enter');
  await page.keyboard.press('Enter');
  await page.waitForFunction((u) => window.__live.runner.config.wsUrl === u, serverB.url);
  await idle();
  await page.evaluate(() => window.__live.runner.runSteps(5));
  assert.equal(await page.isVisible('[data-testid="live-error"]'), false);
  assert.equal(new URL(page.url()).searchParams.get('ws'), serverB.url);
});

test('Live settings are in the URL: engine, N and pacing come back after a reload', async () => {
  await open(preview.url, { engine: 'websocket', nodes: 100, ws: serverA.url });
  await idle();
  assert.equal(await page.inputValue('[data-testid="engine"]'), 'websocket');
  assert.equal(await page.inputValue('[data-testid="node-count"]'), '100');
  await page.selectOption('[data-testid="pacing"]', 'free');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('pacing') === 'free');
  assert.equal(new URL(page.url()).searchParams.get('ws'), serverA.url, 'the server address stays in the URL');
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => window.__live?.runner?.config.pacing === 'free' && window.__live.runner.config.nodeCount === 100
    && window.__live.runner.config.engine === 'websocket', null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.__live.runner.config.wsUrl), serverA.url);
  assert.equal(await page.inputValue('[data-testid="pacing"]'), 'free');
});

test('changing pacing with timings collected asks first: cancel keeps them, confirming clears them', async () => {
  await open(preview.url, { ws: serverA.url });
  await idle();
  await page.evaluate(() => window.__live.runner.runSteps(30));
  const count = () => page.evaluate(() => window.__live.runner.rec.count('step.web.e2e'));
  const before = await count();
  assert.ok(before >= 30, `${before} e2e samples`);
  await page.selectOption('[data-testid="pacing"]', 'free');
  await page.waitForSelector('[data-testid="confirm-change"]');
  assert.match(await page.textContent('[data-testid="confirm-change"]'), /pacing → free.*samples collected/s);
  await page.click('[data-testid="confirm-cancel"]');
  assert.equal(await page.isVisible('[data-testid="confirm-change"]'), false);
  assert.equal(await count(), before, 'cancel keeps every sample');
  assert.equal(await page.evaluate(() => window.__live.runner.config.pacing), 'frame');
  assert.equal(await page.inputValue('[data-testid="pacing"]'), 'frame');
  await page.selectOption('[data-testid="pacing"]', 'free');
  await page.click('[data-testid="confirm-apply"]');
  await page.waitForFunction(() => window.__live.runner.config.pacing === 'free');
  assert.equal(await count(), 0);
});

test('a server whose Origin check refuses the page: the message says so and names --allow-origin; the view goes on in-page', async () => {
  const strict = await wsServer(['--allow-origin', 'https://bench.example']);
  stops.push(() => strict.stop());
  await open(preview.url, { engine: 'websocket', ws: strict.url });
  await page.waitForSelector('[data-testid="ws-server"][data-state="down"]', { timeout: 30000 });
  const text = await page.textContent('[data-testid="ws-server-message"]');
  const origin = new URL(preview.url).origin;
  assert.match(text, /Origin check/);
  assert.ok(text.includes(`--allow-origin ${origin}`), text);
  assert.doesNotMatch(text, /cannot connect/);
  assert.equal(await page.evaluate(() => window.__live.runner.config.engine), 'wasm');
  // No server at all: the other message, with the command that starts one on that port.
  const port = await freePort();
  await open(preview.url, { engine: 'websocket', ws: `ws://127.0.0.1:${port}` });
  await page.waitForSelector('[data-testid="ws-server"][data-state="down"]', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid="ws-server-message"]'), new RegExp(`no server there.*npm run server:node -- --port ${port}`));
});

test('"Measure floors" on the in-page engine without a ws server: the Wasm floor, a note, no error', async () => {
  const port = await freePort();
  await open(preview.url, { ws: `ws://127.0.0.1:${port}` });
  await idle();
  await page.click('button:has-text("Measure floors")');
  await page.waitForSelector('[data-testid="live-note"]', { timeout: 60000 });
  await idle();
  assert.equal(await page.isVisible('[data-testid="live-error"]'), false);
  assert.match(await page.textContent('[data-testid="live-note"]'), /websocket floor not measured/);
  assert.ok(await page.isVisible('text=floor.web.wasm.noop'));
});

test('the CSV export of the in-page engine holds the back-end timings too', async () => {
  await open(preview.url, { pacing: 'free', ws: serverA.url });
  await idle();
  await page.evaluate(() => window.__live.runner.runSteps(50));
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="download"]')]);
  assert.match(dl.suggestedFilename(), /^web_wasm_n10_free\.csv$/);
  const text = readFileSync(await dl.path(), 'utf8');
  const ids = new Set(text.trim().split('\n').slice(1).map((l) => l.split(',')[1]));
  for (const id of ['step.web.e2e', 'step.web.wasm.call', 'step.service', 'step.compute']) assert.ok(ids.has(id), `${id} in ${[...ids]}`);
  assert.match(text, /^t_ns,id,duration_ns\n/);
});

test('npm start -- --ws-port hands its port to the page', async () => {
  const [port, wsPort] = [await freePort(), await freePort()];
  const s = await start(['scripts/start.mjs', '--port', String(port), '--ws-port', String(wsPort)], /Live view WebSocket engine: listening/, { timeoutMs: 120000 });
  stops.push(() => s.stop());
  const t0 = Date.now();
  while (!/\[start\] dashboard:/.test(s.output())) {
    assert.ok(Date.now() - t0 < 60000, `the dashboard did not start:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  await page.goto(`http://127.0.0.1:${port}/?view=live&engine=websocket`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__live?.runner?.steps >= 1, null, { timeout: 60000 });
  assert.equal(await page.inputValue('[data-testid="ws-url"]'), `ws://127.0.0.1:${wsPort}`);
  assert.equal(await page.evaluate(() => window.__live.runner.config.wsUrl), `ws://127.0.0.1:${wsPort}`);
  assert.equal(await page.isVisible('[data-testid="live-error"]'), false);
  await s.stop();
});
