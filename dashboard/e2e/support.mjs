// Shared by the end-to-end tests and the benchmark: a `vite preview` (or dev) server of the dashboard on an
// ephemeral 127.0.0.1 port, and Chromium (playwright-core, /usr/bin/chromium, fresh profile).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Starts `vite preview` of dist/dashboard (or the dev server) on port 0; returns { url, close }. */
export async function startServer({ mode = 'preview', base } = {}) {
  const vite = await import('vite');
  const inline = { configFile: join(root, 'vite.config.ts'), logLevel: 'silent', ...(base ? { base } : {}) };
  const server = mode === 'dev'
    ? await vite.createServer({ ...inline, server: { port: 0, host: '127.0.0.1', strictPort: false } }).then(async (s) => { await s.listen(); return s; })
    : await vite.preview({ ...inline, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  const { port } = server.httpServer.address();
  return { url: `http://127.0.0.1:${port}${base ?? '/'}`, close: () => (mode === 'dev' ? server.close() : new Promise((r) => server.httpServer.close(r))) };
}

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Chromium with a fresh temporary profile; close() removes it. */
export async function launch({ viewport = { width: 1400, height: 1000 } } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'dash-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, viewport, acceptDownloads: true,
  });
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return {
    context, page, errors,
    close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); },
  };
}

/** Waits for the comparison table to show figures over every published run (not only the first to arrive). */
export async function waitForComparison(page, timeout = 30000) {
  await page.waitForSelector('[data-testid="compare"][data-complete="1"] .comparison-table td[data-stat="median"][data-ns]', { timeout });
}
