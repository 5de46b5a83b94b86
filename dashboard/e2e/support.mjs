// Shared by the end-to-end tests and the benchmark: a `vite preview` (or dev) server of the dashboard on a free
// 127.0.0.1 port, and Chromium (playwright-core, /usr/bin/chromium, fresh profile), through the live view's
// harness (scripts/lib/harness.mjs).
import { CHROMIUM_ARGS, launchBrowser, root, startDevServer, startPreview } from '../../scripts/lib/harness.mjs';

export { CHROMIUM_ARGS, root };

/**
 * Starts `vite preview` of dist/dashboard (or of `outDir`; or the dev server); returns { url, close }.
 * @param {{ mode?: 'preview' | 'dev'; outDir?: string }} [options]
 */
export async function startServer({ mode = 'preview', outDir } = {}) {
  const server = mode === 'dev' ? await startDevServer() : await startPreview(outDir);
  return { url: server.url, close: () => server.stop() };
}

/** Chromium with a fresh temporary profile, downloads accepted, page and console errors in `errors`; close() removes it. */
export async function launch({ viewport = { width: 1400, height: 1000 } } = {}) {
  const { context, page, errors, close } = await launchBrowser({ viewport, acceptDownloads: true, collectErrors: true });
  return { context, page, errors, close };
}

/**
 * Budget (ms) of a wait that needs every published run loaded (the comparison's `data-complete`, its intervals,
 * plots over all runs). All runs are 240 files now; on this 2-core machine at load average 15–20 the page took
 * 35–62 s to load them (with the Network tab and without it alike: measured side by side), past the 30 s these
 * waits had. A quiet machine needs a few seconds.
 */
export const ALL_RUNS_MS = 120000;

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

/** Opens the detailed sections and waits for the comparison table to show figures over every published run (not only the first to arrive). */
export async function waitForComparison(page, timeout = ALL_RUNS_MS) {
  await openSections(page, [], timeout);
  await page.waitForSelector('[data-testid="compare"][data-complete="1"] .comparison-table td[data-stat="median"][data-ns]', { timeout });
}
