// The Live view as a first-time visitor meets it, in Chromium against the built dashboard: the random layout with a
// real gradient on arrival, the reference layout one click away (kept in the URL, explained); no WebSocket server:
// the page says how to start one and keeps running the in-page engine; "your run beside ours" runs the benchmark in
// the page and the run appears beside the published one, in the Live view and in the Comparison; the Unity section
// explains how to make a build when there is none.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { freePort, launchBrowser, startPreview, startWsServer } from '../../scripts/lib/harness.mjs';

let preview; let browser; let page; let server;

before(async () => {
  [server, preview] = await Promise.all([startWsServer(), startPreview()]);
  browser = await launchBrowser({ viewport: { width: 1400, height: 1000 } });
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await preview?.stop();
  await server?.stop();
});

const open = async (params) => {
  const u = new URL(preview.url);
  u.searchParams.set('view', 'live');
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, String(v));
  await page.goto(u.href, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__live?.runner?.steps >= 1 && !/** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="engine"]'))?.disabled, null, { timeout: 60000 });
};
const shown = () => page.evaluate(() => window.__live.state().values);
const finite = (values) => values.filter((v) => v !== 'Infinity').length;

test('on arrival: the random layout, where the source reaches the devices; the reference layout one click away, explained and kept in the URL', async () => {
  const port = await freePort(); // no server there
  await open({ ws: `ws://127.0.0.1:${port}` });
  assert.equal(await page.inputValue('[data-testid="scenario"]'), 'random');
  assert.equal(new URL(page.url()).searchParams.get('scenario'), null, 'the default is not written to the URL');
  const onArrival = await shown();
  assert.equal(onArrival.length, 10);
  assert.ok(finite(onArrival) >= 8, `a gradient: ${onArrival}`);
  assert.ok(new Set(onArrival.filter((v) => v !== 'Infinity')).size >= 4, `distinct values: ${onArrival}`);

  await page.click('[data-testid="show-reference"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('scenario') === 'reference');
  await page.waitForFunction(() => window.__live.runner.config.scenario === 'reference' && !/** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="engine"]')).disabled);
  await page.evaluate(() => window.__live.runner.runSteps(3));
  assert.deepEqual(await shown(), [0, ...Array(9).fill('Infinity')]);
  assert.match(await page.textContent('[data-testid="scenario-note"]'), /degenerate.*farther from it than maxDistance.*docs\/reference-study\.md/s);

  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => window.__live?.runner?.config.scenario === 'reference' && window.__live.runner.steps >= 1, null, { timeout: 60000 });
  assert.equal(await page.inputValue('[data-testid="scenario"]'), 'reference');
  await page.click('[data-testid="show-random"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('scenario') === null && window.__live.runner.config.scenario === 'random');
});

test('no WebSocket server: the page says how to start one, keeps the in-page engine, and finds a server once given its address', async () => {
  const port = await freePort();
  await open({ engine: 'websocket', ws: `ws://127.0.0.1:${port}` });
  await page.waitForSelector('[data-testid="ws-server"][data-state="down"]', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid="ws-server-message"]'), new RegExp(`went back to the in-page engine.*no server there.*npm run server:node -- --port ${port}`));
  assert.equal(await page.evaluate(() => window.__live.runner.config.engine), 'wasm', 'fell back to the in-page engine, and says so');
  assert.equal(await page.inputValue('[data-testid="engine"]'), 'wasm');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('engine') === null, null, { timeout: 10000 }); // the URL says what the view shows
  const before = await page.evaluate(() => window.__live.runner.steps);
  await page.evaluate(() => window.__live.runner.runSteps(5));
  assert.equal(await page.evaluate(() => window.__live.runner.steps), before + 5);
  assert.equal(await page.isVisible('[data-testid="live-error"]'), false);
  assert.match(await page.textContent('[data-testid="your-run"]'), /in-page engine only/);

  const field = page.locator('[data-testid="ws-url"]');
  await field.fill(server.url);
  await field.press('Enter');
  // the steps above are timings of the in-page engine: a new address asks before it starts new ones
  await page.click('[data-testid="confirm-apply"]');
  await page.waitForSelector('[data-testid="ws-server"][data-state="up"]', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid="your-run"]'), /both engines/);
  assert.equal(new URL(page.url()).searchParams.get('ws'), server.url);
});

test('your run beside ours: one button runs both engines in the page; the run lands beside the published one with its environment', async () => {
  await open({ ws: server.url });
  // The page contacts no server until asked (docs/hosting.md): the visitor asks it to check.
  await page.waitForSelector('[data-testid="ws-server"][data-state="idle"]', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid="your-run"]'), /in-page engine only/);
  await page.click('[data-testid="ws-check"]');
  await page.waitForSelector('[data-testid="ws-server"][data-state="up"]', { timeout: 30000 });
  // The published canonical web run is set beside it, with its floors (public/data/runs/*-web-*).
  await page.waitForSelector('[data-testid="published-column"]', { timeout: 120000 });
  await page.fill('[data-testid="your-run-rounds"]', '100');
  await page.click('[data-testid="your-run-start"]');
  await page.waitForSelector('[data-testid="your-run-progress"]', { timeout: 10000 });
  await page.waitForSelector('[data-testid="your-column"]', { timeout: 180000 });
  assert.equal(await page.isVisible('[data-testid="your-run-error"]'), false);

  const env = await page.textContent('[data-testid="your-column"] [data-testid="run-environment"]');
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  assert.match(env, /Chromium \d+/);
  assert.match(env, /Linux/);
  assert.ok(env.includes(`${cores} cores`), env);
  assert.match(env, /5 µs clock/, 'the preview server is cross-origin isolated');

  // Every path has a raw median and a multiple of its floor, in both columns (published, yours).
  const multiples = await page.$$eval('[data-testid="your-run-table"] [data-testid="multiple"]', (c) => c.map((x) => x.textContent));
  assert.equal(multiples.length, 6, multiples.join(' | '));
  for (const m of multiples) assert.match(m, /^\d+(\.\d+)?×$/, multiples.join(' | '));
  const header = await page.textContent('[data-testid="your-column"]');
  const [, run, config] = /yours: (uploads)\/(u\d+-n10-free)/.exec(header) ?? [];
  assert.ok(run && config, header);

  // The run in the Comparison: it opens on the run's pair compared (its section expanded, scrolled into view, no
  // click), and the run list gives the configuration the environment it ran on.
  await page.click('[data-testid="your-column"] button');
  await page.waitForFunction(() => (new URL(location.href).searchParams.get('view') ?? 'compare') === 'compare'); // the default view
  const block = page.locator(`[data-testid="compare"] .comparison[data-run="uploads"][data-configs~="${config}"]`);
  await block.waitFor({ timeout: 60000 });
  await page.waitForFunction(() => new URL(location.href).searchParams.get('focus') === null, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => /** @type {HTMLDetailsElement} */ (document.querySelector('details[data-section="comparison"]')).open), true, 'the comparison section is expanded');
  const box = await block.evaluate((b) => { const r = b.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, height: innerHeight }; });
  assert.ok(box.top < box.height && box.bottom > 0 && box.top > -box.height / 2, `the run's comparison is in view: ${JSON.stringify(box)}`);
  assert.match(new URL(page.url()).searchParams.get('runs'), /uploads/);
  // The run list is a collapsed section of the Comparison: opened as a visitor does.
  await page.click('[data-testid="compare"] details[data-section="runs"] > summary', { timeout: 60000 });
  const row = page.locator(`.runs-table tr[data-run="uploads"][data-config="${config}"]`);
  await row.waitFor({ timeout: 60000 });
  assert.equal(await row.locator('[data-testid="timer-resolution"]').innerText(), '5.000 µs', 'the clock measured in the page, as in the Live view');
  const rowEnv = await row.locator('[data-testid="run-environment"]').innerText();
  assert.match(rowEnv, /Chromium \d+/);
  assert.match(rowEnv, /Linux/);
  assert.ok(rowEnv.includes(`${cores} cores`), rowEnv);
});

test('the Unity section: without a build in public/unity/, how to make one', async () => {
  await open({ ws: server.url });
  await page.click('[data-testid="unity-section"] summary');
  await page.waitForSelector('text=No Unity WebGL build found', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid="unity-section"]'), /WebGLBuilder\.Build.*public\/unity/s);
});
