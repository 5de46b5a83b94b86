// Node-side harness shared by `npm run bench:web` and the web-e2e suite: the Node ws server (real process), the
// built dashboard under `vite preview` (COOP/COEP headers from vite.config.ts), and headless Chromium through
// playwright-core with the project's flags. Every process started here is stopped by its own handle.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Spawns a process and resolves once its output matches `ready`; returns { proc, match, output(), stop() }. A process
 * that is not ready in time (or exits) is killed and the promise rejects with its output.
 */
export async function startProcess(cmd, args, ready, { timeoutMs = 60000, env = {} } = {}) {
  const proc = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const match = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { proc.kill('SIGKILL'); reject(new Error(`${args.join(' ')} not ready in ${timeoutMs} ms:\n${out}`)); }, timeoutMs);
    const onData = (d) => {
      out += d;
      const m = out.replace(/\x1b\[[0-9;]*m/g, '').match(ready);
      if (m) { clearTimeout(timer); resolve(m); }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', (d) => { out += d; });
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${args.join(' ')} exited with ${code}:\n${out}`)); });
  });
  return {
    proc,
    match,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      const [code] = await once(proc, 'exit');
      clearTimeout(timer);
      return code;
    },
  };
}

/** The Node ws server on an ephemeral loopback port (`csv`: back-end timings written on stop; `nodeArgs`: extra node flags). */
export async function startWsServer({ csv, nodeArgs = [] } = {}) {
  const s = await startProcess(process.execPath,
    [...nodeArgs, 'collektive-node-server/src/cli.mjs', '--port', '0', ...(csv ? ['--csv', csv] : [])],
    /listening on ws:\/\/127\.0\.0\.1:(\d+)/);
  return { ...s, port: Number(s.match[1]), url: `ws://127.0.0.1:${s.match[1]}` };
}

/** A free loopback TCP port (closed again before it is returned). */
export async function freePort() {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

/** Vite (`command`: ['preview'], or [] for the dev server) on a free loopback port; returns the process handle and url. */
async function startVite(command) {
  const port = await freePort();
  const s = await startProcess(process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), ...command, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    /(http:\/\/127\.0\.0\.1:\d+\/\S*)/);
  return { ...s, url: s.match[1] };
}

/** `vite preview` of dist/dashboard on a free loopback port. */
export const startPreview = () => startVite(['preview']);

/** The Vite dev server (`npm run dev`) of the dashboard on a free loopback port. */
export const startDevServer = () => startVite([]);

/**
 * Headless Chromium with a fresh profile; returns { context, page, browserVersion, profile (its folder), close() }, and `errors` (page
 * errors and console errors, in order) with `collectErrors`; `args` are added to CHROMIUM_ARGS.
 */
export async function launchBrowser({ viewport = { width: 1280, height: 900 }, acceptDownloads, collectErrors = false, args = [] } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'collektive-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, ...args], viewport,
    ...(acceptDownloads === undefined ? {} : { acceptDownloads }),
  });
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  if (collectErrors) {
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  }
  // The user agent string is reduced (156.0.0.0); the browser process knows its full version.
  const browserVersion = context.browser()?.version()
    ?? await page.evaluate(() => navigator.userAgent.match(/Chrome\/(\S+)/)?.[1] ?? null);
  return {
    context,
    page,
    browserVersion,
    profile,
    ...(collectErrors ? { errors } : {}),
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the Live view against the given ws server and waits for its hooks and for the page to go idle. */
export async function openLive(page, appUrl, wsUrl, { timeoutMs = 60000 } = {}) {
  const url = new URL(appUrl);
  url.searchParams.set('view', 'live');
  url.searchParams.set('ws', wsUrl);
  await page.goto(url.href, { waitUntil: 'load', timeout: timeoutMs });
  await page.waitForFunction(() => window.__bench?.ready === true, null, { timeout: timeoutMs });
  // The app shell loads DuckDB-Wasm and the run catalog in the background: let that finish before measuring.
  await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => {});
}
