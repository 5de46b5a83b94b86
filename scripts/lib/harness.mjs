// Node-side harness shared by the web benches (bench:web, bench:network, profile) and the e2e suites: the Node ws server (real process), the
// built dashboard under `vite preview` (COOP/COEP headers from vite.config.ts), and headless Chromium through
// playwright-core with the project's flags, or the same Chromium with no Playwright attached (launchBareBrowser, driven over
// CDP with Runtime.evaluate only). Every process started here is stopped by its own handle.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { root } from './root.mjs';

export { root };

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const CHROMIUM_PATH = '/usr/bin/chromium';
export const VIEWPORT = { width: 1280, height: 900 };

/**
 * The switches playwright-core (1.65) adds to every Chromium it launches, besides CHROMIUM_ARGS and its pipe (read from
 * the browser's command line; the web-e2e suite checks they still match). launchBareBrowser passes them too, so the two
 * bench:web drivers run the same browser and differ only in what is attached to it (docs/measurements.md, "Drivers").
 */
export const PLAYWRIGHT_SWITCHES = ['--disable-field-trial-config', '--disable-background-networking',
  '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows', '--disable-back-forward-cache',
  '--disable-breakpad', '--disable-component-extensions-with-background-pages', '--disable-component-update',
  '--no-default-browser-check', '--disable-default-apps', '--disable-dev-shm-usage', '--disable-edgeupdater', '--disable-extensions',
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,msForceBrowserSignIn,msEdgeUpdateLaunchServicesPreferredVersion',
  '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies', '--allow-pre-commit-input', '--disable-hang-monitor',
  '--disable-ipc-flooding-protection', '--disable-popup-blocking', '--disable-prompt-on-repost', '--disable-renderer-backgrounding',
  '--disable-updater-scheduler', '--force-color-profile=srgb', '--metrics-recording-only', '--no-first-run', '--password-store=basic',
  '--use-mock-keychain', '--no-service-autorun', '--disable-search-engine-choice-screen', '--unsafely-disable-devtools-self-xss-warnings',
  '--enable-unsafe-swiftshader', '--edge-skip-compat-layer-relaunch', '--disable-stack-profiler', '--disable-infobars', '--disable-sync',
  '--do-not-de-elevate', '--headless', '--hide-scrollbars', '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4', '--no-sandbox'];

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
    // Before it is ready: a signal (a process killed while it starts) is named as such, never "exited with null".
    proc.once('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`${args.join(' ')} ${signal ? `was killed by ${signal}` : `exited with ${code}`} before it was ready:\n${out}`)); });
  });
  return {
    proc,
    match,
    output: () => out,
    /** @param {NodeJS.Signals} [signal] */
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

/**
 * The Node ws server on an ephemeral loopback port (`csv`: back-end timings written on stop; `nodeArgs`: extra node flags).
 * @param {{ csv?: string; nodeArgs?: string[] }} [options]
 */
export async function startWsServer({ csv, nodeArgs = [] } = {}) {
  const s = await startProcess(process.execPath,
    [...nodeArgs, 'collektive-node-server/src/cli.mjs', '--port', '0', ...(csv ? ['--csv', csv] : [])],
    /listening on ws:\/\/127\.0\.0\.1:(\d+)/).catch((e) => { throw new Error(`the Node ws server did not start: ${e.message}`); });
  return { ...s, port: Number(s.match[1]), url: `ws://127.0.0.1:${s.match[1]}` };
}

/** A free loopback TCP port (closed again before it is returned). */
export async function freePort() {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
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

/** `vite preview` of dist/dashboard (or of another build folder) on a free loopback port. */
export const startPreview = (outDir) => startVite(outDir ? ['preview', '--outDir', outDir] : ['preview']);

/** The Vite dev server (`npm run dev`) of the dashboard on a free loopback port. */
export const startDevServer = () => startVite([]);

/**
 * Headless Chromium with a fresh profile; returns { context, page, browserVersion, profile (its folder), close() }, and `errors` (page
 * errors and console errors, in order) with `collectErrors`; `args` are added to CHROMIUM_ARGS.
 * @param {{ viewport?: { width: number; height: number }; acceptDownloads?: boolean; collectErrors?: boolean; args?: string[] }} [options]
 */
export async function launchBrowser({ viewport = VIEWPORT, acceptDownloads, collectErrors = false, args = [] } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'collektive-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...args], viewport,
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

/**
 * Opens the Live view against the given ws server and waits until it is ready (`window.__bench.ready`: its own first
 * configuration and preview steps are over) and the page has gone idle.
 */
export async function openLive(page, appUrl, wsUrl, { timeoutMs = 60000 } = {}) {
  await page.goto(liveUrl(appUrl, wsUrl), { waitUntil: 'load', timeout: timeoutMs });
  await page.waitForFunction(() => window.__bench?.ready === true, null, { timeout: timeoutMs });
  // The app shell loads DuckDB-Wasm and the run catalog in the background: let that finish before measuring.
  await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => {});
}

/**
 * The same Chromium as launchBrowser (CHROMIUM_ARGS and Playwright's own switches, same viewport) with no Playwright
 * attached: a DevTools port on loopback, one plain CDP connection (ws) to the page, Runtime.evaluate on it (and the
 * viewport set once with Emulation.setDeviceMetricsOverride, as Playwright does). No
 * domain is enabled, so the browser sends the driver no events (Playwright enables Network on every page, which makes
 * the browser process report every WebSocket frame to it: docs/measurements.md, "Drivers"). Returns { browserVersion,
 * profile, open(url, ready), evaluate(fn, arg), events(), close() }.
 */
export async function launchBareBrowser({ viewport = VIEWPORT, args = [], timeoutMs = 30000 } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'collektive-chromium-'));
  const proc = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, ...PLAYWRIGHT_SWITCHES, `--window-size=${viewport.width},${viewport.height}`,
    '--remote-debugging-port=0', '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`, ...args, 'about:blank'],
  { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let out = '';
  const exited = once(proc, 'exit');
  // The whole process group (Chromium's zygote, renderer, GPU processes), and only it.
  const kill = (signal) => { try { process.kill(-proc.pid, signal); } catch { /* gone */ } };
  const close = async () => {
    client?.close();
    if (proc.exitCode === null && proc.signalCode === null) {
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    kill('SIGKILL'); // children that outlived the browser process
    rmSync(profile, { recursive: true, force: true });
  };
  let client = null;
  let browserVersion = null;
  try {
    const endpoint = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools endpoint in ${timeoutMs} ms:\n${out}`)), timeoutMs);
      proc.stderr.on('data', (d) => {
        out += d;
        const m = out.match(/DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//);
        if (m) { clearTimeout(timer); resolve(`http://127.0.0.1:${m[1]}`); }
      });
      proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`Chromium (${CHROMIUM_PATH}) exited with ${code}:\n${out}`)); });
    });
    const json = async (path) => (await fetch(`${endpoint}${path}`, { signal: AbortSignal.timeout(timeoutMs) })).json();
    const { Browser } = await json('/json/version');
    browserVersion = Browser.split('/')[1] ?? Browser;
    const target = (await json('/json/list')).find((t) => t.type === 'page');
    if (!target) throw new Error(`Chromium has no page target:\n${out}`);
    client = await cdpConnect(target.webSocketDebuggerUrl, timeoutMs);
    // The viewport as Playwright sets it (the window size would leave the headless window's frame out of it); a
    // command, no events; it holds for this target across navigations.
    await client.send('Emulation.setDeviceMetricsOverride', { width: viewport.width, height: viewport.height, deviceScaleFactor: 1, mobile: false }, timeoutMs);
  } catch (e) {
    await close();
    throw e;
  }
  /** Calls `fn(arg)` in the page (a function or expression source) and returns its awaited, JSON-cloned value. */
  /** @type {(fn: Function | string, arg?: unknown, options?: { timeoutMs?: number }) => Promise<any>} */
  const evaluate = async (fn, arg, { timeoutMs: callMs } = {}) => {
    const expression = typeof fn === 'function' ? `(${fn})(${JSON.stringify(arg ?? null)})` : fn;
    const r = await client.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, callMs);
    if (r.exceptionDetails) throw new Error(`in the page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    return r.result.value;
  };
  return {
    browserVersion,
    profile,
    evaluate,
    /** CDP events the browser sent this driver so far (none: no domain is enabled). */
    events: () => client.events(),
    /** Navigates the page to `url` (location.href, no Page domain) and waits until `ready` (page function) returns true. */
    async open(url, ready = () => document.readyState === 'complete', { timeoutMs: openMs = 60000 } = {}) {
      await evaluate((u) => { location.href = u; }, url);
      const deadline = Date.now() + openMs;
      const check = `location.href !== 'about:blank' && (${ready})()`;
      for (;;) {
        // While the document is replaced the evaluation may fail (no context yet): that is "not yet".
        // A browser that has gone is not "not yet": say so now instead of at the deadline.
        const ok = await evaluate(check, undefined, { timeoutMs: 5000 }).catch((e) => { if (/closed the DevTools/.test(e.message)) throw e; return false; });
        if (ok) return;
        if (Date.now() > deadline) throw new Error(`${url} not ready in ${openMs} ms`);
        await sleep(100);
      }
    },
    close,
  };
}

/**
 * A minimal CDP client over one WebSocket (the bare driver's page connection, `npm run profile`'s browser-wide trace):
 * send(method, params, timeoutMs?) → result; next(method) → the params of the next event of that method; events() →
 * how many events arrived. Rejects everything pending if the browser goes.
 */
export async function cdpConnect(url, timeoutMs) {
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1 << 30, handshakeTimeout: timeoutMs });
  await once(ws, 'open');
  const pending = new Map();
  const waiting = new Map(); // event method → resolve of next()
  let nextId = 1;
  let events = 0;
  const failAll = (e) => { for (const { reject } of pending.values()) reject(e); pending.clear(); };
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data));
    const p = pending.get(msg.id);
    if (!p) {
      events += 1;
      waiting.get(msg.method)?.(msg.params);
      waiting.delete(msg.method);
      return;
    }
    pending.delete(msg.id);
    if (msg.error) p.reject(new Error(`CDP ${p.method}: ${msg.error.message}`)); else p.resolve(msg.result);
  });
  ws.on('close', () => failAll(new Error('the browser closed the DevTools connection')));
  ws.on('error', (e) => failAll(e));
  return {
    send(method, params, callMs) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        // A call after the browser went away would otherwise wait for ever: ws drops a send on a closed socket.
        if (ws.readyState !== WebSocket.OPEN) { reject(new Error('the browser closed the DevTools connection')); return; }
        const timer = callMs ? setTimeout(() => { pending.delete(id); reject(new Error(`CDP ${method}: no answer in ${callMs} ms`)); }, callMs) : null;
        const done = (f) => (x) => { clearTimeout(timer); f(x); };
        pending.set(id, { method, resolve: done(resolve), reject: done(reject) });
        ws.send(JSON.stringify({ id, method, params }), (e) => { if (e && pending.delete(id)) done(reject)(new Error(`the browser closed the DevTools connection (${e.message})`)); });
      });
    },
    next: (method) => new Promise((resolve) => { waiting.set(method, resolve); }),
    close: () => ws.close(),
    events: () => events,
  };
}

/** bench:web's drivers (docs/measurements.md, "Drivers"): playwright (playwright-core) or cdp (launchBareBrowser). */
export const BENCH_DRIVERS = ['playwright', 'cdp'];

/**
 * A fresh browser driven by `driver`, with the small interface bench:web needs: { browserVersion, profile,
 * openLive(appUrl, wsUrl), run(config, onProgress) (window.__bench.run), close() }.
 */
export async function launchBenchDriver(driver) {
  if (driver === 'playwright') {
    const b = await launchBrowser();
    /** @type {(p: unknown) => void} */
    let progress = () => {};
    await b.page.exposeFunction('__benchProgress', (p) => progress(p));
    return {
      browserVersion: b.browserVersion, profile: b.profile, close: b.close,
      openLive: (appUrl, wsUrl) => openLive(b.page, appUrl, wsUrl),
      run(config, onProgress) { progress = onProgress; return b.page.evaluate((c) => window.__bench.run(c), config); },
    };
  }
  if (driver !== 'cdp') throw new Error(`unknown driver ${driver} (one of ${BENCH_DRIVERS.join(', ')})`);
  const b = await launchBareBrowser();
  return {
    browserVersion: b.browserVersion, profile: b.profile, close: b.close,
    async openLive(appUrl, wsUrl, { timeoutMs = 60000 } = {}) {
      await b.open(liveUrl(appUrl, wsUrl), () => window.__bench?.ready === true, { timeoutMs });
      // No Network domain, so no "network idle": wait until the page's resource list has not grown for 1 s (DuckDB-Wasm
      // and the run catalog load in the background), at most timeoutMs.
      const deadline = Date.now() + timeoutMs;
      let last = -1;
      let stableSince = Date.now();
      while (Date.now() < deadline && Date.now() - stableSince < 1000) {
        const count = await b.evaluate(() => performance.getEntriesByType('resource').length);
        if (count !== last) { last = count; stableSince = Date.now(); }
        await sleep(250);
      }
    },
    async run(config, onProgress) {
      // Progress: the page keeps the latest report, read twice a second (one small evaluation, no binding, no events).
      await b.evaluate(() => { window.__benchProgress = (p) => { window.__benchProgressLast = p; }; });
      const poll = setInterval(() => {
        b.evaluate(() => window.__benchProgressLast ?? null, undefined, { timeoutMs: 5000 }).then((p) => p && onProgress(p), () => {});
      }, 500);
      try {
        return await b.evaluate((c) => window.__bench.run(c), config);
      } finally {
        clearInterval(poll);
      }
    },
  };
}

const liveUrl = (appUrl, wsUrl) => {
  const url = new URL(appUrl);
  url.searchParams.set('view', 'live');
  url.searchParams.set('ws', wsUrl);
  // No published run loads in the background of a measured page (dashboard/src/data/DataProvider.tsx).
  url.searchParams.set('data', 'none');
  return url.href;
};
