// End to end in Chromium: the Live view of the built dashboard (vite preview, COOP/COEP), both engines — Kotlin/Wasm
// in the page and Kotlin/JS in the Node ws server (real process) — stepping the WebGL scene, the values it shows
// checked against the engine's test vectors, and a screenshot that must show devices and links.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, openLive, root, startPreview, startWsServer } from '../../scripts/lib/harness.mjs';
import { decodePng } from './png.mjs';
import { parseTimingCsvText, series } from '../../measurement/src/analysis.mjs';

const vectorsDir = join(root, 'collektive-core', 'test-vectors');
const vector = (name) => JSON.parse(readFileSync(join(vectorsDir, name), 'utf8'));
const shotsDir = join(root, '.cache', 'web-e2e');
const ENGINES = ['wasm', 'websocket'];

let server; let preview; let browser; let page;
const pageErrors = [];

before(async () => {
  server = await startWsServer();
  preview = await startPreview();
  browser = await launchBrowser();
  page = browser.page;
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await openLive(page, preview.url, server.url);
});

after(async () => {
  await browser?.close();
  await preview?.stop();
  await server?.stop();
});

/** The values table as the page shows it, once the page has re-rendered the runner's latest step. */
const shownValues = async () => {
  await page.waitForFunction(() => document.querySelector('[data-testid="steps"]')?.textContent === String(window.__live.runner.steps));
  return rawShownValues();
};
const rawShownValues = () => page.$$eval('[data-testid="live-values"] tbody tr', (rows) => rows.map((r) => ({
  value: r.querySelector('[data-testid^="value-"]').textContent,
  neighbors: (r.querySelector('[data-testid^="neighbors-"]').textContent || '').split(',').filter(Boolean).map(Number),
})));

/** Same numbers: the page prints JS numbers, the vectors Kotlin's Double.toString ("0.0", "Infinity"). */
const sameValues = (shown, expected) => shown.length === expected.length
  && shown.every((s, i) => Number(s.value) === Number(expected[i]));

test('window.__bench.ready turns true only once the view has configured itself and run its preview steps', async () => {
  const fresh = await browser.context.newPage();
  try {
    const url = new URL(preview.url);
    url.searchParams.set('view', 'live');
    url.searchParams.set('ws', server.url);
    await fresh.goto(url.href);
    // The runner as it is when ready is first seen (one evaluation: nothing runs in between).
    const seen = await (await fresh.waitForFunction(() => window.__bench?.ready === true
      && { steps: window.__live.runner.steps, nodeCount: window.__live.runner.config.nodeCount, running: window.__live.runner.running, state: !!window.__live.runner.state },
    null, { timeout: 60000 })).jsonValue();
    assert.equal(seen.state, true, 'a configured engine');
    assert.equal(seen.steps, Math.min(seen.nodeCount, 30), 'the preview steps done (pages/LivePage.tsx previewSteps)');
    assert.equal(seen.running, false);
  } finally {
    await fresh.close();
  }
});

test('the page is cross-origin isolated with a 5 µs performance.now()', async () => {
  assert.equal(await page.evaluate(() => window.crossOriginIsolated), true);
  const text = await page.textContent('[data-testid="timer-resolution"]');
  const us = Number(text.replace(/[^\d.]/g, ''));
  assert.ok(us > 0 && us <= 5, `timer resolution ${text}`);
});

for (const engine of ENGINES) {
  test(`${engine}: the reference scenario runs 300 frame-paced steps and shows the test vector's values`, async () => {
    const v = vector('reference-moving.json'); // its round 0 is the reference scenario before anything moves
    await page.evaluate((e) => window.__live.runner.configure({ engine: e, pacing: 'frame', nodeCount: 10, maxDistance: 3, scenario: 'reference' }), engine);
    await page.evaluate(() => window.__live.runner.runSteps(300));
    assert.equal(await page.evaluate(() => window.__live.runner.steps), 300);
    await page.waitForFunction(() => document.querySelector('[data-testid="steps"]')?.textContent === '300');
    const shown = await shownValues();
    const expected = v.rounds[0];
    assert.ok(sameValues(shown, expected.values), `${JSON.stringify(shown.map((s) => s.value))} != ${JSON.stringify(expected.values)}`);
    assert.deepEqual(shown.map((s) => s.neighbors), expected.neighbors);
    // Frame pacing really stepped once per frame: e2e and the frame wait were recorded for every step.
    const counts = await page.evaluate(() => ({ e2e: window.__live.runner.rec.count('step.web.e2e'), wait: window.__live.runner.rec.count('step.frame.wait') }));
    assert.equal(counts.e2e, 300);
    assert.equal(counts.wait, 300);

    // The drawing: devices and links visible in the canvas (read back) and in a screenshot (decoded here).
    const stats = await page.evaluate(() => window.__live.pixelStats());
    assert.ok(stats.nonBackground > 500, `only ${stats.nonBackground} non-background pixels in the canvas`);
    assert.ok(stats.distinctColors >= 3, `only ${stats.distinctColors} colours: devices and links not both drawn`);
    mkdirSync(shotsDir, { recursive: true });
    const png = await page.locator('[data-testid="live-canvas"]').screenshot();
    writeFileSync(join(shotsDir, `live-${engine}.png`), png);
    await page.screenshot({ path: join(shotsDir, `live-${engine}-page.png`) });
    const { width, height, pixels } = decodePng(png);
    const bg = [pixels[0], pixels[1], pixels[2]];
    let lit = 0;
    const rowsLit = new Array(height).fill(0);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const o = 4 * (y * width + x);
        if (Math.abs(pixels[o] - bg[0]) + Math.abs(pixels[o + 1] - bg[1]) + Math.abs(pixels[o + 2] - bg[2]) > 40) { lit += 1; rowsLit[y] += 1; }
      }
    }
    assert.ok(lit > 500, `screenshot nearly blank: ${lit} lit pixels of ${width * height}`);
    // Devices 1..9 and their eight links form one horizontal band across most of the width.
    const widest = Math.max(...rowsLit);
    assert.ok(widest > width * 0.5, `no row of linked devices across the view (widest lit row ${widest} of ${width} px)`);
  });

}

// The scene's layout is the engine's on both engines (the in-page Kotlin/Wasm module; for the WebSocket engine the
// page's Kotlin/JS build of the same facade): the positions the engine wrote as each vector's first ones.
for (const engine of ENGINES) {
  test(`${engine}: the reference and random scenarios are laid out with the engine's own positions (the test vectors')`, async () => {
    const cases = [
      ['reference-moving.json', { scenario: 'reference', nodeCount: 10, maxDistance: 3 }],
      ['random-100.json', { scenario: 'random', nodeCount: 100, seed: 7, maxDistance: 3 }], // mean degree 8, the view's
    ];
    for (const [name, config] of cases) {
      const xyz = await page.evaluate(async ({ e, c }) => {
        await window.__live.runner.configure({ engine: e, pacing: 'frame', ...c });
        return Array.from(window.__live.runner.positions);
      }, { e: engine, c: config });
      const first = vector(name).rounds[0].ops.find((o) => o.op === 'updatePositions').xyz.map(Number);
      assert.deepEqual(xyz, first, `${engine}: ${name}`);
    }
    await page.evaluate(() => window.__live.runner.configure({ seed: 1 })); // the view's default seed again
  });
}

// The WebSocket engine in every wire encoding: the same values whatever carries the requests.
for (const [engine, encoding] of [['wasm', 'json'], ...['json', 'json-split', 'batched', 'binary', 'binary-step'].map((e) => ['websocket', e])]) {
  test(`${engine}${engine === 'websocket' ? ` (${encoding})` : ''}: replaying the reference-moving vector through the view shows every round's values and links`, async () => {
    const v = vector('reference-moving.json');
    await page.evaluate(({ e, n, d, enc }) => window.__live.runner.configure({ engine: e, pacing: 'free', nodeCount: n, maxDistance: d, scenario: 'reference', encoding: enc }),
      { e: engine, n: v.nodeCount, d: Number(v.maxDistance), enc: encoding });
    await page.evaluate(() => window.__live.clearSources());
    for (let r = 0; r < v.rounds.length; r++) {
      const round = v.rounds[r];
      await page.evaluate(({ ops, steps }) => {
        for (const o of ops) {
          if (o.op === 'updatePositions') window.__live.setPositions(o.xyz.map(Number));
          else if (o.op === 'setSource') window.__live.setSource(o.node, o.isSource);
          else if (o.op === 'clearSources') window.__live.clearSources();
          else throw new Error(`unknown op ${o.op}`);
        }
        return window.__live.runner.runSteps(steps);
      }, round);
      await page.waitForFunction((n) => document.querySelector('[data-testid="steps"]')?.textContent === String(n), r + 1);
      const shown = await shownValues();
      assert.ok(sameValues(shown, round.values), `round ${r}: ${JSON.stringify(shown.map((s) => s.value))} != ${JSON.stringify(round.values)}`);
      assert.deepEqual(shown.map((s) => s.neighbors), round.neighbors, `round ${r} neighbours`);
    }
  });
}

test('pointer input: clicking a device makes it a source, dragging a device moves it in the engine', async () => {
  await page.evaluate(() => window.__live.runner.configure({ engine: 'wasm', pacing: 'free', nodeCount: 10, maxDistance: 3, scenario: 'reference' }));
  await page.evaluate(() => window.__live.runner.runSteps(1));
  // Click device 5 (x = 0 on the row): it becomes a source, its row neighbours 4 and 6 are 3 away.
  const [cx, cy] = await page.evaluate(() => window.__live.deviceClient(5));
  await page.mouse.click(cx, cy);
  assert.deepEqual(await page.evaluate(() => window.__live.sources()), [0, 5]);
  await page.evaluate(() => window.__live.runner.runSteps(20));
  let shown = await shownValues();
  assert.deepEqual([4, 5, 6].map((i) => Number(shown[i].value)), [3, 0, 3]);
  // Drag device 1 (x = −12, y = −6) to (0, −2.5): 2.5 below device 0, so it joins 0's neighbourhood.
  const [fx, fy] = await page.evaluate(() => window.__live.deviceClient(1));
  const [tx, ty] = await page.evaluate(() => window.__live.worldToClient(0, -2.5));
  await page.mouse.move(fx, fy);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) await page.mouse.move(fx + ((tx - fx) * k) / 10, fy + ((ty - fy) * k) / 10);
  await page.mouse.up();
  assert.deepEqual(await page.evaluate(() => window.__live.sources()), [0, 5], 'a drag is not a click');
  await page.evaluate(() => window.__live.runner.runSteps(20));
  shown = await shownValues();
  const moved = await page.evaluate(() => Array.from(window.__live.runner.positions.slice(3, 6)));
  assert.ok(shown[1].neighbors.includes(0), `device 1 at ${moved}, neighbours after the drag: ${shown[1].neighbors}; drag ${[fx, fy, tx, ty]}`);
  assert.ok(Math.abs(Number(shown[1].value) - 2.5) < 0.05, `device 1 value ${shown[1].value} (≈ 2.5 from source 0)`);
});

test('"Time e2e in blocks" (in-page engine): 100 block samples appear in the view with their histogram', async () => {
  await page.evaluate(() => window.__live.runner.configure({ engine: 'wasm', pacing: 'free', nodeCount: 10, maxDistance: 3, scenario: 'reference' }));
  await page.evaluate(() => window.__live.runner.runSteps(50));
  await page.click('[data-testid="e2e-blocks"]');
  await page.waitForFunction(() => window.__live.runner.rec.count('step.web.e2e.block') === 100 && !/** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="e2e-blocks"]')).disabled);
  const block = await page.evaluate(() => Array.from(window.__live.runner.rec.durations('step.web.e2e.block')));
  assert.ok(block.every((ms) => ms > 0 && ms < 1), `block means ${block.slice(0, 5)} ms`);
  assert.ok(await page.isVisible('text=step.web.e2e.block'), 'its histogram is shown');
  assert.equal(await page.isVisible('[data-testid="live-error"]'), false);
  // The WebSocket engine answers asynchronously: no block button there.
  await page.evaluate((wsUrl) => window.__live.runner.configure({ engine: 'websocket', wsUrl }), server.url);
  await page.waitForFunction(() => !document.querySelector('[data-testid="e2e-blocks"]'));
});

test('bench hook: one short run of both engines yields front-end, back-end and floor CSVs with the documented ids', async () => {
  const r = await page.evaluate((wsUrl) => window.__bench.run({ nodeCount: 10, pacing: 'free', rounds: 60, wsUrl, floorSamples: 20, e2eBlocks: 40 }), server.url);
  // Each CSV as Map id → durations (ns), every row kept (no warm-up dropped).
  const byId = (csv) => series(parseTimingCsvText(csv), 0);
  const [wasm, websocket, backendWasm, floors] = [r.frontend.wasm, r.frontend.websocket, r.backendWasm, r.floors].map(byId);
  const ids = (m) => [...m.keys()];
  assert.deepEqual(ids(wasm).sort(), ['step.frame.wait', 'step.web.apply', 'step.web.e2e', 'step.web.e2e.block', 'step.web.wasm.call', 'step.web.wasm.parse']);
  assert.deepEqual(ids(websocket).sort(), ['step.frame.wait', 'step.web.apply', 'step.web.e2e', 'step.web.ws.parse', 'step.web.ws.send', 'step.web.ws.wait']);
  assert.deepEqual(ids(backendWasm).sort(), ['step.compute', 'step.service']);
  assert.deepEqual(ids(floors).sort(), ['floor.web.wasm.noop', 'floor.web.ws.echo']);
  const rows = (m, id) => m.get(id)?.length ?? 0;
  assert.equal(rows(wasm, 'step.web.e2e'), 60);
  assert.equal(rows(websocket, 'step.web.e2e'), 60);
  assert.equal(rows(backendWasm, 'step.compute'), 60, 'the blocks\' back-end samples are not part of the rounds');
  // Block timing: 40 samples, each the mean of K back-to-back steps; K sized from the run's e2e (≈ 2 ms blocks).
  assert.equal(rows(wasm, 'step.web.e2e.block'), 40);
  assert.ok(Number.isInteger(r.e2eBlockSteps) && r.e2eBlockSteps >= 1 && r.e2eBlockSteps <= 200, `K = ${r.e2eBlockSteps}`);
  const durations = (m, id) => [...(m.get(id) ?? [])].sort((a, b) => a - b);
  const block = durations(wasm, 'step.web.e2e.block');
  const perStep = durations(wasm, 'step.web.e2e');
  assert.ok(block[0] > 0, 'a block of steps takes time');
  assert.ok(block[20] <= 3 * perStep[30] + 5000, `block mean ${block[20]} ns vs per-step median ${perStep[30]} ns`);
  assert.ok(block.some((d) => d % 1000 !== 0), 'block means resolve below the clock tick');
  assert.equal(r.crossOriginIsolated, true);
  assert.deepEqual(r.lastValues.wasm, r.lastValues.websocket);
  assert.deepEqual(pageErrors, []);
});
