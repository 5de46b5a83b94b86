// Plain words on the page, in Chromium against `vite preview` of the built dashboard at 1366 × 768: the headline shows
// beside each ratio its spread across the published runs and says what the bracket and the spread each cover; the
// headline and the comparison tables label configurations and runs in words, the raw id one click away; and every
// listed jargon word is explained (a glossary <dfn> with its definition, shown on keyboard focus) where it first
// appears on each view.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launch, openSections, root, startServer } from './support.mjs';
import { SPREAD_MEANING, spreadBrief, spreadCoverage } from '../../measurement/src/headlineSpread.mjs';

/** The build under test: dist/dashboard, or DASHBOARD_DIST (a build of one's own where others build the same tree). */
const DIST = process.env.DASHBOARD_DIST || join(root, 'dist', 'dashboard');
const HEADLINE = JSON.parse(readFileSync(join(root, 'public/data/headline.json'), 'utf8'));

/**
 * Jargon a reader meets on the views, each to be explained where it first appears.
 * @type {[string, RegExp][]}
 */
const JARGON = [['e2e', /\be2e\b/i], ['OS floor', /\bOS floor\b/i], ['paced alike', /\bpaced alike\b/i], ['invocation', /\binvocations?\b/i], ['clock-limited', /\bclock-limited\b/i]];
/** A raw configuration id (bench:* and uploads) and a raw run id, as they would read in a label. */
const RAW_CONFIG = /\b(?:u\d+-)?n\d+-(?:free|fixed|frame)(?:-[A-Za-z0-9.]+)*\b/;
const RAW_RUN = /\b\d{4}-\d{2}-\d{2}-(?:desktop|web|network)-[0-9a-z-]+\b/;

let server;
let b;
before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), `${DIST} missing: run \`npm run build -- dashboard\``);
  server = await startServer({ mode: 'preview', outDir: DIST });
  b = await launch({ viewport: { width: 1366, height: 768 } });
});
after(async () => { await b?.close(); await server?.close(); });

const open = async (view) => {
  await b.page.goto(`${server.url}?view=${view}`);
  if (view === 'compare') await b.page.waitForSelector('[data-testid="headline"][data-state="ready"]', { timeout: 60000 });
};

/**
 * The rendered text nodes under `root` (a selector) in document order, each with whether a glossary <dfn> holds it,
 * whether it is a raw id shown on request, and its element's path for messages. Text in closed sections, hidden
 * elements or tooltips (attributes, CSS) is not rendered, so it is not a first appearance.
 */
const renderedText = (page, rootSelector) => page.evaluate((sel) => {
  const out = [];
  for (const rootEl of document.querySelectorAll(sel)) {
    const walker = document.createTreeWalker(rootEl, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const el = n.parentElement;
      const range = document.createRange();
      range.selectNodeContents(n);
      if (!el || range.getClientRects().length === 0 || !el.checkVisibility({ visibilityProperty: true })) continue;
      // A plot's own text (its SVG legend and axes) cannot hold a tooltip: its caption explains it.
      if (el.closest('option, select, script, style, textarea, input, svg')) continue;
      out.push({ text: n.textContent, term: /** @type {HTMLElement | null} */ (el.closest('dfn[data-term]'))?.dataset.term ?? null, tip: /** @type {HTMLElement | null} */ (el.closest('dfn[data-term]'))?.dataset.tip ?? null,
        raw: Boolean(el.closest('.id-raw')), where: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} in ${el.closest('[data-testid], section, details')?.getAttribute('data-testid') ?? el.closest('section, details')?.tagName ?? '?'}` });
    }
  }
  return out;
}, rootSelector);

/** Each listed jargon word's first rendered appearance under `rootSelector` is a glossary <dfn> with a definition. */
async function assertJargonExplained(view, rootSelector = 'body') {
  const nodes = await renderedText(b.page, rootSelector);
  const seen = [];
  for (const [name, re] of JARGON) {
    const first = nodes.find((n) => re.test(n.text));
    if (!first) continue;
    seen.push(name);
    assert.ok(first.term, `${view}: "${name}" first appears unexplained, in ${first.where}: "${first.text.trim().slice(0, 120)}"`);
    assert.ok(first.tip && first.tip.length > 40, `${view}: "${name}" has a definition (${first.tip})`);
  }
  return seen;
}

describe('the headline\'s spread across the published runs', () => {
  test('beside each ratio: the same configuration across every published run, with the runs, days, machines and commits; one sentence says what each covers', async () => {
    await open('compare');
    const { page } = b;
    for (const p of HEADLINE.platforms) {
      assert.ok(p.spread && p.spread.runs >= 2, `${p.platform}: headline.json has a spread over several runs`);
      const box = page.locator(`.headline-platform[data-platform="${p.platform}"]`);
      const spread = box.locator('[data-testid="headline-spread"]');
      assert.equal(await spread.innerText(), spreadBrief(p.spread));
      assert.match(await spread.innerText(), /^across \d+ runs, \d+ days?, \d+ machines?: [\d.]+–[\d.]+×$/);
      assert.equal(Number(await spread.getAttribute('data-runs')), p.spread.runs);
      assert.ok(p.spread.ratio[0] <= p.ratio.estimate && p.ratio.estimate <= p.spread.ratio[1], 'the run\'s own ratio lies in its spread');
      // Beside the interval: on the ratio's line, right of its bracket.
      const row = box.locator('.headline-ratio-row');
      const [ci, sp] = [await row.locator('.headline-ci').first().boundingBox(), await spread.boundingBox()];
      assert.ok(Math.abs(sp.y + sp.height / 2 - (ci.y + ci.height / 2)) < ci.height && sp.x > ci.x + ci.width, `${p.platform}: the spread is beside the interval (${JSON.stringify({ ci, sp })})`);
      // The runs, days, machines and commits, and every run it covers by name, in its tooltip.
      const title = await spread.getAttribute('title');
      assert.ok(title.includes(spreadCoverage(p.spread)), title);
      for (const x of p.spread.points) assert.ok(title.includes(`${x.run}/${x.config}`), `${p.platform}: tooltip names ${x.run}`);
      if (p.best?.spread) assert.match(await box.locator('[data-testid="headline-spread-best"]').innerText(), new RegExp(`^${p.best.spread.runs} runs: `));
    }
    const meaning = page.locator('[data-testid="headline-spread-meaning"]');
    assert.equal((await meaning.innerText()).replace(/\s+/g, ' ').trim(), SPREAD_MEANING);
    assert.ok(await meaning.isVisible());
  });
});

describe('readable labels, raw ids one click away', () => {
  test('no raw configuration or run id is the visible label in the headline or the comparison\'s tables; a click shows it', async () => {
    await open('compare');
    const { page } = b;
    await openSections(page, ['comparison']);
    await page.waitForSelector('.comparison[data-drawn="1"] .comparison-table tbody tr', { timeout: 120000 });
    const where = '[data-testid="headline"], .comparison h3, .comparison table, [data-testid="invocation-ci"] table';
    const nodes = await renderedText(page, where);
    assert.ok(nodes.length > 50, `${nodes.length} text nodes`);
    for (const n of nodes.filter((x) => !x.raw)) {
      assert.doesNotMatch(n.text, RAW_CONFIG, `raw configuration id shown as a label in ${n.where}`);
      assert.doesNotMatch(n.text, RAW_RUN, `raw run id shown as a label in ${n.where}`);
    }
    // The first comparison block's heading names its run and configurations in words; its id button shows the raw id.
    const label = page.locator('.comparison h3 .id-label[data-kind="configuration"][data-raw-id^="n10-"]').first();
    const id = await label.getAttribute('data-raw-id');
    assert.match(id, RAW_CONFIG);
    assert.equal(await label.locator('.id-raw').count(), 0);
    await label.locator('button.id-toggle').click();
    assert.equal(await label.locator('.id-raw').innerText(), id);
    assert.equal(await label.locator('button.id-toggle').getAttribute('aria-expanded'), 'true');
    const runLabel = page.locator('[data-testid="headline"] .headline-scope .id-label[data-kind="run"]').first();
    assert.match(await runLabel.locator('.id-words').innerText(), /^(desktop|web) run of \d+ [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}, commit [0-9a-f]{7}/);
  });
});

describe('jargon explained where it first appears', () => {
  test('Comparison: each listed word\'s first appearance is a glossary term, whose definition shows on keyboard focus', async () => {
    await open('compare');
    const { page } = b;
    await openSections(page);
    await page.waitForSelector('.comparison[data-drawn="1"] .comparison-table tbody tr', { timeout: 120000 });
    const seen = await assertJargonExplained('compare');
    for (const t of ['e2e', 'invocation', 'paced alike']) assert.ok(seen.includes(t), `compare shows "${t}" (${seen.join(', ')})`);
    // Keyboard: focus the first term; its definition is drawn beside it (CSS ::after of data-tip), read out as its description.
    const dfn = page.locator('dfn[data-term]').first();
    await dfn.focus();
    const { content, tip, description } = await dfn.evaluate((el) => ({ content: getComputedStyle(el, '::after').content, tip: el.dataset.tip, description: el.getAttribute('aria-description') }));
    assert.equal(content, JSON.stringify(tip));
    assert.equal(description, tip);
  });

  for (const view of ['network', 'yourcase', 'history', 'programs', 'distributions', 'warmup', 'scale', 'profiles']) {
    test(`${view}: each listed word's first appearance is a glossary term`, async () => {
      await open(view);
      // Settled, or as it stands after a minute (a view still drawing a plot shows its words already).
      await b.page.waitForFunction(() => !document.querySelector('[data-state="loading"]') && /** @type {HTMLElement | null} */ (document.querySelector('main, #root'))?.innerText.length > 200, null, { timeout: 60000 }).catch(() => {});
      await b.page.waitForTimeout(500);
      await assertJargonExplained(view);
    });
  }

  test('Network: the view opens on what was measured, its command line one click away', async () => {
    await open('network');
    const { page } = b;
    await page.waitForSelector('[data-testid="network"]', { timeout: 60000 });
    const command = page.locator('[data-testid="network-command"]');
    assert.equal(await command.getAttribute('open'), null, 'closed');
    const visible = (await renderedText(page, '[data-testid="network"]')).map((n) => n.text).join(' ');
    assert.doesNotMatch(visible, /npm run bench:network/);
    await command.locator('summary').click();
    assert.match(await command.innerText(), /npm run bench:network/);
  });
});
