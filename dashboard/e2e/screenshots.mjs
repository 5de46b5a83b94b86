#!/usr/bin/env node
// Screenshots of every view of a built dashboard at the two sizes a visitor's screen most often has (1366 × 768 and
// 1920 × 1080), full page, once the view's data has arrived: for reading a change before and after, side by side.
//   node dashboard/e2e/screenshots.mjs [--dist DIR] [--out DIR] [--views compare,history,…]
// --dist: the build to serve (default dist/dashboard; an older build for "before"); --out: where the PNGs go
// (default test-results/screens). Console errors and failed requests of each view are printed with it.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launch, root, startServer } from './support.mjs';

const VIEWS = ['compare', 'yourcase', 'history', 'programs', 'distributions', 'warmup', 'scale', 'sql', 'live', 'network', 'profiles'];
const SIZES = [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }];

const { values } = parseArgs({ options: { dist: { type: 'string' }, out: { type: 'string' }, views: { type: 'string' } } });
const out = resolve(values.out ?? join(root, 'test-results', 'screens'));
const views = values.views ? values.views.split(',') : VIEWS;
mkdirSync(out, { recursive: true });

const server = await startServer({ mode: 'preview', outDir: values.dist ? resolve(values.dist) : undefined });
try {
  for (const view of views) {
    for (const viewport of SIZES) {
      const b = await launch({ viewport });
      const failed = [];
      b.page.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText ?? 'failed'} ${r.url()}`));
      b.page.on('response', (r) => { if (r.status() >= 400) failed.push(`HTTP ${r.status()} ${r.url()}`); });
      try {
        await b.page.goto(`${server.url}?view=${view}`);
        // Settled: no plot or table still loading and the published runs' badge gone, twice in a row 1.5 s apart (a view
        // that has not mounted its figures yet looks settled too); bounded, so a view that never settles is still
        // photographed as it stands.
        const settled = () => b.page.evaluate(() => !document.querySelector('[data-state="loading"]')
          && !/loaded: \d+ of/.test(document.body.innerText));
        let calm = 0;
        const until = Date.now() + 90000;
        await b.page.waitForTimeout(3000);
        while (calm < 2 && Date.now() < until) { calm = await settled() ? calm + 1 : 0; await b.page.waitForTimeout(1500); }
        if (calm < 2) console.error(`${view} at ${viewport.width}×${viewport.height}: not settled after 90 s`);
        const file = join(out, `${view}-${viewport.width}x${viewport.height}.png`);
        await b.page.screenshot({ path: file, fullPage: true });
        console.log(`${file}${b.errors.length ? `\n  console errors: ${b.errors.join(' | ')}` : ''}${failed.length ? `\n  failed requests: ${failed.join(' | ')}` : ''}`);
      } finally { await b.close(); }
    }
  }
} finally { await server.close(); }
