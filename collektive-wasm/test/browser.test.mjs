// The engine facade in Chromium (Debian chromium through playwright-core, headless): both builds (Kotlin/Wasm and
// Kotlin/JS) loaded by a page from a local HTTP server (127.0.0.1, ephemeral port, COOP/COEP headers), the shared
// test vectors replayed in the page bit-exactly, and the facade's error and timing contract checked there.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVED = ['collektive-wasm/src/js/', 'collektive-wasm/build/wasm/', 'collektive-wasm/build/js/',
  'collektive-wasm/test/', 'collektive-core/test-vectors/'];
const TYPES = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.html': 'text/html' };

/** Serves the files the page needs (and nothing else), cross-origin isolated. */
function serve() {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^\/+/, '');
    const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cache-Control': 'no-store' };
    if (path === '' || path === 'index.html') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>facade test</title>');
      return;
    }
    const file = join(root, path);
    if (!SERVED.some((p) => path.startsWith(p)) || !existsSync(file)) {
      res.writeHead(404, headers);
      res.end('not found');
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
const profile = mkdtempSync(join(tmpdir(), 'facade-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
  timeout: 60_000,
});
after(async () => {
  await context.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
});

const page = context.pages()[0] ?? await context.newPage();
const consoleErrors = [];
page.on('pageerror', (e) => consoleErrors.push(String(e)));
await page.goto(`${base}/index.html`);

// Everything below runs in the page: both engines, every vector, the contract checks.
const results = await page.evaluate(async () => {
  // URLs the page's server resolves, not paths for tsc to follow (hence the casts: no literal specifier).
  const { loadWasmEngine, loadJsEngine, decodeStateBuffer } = await import(/** @type {string} */ ('/collektive-wasm/src/js/engine.mjs'));
  const { parseVector, replayVector } = await import(/** @type {string} */ ('/collektive-wasm/test/vectors.mjs'));
  const index = await (await fetch('/collektive-core/test-vectors/index.json')).json();
  const vectors = await Promise.all(index.vectors.map(async (f) => [f, parseVector(await (await fetch(`/collektive-core/test-vectors/${f}`)).text())]));
  const out = { isolated: crossOriginIsolated, userAgent: navigator.userAgent, engines: {} };
  for (const [kind, load] of /** @type {[string, () => Promise<any>][]} */ ([['wasm', () => loadWasmEngine('/collektive-wasm/build/wasm/collektive-wasm.wasm')], ['js', () => loadJsEngine()]])) {
    const r = { vectors: {}, checks: {} };
    out.engines[kind] = r;
    let facade;
    try { facade = await load(); } catch (e) { r.loadError = String(e); continue; }
    r.kind = facade.kind;
    for (const [file, v] of vectors) {
      try { r.vectors[file] = replayVector(facade, v, decodeStateBuffer); } catch (e) { r.vectors[file] = [`threw ${e}`]; }
    }
    const throwsWith = (fn, re) => { try { fn(); return 'did not throw'; } catch (e) { return re.test(e.message) ? null : `wrong message: ${e.message}`; } };
    r.checks.errors = [
      throwsWith(() => facade.create(-1, 3), /nodeCount/),
      throwsWith(() => facade.step(999, 1), /invalid handle 999/),
    ].filter(Boolean);
    const h = facade.create(10, 3);
    facade.updatePositions(h, facade.referencePositions(10, 3));
    facade.setSource(h, 0, true);
    facade.clearTimings();
    for (let i = 0; i < 5; i++) facade.stepAndGetState(h, 1);
    const csv = facade.timingsCsv().trimEnd().split('\n');
    r.checks.timings = [
      csv[0] === 't_ns,id,duration_ns' ? null : `header ${csv[0]}`,
      csv.length === 11 ? null : `${csv.length - 1} rows`,
      csv.slice(1).every((l) => /^\d+,step\.(service|compute),\d+$/.test(l)) ? null : 'bad row',
    ].filter(Boolean);
    facade.destroy(h);
    facade.noop();
  }
  return out;
});

test('Chromium page is cross-origin isolated (5 µs timer) and raised no page error', () => {
  assert.equal(results.isolated, true);
  assert.deepEqual(consoleErrors, []);
});

for (const kind of ['wasm', 'js']) {
  const r = results.engines[kind];
  test(`Chromium ${kind}: the ${kind} build loads from local files`, () => {
    assert.equal(r.loadError, undefined);
    assert.equal(r.kind, kind);
  });
  for (const [file, problems] of Object.entries(r.vectors)) {
    test(`Chromium ${kind}: test vector ${file} reproduced bit for bit`, () => assert.deepEqual(problems, []));
  }
  test(`Chromium ${kind}: every vector ran`, () => assert.ok(Object.keys(r.vectors).length >= 5));
  test(`Chromium ${kind}: errors become Errors with the engine's message`, () => assert.deepEqual(r.checks.errors, []));
  test(`Chromium ${kind}: timings CSV in memory`, () => assert.deepEqual(r.checks.timings, []));
}
