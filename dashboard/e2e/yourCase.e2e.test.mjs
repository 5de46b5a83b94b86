// End-to-end test of the "Your case" view (docs/cost-model.md) in Chromium against `vite preview` of the built
// dashboard, at 1366 × 768: two presets (our euclidean gradient as measured, the reference study's Collektive) give
// exactly predictCase's figures on the published model, the case survives a reload and a shared link, inputs outside
// the measured range say so, bad input shows an error (never a blank view), and the plot exports its SVG with the
// runs it rests on. Screenshots of both presets go to test-results/.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launch, root, startServer } from './support.mjs';
import { predictCase } from '../../measurement/src/costModel.mjs';
import { formatNs, formatTimes } from '../../measurement/src/format.mjs';

/** The build under test: dist/dashboard, or DASHBOARD_DIST (a build of one's own where others build the same tree). */
const DIST = process.env.DASHBOARD_DIST || join(root, 'dist', 'dashboard');
const MODEL = JSON.parse(readFileSync(join(root, 'public/data/cost-model.json'), 'utf8'));
const VIEWPORT = { width: 1366, height: 768 };
const SHOTS = join(root, 'test-results');
const PRESETS = MODEL.presets ?? [];
/** Our euclidean gradient as measured on the desktop, and the reference study's Collektive. */
const EUCLIDEAN = PRESETS.find((p) => /^ours-desktop-euclid/i.test(p.id));
const COLLEKTIVE = PRESETS.find((p) => p.id === 'collektive-reference');
const platformOf = (name) => MODEL.platforms.find((p) => p.platform === name);
const referenceFamily = (name) => platformOf(name).families.find((f) => f.reference).id;
/** A preset's cost per device and round on a path at N: as measured at N, else the path's figure, else its one figure. */
const costAt = (preset, path, n) => preset.byN?.[n]?.[path] ?? preset.perPathNs?.[path] ?? preset.perDeviceNs;
/**
 * The case a preset makes (docs/cost-model.md, "Presets"): the in-process path's cost, and where the preset gives the
 * out-of-process runtime's own (the JVM server, the Node server; the Kotlin/Native server runs the in-process engine),
 * that one out of process.
 * @param {any} preset
 * @param {{ platform?: 'desktop' | 'web'; family?: string; n?: number; frameHz?: number }} [where]
 * @returns {import('../../measurement/src/costModel.mjs').CaseInputs}
 */
function presetCase(preset, { platform = 'desktop', family = referenceFamily(platform), n = 10, frameHz = 60 } = {}) {
  const inPath = platformOf(platform).inProcess.path;
  const outPath = family.endsWith('-native') ? inPath : platform === 'desktop' ? 'socket' : 'websocket';
  const inNs = costAt(preset, inPath, n);
  const outNs = preset.byN?.[n]?.[outPath] !== undefined || preset.perPathNs?.[outPath] !== undefined ? costAt(preset, outPath, n) : inNs;
  return { platform, family, n, engineRoundNs: inNs * n, ...(frameHz ? { frameHz } : {}), ...(outNs !== inNs ? { outOfProcessEngineRoundNs: outNs * n } : {}) };
}

let server;
let b;
before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), `${DIST} missing: run \`npm run build -- dashboard\``);
  assert.ok(EUCLIDEAN && COLLEKTIVE, `presets in cost-model.json: ${PRESETS.map((p) => p.id).join(', ')}`);
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ mode: 'preview', outDir: DIST });
  b = await launch({ viewport: VIEWPORT });
});
after(async () => { await b?.close(); await server?.close(); });

const READY = '[data-testid="yourcase"][data-state="ready"]';
const PREDICTED = `${READY}[data-case="predicted"]`;

/** Every figure the view shows with its interval, from the elements' data attributes, with the text shown. */
const shownFigures = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-testid="yourcase"] [data-estimate]')]
  .map((/** @type {HTMLElement} */ el) => [el.dataset.testid, { estimate: Number(el.dataset.estimate), ci95: [Number(el.dataset.lo), Number(el.dataset.hi)], text: el.textContent }])));

/** The view's figures are predictCase's on the published model, to the last digit, and written as the project writes them. */
async function assertShowsPrediction(page, inputs) {
  const want = predictCase(MODEL, inputs);
  const shown = await shownFigures(page);
  /** @type {[string, import('../../measurement/src/costModel.mjs').Estimate][]} */
  const pairs = [['case-ratio', want.ratio], ['case-in', want.inProcess], ['case-out', want.outOfProcess], ['case-added', want.addedNs],
    ['case-break-even-2', want.breakEven.ratio2], ['case-break-even-1-1', want.breakEven.ratio1_1]];
  if (want.frameShare) pairs.push(['case-share', want.frameShare]);
  for (const [id, e] of pairs) {
    assert.ok(shown[id], `${id} shown`);
    assert.deepEqual({ estimate: shown[id].estimate, ci95: shown[id].ci95 }, { estimate: e.estimate, ci95: e.ci95 }, id);
  }
  assert.ok(shown['case-ratio'].text.includes(formatTimes(want.ratio.estimate)), shown['case-ratio'].text);
  for (const id of ['case-in', 'case-out', 'case-added']) {
    const e = pairs.find(([k]) => k === id)[1];
    for (const x of [e.estimate, ...e.ci95]) assert.ok(shown[id].text.includes(formatNs(x)), `${id}: ${formatNs(x)} in "${shown[id].text}"`);
  }
  return want;
}

const rangeShown = (page) => page.locator('[data-testid="case-range"]').count();

describe('Your case', () => {
  test('is the second view; two presets give predictCase\'s figures on the published model; screenshots at 1366 × 768', async () => {
    const { page, errors } = b;
    await page.goto(server.url);
    const tabs = await page.locator('nav a').allInnerTexts();
    assert.equal(tabs[1], 'Your case', tabs.join(' | '));
    await page.click('nav a:has-text("Your case")');
    await page.waitForSelector(PREDICTED, { timeout: 30000 });
    for (const [preset, shot] of [[EUCLIDEAN, 'your-case-euclidean-gradient-1366x768.png'], [COLLEKTIVE, 'your-case-collektive-1366x768.png']]) {
      await page.selectOption('[data-testid="case-preset"]', preset.id);
      await page.waitForFunction((id) => new URL(location.href).searchParams.get('preset') === id, preset.id);
      await page.waitForSelector(PREDICTED);
      assert.match(await page.textContent('[data-testid="case-preset-source"]'), new RegExp(preset.source.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      const want = await assertShowsPrediction(page, presetCase(preset));
      assert.equal(await rangeShown(page) > 0, !want.inRange, `range message for ${preset.id}: ${want.warnings.join('; ')}`);
      await page.waitForSelector('figure.plot[data-plot="your-case"][data-state="ready"]', { timeout: 60000 });
      // The plot marks the presets and the visitor's case.
      const names = await page.evaluate(() => /** @type {any} */ (document.querySelector('figure.plot[data-plot="your-case"] .plot-area')).data.map((t) => t.name));
      assert.ok(names.filter((n) => n.startsWith('presets:')).length === 2 && names.some((n) => n.startsWith('your case')), names.join(', '));
      // The answer is in the first viewport, and nothing is wider than the window.
      const ratioBox = await page.locator('[data-testid="case-ratio"]').boundingBox();
      assert.ok(ratioBox && ratioBox.y + ratioBox.height <= VIEWPORT.height, `ratio at ${JSON.stringify(ratioBox)}`);
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      assert.ok(scroll <= client, `page ${scroll} px wide in a ${client} px window`);
      await page.screenshot({ path: join(SHOTS, shot) });
    }
    // Collektive at N = 10 over the reference design: a ratio of a few ×, not our 20×.
    const collektive = predictCase(MODEL, presetCase(COLLEKTIVE));
    const ours = predictCase(MODEL, presetCase(EUCLIDEAN));
    assert.ok(collektive.ratio.estimate < ours.ratio.estimate, `${collektive.ratio.estimate} < ${ours.ratio.estimate}`);
    assert.deepEqual(errors, []);
  });

  test('the case is in the URL: a reload, a shared link and back give the same case', async () => {
    const { page } = b;
    await page.goto(`${server.url}?view=yourcase`);
    await page.waitForSelector(PREDICTED, { timeout: 30000 });
    await page.check('[data-testid="case-platform-web"]');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('platform') === 'web');
    const best = platformOf('web').families.find((f) => f.best) ?? platformOf('web').families[0];
    await page.selectOption('[data-testid="case-family"]', best.id);
    await page.fill('[data-testid="case-devices"]', '100');
    await page.check('[data-testid="case-per-device"]');
    await page.fill('[data-testid="case-cost"]', '16.5');
    await page.fill('[data-testid="case-hz"]', '30');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('hz') === '30');
    const inputs = { platform: 'web', family: best.id, n: 100, engineRoundNs: 16.5e3 * 100, frameHz: 30 };
    await page.waitForSelector(PREDICTED);
    const before = await assertShowsPrediction(page, inputs);
    const url = page.url();
    assert.match(url, /platform=web/);
    assert.match(url, new RegExp(`family=${best.id}`));
    assert.match(url, /devices=100/);
    assert.match(url, /cost=16\.5/);
    await page.reload();
    await page.waitForSelector(PREDICTED, { timeout: 30000 });
    assert.equal(await page.inputValue('[data-testid="case-devices"]'), '100');
    assert.equal(await page.inputValue('[data-testid="case-cost"]'), '16.5');
    assert.equal(await page.inputValue('[data-testid="case-family"]'), best.id);
    assert.ok(await page.isChecked('[data-testid="case-platform-web"]'));
    const after = await assertShowsPrediction(page, inputs);
    assert.deepEqual(after.ratio, before.ratio);
    // A link opened in another page (no history): the same case.
    const other = await b.context.newPage();
    try {
      await other.goto(url);
      await other.waitForSelector(PREDICTED, { timeout: 30000 });
      await assertShowsPrediction(other, inputs);
    } finally { await other.close(); }
    // The unit toggle keeps the cost: 16.5 µs per device and round at N = 100 is 1650 µs per round.
    await page.check('[data-testid="case-per-round"]');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('per') === 'round');
    assert.equal(await page.inputValue('[data-testid="case-cost"]'), '1650');
    await assertShowsPrediction(page, inputs);
    await page.goBack();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('per') === null);
    assert.equal(await page.inputValue('[data-testid="case-cost"]'), '16.5');
  });

  test('inputs outside the measured range say so; the figures are still the model\'s', async () => {
    const { page } = b;
    const n = 100000;
    const inputs = presetCase(EUCLIDEAN, { n });
    const want = predictCase(MODEL, inputs);
    assert.equal(want.inRange, false, 'N = 100 000 was not measured');
    await page.goto(`${server.url}?view=yourcase&devices=${n}&preset=${encodeURIComponent(EUCLIDEAN.id)}`);
    await page.waitForSelector(PREDICTED, { timeout: 30000 });
    const message = await page.textContent('[data-testid="case-range"]');
    assert.match(message, /Outside the measured range/);
    assert.match(message, /extrapolat/);
    await assertShowsPrediction(page, inputs);
    // Back inside: the message goes.
    await page.fill('[data-testid="case-devices"]', '10');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('devices') === null);
    await page.waitForSelector(PREDICTED);
    const inside = predictCase(MODEL, presetCase(EUCLIDEAN));
    assert.equal(inside.inRange, true, inside.warnings.join('; '));
    await assertShowsPrediction(page, presetCase(EUCLIDEAN));
    assert.equal(await rangeShown(page), 0);
  });

  test('bad input shows an error naming the field, never a blank view; fixing it brings the figures back', async () => {
    const { page, errors } = b;
    errors.length = 0;
    await page.goto(`${server.url}?view=yourcase`);
    await page.waitForSelector(PREDICTED, { timeout: 30000 });
    await page.fill('[data-testid="case-devices"]', 'ten');
    await page.waitForSelector('[data-testid="case-error"]');
    assert.match(await page.textContent('[data-testid="case-error"]'), /devices: "ten" is not a number/);
    assert.equal(await page.getAttribute('[data-testid="case-devices"]', 'aria-invalid'), 'true');
    assert.equal(await page.locator('[data-testid="case-inputs"]').isVisible(), true, 'the form stays');
    await page.fill('[data-testid="case-devices"]', '10');
    await page.waitForSelector(PREDICTED);
    assert.equal(await page.locator('[data-testid="case-error"]').count(), 0);
    // From a link: each bad field is named; markup in a parameter stays text.
    await page.goto(`${server.url}?view=yourcase&cost=-3&hz=fast&rtt=-1&family=${encodeURIComponent('<b>pigeon</b>')}`);
    await page.waitForSelector('[data-testid="case-error"]', { timeout: 30000 });
    const text = await page.textContent('[data-testid="case-error"]');
    for (const word of ['engine cost', 'frame rate', 'network round trip', '<b>pigeon</b>']) assert.ok(text.includes(word), `${word} in "${text}"`);
    assert.equal(await page.locator('[data-testid="case-error"] b').count(), 0);
    assert.equal(await page.locator('[data-testid="yourcase"][data-case="invalid"]').count(), 1);
    assert.deepEqual(errors, []);
  });

  test('a cost model that cannot be read says so; the other views stay reachable', async () => {
    const { page } = b;
    for (const [what, fulfil] of [['missing', { status: 404, body: 'not found' }], ['malformed', { status: 200, contentType: 'application/json', body: '{"schemaVersion":7}' }]]) {
      await page.route('**/data/cost-model.json', (route) => route.fulfill(fulfil));
      try {
        await page.goto(`${server.url}?view=yourcase`);
        await page.waitForSelector('[data-testid="yourcase"][data-state="error"]', { timeout: 30000 });
        const text = await page.textContent('[data-testid="yourcase"] [role="alert"]');
        assert.match(text, what === 'missing' ? /cost model could not be loaded.*HTTP 404/ : /schemaVersion 7/, text);
        assert.equal(await page.locator('nav a').count() > 2, true);
      } finally { await page.unroute('**/data/cost-model.json'); }
    }
  });

  test('the plot exports its SVG with the runs it rests on, and its data with the intervals', async () => {
    const { page } = b;
    await page.goto(`${server.url}?view=yourcase&preset=${encodeURIComponent(COLLEKTIVE.id)}`);
    await page.waitForSelector('figure.plot[data-plot="your-case"][data-state="ready"]', { timeout: 60000 });
    const basis = predictCase(MODEL, presetCase(COLLEKTIVE)).basis;
    const runs = [...new Set(basis.map((x) => x.run))];
    // The runs are one click away, named in words first.
    await page.click('[data-testid="case-basis"] > summary');
    for (const run of runs) assert.ok(await page.locator(`[data-testid="case-basis"] li[data-run="${run}"] a`).first().isVisible(), run);
    const [svg] = await Promise.all([page.waitForEvent('download'), page.click('figure.plot[data-plot="your-case"] button:has-text("SVG")')]);
    assert.equal(svg.suggestedFilename(), 'your-case.svg');
    const text = readFileSync(await svg.path(), 'utf8');
    const meta = JSON.parse(/<metadata data-provenance="collektive-bench">([^<]*)<\/metadata>/.exec(text)[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    assert.deepEqual([...meta.runs].sort(), [...runs].sort());
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('figure.plot[data-plot="your-case"] button:has-text("Data CSV")')]);
    const rows = readFileSync(await csv.path(), 'utf8').trim().split('\n');
    assert.equal(rows[0], 'trace,type,x,y,lower,upper');
    assert.ok(rows.some((r) => r.replace(/^"/, '').startsWith('your case')), rows.slice(0, 3).join('\n'));
  });
});
