// Every web path runs every aggregate program (docs/programs.md), chosen in the Live view and from the bench: in
// Chromium against the built dashboard and a real Node ws server, the Live view runs gossipMax on the in-page engine
// and on the WebSocket one and both show the same values (each device: the largest id of its component); a bad spec
// is said in the status line and the view goes on; the reference createSim stays the reference client's bytes; and a
// tiny `bench:web --programs euclidean,countDevices` run makes one configuration per program, schema-valid.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { launchBrowser, root, startPreview, startWsServer } from '../../scripts/lib/harness.mjs';
import { validateRun } from '../../measurement/src/runRecordFiles.mjs';

let server; let preview; let browser; let page;
const pageErrors = [];
/** Text frames the page sent over its WebSockets, in order. */
const sent = [];

before(async () => {
  server = await startWsServer();
  preview = await startPreview();
  browser = await launchBrowser();
  page = browser.page;
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('websocket', (ws) => ws.on('framesent', (f) => { if (typeof f.payload === 'string') sent.push(f.payload); }));
});

after(async () => {
  await browser?.close();
  await preview?.stop();
  await server?.stop();
});

/** Opens the Live view with `params` and waits until it has configured itself (and run its preview steps). */
const open = async (params) => {
  const u = new URL(preview.url);
  u.searchParams.set('view', 'live');
  u.searchParams.set('ws', server.url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, String(v));
  await page.goto(u.href, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__bench?.ready === true, null, { timeout: 60000 });
};
const idle = () => page.waitForFunction(() => !/** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="engine"]')).disabled, null, { timeout: 30000 });

/** Each device's expected gossipMax value: the largest id of its connected component in the shown links. */
function largestIdOfComponent(neighbors) {
  const out = new Array(neighbors.length).fill(-1);
  for (let s = 0; s < neighbors.length; s++) {
    if (out[s] >= 0) continue;
    const component = [s];
    const seen = new Set(component);
    for (let i = 0; i < component.length; i++) for (const j of neighbors[component[i]]) if (!seen.has(j)) { seen.add(j); component.push(j); }
    const max = Math.max(...component);
    for (const d of component) out[d] = max;
  }
  return out;
}

/** Runs `rounds` more steps and returns what the view shows. */
const runAndRead = async (rounds) => page.evaluate(async (r) => { await window.__live.runner.runSteps(r); return window.__live.state(); }, rounds);

test('gossipMax on both engines: the same values, every device showing the largest id of its component (reference scene)', async () => {
  const shown = {};
  for (const engine of ['wasm', 'websocket']) {
    await open({ engine, scenario: 'reference', program: 'gossipMax' });
    await idle();
    const config = await page.evaluate(() => window.__live.runner.config);
    assert.equal(config.engine, engine, `${engine}: the engine asked for runs`);
    assert.equal(config.program, 'gossipMax');
    assert.equal(await page.isVisible('[data-testid="live-error"]'), false, `${engine}: no error`);
    assert.equal(await page.inputValue('[data-testid="program"]'), 'gossipMax', 'the selector shows the program');
    assert.match(await page.textContent('[data-testid="colour-legend"]'), /device id/, 'coloured by id');
    assert.equal(new URL(page.url()).searchParams.get('program'), 'gossipMax', 'the program stays in the URL');
    const state = await runAndRead(20);
    const expected = largestIdOfComponent(state.neighbors);
    assert.deepEqual(state.values, expected, `${engine}: each device shows the largest id of its component`);
    // The reference scene: device 0 is farther than maxDistance from every device (docs/reference-study.md).
    assert.equal(state.values[0], 0);
    assert.ok(state.values.slice(1).every((v) => v > 0), `${engine}: ${state.values}`);
    shown[engine] = state;
  }
  assert.deepEqual(shown.websocket.values, shown.wasm.values, 'both engines show the same values');
  assert.deepEqual(shown.websocket.neighbors, shown.wasm.neighbors, 'and the same links');
  // The bench hook takes the program too (bench:web --programs): same values from window.__bench.run.
  const bench = await page.evaluate((wsUrl) => window.__bench.run({ nodeCount: 10, pacing: 'free', rounds: 20, engines: ['wasm', 'websocket'], wsUrl,
    scenario: 'reference', program: 'gossipMax', e2eBlocks: 0, floorSamples: 2, framePeriodFrames: 2 }), server.url);
  assert.deepEqual(bench.lastValues.wasm, shown.wasm.values);
  assert.deepEqual(bench.lastValues.websocket, shown.wasm.values);
  const creates = sent.filter((f) => f.includes('"op":"createSim"'));
  assert.ok(creates.includes('{"op":"createSim","data":{"nodeCount":10,"maxDistance":3,"program":"gossipMax"}}'), creates.join('\n'));
  assert.deepEqual(pageErrors, []);
});

test('the reference program is asked for with the reference client\'s bytes: no "program" on the wire', async () => {
  sent.length = 0;
  await open({ engine: 'websocket', scenario: 'reference' });
  await idle();
  assert.equal(await page.evaluate(() => window.__live.runner.config.program), 'euclidean');
  assert.deepEqual(sent.filter((f) => f.includes('createSim')), ['{"op":"createSim","data":{"nodeCount":10,"maxDistance":3}}']);
  assert.equal(sent.some((f) => f.includes('"confirm"')), false, 'no confirmation echo for the reference program');
  assert.equal(new URL(page.url()).searchParams.has('program'), false, 'the reference program is not written in the URL');
});

test('a bad program: a clear message in the status line, the view goes on with the program it ran (both engines)', async () => {
  // From the URL: an unknown name, on the in-page engine.
  await open({ engine: 'wasm', program: 'spiral' });
  await idle();
  const error = () => page.textContent('[data-testid="live-error"]');
  assert.match(await error(), /program "spiral" refused: unknown program "spiral" \(known: euclidean, hop, gossipMax/);
  assert.equal(await page.evaluate(() => window.__live.runner.config.program), 'euclidean', 'the view runs the reference program');
  assert.equal(new URL(page.url()).searchParams.has('program'), false, 'the URL says what the view shows');
  const before = await page.evaluate(() => window.__live.runner.steps);
  assert.equal((await runAndRead(5)).steps, before + 5, 'the view keeps stepping');

  // Typed in the spec field, on the WebSocket engine: the server refuses it with the registry's reason.
  await open({ engine: 'websocket', program: 'countDevices' });
  await idle();
  assert.equal(await page.isVisible('[data-testid="live-error"]'), false);
  const field = page.locator('[data-testid="program-spec"]');
  await field.fill('boundedElection:bound=1.5');
  await field.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="live-error"]')?.textContent.includes('refused'), null, { timeout: 30000 });
  await idle();
  assert.match(await error(), /program "boundedElection:bound=1\.5" refused: boundedElection's bound must be an integer, was 1\.5/);
  const config = await page.evaluate(() => window.__live.runner.config);
  assert.equal(config.engine, 'websocket', 'still the WebSocket engine: a bad program is not a missing server');
  assert.equal(config.program, 'countDevices', 'the program that ran before');
  assert.equal(await field.inputValue(), 'countDevices');
  const after = await runAndRead(5);
  assert.ok(after.values.every((v) => v === 'Infinity' || Number.isInteger(v)), `counts: ${after.values}`);

  // A good one picked afterwards clears the message.
  await page.selectOption('[data-testid="program"]', 'hop');
  // Timings were collected: the view asks before a change clears them.
  await page.click('[data-testid="confirm-apply"]');
  await page.waitForFunction(() => window.__live.runner.config.program === 'hop', null, { timeout: 30000 });
  await idle();
  assert.equal(await page.isVisible('[data-testid="live-error"]'), false);
  assert.equal(new URL(page.url()).searchParams.get('program'), 'hop');
  assert.deepEqual(pageErrors, []);
});

test('bench:web --programs euclidean,countDevices: one configuration per program, ids n10-free and n10-free-countDevices, program recorded, schema-valid', async () => {
  const out = mkdtempSync(join(tmpdir(), 'collektive-bench-programs-'));
  try {
    await promisify(execFile)(process.execPath, ['scripts/bench-web.mjs', '--programs', 'euclidean,countDevices', '--engines', 'wasm,websocket',
      '--n', '10', '--pacing', 'free', '--rounds', '40', '--invocations', '2', '--warmup', '5', '--floor-samples', '10', '--e2e-blocks', '0',
      '--os-floors', '0', '--spread', '0', '--no-calibration', '--run-id', 'programs', '--out-dir', out, '--no-publish', '--no-build'],
    { cwd: root, timeout: 240000, maxBuffer: 1 << 24 });
    const run = JSON.parse(readFileSync(join(out, 'programs', 'run.json'), 'utf8'));
    await validateRun(run);
    assert.deepEqual(run.configurations.map((c) => [c.id, c.program]).sort(), [['n10-free', undefined], ['n10-free-countDevices', 'countDevices']]);
    assert.deepEqual(run.parameters.programs, ['euclidean', 'countDevices']);
    for (const c of run.configurations) {
      for (const f of [...c.files, ...c.invocations.flatMap((i) => i.files)]) assert.ok(existsSync(join(out, 'programs', f.file)), f.file);
      assert.deepEqual(c.invocations[0].order.slice().sort(), ['wasm', 'websocket'], `${c.id}: both engines`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
