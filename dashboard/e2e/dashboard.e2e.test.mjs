// End-to-end tests of the built dashboard in Chromium (playwright-core, /usr/bin/chromium) against
// `vite preview` on an ephemeral port: exact reference figures, web Wasm vs desktop native, every plot type,
// malformed uploads, URL state, a 1 000 000-row upload, a non-root base path, the SQL panel, and the dev server.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { decodePng } from './png.mjs';
import { ALL_RUNS_MS, launch, openSections, root, startServer, waitForComparison } from './support.mjs';
import { FIXTURE_RUN, writeInvocationFixture } from '../test/support/invocationFixture.mjs';
import { REFERENCE_PROGRAM } from '../../measurement/src/catalogue.mjs';

const dist = join(root, 'dist', 'dashboard');

/**
 * A Plotly trace as the tests read it back from the page (the fields Plotly keeps on the plot's element).
 * @typedef {object} PlotTrace
 * @property {string} [name]
 * @property {string} [type]
 * @property {string} [meta]
 * @property {(number | string | null)[]} [x]
 * @property {(number | string | null)[]} [y]
 * @property {string} [xaxis]
 * @property {string | string[]} [text]
 * @property {string} [hovertemplate]
 * @property {{ color?: string; symbol?: string }} [marker]
 * @property {{ color?: string }} [line]
 */

/**
 * The element Plotly draws into (`.plot-area`): Plotly keeps the traces and layout it drew on it.
 * @typedef {HTMLElement & { data: PlotTrace[]; layout: { xaxis: { title: { text: string }; range: [number, number] }; yaxis: { title: { text: string } } } }} PlotArea
 */
const checker = (warmup = 30) => {
  const r = spawnSync('python3', [join(root, 'dashboard/test/independent/reference_analysis.py'), join(root, 'public/data/runs/reference-study'), '--warmup', String(warmup)], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
};
const expectedFor = (want, metric, path) => {
  const scene = path === 'native' ? 'native-scene' : 'socket-scene';
  if (metric === 'overhead') return want.overhead[`${scene}/${path}.csv`];
  if (metric === 'e2e') return want.series[`${scene}/unity_${path}.csv|step.unity.e2e`];
  return want.series[`${scene}/${path}.csv|step.${metric}`];
};
const fmtNs = (v) => `${Number(v).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ns`;
const nearHalfDigit = (v) => { const x = Math.abs(Number(v)) * 10; return Math.abs(x - Math.floor(x) - 0.5) < 1e-4; };

/** Screenshot of an element, decoded in the page: number of distinct colours and non-white share. */
async function pixelStats(page, locator) {
  const png = await locator.screenshot();
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(bmp, 0, 0);
    const d = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
    const colours = new Set();
    let nonWhite = 0;
    for (let i = 0; i < d.length; i += 4) {
      colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      if (d[i] < 240 || d[i + 1] < 240 || d[i + 2] < 240) nonWhite++;
    }
    return { colours: colours.size, nonWhite: nonWhite / (d.length / 4), width: bmp.width, height: bmp.height };
  }, png.toString('base64'));
}

/**
 * Runs `fn` while the data of every run but the reference study (its pack, or its CSVs) is held back until
 * `release()` (or the end), so a view first shows a part of the data, as on a slow connection.
 */
async function withLateRuns(page, fn) {
  /** @type {() => void} */
  let release;
  const gate = /** @type {Promise<void>} */ (new Promise((r) => { release = r; }));
  const late = (url) => /\/data\/runs\/.*\.(csv|pack\.gz)$/.test(url) && !/\/data\/runs\/reference-study\//.test(url);
  await page.route(late, async (route) => { await gate; await route.continue(); });
  try { await fn(release); } finally { release(); await page.unroute(late); }
}

let server;
let b;
before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'dist/dashboard missing: run `npm run build -- dashboard`');
  server = await startServer({ mode: 'preview' });
  b = await launch();
});
after(async () => { await b?.close(); await server?.close(); });

describe('headline', () => {
  const headline = JSON.parse(readFileSync(join(root, 'public/data/headline.json'), 'utf8'));
  const times = (x) => `${Number(x.toPrecision(3))}×`;
  const us = (ns) => `${Number((ns / 1e3).toPrecision(3))}`;

  for (const [width, height] of [[1366, 768], [1400, 900]]) {
    test(`the first view opens on the answer, inside the first viewport at ${width}×${height}; the details are one click away`, async () => {
      const { page } = b;
      await page.setViewportSize({ width, height });
      try {
        await page.goto(server.url);
        await page.waitForSelector('[data-testid="headline"][data-state="ready"]', { timeout: 30000 });
        const region = page.locator('[data-testid="headline"]');
        const box = await region.boundingBox();
        assert.ok(box.y >= 0 && box.y + box.height <= height && box.x + box.width <= width, `headline at ${JSON.stringify(box)} in a ${width}×${height} window`);
        // Per platform: first what going out of process adds per step (reference design, then best) with its
        // interval over invocations; then the ratio for our engine with its interval, the two paths, one sentence.
        for (const p of headline.platforms) {
          const block = region.locator(`[data-platform="${p.platform}"]`);
          const addedShown = [['headline-added', p.addedCost], ...(p.best ? [['headline-added-best', p.best.addedCost]] : [])];
          for (const [testid, figure] of addedShown) {
            const added = block.locator(`[data-testid="${testid}"]`);
            assert.equal(await added.innerText(), `${us(figure.estimate)} µs`);
            assert.equal(Number(await added.getAttribute('data-lo')), figure.ci95[0]);
            assert.equal(Number(await added.getAttribute('data-hi')), figure.ci95[1]);
            assert.match(await added.getAttribute('title'), /95 % interval over invocations.*does not depend on the engine/s);
            const shown = `${us(figure.estimate)} µs [${us(figure.ci95[0])}, ${us(figure.ci95[1])}] 95 % CI`;
            assert.ok((await block.innerText()).replace(/\s+/g, ' ').includes(shown), `${p.platform}: ${testid} shown as ${shown}`);
          }
          const ratio = block.locator('[data-testid="headline-ratio"]');
          const before = await block.locator('[data-testid="headline-added"]').evaluate((a, r) => Boolean(a.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING), await ratio.elementHandle());
          assert.ok(before, `${p.platform}: the added cost comes before the ratio`);
          assert.match(await block.locator('[data-testid="headline-engine"]').innerText(), /depends on the engine's cost.*Your case/s);
          assert.equal(await ratio.innerText(), times(p.ratio.estimate));
          assert.equal(Number(await ratio.getAttribute('data-lo')), p.ratio.ci95[0]);
          assert.equal(Number(await ratio.getAttribute('data-hi')), p.ratio.ci95[1]);
          assert.match(await ratio.getAttribute('title'), /95 % interval over invocations/);
          const text = await block.innerText();
          // The sentence is one click away (a closed <details>): in the block's text, not on the first screen.
          const words = await block.locator('[data-testid="headline-words"]').textContent();
          assert.ok(words.includes(p.best ? p.lead ?? p.sentence : p.sentence), `${p.platform}: ${words}`); // with `best` on its own line, its clause is not repeated
          assert.match(text, /\[[\d.]+, [\d.]+\] 95 % CI/);
        }
        // The reference study's claim beside its own CSVs, and why they differ.
        const ref = region.locator('[data-testid="headline-reference"]');
        assert.equal(await ref.locator('[data-testid="headline-claim"]').innerText(), '337×');
        assert.equal(await ref.locator('[data-testid="headline-recomputed"]').innerText(), `${Math.round(headline.reference.recomputed.ratio)}×`);
        if (headline.reference.replay) {
          // Replayed with its own engine's cost: each pacing's ratio, and the one sentence on why it is not 337×.
          assert.equal(await ref.locator('[data-testid="headline-replay"]').innerText(), headline.reference.replay.sentence);
          assert.match(headline.reference.replay.sentence, /not 337×: its socket figure was a 200 ms polling tick/);
          for (const x of headline.reference.replay.pacings) {
            assert.match(await ref.locator(`[data-testid="headline-replay-${x.pacing}"]`).innerText(), new RegExp(times(x.ratio.estimate).replace('.', '\\.')));
          }
        } else assert.match(await ref.innerText(), /200 ms of real time/);
        for (const p of headline.platforms.filter((x) => x.referenceEngine)) {
          const shown = region.locator(`[data-platform="${p.platform}"] [data-testid="headline-ratio-collektive"]`);
          assert.equal(await shown.innerText(), times(p.referenceEngine.ratio.estimate));
        }
        // One plot, drawn, in the viewport; no statistical jargon in the visible text.
        const img = region.locator('.headline-plot img');
        assert.ok(await img.evaluate((i) => i.complete && i.naturalWidth > 300), 'headline.svg drawn');
        const ib = await img.boundingBox();
        assert.ok(ib.y + ib.height <= height, `plot bottom ${ib.y + ib.height}`);
        assert.doesNotMatch(await region.innerText(), /Mann|Whitney|z =|\bp [<=]/);
        // The details: collapsed, the page short; one click opens the comparison tables.
        await page.waitForSelector('[data-testid="compare"] details[data-section]', { state: 'attached', timeout: 60000 });
        assert.equal(await page.locator('details[data-section][open]').count(), 0);
        const tall = await page.evaluate(() => document.documentElement.scrollHeight);
        assert.ok(tall < 2 * height, `page ${tall} px tall with the details collapsed`);
        await page.click('details[data-section="comparison"] > summary');
        await page.waitForSelector('.comparison[data-run="reference-study"] .comparison-table td[data-stat="median"][data-ns]', { timeout: 30000 });
      } finally {
        await page.setViewportSize({ width: 1400, height: 1000 });
      }
    });
  }

  test("the headline's words on the ratio link to the Your case view, on the platform read", async () => {
    const page = await b.context.newPage();
    try {
      await page.goto(server.url);
      const link = page.locator('[data-platform="web"] a[data-testid="headline-your-case"]');
      await link.waitFor({ timeout: 30000 });
      assert.match(await link.getAttribute('href'), /view=yourcase.*platform=web/);
      await link.click();
      await page.waitForURL(/view=yourcase.*platform=web/, { timeout: 30000 });
      await page.waitForSelector('nav a[aria-current="page"][href="?view=yourcase"]', { timeout: 30000 });
    } finally { await page.close(); }
  });

  test('the headline needs neither DuckDB nor Plotly', async () => {
    const page = await b.context.newPage();
    const blocked = [];
    await page.route(/duckdb|plotly/i, (route) => { blocked.push(route.request().url()); return route.abort(); });
    try {
      await page.goto(server.url);
      await page.waitForSelector('[data-testid="headline"][data-state="ready"] [data-testid="headline-ratio"]', { timeout: 30000 });
      assert.equal(await page.locator('[data-testid="headline-ratio"]').count(), headline.platforms.length);
      assert.ok(blocked.some((u) => /duckdb/i.test(u)), `DuckDB was requested and refused: ${blocked.join(', ')}`);
    } finally { await page.close(); }
  });
});

describe('views load what they show', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'public/data/manifest.json'), 'utf8'));
  const records = manifest.runs.filter((e) => e.kind !== 'network').map((e) => JSON.parse(readFileSync(join(root, 'public/data', e.run), 'utf8')));
  const packOf = (url) => /\/data\/runs\/([^/]+)\/run\.pack\.gz$/.exec(new URL(url).pathname)?.[1] ?? null;

  test('Distributions draws the canonical configurations while the other runs are held back, then loads them', async () => {
    const { canonicalPicks } = await import('../../measurement/src/canonical.mjs');
    const shown = new Set(canonicalPicks(records).map((p) => p.run.id));
    assert.ok(shown.size >= 1 && shown.size < records.length);
    const { page } = b;
    const requested = [];
    const onRequest = (r) => { const id = packOf(r.url()); if (id) requested.push(id); };
    page.on('request', onRequest);
    /** @type {() => void} */
    let release;
    const gate = /** @type {Promise<void>} */ (new Promise((r) => { release = r; }));
    const held = (url) => { const id = packOf(url.href ?? String(url)); return id !== null && !shown.has(id); };
    await page.route(held, async (route) => { await gate; await route.continue(); });
    try {
      await page.goto(`${server.url}?view=distributions`);
      await page.waitForSelector('figure.plot[data-state="ready"]:not([data-traces="0"])', { timeout: 60000 });
      const names = await page.evaluate(() => /** @type {PlotArea} */ (document.querySelector('figure.plot .plot-area')).data.map((t) => t.name));
      assert.ok(names.some((n) => n.startsWith('wasm')) && names.some((n) => n.startsWith('native')), `traces: ${names.join(' | ')}`);
      const progress = page.locator('[data-testid="data-progress"]');
      assert.equal(await progress.count(), 1, 'the other runs are still to come');
      assert.ok(Number(await progress.getAttribute('data-done')) < Number(await progress.getAttribute('data-total')));
      release();
      await page.waitForSelector('[data-testid="data-progress"]', { state: 'detached', timeout: ALL_RUNS_MS });
      assert.deepEqual(new Set(requested), new Set(records.map((r) => r.id)), 'once drawn, the rest loads by itself');
      assert.equal(requested.filter((id) => id === [...shown][0]).length, 1, 'a run split in two parts is fetched once');
    } finally { release(); await page.unroute(held); page.off('request', onRequest); }
  });

  test("the invocations' own files of runs no view shows come after every run; their invocation-level intervals follow", async () => {
    const { page } = b;
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="compare"][data-complete="1"]', { timeout: ALL_RUNS_MS });
    // Held back: posted by the loader after every run's merged files, ingested once those are shown (data/published.worker.ts).
    await page.waitForFunction(() => performance.getEntriesByType('measure').some((m) => m.name.startsWith('ingest invocations of ')), null, { timeout: ALL_RUNS_MS });
    const { held, lastPart, firstHeld } = await page.evaluate(() => {
      const ms = performance.getEntriesByType('measure');
      const parts = ms.filter((m) => /^ingest (?!invocations of )/.test(m.name));
      const inv = ms.filter((m) => m.name.startsWith('ingest invocations of '));
      return { held: inv.flatMap((m) => m.name.slice('ingest invocations of '.length).split(', ')), lastPart: Math.max(...parts.map((m) => m.startTime + m.duration)), firstHeld: Math.min(...inv.map((m) => m.startTime)) };
    });
    assert.ok(held.length > 0 && firstHeld >= lastPart, `invocation files ingested from ${firstHeld} ms, the last part at ${lastPart} ms`);
    // The first comparison block of a held-back run with several invocations gets its interval over them.
    await openSections(page, ['comparison']);
    // Their blocks are drawn as they scroll into view (components/NearViewport.tsx): each scrolled to in turn.
    const run = await page.evaluate(async (ids) => {
      for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.comparison'))) {
        if (!ids.includes(el.dataset.run)) continue;
        el.scrollIntoView();
        await new Promise((resolve) => { const drawn = () => (el.dataset.drawn === '1' ? resolve() : requestAnimationFrame(drawn)); drawn(); });
        if (Number(/** @type {HTMLElement | null} */ (el.querySelector('[data-testid="invocation-ci"]'))?.dataset.invocations ?? 0) > 1) return el.dataset.run;
      }
      return undefined;
    }, held);
    assert.ok(run, 'a held-back run with invocations is on the page');
    await page.waitForSelector(`.comparison[data-run="${run}"] [data-testid="invocation-ci"][data-ready="1"] td[data-lo]:not([data-lo=""])`, { timeout: ALL_RUNS_MS });
  });

  test('the Live view loads only the canonical runs; the rest once another view is open', async () => {
    const { canonicalPicks } = await import('../../measurement/src/canonical.mjs');
    const shown = new Set(canonicalPicks(records).map((p) => p.run.id));
    const { page } = b;
    const requested = [];
    const onRequest = (r) => { const id = packOf(r.url()); if (id) requested.push(id); };
    page.on('request', onRequest);
    try {
      await page.goto(`${server.url}?view=live`);
      await page.waitForTimeout(12000); // longer than the others' wait for a quiet database (8 s at most)
      assert.ok(requested.length >= 1, 'the canonical runs are loaded ("your run beside ours")');
      assert.deepEqual(requested.filter((id) => !shown.has(id)), [], 'no other run is fetched while the Live view is open');
      await page.click('nav a[href="?view=warmup"]');
      await page.waitForSelector('figure.plot[data-state="ready"]', { timeout: 60000 });
      await page.waitForSelector('[data-testid="data-progress"]', { state: 'detached', timeout: ALL_RUNS_MS });
      assert.ok(requested.some((id) => !shown.has(id)), 'once the Live view is left, the rest loads');
    } finally { page.off('request', onRequest); }
  });
});

describe('drawing what is on screen', () => {
  test('blocks and rows of runs not opened are drawn as they scroll into view, with their figures; printing draws them all', async () => {
    const { page } = b;
    await page.goto(server.url);
    await waitForComparison(page);
    const count = (sel) => page.locator(sel).count();
    // The reference study's and the canonical runs' blocks at once; every block's heading from the start.
    assert.equal(await page.locator('.comparison[data-run="reference-study"]').getAttribute('data-drawn'), '1');
    const blocks = await count('.comparison');
    const pending = await count('.comparison[data-drawn="0"]');
    assert.ok(pending > 0 && pending < blocks, `${pending} of ${blocks} blocks waiting to be drawn`);
    assert.equal(await count('.comparison h3'), blocks, 'every block names its run and configurations');
    // The last block waiting: a placeholder (no table) until scrolled to, then its figures.
    const run = await page.locator('.comparison[data-drawn="0"]').last().getAttribute('data-run');
    const configs = await page.locator('.comparison[data-drawn="0"]').last().getAttribute('data-configs');
    const last = page.locator(`.comparison[data-run="${run}"][data-configs="${configs}"]`);
    assert.equal(await last.locator('.comparison-table').count(), 0);
    assert.match(await last.locator('.block-pending').innerText(), /drawn as this block scrolls into view/);
    await last.scrollIntoViewIfNeeded();
    await last.locator('.comparison-table td[data-stat="median"][data-ns]').first().waitFor({ timeout: 10000 });
    assert.equal(await last.getAttribute('data-drawn'), '1');
    // The noise rows and cross-platform pairs likewise, a placeholder naming what is there.
    for (const sel of ['[data-testid="noise"] tbody', '[data-testid="cross-platform-pair"]']) {
      const group = page.locator(`${sel}[data-drawn="0"]`).last();
      assert.ok(await group.count() > 0, `${sel}: something waits to be drawn`);
      assert.match(await group.innerText(), /\S/, `${sel}: the placeholder says what it holds`);
      await group.scrollIntoViewIfNeeded();
      await page.waitForFunction((s) => ![...document.querySelectorAll(s)].at(-1).querySelector('tr.pending'), sel, { timeout: 10000 });
    }
    // Printing (and the "draw every …" switch) draws everything: every block with its table.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.waitForFunction(() => !document.querySelector('[data-drawn="0"]'), null, { timeout: 30000 });
    assert.equal(await count('.comparison .comparison-table'), blocks);
    assert.ok(await page.locator('[data-testid="draw-all"]').first().isChecked());
  });
});

describe('the program selector', () => {
  test('Distributions opens on another program\'s canonical configurations when it is chosen, and the URL keeps it', async () => {
    const { page } = b;
    await page.goto(`${server.url}?view=distributions`);
    await page.waitForSelector('figure.plot[data-state="ready"]:not([data-traces="0"])', { timeout: ALL_RUNS_MS });
    const select = page.locator('select[name="program"]');
    const options = await select.locator('option').evaluateAll((o) => o.map((x) => x.value));
    assert.equal(options[0], '', 'the reference program first');
    assert.ok(options.includes('gossipMax'), `programs offered: ${options.join(', ')}`);
    await select.selectOption('gossipMax');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('program') === 'gossipMax');
    const chosen = page.locator('[data-testid="config-picker"] button.dismiss');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="config-picker"] button.dismiss')].every((x) => /gossipMax/.test(x.getAttribute('aria-label'))));
    assert.ok(await chosen.count() >= 1);
    await page.waitForSelector('figure.plot[data-state="ready"]:not([data-traces="0"])', { timeout: ALL_RUNS_MS });
    await page.reload();
    assert.equal(await page.locator('select[name="program"]').inputValue(), 'gossipMax');
  });
});

describe('reference study', () => {
  test('the first view shows the reference figures before later runs arrive (without Plotly), and says when all have', async () => {
    const { page } = b;
    const cell = '.comparison[data-run="reference-study"] tbody[data-metric="overhead"] tr[data-path="native"] td[data-stat="median"][data-ns]';
    // Stamps the first view on the page's clock, to compare with when scripts were fetched.
    await page.addInitScript((sel) => {
      document.addEventListener('DOMContentLoaded', () => {
        const obs = new MutationObserver(() => {
          if (document.querySelector(sel)) { obs.disconnect(); window.__firstView ??= performance.now(); }
        });
        obs.observe(document.body, { subtree: true, childList: true, attributes: true });
      });
    }, `[data-testid="compare"][data-ready="1"] ${cell}`);
    await withLateRuns(page, async (release) => {
      await page.goto(`${server.url}?unit=ns`);
      await openSections(page, ['comparison']);
      await page.waitForSelector(`[data-testid="compare"][data-ready="1"] ${cell}`, { timeout: 30000 });
      await page.waitForTimeout(1000); // time for a plot on screen to start fetching Plotly
      const early = await page.evaluate(() => performance.getEntriesByType('resource')
        .filter((e) => /plotly/i.test(e.name) && e.startTime <= window.__firstView).map((e) => e.name));
      assert.deepEqual(early, [], 'Plotly was fetched before the first view');
      const first = await page.locator(cell).getAttribute('data-ns');
      assert.equal(await page.locator('[data-testid="compare"]').getAttribute('data-complete'), '0');
      const runsShown = () => page.evaluate(() => new Set([.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.comparison[data-run]'))].map((e) => e.dataset.run)).size);
      assert.equal(await runsShown(), 1, 'only the reference study has arrived');
      release();
      await waitForComparison(page);
      assert.equal(await page.locator(cell).getAttribute('data-ns'), first, 'the reference figures do not change as other runs arrive');
      assert.ok(await runsShown() > 1, 'the late runs are compared too');
    });
  });

  test('each run comes in one request, its run pack; a host without packs, or with a broken one, is read file by file', async () => {
    const { page } = b;
    const manifest = JSON.parse(readFileSync(join(root, 'public/data/manifest.json'), 'utf8'));
    const loaded = manifest.runs.filter((e) => e.kind !== 'network');
    const folderOf = (e) => e.run.replace(/run\.json$/, '');
    const requested = [];
    const onRequest = (r) => { if (/\/data\/runs\//.test(r.url())) requested.push(new URL(r.url()).pathname); };
    page.on('request', onRequest);
    try {
      await page.goto(server.url);
      await waitForComparison(page);
      for (const e of loaded) {
        assert.equal(requested.filter((u) => u.endsWith(`/data/${folderOf(e)}run.pack.gz`)).length, 1, `${e.id}: one pack request`);
        assert.deepEqual(requested.filter((u) => u.includes(`/data/${folderOf(e)}`) && u.endsWith('.csv')), [], `${e.id}: no CSV request`);
      }
      // Another host: no pack for one run (404), a pack of other data for another (the reference study's bytes
      // under a web run's name). Both runs are read file by file, with the same figures.
      const [missing, foreign] = loaded.filter((e) => e.id !== 'reference-study').slice(-2);
      const referencePack = await (await fetch(`${server.url}data/runs/reference-study/run.pack.gz`)).arrayBuffer();
      await page.route(`**/data/${folderOf(missing)}run.pack.gz`, (route) => route.fulfill({ status: 404, body: 'not here' }));
      await page.route(`**/data/${folderOf(foreign)}run.pack.gz`, (route) => route.fulfill({ status: 200, body: Buffer.from(referencePack) }));
      requested.length = 0;
      try {
        await page.goto(`${server.url}?view=compare&unit=ns`);
        await waitForComparison(page);
      } finally { await page.unrouteAll(); }
      for (const e of [missing, foreign]) {
        const run = JSON.parse(readFileSync(join(root, 'public/data', e.run), 'utf8'));
        const csvs = requested.filter((u) => u.includes(`/data/${folderOf(e)}`) && u.endsWith('.csv'));
        const listed = run.configurations.flatMap((c) => [...c.files, ...(c.invocations ?? []).flatMap((i) => i.files)]).length;
        assert.equal(new Set(csvs).size, listed, `${e.id}: every CSV fetched once the pack failed`);
        assert.ok(await page.locator(`.runs-table tr[data-run="${e.id}"]`).count() > 0, `${e.id} loaded`);
      }
      assert.equal(await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="e2e"] tr[data-path="socket"] td[data-stat="count"]').innerText(), '968');
    } finally { page.off('request', onRequest); }
  });

  test('the comparison table shows the exact figures of the independent implementation', async () => {
    const want = checker(30);
    const { page } = b;
    await page.goto(`${server.url}?unit=ns`);
    await waitForComparison(page);
    let checked = 0;
    for (const metric of ['overhead', 'e2e', 'service', 'compute']) {
      for (const path of ['native', 'socket']) {
        const exp = expectedFor(want, metric, path);
        const row = page.locator(`.comparison[data-run="reference-study"] .comparison-table tbody[data-metric="${metric}"] tr[data-path="${path}"]`);
        assert.equal(await row.locator('td[data-stat="count"]').innerText(), String(exp.count), `${metric} ${path} count`);
        for (const stat of ['median', 'mean', 'p95', 'p99', 'std']) {
          const cell = row.locator(`td[data-stat="${stat}"]`);
          const ns = Number(await cell.getAttribute('data-ns'));
          assert.ok(Math.abs(ns - Number(exp[stat])) < 1e-3, `${metric} ${path} ${stat}: ${ns} vs ${exp[stat]}`);
          if (!nearHalfDigit(exp[stat])) assert.equal(await cell.innerText(), fmtNs(exp[stat]), `${metric} ${path} ${stat} text`);
          checked++;
        }
      }
      if (metric === 'overhead' || metric === 'e2e') {
        const ratio = page.locator(`.comparison[data-run="reference-study"] .comparison-table tbody[data-metric="${metric}"] tr[data-path="ratio"]`);
        for (const stat of ['mean', 'median', 'p95', 'p99']) {
          const r = Number(await ratio.locator(`td[data-stat="${stat}"]`).getAttribute('data-ratio'));
          assert.ok(Math.abs(r - Number(want.ratios[metric][stat])) < 1e-6, `${metric} ratio ${stat}: ${r} vs ${want.ratios[metric][stat]}`);
          checked++;
        }
      }
    }
    assert.equal(checked, 48);
    // All-series table: every series of the checker, exact.
    for (const [key, exp] of Object.entries(want.series)) {
      const [file, id] = key.split('|');
      const row = page.locator(`tr[data-series="reference-study/${file.split('/')[0]}/${file}/${id}"]`);
      for (const stat of ['median', 'mean', 'p95', 'p99', 'std']) {
        const ns = Number(await row.locator(`td[data-stat="${stat}"]`).getAttribute('data-ns'));
        assert.ok(Math.abs(ns - Number(exp[stat])) < 1e-3, `${key} ${stat}`);
      }
    }
  });

  test('flags the socket e2e at the 200 ms tick, shows timer resolution, pacing note, CIs and Mann–Whitney', async () => {
    const { page } = b;
    await page.goto(server.url);
    await waitForComparison(page);
    assert.match(await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="e2e"] tr[data-path="socket"]').innerText(), /≈ 200 ms tick/);
    assert.doesNotMatch(await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="e2e"] tr[data-path="native"]').innerText(), /tick/);
    assert.match(await page.locator('.comparison[data-run="reference-study"] .note').innerText(), /pacing differs: native fixed 20 ms, socket fixed 200 ms/);
    assert.match(await page.locator('.runs-table tr[data-run="reference-study"] [data-testid="timer-resolution"]').first().innerText(), /100\.0 ns/);
    // The reference study's own intervals (its block is computed first, whatever else is published): every
    // interval cell of the block filled.
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('.comparison[data-run="reference-study"] td.ci')];
      return cells.length > 0 && cells.every((c) => c.textContent !== '…');
    }, null, { timeout: ALL_RUNS_MS });
    const ci = await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="overhead"] tr[data-path="native"] td[data-stat="median-ci"]').innerText();
    assert.match(ci, /µs – .*µs/);
    // The rank test in plain words, its figures in the tooltip.
    const mwu = page.locator('.comparison[data-run="reference-study"] tbody[data-metric="overhead"] [data-testid="mwu"]');
    const p = Number(await mwu.getAttribute('data-p'));
    assert.equal(await mwu.innerText(), p < 0.001 ? 'clearly different' : p < 0.05 ? 'different' : 'no clear difference');
    assert.match(await mwu.getAttribute('title'), /Mann–Whitney U test .*: U = \d+, p (< 1e-300|= \S+), z = -?\d/);
  });

  test('the warm-up control re-queries (warm-up 0 and 100 match the checker)', async () => {
    const { page } = b;
    for (const w of [0, 100]) {
      await page.goto(`${server.url}?warmup=${w}&unit=ns`);
      await page.waitForSelector(`[data-testid="compare"][data-warmup="${w}"]`);
      await openSections(page, ['comparison']);
      const want = checker(w);
      const ns = Number(await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="overhead"] tr[data-path="socket"] td[data-stat="p99"]').getAttribute('data-ns'));
      assert.ok(Math.abs(ns - Number(want.overhead['socket-scene/socket.csv'].p99)) < 1e-3);
      assert.equal(await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="e2e"] tr[data-path="native"] td[data-stat="count"]').innerText(), String(want.series['native-scene/unity_native.csv|step.unity.e2e'].count));
    }
  });
});

describe('in-process across platforms', () => {
  // Runs come from the served manifest by kind: published runs may be replaced, with or without block series.
  const served = async (path) => (await fetch(`${server.url}data/${path}`)).json();
  const runsOfKind = async (...kinds) => Promise.all((await served('manifest.json')).runs
    .filter((r) => kinds.includes(r.kind)).map((r) => served(r.run)));
  const freeConfigs = (runs, kind, transport) => runs.filter((r) => r.kind === kind).flatMap((r) => r.configurations
    .filter((c) => c.pacing === 'free' && c.files.some((f) => f.side === 'frontend' && f.transport === transport)));

  test('web Wasm vs desktop native at N = 10 (free pacing): medians, K-step block means or the per-step fallback, ratios', async () => {
    const runs = await runsOfKind('web', 'desktop');
    const web = freeConfigs(runs, 'web', 'wasm');
    const desktop = freeConfigs(runs, 'desktop', 'native');
    // Same N and same program only (none named: the reference program).
    const program = (c) => c.program ?? REFERENCE_PROGRAM;
    const pairs = web.reduce((a, w) => a + desktop.filter((d) => d.nodeCount === w.nodeCount && program(d) === program(w)).length, 0);
    assert.ok(web.some((c) => c.nodeCount === 10) && desktop.some((c) => c.nodeCount === 10), 'published web and desktop n10 free configurations');
    const { page } = b;
    await page.goto(`${server.url}?runs=${runs.map((r) => r.id).join(',')}&unit=ns`);
    await openSections(page, ['cross-platform']);
    // Every pair drawn now, not as it scrolls into view (components/NearViewport.tsx): the test reads them all.
    await page.locator('[data-testid="cross-platform"] [data-testid="draw-all"]').check();
    // Runs load one after another: wait for every pair, then for the figures of the last query.
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="cross-platform-row"]').length === n, pairs, { timeout: 60000 });
    await page.waitForSelector('[data-testid="cross-platform"][data-ready="1"] [data-testid="cross-platform-row"][data-n="10"]', { timeout: 30000 });
    // Every pair's figures read in one round trip (about a thousand pairs with today's published runs).
    const groups = await page.locator('[data-testid="cross-platform-pair"]').evaluateAll((gs) => gs.map((g) => {
      const rows = g.querySelectorAll('[data-testid="cross-platform-row"]');
      const cell = (stat) => rows[0]?.querySelector(`td[data-stat="${stat}"]`);
      const num = (stat, attr) => Number(cell(stat)?.getAttribute(attr));
      return {
        rows: rows.length, basis: rows[0]?.getAttribute('data-basis'), program: rows[0]?.getAttribute('data-program'),
        programs: [rows[0]?.getAttribute('data-web'), rows[0]?.getAttribute('data-desktop')],
        desktopE2e: num('desktop-e2e', 'data-ns'), webE2e: num('web-e2e', 'data-ns'), webBlock: num('web-block', 'data-ns'), desktopBlock: num('desktop-block', 'data-ns'),
        ratioBlock: num('ratio-block', 'data-ratio'), ratioStep: num('ratio-step', 'data-ratio'),
        k: cell('k')?.innerText, ratioBlockText: cell('ratio-block')?.innerText, fallback: g.querySelector('[data-note="fallback"]')?.innerText ?? '',
        noDesktopBlock: g.querySelector('[data-note="no-desktop-block"]')?.innerText ?? '',
      };
    }));
    assert.equal(groups.length, pairs);
    const programOf = new Map(runs.flatMap((r) => r.configurations.map((c) => [`${r.id}/${c.id}`, program(c)])));
    for (const g of groups) {
      assert.equal(g.rows, 1, 'one row per pair');
      assert.deepEqual(g.programs.map((k) => programOf.get(k)), [g.program, g.program], 'both sides ran the program the pair names');
      assert.ok(g.desktopE2e > 0, 'desktop e2e median');
      if (g.basis === 'block') {
        assert.ok(g.webBlock > 0, 'web block median');
        assert.ok(Number(g.k) >= 1, 'K');
        if (g.noDesktopBlock) {
          // A heavy engine's desktop configuration can hold fewer steps per invocation than one block: said, no ratio.
          assert.match(g.noDesktopBlock, new RegExp(`no block of ${g.k} back-to-back steps`));
          assert.equal(g.ratioBlockText, '—');
        } else {
          assert.ok(g.desktopBlock > 0, 'desktop block median');
          assert.ok(g.ratioBlock > 0, 'block ratio');
        }
      } else {
        assert.match(g.fallback, /per-step medians/);
        assert.equal(g.ratioBlockText, '—');
      }
      if (g.webE2e > 0) assert.ok(Math.abs(g.ratioStep - g.webE2e / g.desktopE2e) < 1e-9 * g.ratioStep, 'per-step ratio = web / desktop median');
    }
  });

  test('explains what to select when no pair exists', async () => {
    const ids = (await runsOfKind('reference')).map((r) => r.id);
    const { page } = b;
    await page.goto(`${server.url}?runs=${ids.join(',')}`);
    await waitForComparison(page);
    assert.match(await page.locator('[data-testid="cross-platform-empty"]').innerText(), /select a web run and a desktop run/);
  });
});

describe('plots', () => {
  const cases = [
    ['box', '?view=distributions&plot=box', 'distribution-box', '.boxlayer path'],
    ['violin', '?view=distributions&plot=violin', 'distribution-violin', '.violinlayer path'],
    ['ECDF', '?view=distributions&plot=ecdf', 'distribution-ecdf', '.scatterlayer path.js-line'],
    ['histogram', '?view=distributions&plot=hist', 'distribution-hist', '.barlayer path'],
    // Its markers are WebGL (a canvas) above 5000 of them and SVG below (figures.ts): the opened view may draw either.
    ['time series', '?view=warmup', 'timeseries', 'canvas, .scatterlayer path.point'],
    ['decomposition', '', 'decomposition', '.barlayer path'],
    ['scale', '?view=scale', 'scale-front-end-e2e', '.scatterlayer path'],
    ['scale (web Wasm e2e block mean)', '?view=scale', 'scale-web-Wasm-e2e-K-step-block-mean', '.scatterlayer path'],
    ['scale (front-end step period)', '?view=scale', 'scale-front-end-step-period', '.scatterlayer path'],
    ['platform', '?view=scale', 'platform', '.barlayer path'],
  ];
  /**
   * Watches, from now on, for a figure that says ready while its plot area shows another figure than the one it
   * names (its traces with data are not the `data-traces` it says): a figure replaced by a new one while the old
   * one's ready still stood, its draw (perhaps an empty area first) still to come. Each such moment is kept in the page.
   */
  const watchReadyPlots = (page) => page.evaluate(() => {
    const seen = (window.__readyButNotDrawn = []);
    // As Plot.tsx counts them: a legend key (a trace of nulls naming a reference line) holds no data.
    const withData = (t) => ['x', 'y'].some((k) => Array.isArray(t[k]) && t[k].some((v) => v !== null));
    const check = () => {
      for (const f of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('figure.plot[data-state="ready"]'))) {
        const drawn = (/** @type {PlotArea | null} */ (f.querySelector('.plot-area'))?.data ?? []).filter(withData).length;
        if (drawn !== Number(f.dataset.traces)) seen.push(`${f.dataset.plot}: says ${f.dataset.traces} traces, shows ${drawn}`);
      }
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state', 'data-traces'] });
  });

  for (const [label, query, name, marks] of cases) {
    test(`${label} renders (DOM and non-blank screenshot)`, async () => {
      const { page } = b;
      await page.goto(`${server.url}${query}`);
      await watchReadyPlots(page);
      if (name === 'decomposition') await openSections(page, ['decomposition']);
      const fig = page.locator(`figure.plot[data-plot="${name}"]`);
      await fig.waitFor({ state: 'attached', timeout: 30000 });
      await fig.scrollIntoViewIfNeeded(); // Plotly is fetched when a plot comes into view
      await page.waitForSelector(`figure.plot[data-plot="${name}"][data-state="ready"]:not([data-traces="0"])`, { timeout: ALL_RUNS_MS });
      assert.ok(await fig.locator('.main-svg').count() > 0, 'plot svg');
      assert.ok(await fig.locator(marks).count() > 0, `marks ${marks}`);
      assert.ok(await fig.locator('.legendtext, .xtick, .ytick').count() > 0, 'axes or legend');
      const px = await pixelStats(page, fig.locator('.plot-area'));
      assert.ok(px.colours > 20, `colours ${px.colours}`);
      assert.ok(px.nonWhite > 0.01, `non-white share ${px.nonWhite}`);
      assert.deepEqual(await page.evaluate(() => window.__readyButNotDrawn), [], 'said ready before its figure was drawn');
    });
  }

  test('a plot stays in the page and says loading until the runs it shows have arrived', async () => {
    const { page } = b;
    await withLateRuns(page, async (release) => {
      await page.goto(`${server.url}?view=distributions&plot=box`);
      const fig = page.locator('figure.plot[data-plot="distribution-box"]');
      await fig.waitFor({ state: 'attached', timeout: 30000 });
      await fig.scrollIntoViewIfNeeded();
      const handle = await fig.elementHandle();
      await page.waitForTimeout(2000);
      assert.equal(await fig.getAttribute('data-state'), 'loading', 'its configurations (the canonical ones) are held back: not ready');
      release();
      await page.waitForSelector('figure.plot[data-plot="distribution-box"][data-state="ready"]:not([data-traces="0"])', { timeout: 30000 });
      assert.ok(await handle.evaluate((n) => n.isConnected), 'the figure element was replaced while runs arrived');
      const names = await page.evaluate(() => /** @type {PlotArea} */ (document.querySelector('figure.plot .plot-area')).data.map((t) => t.name));
      assert.ok(names.some((n) => n.startsWith('wasm')), `late runs drawn: ${names.join(', ')}`);
    });
  });

  test('hover shows values in units and PNG export downloads an image', async () => {
    const { page } = b;
    await page.goto(`${server.url}?view=distributions&plot=box`);
    await page.waitForSelector('figure.plot[data-state="ready"]', { timeout: ALL_RUNS_MS }); // drawn once every run is in
    const tmpl = await page.evaluate(() => /** @type {PlotArea} */ (document.querySelector('figure.plot .plot-area')).data.filter((t) => t.meta !== 'reference-line').map((t) => t.hovertemplate));
    assert.ok(tmpl.every((t) => /µs|ms|ns/.test(t)), tmpl.join(' '));
    await page.fill('figure.plot input[aria-label="export width"]', '900');
    await page.fill('figure.plot input[aria-label="export height"]', '500');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('figure.plot button:has-text("PNG")')]);
    assert.match(dl.suggestedFilename(), /\.png$/);
    const png = decodePng(readFileSync(await dl.path()));
    assert.deepEqual([png.width, png.height], [900, 500], 'the chosen size');
    const [svg] = await Promise.all([page.waitForEvent('download'), page.click('figure.plot button:has-text("SVG")')]);
    assert.match(svg.suggestedFilename(), /^distribution-box\.svg$/);
    const text = readFileSync(await svg.path(), 'utf8');
    assert.ok(Number(/<svg[^>]*width="900"[^>]*height="(\d+)"/.exec(text)?.[1]) > 500, 'the chosen size, and lines for the provenance below it');
    const meta = JSON.parse(/<metadata data-provenance="collektive-bench">([^<]*)<\/metadata>/.exec(text)[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    assert.ok(meta.runs.length >= 1 && meta.commits.length >= 1, JSON.stringify(meta));
    for (const id of meta.runs) assert.ok(text.includes(id), `run ${id} written under the figure`);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('figure.plot button:has-text("Data CSV")')]);
    const rows = readFileSync(await csv.path(), 'utf8').trim().split('\n');
    assert.equal(rows[0], 'trace,type,x,y');
    assert.ok(rows.length > 100, `${rows.length} rows`);
  });

  test('table CSV export holds exact figures', async () => {
    const { page } = b;
    await page.goto(server.url);
    await waitForComparison(page);
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-table="summary"] button:has-text("Export CSV")')]);
    const text = await (await import('node:fs/promises')).readFile(await dl.path(), 'utf8');
    assert.match(text.split('\n')[0], /^run,config,file,transport,id,count,median,mean,p95,p99,std,min,max$/);
    assert.match(text, /reference-study,socket-scene,socket-scene\/socket.csv,socket,backend.overhead,969,107512,/);
    // Every series is in the file, whichever runs' groups are open on the page.
    const total = Number(/^(\d+) series of/.exec(await page.locator('[data-table="summary"] .table-toolbar .muted').innerText())?.[1]);
    assert.equal(text.trim().split('\n').length - 1, total);
  });

  test("all series: a run's series are listed once it is opened; the reference study's and the canonical runs' from the start", async () => {
    const { page } = b;
    await page.goto(server.url);
    await waitForComparison(page);
    const groups = page.locator('[data-table="summary"] details.series-run');
    assert.ok(await groups.count() > 10, 'one group per run');
    assert.ok(await page.locator('details.series-run[data-run="reference-study"][open] tr[data-series^="reference-study/"]').count() > 10);
    const closed = page.locator('[data-table="summary"] details.series-run:not([open])').first();
    const run = await closed.getAttribute('data-run');
    assert.equal(await closed.locator('tr[data-series]').count(), 0, 'a closed group lists nothing');
    const said = Number(/— (\d+) series/.exec(await closed.locator('summary').innerText())?.[1]);
    await closed.locator('summary').click();
    const group = page.locator(`details.series-run[data-run="${run}"]`);
    await group.locator('tr[data-series]').first().waitFor();
    assert.equal(await group.locator('tr[data-series]').count(), said, `${run}: the rows its summary counts`);
    assert.equal(await group.locator(`tr[data-series]:not([data-series^="${run}/"])`).count(), 0, 'only its own series');
  });
});

describe('uploads', () => {
  test('malformed CSVs show their error and the page keeps working (picker and drag-and-drop)', async () => {
    const { page } = b;
    await page.goto(`${server.url}?unit=ns`);
    await waitForComparison(page);
    const median = () => page.locator('.comparison[data-run="reference-study"] tbody[data-metric="overhead"] tr[data-path="native"] td[data-stat="median"]').getAttribute('data-ns');
    const before = await median();
    const input = page.locator('[data-testid="upload-input"]');
    /** @type {[string, string, RegExp][]} file name, content, the error it gets */
    const bad = [
      ['columns.csv', 'time,name,value\n1,a,2\n', /columns\.csv: wrong columns/],
      ['negative.csv', 't_ns,id,duration_ns\n1,step.compute,5\n2,step.compute,-3\n', /negative\.csv: line 3: duration_ns is negative/],
      ['words.csv', 't_ns,id,duration_ns\n1,step.compute,fast\n', /words\.csv: line 2: duration_ns is not an integer/],
      ['empty.csv', '', /empty\.csv: the file is empty/],
      ['image.png', '\x89PNG\r\n\x1a\n\0\0\0\rIHDR', /image\.png: not a CSV file/],
    ];
    for (const [name, text, re] of bad) {
      await input.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'latin1') });
      await page.waitForFunction((n) => [...document.querySelectorAll('[data-testid="upload-error"]')].some((e) => e.textContent.startsWith(`${n}:`)), name);
      const msg = await page.locator('[data-testid="upload-error"]', { hasText: `${name}:` }).last().innerText();
      assert.match(msg, re);
    }
    // drag-and-drop of a malformed file
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['a;b;c\n1;2;3\n'], 'dropped.csv', { type: 'text/csv' }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="upload-error"]')].some((e) => e.textContent.startsWith('dropped.csv:')));
    assert.equal(await median(), before);
    await page.fill('input[name="warmup"]', '10');
    await page.waitForSelector('[data-testid="compare"][data-warmup="10"]');
    assert.equal(await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="overhead"] tr[data-path="native"] td[data-stat="count"]').innerText(), '990');
    // a valid drop is loaded and summarised next to the reference
    await page.evaluate(() => {
      const dt = new DataTransfer();
      const rows = Array.from({ length: 50 }, (_, i) => `${i},step.web.e2e,${1000 + i}`).join('\n');
      dt.items.add(new File([`t_ns,id,duration_ns\n${rows}\n`], 'good.csv', { type: 'text/csv' }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForSelector('[data-testid="upload-ok"]');
    await page.waitForSelector('tr[data-series^="uploads/"][data-series$="/good.csv/step.web.e2e"]');
    assert.equal(await page.locator('tr[data-series$="/good.csv/step.web.e2e"] td[data-stat="count"]').innerText(), '40');
  });

  test("the reference study's four CSVs, uploaded at N = 10, get a comparison block with ratios, CIs and the U test; a duplicate is flagged; messages dismiss", async () => {
    const { page } = b;
    await page.goto(`${server.url}?unit=ns&runs=reference-study,uploads`);
    await waitForComparison(page);
    await page.click('.upload button.link');
    await page.fill('[data-testid="upload-n"]', '10');
    const dir = join(root, 'public/data/runs/reference-study');
    const files = ['native-scene/native.csv', 'native-scene/unity_native.csv', 'socket-scene/socket.csv', 'socket-scene/unity_socket.csv']
      .map((f) => ({ name: f.split('/')[1], mimeType: 'text/csv', buffer: readFileSync(join(dir, f)) }));
    await page.locator('[data-testid="upload-input"]').setInputFiles(files);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="upload-ok"]').length === 4, null, { timeout: 60000 });
    assert.match(await page.locator('[data-testid="upload-ok"]').first().innerText(), /native\.csv: .* → configuration u\d+-n10-free, path native/);
    const block = '.comparison[data-run="uploads"]';
    await page.waitForFunction((sel) => /\d/.test(document.querySelector(sel)?.textContent ?? ''),
      `${block} tbody[data-metric="overhead"] tr[data-path="ratio"] td[data-stat="ratio-ci"]`, { timeout: 60000 });
    assert.match(await page.locator(`${block} h3`).innerText(), /uploads: desktop, N = 10 — native .* vs socket/);
    // The same figures as the published run (same samples, same method).
    for (const metric of ['overhead', 'e2e', 'service', 'compute']) {
      for (const path of ['native', 'socket', 'ratio']) {
        const cell = (run) => page.locator(`.comparison[data-run="${run}"] tbody[data-metric="${metric}"] tr[data-path="${path}"] td[data-stat="median"]`).first();
        const attr = path === 'ratio' ? 'data-ratio' : 'data-ns';
        assert.equal(await cell('uploads').getAttribute(attr), await cell('reference-study').getAttribute(attr), `${metric} ${path}`);
      }
    }
    await page.waitForSelector(`${block} [data-testid="mwu"]`);
    assert.match(await page.locator(`${block} tbody[data-metric="overhead"] td[data-stat="ratio-ci"]`).innerText(), /\d.* – \d/);
    // The same file again: flagged, not a second series.
    await page.locator('[data-testid="upload-input"]').setInputFiles(files[0]);
    await page.waitForSelector('[data-testid="upload-duplicate"]');
    assert.match(await page.locator('[data-testid="upload-duplicate"]').innerText(), /native\.csv: the same content as native\.csv, already uploaded/);
    assert.equal(await page.locator(`${block}`).count(), 1);
    // Every message can be dismissed.
    await page.click('[data-testid="upload-duplicate"] [data-testid="dismiss"]');
    assert.equal(await page.locator('[data-testid="upload-duplicate"]').count(), 0);
    await page.click('.upload-results li.clear button');
    assert.equal(await page.locator('.upload-results li').count(), 0);
  });

  test('a 1 000 000-row CSV is summarised', async () => {
    const { page } = b;
    await page.goto(server.url);
    await waitForComparison(page);
    const lines = ['t_ns,id,duration_ns'];
    for (let i = 0; i < 1_000_000; i++) lines.push(`${i * 1000},step.web.e2e,${100000 + (i % 1000)}`);
    const buffer = Buffer.from(`${lines.join('\n')}\n`);
    const t0 = Date.now();
    await page.locator('[data-testid="upload-input"]').setInputFiles({ name: 'million.csv', mimeType: 'text/csv', buffer });
    await page.waitForSelector('[data-testid="upload-ok"]', { timeout: 60000 });
    await page.waitForSelector('tr[data-series$="/million.csv/step.web.e2e"]', { timeout: 60000 });
    const ms = Date.now() - t0;
    const row = page.locator('tr[data-series$="/million.csv/step.web.e2e"]');
    assert.equal(await row.locator('td[data-stat="count"]').innerText(), '999970');
    // values cycle 100000..100999: median of the kept 999 970 samples
    assert.equal(Number(await row.locator('td[data-stat="min"]').getAttribute('data-ns')), 100000);
    assert.equal(Number(await row.locator('td[data-stat="max"]').getAttribute('data-ns')), 100999);
    console.log(`# 1M-row upload summarised in ${ms} ms (including Playwright file transfer)`);
  });
});

describe('readable defaults, one visual grammar', () => {
  // The colour and marker of each path (dashboard/src/plots/pathStyle.ts).
  const STYLE = { native: ['#0072B2', 'circle'], socket: ['#D55E00', 'square'], wasm: ['#009E73', 'diamond'], websocket: ['#CC79A7', 'triangle-up'] };
  // Series only: the per-invocation strips drawn over a box are marks of its series, not series of their own, and a
  // floor's legend key (a trace of nulls) names a reference line.
  const traces = (page, name) => page.evaluate((n) => /** @type {PlotArea} */ (document.querySelector(`figure.plot[data-plot="${n}"] .plot-area`)).data
    .filter((t) => t.meta !== 'invocation-strip' && t.meta !== 'reference-line').map((t) => ({ name: t.name, color: t.marker?.color ?? t.line?.color, symbol: t.marker?.symbol, x: t.xaxis })), name);
  const ready = async (page, name) => {
    const fig = page.locator(`figure.plot[data-plot="${name}"]`);
    await fig.waitFor({ state: 'attached', timeout: 30000 });
    await fig.scrollIntoViewIfNeeded();
    await page.waitForSelector(`figure.plot[data-plot="${name}"][data-state="ready"]:not([data-traces="0"])`, { timeout: 60000 });
  };

  test('plots open on the canonical configurations (N = 10, free pacing: 4–8 traces), each path in its colour and marker everywhere; more on request', async () => {
    const { page } = b;
    await page.goto(`${server.url}?view=distributions&plot=box`);
    await ready(page, 'distribution-box');
    const box = await traces(page, 'distribution-box');
    assert.ok(box.length >= 4 && box.length <= 8, `${box.length} traces: ${box.map((t) => t.name).join(', ')}`);
    const pathOf = (name) => name.split(/<br>| · /)[0];
    const paths = new Set(box.map((t) => pathOf(t.name)));
    assert.deepEqual([...paths].sort(), ['native', 'socket', 'wasm', 'websocket']);
    for (const t of box) assert.equal(t.color, STYLE[pathOf(t.name)][0], t.name);
    await page.goto(`${server.url}?view=scale`);
    await ready(page, 'scale-front-end-e2e');
    const sc = await traces(page, 'scale-front-end-e2e');
    assert.ok(sc.length >= 2 && sc.length <= 4, sc.map((t) => t.name).join(', '));
    for (const t of sc) { const p = t.name.split(' ')[0]; assert.deepEqual([t.color, t.symbol], STYLE[p], t.name); }
    await ready(page, 'platform');
    const bars = await traces(page, 'platform');
    assert.ok(bars.length <= 4, bars.map((t) => t.name).join(', '));
    for (const t of bars) assert.equal(t.color, STYLE[t.name.split(' ')[1]][0], t.name);
    // More on request: one configuration added from the list.
    await page.goto(`${server.url}?view=distributions&plot=ecdf`);
    await ready(page, 'distribution-ecdf');
    const before = (await traces(page, 'distribution-ecdf')).length;
    const option = await page.locator('[data-testid="add-config"] option').nth(1).getAttribute('value');
    await page.selectOption('[data-testid="add-config"]', option);
    await page.waitForFunction((n) => /** @type {PlotArea | null} */ (document.querySelector('figure.plot .plot-area'))?.data?.filter((t) => t.meta !== 'reference-line').length > n && document.querySelector('figure.plot[data-state="ready"]'), before, { timeout: 30000 });
    assert.ok(new URL(page.url()).searchParams.get('cfg').includes(option));
  });

  test('the unit selector sets the plots\' axes', async () => {
    const { page } = b;
    for (const [unit, label] of [['us', 'µs'], ['ns', 'ns'], ['ms', 'ms']]) {
      await page.goto(`${server.url}?view=distributions&plot=ecdf&unit=${unit}`);
      await ready(page, 'distribution-ecdf');
      const axis = await page.evaluate(() => /** @type {PlotArea} */ (document.querySelector('figure.plot .plot-area')).layout.xaxis.title.text);
      assert.equal(axis, `duration (${label})`);
      assert.ok(await page.locator(`figure.plot .xtitle:has-text("duration (${label})")`).count() === 1, 'the drawn axis title');
    }
    await page.goto(`${server.url}?view=scale&unit=ns`);
    await ready(page, 'scale-front-end-e2e');
    assert.equal(await page.evaluate(() => /** @type {PlotArea} */ (document.querySelector('figure.plot .plot-area')).layout.yaxis.title.text), 'median (ns)');
  });

  test('no view overflows the page sideways at 1366 px; controls show only where they act', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1366, height: 900 });
    try {
      for (const view of ['compare', 'distributions', 'warmup', 'scale', 'sql', 'profiles']) {
        await page.goto(`${server.url}?view=${view}`);
        if (view === 'compare') await waitForComparison(page);
        else await page.waitForSelector(`[data-testid="${view}"]`, { timeout: 30000 });
        await page.waitForLoadState('networkidle');
        const { scroll, client, widest } = await page.evaluate(() => {
          let widest = '';
          let w = 0;
          for (const el of document.querySelectorAll('body *')) {
            const r = el.getBoundingClientRect();
            if (r.right > w) { w = r.right; widest = `${el.tagName}.${el.className}`; }
          }
          return { scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth, widest: `${widest} ${Math.round(w)}` };
        });
        assert.ok(scroll <= client, `${view}: page ${scroll} px wide in a ${client} px window (widest: ${widest})`);
      }
      // The SQL view queries the tables as they are: no warm-up, unit, resamples or run controls there.
      await page.goto(`${server.url}?view=sql`);
      await page.waitForSelector('[data-testid="sql"]');
      assert.equal(await page.locator('input[name="warmup"], select[name="unit"], select[name="boot"], fieldset.runs').count(), 0);
      await page.goto(`${server.url}?view=distributions`);
      await page.waitForSelector('[data-testid="distributions"]');
      assert.equal(await page.locator('select[name="boot"]').count(), 0, 'resamples act on the comparison only');
      assert.equal(await page.locator('select[name="unit"]').count(), 1);
    } finally {
      await page.setViewportSize({ width: 1400, height: 1000 });
    }
  });
});

describe('URL state', () => {
  test('round trips through reload, back and forward', async () => {
    const { page } = b;
    await page.goto(`${server.url}?view=distributions&plot=violin&warmup=5&unit=us&logx=0`);
    await page.waitForSelector('figure.plot[data-state="ready"]');
    assert.equal(await page.inputValue('input[name="warmup"]'), '5');
    assert.equal(await page.inputValue('select[name="unit"]'), 'us');
    assert.equal(await page.getAttribute('button[aria-pressed="true"]', 'aria-pressed'), 'true');
    assert.equal(await page.locator('button[aria-pressed="true"]').innerText(), 'violin');
    await page.click('button:has-text("ECDF")');
    await page.waitForURL(/plot=ecdf/);
    await page.click('input[name="id:step.compute"]');
    await page.waitForURL(/ids=/);
    assert.match(page.url(), /ids=[^&]*step\.compute/);
    await page.reload();
    await page.waitForSelector('figure.plot[data-state="ready"]');
    assert.equal(await page.locator('button[aria-pressed="true"]').innerText(), 'ECDF');
    assert.ok(await page.isChecked('input[name="id:step.compute"]'));
    await page.goBack();
    await page.waitForURL((u) => !/ids=/.test(u.search));
    assert.equal(await page.isChecked('input[name="id:step.compute"]'), false);
    await page.goBack();
    await page.waitForURL(/plot=violin/);
    assert.equal(await page.locator('button[aria-pressed="true"]').innerText(), 'violin');
    await page.goForward();
    await page.waitForURL(/plot=ecdf/);
    assert.equal(await page.locator('button[aria-pressed="true"]').innerText(), 'ECDF');
    await page.click('nav a:has-text("Comparison")');
    await page.waitForSelector('[data-testid="compare"][data-warmup="5"]');
    await openSections(page, ['comparison']);
    assert.match(page.url(), /warmup=5/);
    assert.match(await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="overhead"] tr[data-path="native"] td[data-stat="median"]').innerText(), /µs$/);
  });
});

describe('Profiles view', () => {
  test('loads the profiles only when opened; flame graphs of two paths side by side, category bars, reconciliation with the timers', async () => {
    const page = await b.context.newPage();
    const fetched = [];
    page.on('request', (r) => { if (/\/data\/profiles\//.test(r.url())) fetched.push(r.url()); });
    try {
      await page.goto(server.url);
      await waitForComparison(page, 120000); // every run loaded: an eager fetch of the profiles would have happened
      assert.deepEqual(fetched, [], 'no profile file is fetched before the view opens');
      await page.click('nav a:has-text("Profiles")');
      await page.waitForURL(/view=profiles/);
      // The engine's step function as each path names it (docs/profiles.md, "The step function").
      const step = { native: 'GradientEngine#step', socket: 'GradientEngine.step_', wasm: 'GradientEngine.step', websocket: 'step_gqwpj0_k$' };
      for (const [pair, paths] of /** @type {[string, string[]][]} */ ([['desktop', ['native', 'socket']], ['web', ['wasm', 'websocket']]])) {
        if (pair === 'web') await page.locator('.profile-controls label:has-text("paths") select').selectOption('web');
        for (const path of paths) {
          const fig = page.locator(`figure.flame[data-flame="${path}"]`);
          await page.waitForSelector(`figure.flame[data-flame="${path}"][data-state="ready"] svg.d3-flame-graph g.frame`, { timeout: 60000 });
          assert.ok(Number(await fig.getAttribute('data-samples')) > 100, `${path}: samples`);
          assert.ok(await fig.locator('g.frame').count() > 20, `${path}: frames drawn`);
          assert.ok(await fig.locator(`g.frame[name*="${step[path]}"]`).count() > 0, `${path}: the step function ${step[path]} is a frame`);
          assert.match(await fig.locator('figcaption').innerText(), new RegExp(`^${path}, N = 10 \\((in|out-of)-process\\)`));
          // The processes of the path's entry in the newest run that profiled it are the graph's process roots
          // (docs/profiles.md, "Dashboard"): on the websocket path, Chromium's network service too in runs that profiled it.
          const procs = await page.evaluate(async (p) => {
            const at = (f) => new URL(`data/profiles/${f}`, document.baseURI).href;
            const index = await (await fetch(at('index.json'))).json();
            for (const r of index.runs) {
              const e = (await (await fetch(at(`${r.id}/profiles.json`))).json()).entries.find((x) => x.path === p && x.nodeCount === 10);
              if (e) return e.processes;
            }
            return [];
          }, path);
          assert.ok((await fig.locator('figcaption').innerText()).includes(procs.join(', ')), `${path}: caption lists ${procs.join(', ')}`);
          for (const proc of procs.filter((x) => x === 'page' || x === 'chromium-network-service' && path === 'websocket')) {
            assert.equal(await fig.locator(`g.frame[name="${proc}"]`).count(), 1, `${path}: the ${proc} subtree is drawn`);
          }
          // d3-flame-graph draws through a transition: the pixels may take a few frames to appear after the switch.
          let px;
          for (let i = 0; i < 20; i++) {
            px = await pixelStats(page, fig.locator('.flame-area'));
            if (px.colours > 5 && px.nonWhite > 0.01) break;
            await page.waitForTimeout(250);
          }
          assert.ok(px.colours > 5 && px.nonWhite > 0.01, `${path}: flame graph pixels ${JSON.stringify(px)}`);
        }
        const [left, right] = await Promise.all(paths.map((p) => page.locator(`figure.flame[data-flame="${p}"]`).boundingBox()));
        assert.ok(left.x + left.width <= right.x + 1 && Math.abs(left.y - right.y) < 5, 'side by side');
      }
      const bars = page.locator('figure.plot[data-plot="profile-categories"]');
      await bars.scrollIntoViewIfNeeded();
      await page.waitForSelector('figure.plot[data-plot="profile-categories"][data-state="ready"]:not([data-traces="0"]) .barlayer path', { timeout: 30000 });
      assert.deepEqual(await bars.evaluate((el) => [...new Set(el.querySelector('.plot-area').data.flatMap((t) => t.y))]), ['native', 'socket', 'wasm', 'websocket']);
      await page.waitForSelector('[data-testid="profiles"][data-ready="1"]', { timeout: 120000 });
      for (const path of ['wasm', 'websocket']) {
        for (const kind of ['profile', 'timer']) {
          const v = await page.locator(`[data-table="profile-recon"] tr[data-row="engine ↔ compute"] td[data-path="${path}"][data-kind="${kind}"]`).innerText();
          assert.ok(Number(v) > 0, `${path} engine ${kind}: ${v}`);
        }
      }
      assert.ok(fetched.some((u) => u.endsWith('.collapsed')), 'collapsed stacks fetched once the view opened');
    } finally { await page.close(); }
  });
});

describe('History view', () => {
  const SPIN = '2026-11-24-desktop-5781bf9-202243-ad5a';
  test('the headline ratio across runs with intervals; a baseline picked, the spin fix flagged and reproduced; its SVG carries the runs and commits', async () => {
    const { page } = b;
    await page.goto(`${server.url}?view=history`);
    await page.waitForSelector('[data-testid="history"][data-state="ready"]', { timeout: 30000 });
    await page.waitForSelector('figure.plot[data-plot="history-ratio.e2e_median"][data-state="ready"]', { timeout: 60000 });
    await page.selectOption('[data-testid="history-baseline"]', `${SPIN}-a/n10-free-sspin0`);
    await page.waitForFunction((k) => new URL(location.href).searchParams.get('hbase') === k, `${SPIN}-a/n10-free-sspin0`);
    const after = page.locator(`[data-testid="history-table"] tr[data-point="${SPIN}-a/n10-free-sspin50"]`);
    assert.equal(await after.getAttribute('data-flag'), 'improvement');
    assert.match(await after.innerText(), /20\.\d+×.*-31\.\d %\s+no\s+▼ improvement\s+reproduced/s);
    assert.match(await page.textContent('[data-testid="history-flags"]'), new RegExp(`${SPIN}-a/n10-free-sspin50 ▼`));
    // The newest desktop point against the baseline, every figure: the table bench:compare prints.
    const compare = page.locator('[data-testid="history-compare"]');
    assert.match(await compare.innerText(), new RegExp(`npm run bench:compare -- ${SPIN}-a/n10-free-sspin0`));
    // Flagged one way or the other: which depends on the newest published run's machine (docs/measurements.md, "Drift").
    assert.match(await compare.locator('tr[data-figure="socket.e2e_median"]').getAttribute('data-flag'), /^(improvement|regression)$/);
    // Reload: the baseline is in the URL.
    await page.reload();
    await page.waitForSelector('[data-testid="history"][data-state="ready"]', { timeout: 30000 });
    assert.equal(await page.inputValue('[data-testid="history-baseline"]'), `${SPIN}-a/n10-free-sspin0`);
    await page.waitForSelector('figure.plot[data-plot="history-ratio.e2e_median"][data-state="ready"]', { timeout: 60000 });
    const [svg] = await Promise.all([page.waitForEvent('download'), page.click('figure.plot button:has-text("SVG")')]);
    const text = readFileSync(await svg.path(), 'utf8');
    assert.ok(text.includes(`${SPIN}-a`) && text.includes(`${SPIN}-b`), 'the run ids');
    assert.match(text.replace(/<[^>]*>/g, ' '), /commits?: .*5781bf9/s, 'the commits, in the text under the figure');
    // Another figure, picked by the visitor.
    await page.selectOption('[data-testid="history-figure"]', 'socket.e2e_median');
    await page.waitForSelector('figure.plot[data-plot="history-socket.e2e_median"][data-state="ready"]', { timeout: 60000 });
    assert.equal(new URL(page.url()).searchParams.get('hfig'), 'socket.e2e_median');
  });
});

describe('Programs view', () => {
  test('the out/in ratio against in-process compute per step, one point per program × N × platform, with intervals; a program picked narrows the curve', async () => {
    const { page } = b;
    await page.goto(`${server.url}?view=programs`);
    await page.waitForSelector('[data-testid="programs"][data-state="ready"]', { timeout: 30000 });
    await page.waitForSelector('figure.plot[data-plot="programs-curve"][data-state="ready"]', { timeout: 60000 });
    const rows = page.locator('[data-testid="programs-table"] tbody tr');
    const all = await rows.count();
    assert.ok(all >= 2, `${all} points`);
    // Every row: a ratio with its 95 % interval.
    for (const text of await rows.allInnerTexts()) assert.match(text, /[\d.]+× \[[\d.]+×?, [\d.]+×?\]/);
    const programs = await page.locator('[data-testid="programs-pick"] option').allInnerTexts();
    const one = programs.find((p) => !p.startsWith('every'));
    await page.selectOption('[data-testid="programs-pick"]', one);
    const some = await rows.count();
    assert.ok(some >= 1 && some <= all);
    for (const text of await rows.allInnerTexts()) assert.ok(text.includes(one), text);
    assert.match(await page.textContent('[data-testid="programs-break-even"]'), /desktop, out-of-process within 2×/);
  });
});

describe('SQL panel', () => {
  test('runs a query over the loaded tables and keeps it in the URL; errors are shown', async () => {
    const { page } = b;
    await page.goto(`${server.url}?view=sql`);
    await page.waitForSelector('[data-table="query"]');
    await page.fill('textarea[aria-label="SQL"]', "SELECT count(*) AS n FROM samples WHERE run = 'reference-study'");
    await page.click('.sql-panel button:has-text("Run")');
    await page.waitForURL(/sql=/);
    await page.waitForFunction(() => document.querySelector('[data-table="query"] td')?.textContent === '11988');
    await page.fill('textarea[aria-label="SQL"]', 'SELECT * FROM nope');
    await page.click('.sql-panel button:has-text("Run")');
    assert.match(await page.locator('.sql-panel pre.error').innerText(), /nope/);
  });

  test('SQL that drops or replaces a view changes nothing the other views read; an error shows once', async () => {
    const { page } = b;
    const run = async (sql) => {
      await page.fill('textarea[aria-label="SQL"]', sql);
      await page.click('.sql-panel button:has-text("Run")');
    };
    await page.goto(`${server.url}?view=sql`);
    await page.waitForSelector('[data-table="query"]');
    // The visitor's query sees its own change (a view of one row)…
    await run('DROP VIEW samples; CREATE VIEW samples AS SELECT 1 AS x; SELECT count(*) AS n FROM samples');
    await page.waitForFunction(() => document.querySelector('[data-table="query"] td')?.textContent === '1', null, { timeout: 30000 });
    await run('CREATE OR REPLACE VIEW samples AS SELECT * FROM samples_raw WHERE false; SELECT 2 AS x');
    await page.waitForFunction(() => document.querySelector('[data-table="query"] td')?.textContent === '2', null, { timeout: 30000 });
    // …the next one does not: the view is back.
    await run("SELECT count(*) AS n FROM samples WHERE run = 'reference-study'");
    await page.waitForFunction(() => document.querySelector('[data-table="query"] td')?.textContent === '11988', null, { timeout: 30000 });
    await run('DROP VIEW samples; COMMIT');
    const refused = await page.locator('.sql-panel pre.error').innerText();
    assert.match(refused, /COMMIT is not available here/);
    await run('SELECT * FROM nope');
    await page.waitForFunction(() => /nope/.test(document.querySelector('.sql-panel pre.error')?.textContent ?? ''));
    const body = await page.locator('body').innerText();
    assert.equal(body.split('Table with name nope does not exist').length - 1, 1, `the error once:\n${await page.locator('.sql-panel pre.error').innerText()}`);
    // The Comparison, opened from the tab (same page, same database): every figure as before.
    await page.click('nav a:has-text("Comparison")');
    await waitForComparison(page);
    assert.equal(await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="e2e"] tr[data-path="socket"] td[data-stat="count"]').innerText(), '968');
    assert.equal(await page.locator('[role="alert"]').count(), 0, 'no error anywhere');
  });
});

describe('hosting', () => {
  test('the static build works under a sub-path with COOP/COEP (cross-origin isolated)', async () => {
    const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.csv': 'text/csv', '.svg': 'image/svg+xml' };
    const http = createServer((req, res) => {
      const prefix = '/some/sub/path/';
      const url = new URL(req.url, 'http://x');
      if (!url.pathname.startsWith(prefix)) { res.writeHead(404); res.end(); return; }
      let p = join(dist, decodeURIComponent(url.pathname.slice(prefix.length)) || 'index.html');
      if (existsSync(p) && statSync(p).isDirectory()) p = join(p, 'index.html');
      if (!existsSync(p)) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { 'content-type': types[extname(p)] ?? 'application/octet-stream', 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' });
      createReadStream(p).pipe(res);
    });
    await /** @type {Promise<void>} */ (new Promise((r) => http.listen(0, '127.0.0.1', r)));
    try {
      const { page } = b;
      await page.goto(`http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (http.address()).port}/some/sub/path/?view=compare`);
      await waitForComparison(page);
      assert.equal(await page.evaluate(() => crossOriginIsolated), true);
      assert.equal(await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="e2e"] tr[data-path="socket"] td[data-stat="count"]').innerText(), '968');
    } finally { await new Promise((r) => http.close(r)); }
  });

  test('the dev server (npm run dev) serves the same comparison, cross-origin isolated', async () => {
    const dev = await startServer({ mode: 'dev' });
    try {
      const { page } = b;
      await page.goto(dev.url);
      await waitForComparison(page, 60000);
      assert.equal(await page.evaluate(() => crossOriginIsolated), true);
      assert.equal(await page.locator('.comparison[data-run="reference-study"] tbody[data-metric="overhead"] tr[data-path="native"] td[data-stat="count"]').innerText(), '970');
      // Run packs are made on request (vite.config.ts runPacks), as the build writes them: gzip-compressed.
      const pack = await fetch(`${dev.url}data/runs/reference-study/run.pack.gz`, { headers: { 'accept-encoding': 'identity' } });
      assert.equal(pack.status, 200);
      const { gunzipSync } = await import('node:zlib');
      const unzipped = gunzipSync(Buffer.from(await pack.arrayBuffer()));
      assert.match(unzipped.toString('utf8', 0, 60), /^\{"format":"collektive-run-pack","version":2,/);
      // Its files are their parsed columns (docs/hosting.md, "Run packs"), the first right after the header line.
      assert.equal(unzipped.toString('latin1', unzipped.indexOf(10) + 1, unzipped.indexOf(10) + 5), 'TCOL');
    } finally { await dev.close(); }
  });

  test('the Live view loads lazily', async () => {
    const { page } = b;
    await page.goto(`${server.url}?view=live`);
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Live') || document.querySelector('main canvas'), null, { timeout: 30000 });
    assert.equal(await page.locator('[data-testid="compare"]').count(), 0);
  });
});

describe('invocations', () => {
  // A generated run with 5 invocations (dashboard/test/support/invocationFixture.mjs), served beside the published
  // runs: the manifest gets one more entry, its files come from a temporary folder.
  let fixture;
  const openWithFixture = async (query) => {
    fixture ??= writeInvocationFixture();
    const page = await b.context.newPage();
    await page.route('**/data/manifest.json', async (route) => {
      const response = await route.fetch();
      const m = await response.json();
      m.runs.push({ id: FIXTURE_RUN, kind: 'desktop', title: fixture.runJson.title, createdAt: fixture.runJson.createdAt, run: `runs/${FIXTURE_RUN}/run.json` });
      await route.fulfill({ response, json: m });
    });
    await page.route(new RegExp(`/data/runs/${FIXTURE_RUN}/`), (route) => {
      const rel = decodeURIComponent(new URL(route.request().url()).pathname.split(`/data/runs/${FIXTURE_RUN}/`)[1]);
      // The fixture has no run pack: served as a host without packs serves it (the page reads its CSVs one by one).
      if (!existsSync(join(fixture.dir, rel))) return route.fulfill({ status: 404, body: 'not found' });
      return route.fulfill({ body: readFileSync(join(fixture.dir, rel)), contentType: rel.endsWith('.json') ? 'application/json' : 'text/csv' });
    });
    const t0 = Date.now();
    await page.goto(`${server.url}${query}`);
    if (!/view=/.test(query)) await openSections(page);
    return { page, t0 };
  };

  test('a run with invocations shows the interval over its invocations, a legacy run says "1 invocation"', async () => {
    const { page, t0 } = await openWithFixture(`?runs=reference-study,${FIXTURE_RUN}`);
    try {
      const first = `.comparison[data-run="${FIXTURE_RUN}"] [data-testid="invocation-ci"][data-ready="1"] tr[data-metric="e2e"][data-row-stat="median"] td[data-stat="ratio-median"][data-lo]`;
      const complete = page.waitForSelector('[data-testid="compare"][data-complete="1"]', { timeout: ALL_RUNS_MS }).then(() => Date.now() - t0);
      await page.waitForSelector(first, { timeout: ALL_RUNS_MS }); // invocation-level intervals start once every run is loaded
      const firstMs = Date.now() - t0;
      const completeMs = await complete;
      await page.waitForSelector('[data-testid="compare"][data-iv="1"]', { timeout: ALL_RUNS_MS });
      const ivMs = Number(await page.getAttribute('[data-testid="compare"]', 'data-iv-ms'));
      console.log(`invocation intervals: every run loaded ${completeMs} ms after navigation, the first interval at ${firstMs} ms; all intervals ${ivMs} ms after the summary query`);
      const box = page.locator(`.comparison[data-run="${FIXTURE_RUN}"] [data-testid="invocation-ci"]`);
      assert.equal(await box.getAttribute('data-invocations'), '5');
      assert.match(await box.locator('caption').innerText(), /95 % CI over 5 invocations/);
      for (const [metric, stat] of [['e2e', 'median'], ['e2e', 'p95'], ['e2e', 'p99'], ['overhead', 'median'], ['overhead', 'p95'], ['overhead', 'p99'], ['service', 'median'], ['transport-echo', 'median']]) {
        const cell = box.locator(`tr[data-metric="${metric}"][data-row-stat="${stat}"] td[data-stat="ratio-${stat}"]`);
        const [est, lo, hi] = await Promise.all(['data-estimate', 'data-lo', 'data-hi'].map((a) => cell.getAttribute(a).then(Number)));
        assert.ok(lo > 0 && lo <= est && est <= hi, `${metric} ${stat} ratio: ${est} [${lo}, ${hi}]`);
        assert.match(await cell.innerText(), /×.*\[.*×, .*×\]/);
        assert.match(await cell.getAttribute('title'), /95 % CI over 5 invocations/);
      }
      // socket e2e is ~30× native in the fixture, with invocation levels 260–410 µs vs 8.8–10.2 µs.
      const e2e = box.locator('tr[data-metric="e2e"][data-row-stat="median"] td[data-stat="ratio-median"]');
      const est = Number(await e2e.getAttribute('data-estimate'));
      assert.ok(est > 25 && est < 40, `e2e ratio ${est}`);
      const native = box.locator('tr[data-metric="e2e"][data-row-stat="median"] td[data-stat="median"]').first();
      assert.ok(Number(await native.getAttribute('data-lo')) < Number(await native.getAttribute('data-hi')));
      // The within-one-invocation CI stays, labelled as such.
      assert.match(await page.locator(`.comparison[data-run="${FIXTURE_RUN}"] .comparison-table thead`).innerText(), /within one invocation/);
      // Legacy run: one invocation, no invocation-level interval; its reference figures are unchanged (tested above).
      const legacy = page.locator('.comparison[data-run="reference-study"] [data-testid="invocation-ci"]');
      assert.equal(await legacy.getAttribute('data-invocations'), '1');
      assert.match(await legacy.innerText(), /1 invocation — no invocation-level interval/);
      assert.equal(await page.locator('.comparison[data-run="reference-study"] [data-testid="invocation-ci"] td[data-lo]').count(), 0);
      // Noise: load and other processes' CPU time per invocation, the busy one flagged and warned about.
      const noise = page.locator('[data-testid="noise"]');
      await noise.scrollIntoViewIfNeeded(); // a run's rows are drawn as they come near the viewport
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="noise"] tr[data-invocation]').length === 10, null, { timeout: 10000 });
      assert.equal(await noise.locator('tr[data-busy="1"]').count(), 1);
      assert.equal(await noise.locator('tr[data-busy="1"]').getAttribute('data-invocation'), '3');
      // One short banner (the rule re-judged by the page: 0.8 s of other CPU in 1 s on 2 cores), the row marked.
      assert.match(await page.locator('[data-testid="busy-warning"]').innerText(), /^⚠ 1 of 10 path invocations ran on a busy machine/);
      assert.equal(await page.locator('[data-testid="busy-warning"]').count(), 1);
    } finally { await page.close(); }
  });

  test('box and violin show each invocation\'s median as a point over the box', async () => {
    for (const plot of ['box', 'violin']) {
      const { page } = await openWithFixture(`?view=distributions&plot=${plot}&runs=${FIXTURE_RUN}&ids=step.unity.e2e&logx=0`);
      try {
        const sel = `figure.plot[data-plot="distribution-${plot}"]`;
        await page.locator(sel).waitFor({ state: 'attached', timeout: 30000 });
        await page.locator(sel).scrollIntoViewIfNeeded();
        await page.waitForSelector(`[data-testid="distributions"]:not([data-strips="0"]) ${sel}[data-state="ready"]`, { timeout: 30000 });
        await page.waitForFunction(() => /** @type {PlotArea | null} */ (document.querySelector('figure.plot .plot-area'))?.data?.some((t) => t.meta === 'invocation-strip'), null, { timeout: 30000 });
        const traces = await page.evaluate(() => /** @type {PlotArea} */ (document.querySelector('figure.plot .plot-area')).data.map((t) => ({ type: t.type, meta: t.meta, x: t.x, y: t.y, name: t.name })));
        const strips = traces.filter((t) => t.meta === 'invocation-strip');
        const dists = traces.filter((t) => t.type === plot);
        assert.equal(strips.length, 2, 'one strip per path');
        for (const s of strips) {
          assert.equal(s.y.length, 5, `${s.name}: 5 invocations`);
          assert.ok(dists.some((d) => d.name === s.x[0]), `${s.name} sits on a ${plot} (${s.x[0]})`);
        }
        // The strip's points are drawn (markers in the scatter layer), and differ between invocations.
        assert.ok(await page.locator(`${sel} .scatterlayer .point`).count() >= 10);
        assert.ok(new Set(strips[0].y).size === 5);
        if (plot === 'box') await page.locator(sel).screenshot({ path: join(root, 'dist', 'invocation-strip.png') });
        await page.uncheck('input[name="invocation-strips"]');
        await page.waitForFunction(() => !/** @type {PlotArea | null} */ (document.querySelector('figure.plot .plot-area'))?.data?.some((t) => t.meta === 'invocation-strip'), null, { timeout: 10000 });
      } finally { await page.close(); }
    }
  });
});

/**
 * Issue 41, "Every table and plot readable": at 1366 × 768 and 1920 × 1080 every table's columns fit their box (or the
 * table scrolls in its own box with its key column kept in view) and no cell's text is wider than its cell; plot labels
 * do not print over each other; the unit and runs controls do something on the first screen.
 */
describe('readable tables and plots at 1366 × 768 and 1920 × 1080', () => {
  const SIZES = [[1366, 768], [1920, 1080]];

  /** Every rendered `table.data` on the page: what does not fit or clips a cell, in words (empty: all readable). */
  const tableProblems = (page) => page.evaluate(() => {
    const out = [];
    const scrollerOf = (el) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return p;
      return document.documentElement;
    };
    const name = (t) => t.dataset.testid ?? t.closest('[data-table]')?.dataset.table ?? t.className;
    let seen = 0;
    for (const t of document.querySelectorAll('table.data')) {
      if (t.getClientRects().length === 0) continue; // in a closed section
      seen++;
      const box = scrollerOf(t);
      const right = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth - box.scrollLeft;
      const fits = t.getBoundingClientRect().right <= right + 1;
      if (!fits) {
        // Only in its own box (not the section's, whose scrollbar is far below), the key column sticky.
        const key = t.querySelector('tbody tr > :first-child');
        const own = box.classList.contains('table-wrap');
        const sticky = key && getComputedStyle(key).position === 'sticky';
        const bar = getComputedStyle(box).scrollbarWidth !== 'none';
        if (!(own && sticky && bar)) out.push(`${name(t)}: ${Math.round(t.getBoundingClientRect().width)} px in a ${box.clientWidth} px box (${box.tagName.toLowerCase()}.${box.className}) that is not its own scroll box with a sticky key column`);
      }
      for (const c of t.querySelectorAll('td, th')) {
        if (c.scrollWidth > c.clientWidth + 1) { out.push(`${name(t)}: "${c.textContent.trim().slice(0, 50)}" is ${c.scrollWidth} px in a ${c.clientWidth} px cell`); break; }
      }
    }
    return { seen, out };
  });

  /**
   * Labels of a drawn Plotly figure that print over each other: tick labels of one axis (rotated ones by their distance
   * across the slant), annotations against each other and against markers.
   */
  const labelOverlaps = (page, plot) => page.evaluate((sel) => {
    const root = document.querySelector(`${sel} .plot-area`);
    const out = [];
    const rect = (e) => e.getBoundingClientRect();
    const hit = (a, b, pad = 1) => a.left + pad < b.right && b.left + pad < a.right && a.top + pad < b.bottom && b.top + pad < a.bottom;
    for (const axis of ['xtick', 'ytick']) {
      const ticks = [...root.querySelectorAll(`g.${axis} text`)].filter((t) => t.textContent && rect(t).width > 0);
      const angle = Math.abs(Number(/rotate\((-?[\d.]+)/.exec(ticks[0]?.getAttribute('transform') ?? '')?.[1] ?? 0));
      const size = Number.parseFloat(getComputedStyle(ticks[0] ?? root).fontSize) || 10;
      const centre = (t) => { const r = rect(t); return axis === 'xtick' ? (r.left + r.right) / 2 : (r.top + r.bottom) / 2; };
      const sorted = ticks.sort((a, b) => centre(a) - centre(b));
      for (let i = 1; i < sorted.length; i++) {
        const apart = angle > 1 ? (centre(sorted[i]) - centre(sorted[i - 1])) * Math.sin((angle * Math.PI) / 180) >= 0.9 * size : !hit(rect(sorted[i]), rect(sorted[i - 1]));
        if (!apart) { out.push(`${axis} "${sorted[i - 1].textContent}" / "${sorted[i].textContent}"`); break; }
      }
    }
    const notes = [...root.querySelectorAll('g.annotation')].filter((a) => a.textContent && rect(a).width > 0);
    for (let i = 0; i < notes.length; i++) for (let j = i + 1; j < notes.length; j++) if (hit(rect(notes[i]), rect(notes[j]))) out.push(`annotations "${notes[i].textContent}" / "${notes[j].textContent}"`);
    const points = [...root.querySelectorAll('.scatterlayer path.point')].map(rect).filter((r) => r.width > 0);
    for (const a of notes) if (points.some((p) => hit(rect(a), p, 2))) out.push(`annotation "${a.textContent}" on a marker`);
    return out;
  }, `figure.plot[data-plot="${plot}"]`);

  for (const [width, height] of SIZES) {
    test(`every table fits (or scrolls in its own box) with no clipped cell at ${width}×${height}: Comparison, Programs, History, Network`, async () => {
      const { page } = b;
      await page.setViewportSize({ width, height });
      try {
        await page.goto(server.url);
        await openSections(page);
        await page.waitForSelector('[data-testid="compare"][data-ready="1"] .comparison[data-run="reference-study"] .comparison-table td[data-stat="median"][data-ns]', { timeout: ALL_RUNS_MS });
        // A canonical run's block with its intervals over invocations, and the decomposition's table.
        await page.waitForSelector('[data-testid="invocation-ci"][data-ready="1"] td[data-stat="median"][data-estimate]', { timeout: ALL_RUNS_MS });
        await page.waitForSelector('[data-testid="decomposition-table"] tbody tr', { timeout: ALL_RUNS_MS });
        const compare = await tableProblems(page);
        assert.ok(compare.seen >= 5, `${compare.seen} tables on the Comparison`);
        assert.deepEqual(compare.out, [], `Comparison at ${width}×${height}`);
        for (const [view, ready] of [['programs', '[data-testid="programs-table"] tbody tr'], ['history&hall=1', '[data-testid="history-table"] tbody tr'], ['network', '[data-testid="break-even"] tbody tr']]) {
          await page.goto(`${server.url}?view=${view}`);
          await page.waitForSelector(ready, { timeout: 60000 });
          const r = await tableProblems(page);
          assert.ok(r.seen >= 1, `${view}: a table`);
          assert.deepEqual(r.out, [], `${view} at ${width}×${height}`);
        }
      } finally { await page.setViewportSize({ width: 1400, height: 1000 }); }
    });

    test(`plot labels do not print over each other at ${width}×${height}: History (every configuration), Programs, Network, Distributions`, async () => {
      const { page } = b;
      await page.setViewportSize({ width, height });
      try {
        for (const [view, plots] of [['history&hall=1', ['history-ratio.e2e_median']], ['programs', ['programs-curve']],
          ['network', ['network-capacity', 'network-e2e-desktop', 'network-e2e-web']], ['distributions', ['distribution-box']]]) {
          await page.goto(`${server.url}?view=${view}`);
          for (const plot of plots) {
            const fig = page.locator(`figure.plot[data-plot="${plot}"]`);
            await fig.waitFor({ state: 'attached', timeout: 60000 });
            await fig.scrollIntoViewIfNeeded();
            await page.waitForSelector(`figure.plot[data-plot="${plot}"][data-state="ready"]:not([data-traces="0"])`, { timeout: ALL_RUNS_MS });
            assert.deepEqual(await labelOverlaps(page, plot), [], `${plot} at ${width}×${height}`);
          }
        }
      } finally { await page.setViewportSize({ width: 1400, height: 1000 }); }
    });
  }

  test('the decomposition adds up to each bar\'s e2e, labelled in µs with the share beside', async () => {
    const { page } = b;
    await page.goto(server.url);
    await openSections(page, ['decomposition']);
    await page.waitForSelector('figure.plot[data-plot="decomposition"][data-state="ready"]:not([data-traces="0"])', { timeout: ALL_RUNS_MS });
    const rows = await page.locator('[data-testid="decomposition-table"] tbody tr').evaluateAll((trs) => trs.map((tr) => ({
      total: Number(tr.dataset.totalNs), parts: [...tr.querySelectorAll('td[data-phase]')].map((td) => Number(td.dataset.ns)),
      shares: [...tr.querySelectorAll('td[data-phase]')].map((td) => Number(td.dataset.share)), text: tr.innerText,
    })));
    assert.ok(rows.length >= 2, `${rows.length} bars`);
    for (const r of rows) {
      assert.ok(Math.abs(r.parts.reduce((a, x) => a + x, 0) - r.total) <= 1e-6 * r.total, `segments add up to the e2e: ${r.text}`);
      assert.ok(Math.abs(r.shares.reduce((a, x) => a + x, 0) - 100) < 1e-6, 'shares add up to 100 %');
      assert.match(r.text, /\d (ns|µs|ms)\s+[\d.]+ %/);
    }
    // The plot: each bar's shares add up to 100 % and the axis covers them; segment labels carry µs and a share.
    const fig = await page.evaluate(() => { const el = /** @type {PlotArea} */ (document.querySelector('figure.plot[data-plot="decomposition"] .plot-area')); return { data: el.data.map((t) => ({ x: /** @type {number[]} the bars' shares, in % */ (t.x), text: t.text })), range: el.layout.xaxis.range }; });
    const bars = fig.data[0].x.length;
    for (let i = 0; i < bars; i++) {
      const total = fig.data.reduce((a, t) => a + t.x[i], 0);
      assert.ok(Math.abs(total - 100) < 1e-6 && fig.range[1] >= total - 1e-6, `bar ${i}: ${total} % on an axis to ${fig.range[1]}`);
    }
    assert.ok(await page.locator('figure.plot[data-plot="decomposition"] .barlayer text').count() > 0, 'visible segment labels');
    assert.match(await page.locator('figure.plot[data-plot="decomposition"] .barlayer text').first().textContent(), /(ns|µs|ms) · [\d.]+ %/);
  });

  test('the first screen honours the unit; unticking the headline\'s run says the headline stays on it', async () => {
    const { page } = b;
    const headline = JSON.parse(readFileSync(join(root, 'public/data/headline.json'), 'utf8'));
    await page.goto(`${server.url}?unit=ns`);
    await page.waitForSelector('[data-testid="headline"][data-state="ready"]', { timeout: 30000 });
    for (const added of await page.locator('[data-testid="headline-added"]').allInnerTexts()) assert.match(added, /^[\d,.]+ ns$/);
    await page.selectOption('select[name="unit"]', 'ms');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="headline-added"]')].every((e) => / ms$/.test(e.textContent)), null, { timeout: 10000 });
    await page.selectOption('select[name="unit"]', 'auto');
    assert.equal(await page.locator('[data-testid="headline-fixed"]').count(), 0);
    const run = headline.platforms[0].run;
    // Runs are listed and named in words; the raw id is the label's data-run and the named run's data-raw-id.
    await page.locator(`fieldset.runs label[data-run="${run}"]`).locator('input').uncheck();
    const fixed = page.locator('[data-testid="headline-fixed"]');
    await fixed.waitFor({ timeout: 10000 });
    assert.match(await fixed.innerText(), /changes the sections below, not this headline/);
    assert.equal(await fixed.locator(`.id-label[data-raw-id="${run}"]`).count(), 1);
  });
});
