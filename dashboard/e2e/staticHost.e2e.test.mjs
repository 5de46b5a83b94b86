// The static build on a plain static host (docs/hosting.md): dist/dashboard served by a bare Node HTTP server under
// a sub-path, with no COOP/COEP headers, as GitHub Pages serves it. In Chromium: the coi-serviceworker makes the page
// cross-origin isolated after its one reload (so the Live view gets the 5 µs clock), the published data load, and
// the headline is in the first viewport with its numbers.
import assert from 'node:assert/strict';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser } from '../../scripts/lib/harness.mjs';
import { launch, root, waitForComparison } from './support.mjs';

const dist = join(root, 'dist', 'dashboard');
const PREFIX = '/some/sub/path/';
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.json': 'application/json', '.csv': 'text/csv', '.svg': 'image/svg+xml', '.png': 'image/png', '.md': 'text/plain' };

let http;
let base;
let b;
before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'dist/dashboard missing: run `npm run build -- dashboard`');
  assert.ok(existsSync(join(dist, 'coi-serviceworker.js')), 'dist/dashboard/coi-serviceworker.js missing: the build copies it from node_modules/coi-serviceworker');
  // A plain static server: files under PREFIX, content types, nothing else (no isolation headers).
  http = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (!url.pathname.startsWith(PREFIX)) { res.writeHead(404); res.end(); return; }
    let p = join(dist, decodeURIComponent(url.pathname.slice(PREFIX.length)) || 'index.html');
    if (!p.startsWith(dist)) { res.writeHead(403); res.end(); return; }
    if (existsSync(p) && statSync(p).isDirectory()) p = join(p, 'index.html');
    if (!existsSync(p)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': TYPES[extname(p)] ?? 'application/octet-stream' });
    createReadStream(p).pipe(res);
  });
  await new Promise((r) => http.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${http.address().port}${PREFIX}`;
  b = await launch({ viewport: { width: 1366, height: 768 } });
});
after(async () => { await b?.close(); await new Promise((r) => (http ? http.close(r) : r())); });

/** Polls crossOriginIsolated across the service worker's reload (an evaluation may land in the page being replaced). */
async function isolated(page, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await page.evaluate(() => globalThis.crossOriginIsolated === true).catch(() => false);
    if (v) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

test('the server sends no isolation headers', async () => {
  const r = await fetch(base);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('cross-origin-opener-policy'), null);
  assert.equal(r.headers.get('cross-origin-embedder-policy'), null);
});

test('under a sub-path without COOP/COEP: isolated after the service worker reload, data loaded, headline in the first viewport', async () => {
  const { page } = b;
  await page.goto(base);
  assert.ok(await isolated(page), 'crossOriginIsolated did not become true (coi-serviceworker)');
  // The isolation comes from the worker (the server sends no headers: the test above).
  const sw = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  assert.equal(sw, `${base}coi-serviceworker.js`);
  // The headline: in the first viewport, with its numbers.
  await page.waitForSelector('[data-testid="headline"][data-state="ready"]', { timeout: 30000 });
  const box = await page.locator('[data-testid="headline"]').boundingBox();
  assert.ok(box.y + box.height <= 768 && box.x + box.width <= 1366, `headline at ${JSON.stringify(box)}`);
  const ratios = await page.locator('[data-testid="headline-ratio"]').allInnerTexts();
  assert.equal(ratios.length, 2);
  for (const r of ratios) assert.match(r, /^\d+(\.\d+)?×$/);
  assert.ok(await page.locator('.headline-plot img').evaluate((i) => i.complete && i.naturalWidth > 0), 'headline plot drawn');
  // Published data: every run loaded into DuckDB; the reference study's exact count.
  await waitForComparison(page, 120000);
  const manifest = JSON.parse(readFileSync(join(root, 'public/data/manifest.json'), 'utf8'));
  const shown = await page.locator('.runs-table tr[data-run]').evaluateAll((rows) => [...new Set(rows.map((r) => r.dataset.run))]);
  // (Network runs are read by the Network view only: docs/network.md.)
  const loaded = manifest.runs.filter((r) => r.kind !== 'network').map((r) => r.id);
  assert.deepEqual(shown.filter((id) => loaded.includes(id)).sort(), [...loaded].sort(), `runs shown: ${shown.join(', ')}`);
  assert.equal(await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="e2e"] tr[data-path="socket"] td[data-stat="count"]').innerText(), '968');
});

test('the Live view on the static host is cross-origin isolated, with a clock finer than 100 µs', async () => {
  const { page } = b;
  await page.goto(`${base}?view=live`);
  assert.ok(await isolated(page), 'Live view not cross-origin isolated');
  // Without isolation Chromium coarsens performance.now() to 100 µs; isolated, to 5 µs.
  const stepUs = await page.evaluate(() => {
    let min = Infinity;
    let last = performance.now();
    for (let i = 0; i < 2e6 && min > 0.001; i++) {
      const t = performance.now();
      if (t > last) { min = Math.min(min, t - last); last = t; }
    }
    return min * 1000;
  });
  assert.ok(stepUs <= 20, `smallest performance.now() step ${stepUs} µs`);
});

/**
 * Every request and WebSocket the browser makes for `context`'s pages and workers that goes to the visitor's
 * machine other than the static host itself (its port): loopback names and addresses on any other port.
 */
function loopbackLog(context, hostPort) {
  const all = [];
  const note = (kind, url) => all.push({ kind, url });
  context.on('request', (r) => note('request', r.url()));
  context.on('page', (p) => p.on('websocket', (ws) => note('websocket', ws.url())));
  for (const p of context.pages()) p.on('websocket', (ws) => note('websocket', ws.url()));
  const toMachine = (u) => {
    try {
      const url = new URL(u);
      return /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|0\.0\.0\.0)$/.test(url.hostname) && url.port !== String(hostPort);
    } catch { return false; }
  };
  return { all, loopback: () => all.filter((x) => toMachine(x.url) || x.kind === 'websocket') };
}

test('the hosted copy\'s Live view with no local server contacts nothing on the visitor\'s machine until asked (request log)', async () => {
  const port = http.address().port;
  const { context, page } = b;
  const log = loopbackLog(context, port);
  await page.goto(`${base}?view=live`);
  await page.waitForFunction(() => window.__live?.runner?.steps >= 1 && window.__bench?.ready === true, null, { timeout: 60000 });
  await page.waitForSelector('[data-testid="ws-server"][data-state="idle"]', { timeout: 10000 });
  await page.waitForTimeout(3000); // anything deferred (checks, retries) would have gone out by now
  assert.deepEqual(log.loopback(), [], 'no request to the visitor\'s machine before the visitor asks');
  assert.ok(log.all.some((x) => x.url.includes('/some/sub/path/')), 'the log sees the page\'s own requests');
  // Asked: the one check goes out (and finds no server).
  await page.click('[data-testid="ws-check"]');
  await page.waitForSelector('[data-testid="ws-server"][data-state="down"]', { timeout: 30000 });
  assert.ok(log.loopback().some((x) => x.kind === 'websocket' && /:8787\b/.test(x.url)), JSON.stringify(log.loopback()));
});

test('a hosted copy on another origin over plain HTTP says the WebSocket engine cannot work there and contacts nothing', async () => {
  const port = http.address().port;
  // A public host name for the same static server: the page's origin is http://bench.example:<port>, not loopback.
  const other = await launchBrowser({ viewport: { width: 1366, height: 768 }, args: ['--host-resolver-rules=MAP bench.example 127.0.0.1'] });
  try {
    const log = loopbackLog(other.context, -1);
    const url = `http://bench.example:${port}${PREFIX}?view=live&engine=websocket`;
    await other.page.goto(url);
    await other.page.waitForFunction(() => window.__live?.runner?.steps >= 1 && window.__bench?.ready === true, null, { timeout: 60000 });
    await other.page.waitForSelector('[data-testid="ws-server"][data-state="blocked"]', { timeout: 10000 });
    assert.match(await other.page.textContent('[data-testid="ws-server"]'), /plain HTTP.*Local Network Access/s);
    assert.equal(await other.page.evaluate(() => window.__live.runner.config.engine), 'wasm', 'a link asking for WebSocket opens in-page');
    assert.equal(await other.page.locator('[data-testid="engine"] option[value="websocket"]').isDisabled(), true);
    await other.page.waitForTimeout(3000);
    assert.deepEqual(log.loopback(), [], 'no request to the visitor\'s machine');
    assert.ok(log.all.some((x) => x.url.startsWith(`http://bench.example:${port}`)), 'the log sees the page\'s own requests');
  } finally {
    await other.close();
  }
});
