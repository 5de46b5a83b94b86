#!/usr/bin/env node
// npm run bench:dashboard: measures the built dashboard in Chromium against `vite preview` on this machine.
//  1. first meaningful view: the headline region ([data-testid="headline"][data-state="ready"], visible) after
//     navigation, cold cache (fresh profile per run), ms from navigationStart; n/a when the page has no headline.
//     Also the first comparison table with figures (the reference study's);
//  2. re-query after a control change (warm-up), ms from the input event to the new table;
//  3. a 1 000 000-row uploaded CSV summarised, ms from the file input's change event to its summary row;
//  4. JavaScript needed for the first view: gzip bytes of every JS file fetched (page and workers) until the
//     first view, and the DuckDB wasm separately;
//  5. in the same cold runs: the first view's intervals (every median and ratio CI of the first comparison block
//     filled), every published run loaded (the comparison marked complete), and every interval of every run
//     filled, ms from navigationStart.
//  6. each view's first plot: a cold load of ?view=<view> (fresh profile), ms from navigationStart to the first
//     figure.plot drawn (data-state="ready"); views without a plot (SQL, Live) are not measured.
//  7. the bytes of a fresh visit: every response body the host sent (the page, its workers, the service worker),
//     until the first view, until every run loaded, and in all.
// Every time is wall-clock ms from the navigation the bench starts (on a static host a first visit registers
// coi-serviceworker, and a first visit of the Live view reloads the page for cross-origin isolation: a reload's time
// counts). The page is served by a static host (scripts/lib/staticHost.mjs: no COOP/COEP headers, as GitHub Pages;
// text and wasm gzipped), or by `vite preview` (--host preview: the headers, no service worker; bytes not counted).
// --throttle MBIT,MS: every response shares a link of MBIT Mbit/s and starts MS ms after its request (the host
// shapes it, so the workers' and the service worker's fetches are throttled too).
// Budgets, each printed with pass/fail: first view (the headline) <= 1 s and <= 1 MB; each view's first plot <= 2.5 s;
// every interval filled <= 10 s.
// Prints medians and every sample; writes dist/bench-dashboard.json. Options: --invocations N (default 5),
// --views list (default every view with a plot; "none" skips), --views-only, --dist DIR (measure another build of the
// dashboard, e.g. an older one, for a before/after side by side), --host static|preview, --throttle MBIT,MS.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';
import { stats } from '../measurement/src/analysis.mjs';
import { ensureBuilt } from './lib/build-steps.mjs';
import { runBench } from './lib/bench.mjs';
import { launch, root, startServer, waitForComparison } from '../dashboard/e2e/support.mjs';
import { startStaticHost } from './lib/staticHost.mjs';

const PLOT_VIEWS = ['compare', 'history', 'programs', 'distributions', 'warmup', 'scale', 'network', 'profiles'];
const USAGE = `usage: npm run bench:dashboard -- [options]
  --invocations 5          cold page loads (a fresh browser profile each) for the first-view and interval figures, and per view
  --views ${PLOT_VIEWS.join(',')}   views whose first plot is timed (none: skip)
  --views-only             only the per-view first plots
  --dist DIR               measure this build of the dashboard instead of dist/dashboard (e.g. an older one: before/after)
  --host static            static: a static host without isolation headers (a first visit registers the service worker), bytes counted;
                           preview: vite preview (COOP/COEP headers, no service worker; bytes not counted)
  --throttle MBIT,MS       static host only: every response shares MBIT Mbit/s and starts MS ms after its request (e.g. 20,40)
  Writes dist/bench-dashboard.json (or bench-dashboard-views.json with --views-only); nothing is published.`;
/** A line on stderr as each measurement completes: a run takes minutes (every cold load waits for every interval). */
const progress = (message) => console.error(`[bench:dashboard] ${message}`);

/** ms from the navigation to the first plot drawn on ?view=<view>, cold; null when the build has no such view. */
async function firstPlot(server, view) {
  const b = await launch();
  try {
    await b.context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const obs = new MutationObserver(() => {
          if (window.__firstPlot === undefined && document.querySelector('figure.plot[data-state="ready"]')) { window.__firstPlot = performance.timeOrigin + performance.now(); obs.disconnect(); }
        });
        obs.observe(document.body, { subtree: true, childList: true, attributes: true });
      });
    });
    const t0 = Date.now();
    await b.page.goto(`${server.url}?view=${view}`);
    if (view !== 'compare' && !await b.page.locator(`nav a[href="?view=${view}"]`).count()) {
      // A page the service worker reloads (a build older than its Live-only reload): the navigation is there after it.
      await b.page.waitForSelector('nav a', { timeout: 60000 }).catch(() => undefined);
      if (await b.page.locator(`nav a[href="?view=${view}"]`).count() === 0) return null;
    }
    if (view === 'compare') await clickAcrossReload(b.page, 'details[data-section="decomposition"] > summary'); // its one plot is in a collapsed section
    await b.page.waitForFunction(() => window.__firstPlot !== undefined, null, { timeout: 180000 });
    return await b.page.evaluate(() => window.__firstPlot) - t0;
  } finally { await b.close(); }
}

/** Clicks `selector` once the page that stays (after the service worker's reload, if any) shows it. */
async function clickAcrossReload(page, selector) {
  const deadline = Date.now() + 60000;
  for (;;) {
    try { await page.click(selector, { timeout: 10000 }); return; } catch (e) { if (Date.now() > deadline) throw e; }
  }
}

/** Throttle of the static host from `MBIT,MS`. */
function throttleOf(text) {
  const m = /^(\d+(?:\.\d+)?),(\d+)$/.exec(text ?? '');
  if (!m) return null;
  return { mbit: Number(m[1]), latencyMs: Number(m[2]), bytesPerSecond: (Number(m[1]) * 1e6) / 8 };
}

function parse({ cli }) {
  const runs = cli.int('invocations', 1);
  const views = cli.values.views === 'none' ? [] : cli.list('views', PLOT_VIEWS);
  const host = cli.values.host;
  if (host !== 'static' && host !== 'preview') cli.fail(`--host must be static or preview, not ${JSON.stringify(host)}`);
  const throttle = cli.values.throttle === undefined ? null : throttleOf(cli.values.throttle);
  if (cli.values.throttle !== undefined && !throttle) cli.fail(`--throttle takes MBIT,MS (e.g. 20,40), not ${JSON.stringify(cli.values.throttle)}`);
  if (throttle && host !== 'static') cli.fail('--throttle needs --host static (the static host shapes its responses)');
  return { runs, views, host, throttle, viewsOnly: cli.values['views-only'], dist: cli.values.dist ? resolve(cli.values.dist) : join(root, 'dist', 'dashboard'), otherBuild: Boolean(cli.values.dist) };
}

/** Body bytes the host sent: responses ended by `until` (ms since the epoch; undefined: all), from `from` on. */
const bytesSent = (sent, from, until) => sent.filter((r) => r.start >= from && (until === undefined || r.end <= until)).reduce((a, r) => a + r.bytes, 0);

/** Cold loads of the built page against `vite preview`, every figure into `result`. */
async function measure({ runs, views, host, throttle, viewsOnly, dist, otherBuild }) {
  if (!otherBuild) await ensureBuilt(['dashboard']);
  const server = host === 'static' ? await startStaticHost({ dist, throttle }) : await startServer({ mode: 'preview', outDir: otherBuild ? dist : undefined });
  const result = { date: new Date().toISOString(), cpu: cpus()[0]?.model, cores: cpus().length, loadavgAtStart: loadavg(), runs, dist, host, throttle };
  try {
    result.firstPlotMs = {};
    for (const view of views) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const ms = await firstPlot(server, view);
        if (ms === null) { progress(`first plot, ?view=${view}: not on this build's page`); break; }
        samples.push(ms);
        progress(`first plot, ?view=${view}, cold load ${i + 1}/${runs}: ${ms.toFixed(0)} ms`);
      }
      result.firstPlotMs[view] = samples.length ? { median: stats(samples).median, samples } : null;
    }
    if (viewsOnly) throw Object.assign(new Error('views only'), { viewsOnly: true });
    // 1 + 4: cold first view
    const headlineView = [];
    const firstView = [];
    const ciFirstView = [];
    const allRuns = [];
    const ciEverywhere = [];
    let jsFiles = [];
    const bytes = { firstView: [], allRuns: [], total: [], files: null };
    for (let i = 0; i < runs; i++) {
      const b = await launch();
      try {
        const requests = [];
        b.context.on('request', (r) => requests.push({ url: r.url(), at: Date.now() }));
        // The first view is stamped in the page by a MutationObserver the moment the table has figures.
        await b.context.addInitScript(() => {
          const sel = '[data-testid="compare"][data-ready="1"] .comparison-table td[data-stat="median"][data-ns]';
          const headline = () => { const h = document.querySelector('[data-testid="headline"][data-state="ready"]'); return h !== null && h.getClientRects().length > 0; };
          const ciFilled = (root) => { const cells = [...root.querySelectorAll('td.ci')]; return cells.length > 0 && cells.every((c) => c.textContent !== '…'); };
          document.addEventListener('DOMContentLoaded', () => {
            const obs = new MutationObserver(() => {
              const now = performance.timeOrigin + performance.now();
              if (window.__headline === undefined && headline()) window.__headline = now;
              if (window.__firstView === undefined && document.querySelector(sel)) window.__firstView = now;
              const first = document.querySelector('.comparison');
              if (window.__ciFirst === undefined && first && ciFilled(first)) window.__ciFirst = now;
              if (window.__complete === undefined && document.querySelector('[data-testid="compare"][data-complete="1"]')) window.__complete = now;
              if (window.__ciAll === undefined && document.querySelector('[data-testid="compare"][data-complete="1"][data-ci="1"]') && ciFilled(document)) window.__ciAll = now;
              if (window.__headline !== undefined && window.__firstView !== undefined && window.__ciFirst !== undefined && window.__complete !== undefined && window.__ciAll !== undefined) obs.disconnect();
            });
            obs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
          });
        });
        const t0 = Date.now();
        await b.page.goto(server.url);
        // The sections are opened once the first view is in, as a visitor reading the headline first would (they are on
        // the page, collapsed, from the start; opening the decomposition at once would load Plotly beside the first view).
        await b.page.waitForFunction(() => window.__firstView !== undefined, null, { timeout: 60000 });
        await waitForComparison(b.page, 60000);
        await b.page.waitForFunction(() => window.__firstView !== undefined && window.__ciFirst !== undefined && window.__complete !== undefined && window.__ciAll !== undefined, null, { timeout: 300000 });
        // A headline on the page but not ready yet: wait for it (none: n/a).
        if (await b.page.locator('[data-testid="headline"]').count()) await b.page.waitForFunction(() => window.__headline !== undefined, null, { timeout: 60000 });
        const at = await b.page.evaluate(() => ({ headline: window.__headline, firstView: window.__firstView, ciFirst: window.__ciFirst, complete: window.__complete, ciAll: window.__ciAll }));
        // Where the wait went: the page's own performance.measure spans (main thread), summed by kind, first cold load.
        if (i === 0) result.pageMeasures = await b.page.evaluate(() => {
          const sums = {};
          for (const e of performance.getEntriesByType('measure')) {
            const kind = e.name.replace(/ \d{4}-.*$/, '').replace(/^query .*/, 'query').replace(/ \(.*$/, '');
            sums[kind] = { ms: (sums[kind]?.ms ?? 0) + e.duration, count: (sums[kind]?.count ?? 0) + 1 };
          }
          return sums;
        });
        const [headline, ms, ciFirst, complete, ciAll] = [at.headline, at.firstView, at.ciFirst, at.complete, at.ciAll].map((x) => (x === undefined ? undefined : x - t0));
        const epoch = at.firstView;
        if (headline !== undefined) headlineView.push(headline);
        firstView.push(ms);
        ciFirstView.push(ciFirst);
        allRuns.push(complete);
        ciEverywhere.push(ciAll);
        if (server.sent) {
          const firstAt = at.headline ?? at.firstView;
          bytes.firstView.push(bytesSent(server.sent, t0, firstAt));
          bytes.allRuns.push(bytesSent(server.sent, t0, at.complete));
          bytes.total.push(bytesSent(server.sent, t0));
          // The largest responses of the first cold load, until the first view and in all.
          if (i === 0) bytes.files = server.sent.filter((r) => r.start >= t0).map((r) => ({ ...r, firstView: r.end <= firstAt })).sort((a, b) => b.bytes - a.bytes).slice(0, 12);
        }
        const js = [...new Set(requests.filter((r) => r.at <= epoch && /\.(m?js)(\?|$)/.test(r.url)).map((r) => r.url))];
        if (i === 0 || js.length > jsFiles.length) jsFiles = js;
        progress(`cold load ${i + 1}/${runs}: first view ${headline?.toFixed(0)} ms, first table ${ms.toFixed(0)} ms, every run loaded ${complete.toFixed(0)} ms, every interval ${ciAll.toFixed(0)} ms${server.sent ? `, ${(bytes.total.at(-1) / 1e6).toFixed(1)} MB sent (${(bytes.firstView.at(-1) / 1e6).toFixed(2)} MB until the first view)` : ''}`);
      } finally { await b.close(); }
    }
    const gz = jsFiles.map((u) => {
      const path = decodeURIComponent(new URL(u).pathname).slice(new URL(server.url).pathname.length - 1);
      const bytes = readFileSync(join(dist, path));
      return { file: path, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
    const wasm = readFileSync(join(dist, 'assets', readdirSync(join(dist, 'assets')).find((f) => /^duckdb-eh.*\.wasm$/.test(f))));
    result.firstMeaningfulViewMs = headlineView.length ? { median: stats(headlineView).median, samples: headlineView } : null;
    result.firstViewMs = { median: stats(firstView).median, samples: firstView };
    result.firstViewIntervalsMs = { median: stats(ciFirstView).median, samples: ciFirstView };
    result.allRunsLoadedMs = { median: stats(allRuns).median, samples: allRuns };
    result.allIntervalsMs = { median: stats(ciEverywhere).median, samples: ciEverywhere };
    result.firstViewJs = { gzipBytes: gz.reduce((a, f) => a + f.gzip, 0), rawBytes: gz.reduce((a, f) => a + f.bytes, 0), files: gz };
    result.duckdbWasm = { bytes: wasm.length, gzipBytes: gzipSync(wasm, { level: 6 }).length };
    if (server.sent) {
      const m = (xs) => ({ median: stats(xs).median, samples: xs });
      result.bytes = { firstView: m(bytes.firstView), allRuns: m(bytes.allRuns), total: m(bytes.total), largest: bytes.files };
    }

    // 2: re-query after a control change
    const b = await launch();
    try {
      await b.page.goto(server.url);
      await waitForComparison(b.page, 120000);
      await b.page.waitForSelector('[data-testid="compare"][data-ci="1"]', { timeout: 600000 });
      const requery = [];
      for (const w of [10, 50, 0, 100, 20, 5, 200, 40, 60, 1, 30]) {
        const ms = await b.page.evaluate((warmup) => new Promise((resolve) => {
          const input = document.querySelector('input[name="warmup"]');
          const t0 = performance.now();
          const obs = new MutationObserver(() => {
            const el = document.querySelector(`[data-testid="compare"][data-warmup="${warmup}"]`);
            if (el) { obs.disconnect(); requestAnimationFrame(() => resolve(performance.now() - t0)); }
          });
          obs.observe(document.body, { subtree: true, attributes: true, childList: true });
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
          setter.call(input, String(warmup));
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }), w);
        requery.push(ms);
        progress(`re-query ${requery.length}/11 (warm-up ${w}): ${ms.toFixed(0)} ms`);
      }
      result.requeryMs = { median: stats(requery).median, samples: requery };

      // 3: 1M-row upload (file handed to the page once; timing starts at the input's change event)
      const lines = ['t_ns,id,duration_ns'];
      for (let i = 0; i < 1_000_000; i++) lines.push(`${i * 1000},step.web.e2e,${100000 + ((i * 7919) % 5000)}`);
      const csv = `${lines.join('\n')}\n`;
      await b.page.evaluate(() => { window.__uploadStart = []; document.querySelector('[data-testid="upload-input"]').addEventListener('change', () => window.__uploadStart.push(performance.now()), { capture: true }); });
      const upload = [];
      for (let i = 0; i < 3; i++) {
        const name = `million-${i}.csv`;
        // Each upload differs in its first sample (dropped as warm-up), so none is refused as a duplicate.
        const body = csv.replace('\n0,step.web.e2e,100000\n', `\n0,step.web.e2e,${100000 + i}\n`);
        await b.page.locator('[data-testid="upload-input"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(body) }, { timeout: 180000 });
        await b.page.waitForSelector(`tr[data-series$="/${name}/step.web.e2e"]`, { timeout: 120000 });
        const ms = await b.page.evaluate(() => performance.now() - window.__uploadStart[window.__uploadStart.length - 1]);
        const count = await b.page.locator(`tr[data-series$="/${name}/step.web.e2e"] td[data-stat="count"]`).innerText();
        if (count !== '999970') throw new Error(`unexpected count ${count}`);
        upload.push(ms);
        progress(`1M-row upload ${upload.length}/3: ${ms.toFixed(0)} ms`);
      }
      result.upload1MMs = { median: stats(upload).median, samples: upload, csvBytes: csv.length };
    } finally { await b.close(); }
  } catch (e) { if (!e.viewsOnly) throw e; } finally { await server.close(); }

  result.loadavgAtEnd = loadavg();
  return { result };
}

/** dist/bench-dashboard.json, or bench-dashboard-views.json with --views-only; nothing is published. */
function write({ result, viewsOnly }) {
  const written = viewsOnly ? 'bench-dashboard-views.json' : 'bench-dashboard.json';
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist', written), JSON.stringify(result, null, 2));
  return { written };
}

/** The budgets (the project's): first view <= 1 s and <= 1 MB, each view's first plot <= 2.5 s, every interval <= 10 s. */
const BUDGET = { firstViewMs: 1000, firstViewBytes: 1e6, firstPlotMs: 2500, everyIntervalMs: 10000 };

function report({ result, dist, viewsOnly, written }) {
  const f = (x) => x.toFixed(0);
  const verdict = (v, budget) => (v <= budget ? 'pass' : 'FAIL');
  const line = (label, r, budget) => console.log(`${label.padEnd(42)} ${r === null ? 'n/a (not on this build\'s page)'
    : `median ${f(r.median).padStart(5)} ms   ${budget === null ? '                   ' : `budget ${String(budget).padStart(5)} ms ${verdict(r.median, budget)}`}   samples ${r.samples.map(f).join(', ')}`}`);
  const mb = (x) => `${(x / 1e6).toFixed(2)} MB`;
  const host = result.host === 'static'
    ? `a static host without isolation headers (a first visit registers coi-serviceworker; only a first visit of the Live view reloads; text and wasm gzipped)${result.throttle
      ? `, throttled at the host: every response (page, workers, service worker) shares ${result.throttle.mbit} Mbit/s and starts ${result.throttle.latencyMs} ms after its request` : ', not throttled'}`
    : 'vite preview (isolation headers, no service worker)';
  console.log(`\ndashboard benchmark (Chromium, ${dist}, served by ${host}; times from the navigation, the reload included)`);
  console.log(`load average at start ${result.loadavgAtStart.map((x) => x.toFixed(1)).join(' ')}, at end ${result.loadavgAtEnd.map((x) => x.toFixed(1)).join(' ')} (${result.cores} cores)`);
  for (const [view, r] of Object.entries(result.firstPlotMs)) line(`first plot, ?view=${view} (cold)`, r === null ? null : r, BUDGET.firstPlotMs);
  if (viewsOnly) {
    console.log(`written dist/${written}`);
    return;
  }
  line('first view (headline, cold)', result.firstMeaningfulViewMs, BUDGET.firstViewMs);
  line('first comparison table (cold)', result.firstViewMs, null);
  line("first comparison block's intervals (cold)", result.firstViewIntervalsMs, null);
  line('all published runs loaded (cold)', result.allRunsLoadedMs, null);
  line('every interval filled (cold)', result.allIntervalsMs, BUDGET.everyIntervalMs);
  if (result.pageMeasures) {
    // Spans overlap (queries wait on one database worker, bootstrap waits on its worker): each is a wait, not a share.
    const spans = Object.entries(result.pageMeasures).sort((a, b) => b[1].ms - a[1].ms).slice(0, 8);
    console.log(`${'  the page\'s own spans, first cold load'.padEnd(42)} ${spans.map(([k, v]) => `${k} ${f(v.ms)} ms (${v.count})`).join('; ')}`);
  }
  line('re-query after warm-up change', result.requeryMs, null);
  line('1 000 000-row CSV summarised', result.upload1MMs, null);
  if (result.bytes) {
    const b = result.bytes;
    console.log(`${'bytes sent until the first view'.padEnd(42)} median ${mb(b.firstView.median)}   budget ${mb(BUDGET.firstViewBytes)} ${verdict(b.firstView.median, BUDGET.firstViewBytes)}   samples ${b.firstView.samples.map(mb).join(', ')}`);
    console.log(`${'bytes sent until every run loaded'.padEnd(42)} median ${mb(b.allRuns.median)}   samples ${b.allRuns.samples.map(mb).join(', ')}`);
    console.log(`${'bytes sent in all (a fresh visit)'.padEnd(42)} median ${mb(b.total.median)}   samples ${b.total.samples.map(mb).join(', ')}`);
    for (const r of b.largest) console.log(`   ${r.path}  ${mb(r.bytes)}${r.firstView ? '  (before the first view)' : ''}`);
  } else console.log('bytes sent: not counted (vite preview; --host static counts them)');
  console.log(`${'JS for the first view'.padEnd(42)} ${(result.firstViewJs.gzipBytes / 1024).toFixed(0)} KiB gzip (${(result.firstViewJs.rawBytes / 1024).toFixed(0)} KiB raw)`);
  for (const g of result.firstViewJs.files) console.log(`   ${g.file}  ${(g.gzip / 1024).toFixed(1)} KiB gzip`);
  console.log(`DuckDB wasm                                ${(result.duckdbWasm.bytes / 1048576).toFixed(1)} MiB raw, ${(result.duckdbWasm.gzipBytes / 1048576).toFixed(1)} MiB gzip`);
  console.log(`written dist/${written}`);
}

runBench({
  name: 'bench:dashboard', usage: USAGE, stackTraces: true, parse, measure, write, report,
  options: {
    invocations: { type: 'string', default: '5' }, views: { type: 'string', default: PLOT_VIEWS.join(',') }, 'views-only': { type: 'boolean', default: false }, dist: { type: 'string' },
    host: { type: 'string', default: 'static' }, throttle: { type: 'string' },
  },
});
