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
        // Settled: every published run loaded (the badge gone) and no plot still drawing; bounded, so a view that
        // never settles is still photographed as it stands.
        await b.page.waitForFunction(() => !document.querySelector('[data-state="loading"], figure.plot:not([data-state="ready"])')
          && !/loaded: \d+ of/.test(document.body.innerText), null, { timeout: 60000 }).catch(() => console.error(`${view}: not settled after 60 s`));
        await b.page.waitForTimeout(500);
        const file = join(out, `${view}-${viewport.width}x${viewport.height}.png`);
        await b.page.screenshot({ path: file, fullPage: true });
        console.log(`${file}${b.errors.length ? `\n  console errors: ${b.errors.join(' | ')}` : ''}${failed.length ? `\n  failed requests: ${failed.join(' | ')}` : ''}`);
      } finally { await b.close(); }
    }
  }
} finally { await server.close(); }
