// Shared by the end-to-end tests and the benchmark: a `vite preview` (or dev) server of the dashboard on a free
// 127.0.0.1 port, and Chromium (playwright-core, /usr/bin/chromium, fresh profile), through the live view's
// harness (dashboard/e2e/harness.mjs).
import { CHROMIUM_ARGS, launchBrowser, root, startDevServer, startPreview } from './harness.mjs';

export { CHROMIUM_ARGS, root };

/** Starts `vite preview` of dist/dashboard (or the dev server); returns { url, close }. */
export async function startServer({ mode = 'preview' } = {}) {
  const server = mode === 'dev' ? await startDevServer() : await startPreview();
  return { url: server.url, close: () => server.stop() };
}

/** Chromium with a fresh temporary profile, downloads accepted, page and console errors in `errors`; close() removes it. */
export async function launch({ viewport = { width: 1400, height: 1000 } } = {}) {
  const { context, page, errors, close } = await launchBrowser({ viewport, acceptDownloads: true, collectErrors: true });
  return { context, page, errors, close };
}

/**
 * Opens the Comparison view's collapsed sections (`names`, or all of them) as a visitor does: one click on each
 * summary. Waits for the sections to exist first (they appear once DuckDB is up).
 */
export async function openSections(page, names = [], timeout = 60000) {
  await page.waitForSelector('[data-testid="compare"] details[data-section]', { state: 'attached', timeout });
  const closed = names.length ? names.map((n) => `details[data-section="${n}"]:not([open]) > summary`).join(', ') : 'details[data-section]:not([open]) > summary';
  const summaries = page.locator(closed);
  for (let i = 0; i < 20 && await summaries.count() > 0; i++) await summaries.first().click();
}

/**
 * Opens the detailed sections and waits for the comparison table to show figures over every published run (not only
 * the first to arrive). Loading every run took 30–45 s with a load average of 20 on 2 cores, hence the budget.
 */
export async function waitForComparison(page, timeout = 90000) {
  await openSections(page, [], timeout);
  await page.waitForSelector('[data-testid="compare"][data-complete="1"] .comparison-table td[data-stat="median"][data-ns]', { timeout });
}
