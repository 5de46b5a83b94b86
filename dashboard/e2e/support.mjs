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
 * Budget (ms) of a wait that needs every published run loaded (the comparison's `data-complete`, its intervals,
 * plots over all runs). All runs are 240 files now; on this 2-core machine at load average 15–20 the page took
 * 35–62 s to load them (with the Network tab and without it alike: measured side by side), past the 30 s these
 * waits had. A quiet machine needs a few seconds.
 */
export const ALL_RUNS_MS = 120000;

/** Waits for the comparison table to show figures over every published run (not only the first to arrive). */
export async function waitForComparison(page, timeout = ALL_RUNS_MS) {
  await page.waitForSelector('[data-testid="compare"][data-complete="1"] .comparison-table td[data-stat="median"][data-ns]', { timeout });
}
