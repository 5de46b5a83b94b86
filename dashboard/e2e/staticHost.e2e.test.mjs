// The static build on a plain static host (docs/hosting.md): dist/dashboard served by a bare Node HTTP server under
// a sub-path, with no COOP/COEP headers, as GitHub Pages serves it. In Chromium: a first visit registers
// coi-serviceworker without reloading (the app starts at once), the next load is cross-origin isolated, and the Live
// view, the one that needs it (the 5 µs clock), is isolated whether the visit starts on it (the worker's reload) or
// reaches it from another view (the Live view's reload); the published data load, the headline is in the first
// viewport with its numbers; a first visit of any view aborts no request, asks for no file the site lacks, and logs
// no console error.
import assert from 'node:assert/strict';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser } from '../../scripts/lib/harness.mjs';
import { ALL_RUNS_MS, launch, root, waitForComparison } from './support.mjs';

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
  await new Promise((r) => { http.listen(0, '127.0.0.1', () => r(undefined)); });
  base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (http.address()).port}${PREFIX}`;
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

/**
 * The files index.html names (the app's entry, its module preloads, its stylesheet, the worker's script): the browser
 * fetches them as it parses the page, before any of the app's code runs, so the service worker's reload may cut them.
 */
const pageOwnFiles = () => new Set([...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]));

/**
 * The site's requests in `context` (its pages and their workers) that the app made and that failed (aborted by the
 * service worker's first-visit reload, or otherwise), and those answered with a status of 400 or more (a file the
 * page asked for and the site does not have), each named by its path under the site.
 */
function siteRequests(context) {
  const failed = [];
  const refused = [];
  const path = (u) => u.slice(base.length).split('?')[0];
  const own = pageOwnFiles();
  context.on('requestfailed', (r) => { if (r.url().startsWith(base) && !own.has(path(r.url()))) failed.push(`${path(r.url())} (${r.failure()?.errorText})`); });
  context.on('response', (r) => { if (r.url().startsWith(base) && r.status() >= 400) refused.push(`${r.status()} ${path(r.url())}`); });
  return { failed, refused };
}

/** Waits until a view has shown itself and the page has stopped fetching. */
async function settled(page, view) {
  await page.waitForSelector(`nav a[aria-current="page"][href="?view=${view}"]`, { timeout: 60000 });
  const own = page.locator(`[data-testid="${view}"]`);
  if (await own.count()) await page.waitForSelector(`[data-testid="${view}"]:not([data-state="loading"])`, { timeout: ALL_RUNS_MS });
  for (let i = 0; i < 2; i++) {
    await page.waitForLoadState('networkidle', { timeout: ALL_RUNS_MS });
    await page.waitForTimeout(1500); // a request started late (a lazy chunk, the next run) ends the idle
  }
}

test('the server sends no isolation headers', async () => {
  const r = await fetch(base);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('cross-origin-opener-policy'), null);
  assert.equal(r.headers.get('cross-origin-embedder-policy'), null);
});

test('under a sub-path without COOP/COEP: a first visit starts without a reload and registers the worker, the next load is isolated; data loaded, headline in the first viewport; a first visit of every view fetches nothing twice or in vain and logs no error', async () => {
  const { page, context, errors } = b;
  const requests = siteRequests(context);
  let loads = 0;
  page.on('load', () => { loads++; });
  await page.goto(base);
  // The worker registers and takes the page over, and nothing reloads it: this view does not need isolation.
  const sw = await page.evaluate(async () => { await navigator.serviceWorker.ready; for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100)); return navigator.serviceWorker.controller?.scriptURL ?? null; });
  assert.equal(sw, `${base}coi-serviceworker.js`);
  await page.waitForSelector('[data-testid="headline"][data-state="ready"]', { timeout: 30000 });
  await page.waitForTimeout(1000);
  assert.equal(loads, 1, 'the first visit of the default view was reloaded');
  assert.equal(await page.evaluate(() => globalThis.crossOriginIsolated), false);
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
  // No reload cut what the page fetched (src/crossOriginIsolation.ts): nothing it asked for was aborted. It asks only for files the site has (a run's summary.json only where the manifest lists one).
  await settled(page, 'compare');
  assert.deepEqual(requests.failed, [], 'requests that failed on the first visit (the service worker\'s reload aborts what was in flight)');
  assert.deepEqual(requests.refused, [], 'requests the site answered with an error');
  assert.deepEqual(errors, [], 'console errors');
  // The next load comes from the worker, isolated (the server sends no headers: the test above).
  await page.reload();
  assert.ok(await isolated(page), 'crossOriginIsolated did not become true on the load after the worker registered (coi-serviceworker)');
  // Every other view, each as a visitor's first visit (a fresh profile: the Live view's reload again).
  const views = (await page.locator('nav a').evaluateAll((as) => as.map((a) => new URLSearchParams(a.getAttribute('href')).get('view'))))
    .filter((v) => v !== 'compare');
  assert.ok(views.length >= 9 && views.includes('history') && views.includes('live'), `views in the navigation: ${views.join(', ')}`);
  for (const view of views) {
    const visitor = await launch({ viewport: { width: 1366, height: 768 } });
    try {
      const theirs = siteRequests(visitor.context);
      await visitor.page.goto(`${base}?view=${view}`);
      // Only the Live view is reloaded isolated on a first visit; the others start at once, as they are.
      if (view === 'live') assert.ok(await isolated(visitor.page, 60000), `${view}: not cross-origin isolated`);
      await settled(visitor.page, view);
      assert.deepEqual({ failed: theirs.failed, refused: theirs.refused, errors: visitor.errors }, { failed: [], refused: [], errors: [] }, `a first visit of ${view}`);
    } finally {
      await visitor.close();
    }
  }
});

test('the Live view reached from another view of a first visit reloads the page isolated', async () => {
  const visitor = await launch({ viewport: { width: 1366, height: 768 } });
  try {
    await visitor.page.goto(`${base}?view=history`);
    await visitor.page.waitForSelector('nav a[aria-current="page"][href="?view=history"]', { timeout: 60000 });
    assert.equal(await visitor.page.evaluate(() => globalThis.crossOriginIsolated), false);
    await visitor.page.locator('nav a[href="?view=live"]').click();
    assert.ok(await isolated(visitor.page, 60000), 'the Live view did not reload the page isolated');
    assert.equal(new URL(visitor.page.url()).searchParams.get('view'), 'live');
    assert.deepEqual(visitor.errors, [], 'console errors');
  } finally {
    await visitor.close();
  }
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
