/// <reference types="vitest/config" />
// Vite config for the dashboard (dashboard/): static build under any base path (relative by default, or
// DASHBOARD_BASE=/sub/path/), data from public/data, COOP/COEP headers on dev and preview so pages are
// cross-origin isolated (5 µs performance.now() for the live web benchmark); on a static host without those headers
// the coi-serviceworker package adds them (docs/hosting.md).
import { defineConfig, type Connect, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadsSamples, runFiles, type Manifest, type RunJson } from './dashboard/src/model/runs.ts';
import { asColumns, packRun, RUN_PACK } from './dashboard/src/data/runPack.ts';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * `npm start -- --ws-port N` hands its ws server's port to the Live view: it sets COLLEKTIVE_WS_PORT for the
 * preview (or dev) server, which answers `live-server.json` with it. Static hosting serves public/live-server.json
 * (no port: the page's default).
 */
function liveServerPort(): Plugin {
  const answer: Connect.NextHandleFunction = (req, res, next) => {
    const port = Number(process.env.COLLEKTIVE_WS_PORT);
    if (!req.url?.split('?')[0].endsWith('/live-server.json') || !Number.isInteger(port) || port <= 0) return next();
    res.setHeader('content-type', 'application/json');
    res.setHeader('cache-control', 'no-store');
    for (const [k, v] of Object.entries(isolation)) res.setHeader(k, v);
    res.end(JSON.stringify({ wsPort: port }));
  };
  return {
    name: 'live-server-port',
    configureServer: (server) => { server.middlewares.use(answer); },
    configurePreviewServer: (server) => { server.middlewares.use(answer); },
  };
}

/**
 * Dev server: DuckDB-Wasm's worker scripts are served as the package ships them. Vite would otherwise transform the
 * 0.8 MB prebuilt script like a source module on every cold load, and follow its sourcemap into sources outside the
 * package (about 40 warnings, "points to a source file outside its package"). The build copies them as assets.
 */
function duckdbWorkerAsIs(): Plugin {
  const dist = here('./node_modules/@duckdb/duckdb-wasm/dist/');
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    // The worker's own request only: `…worker.js?url` is the module giving its URL.
    const m = /\/@duckdb\/duckdb-wasm\/dist\/(duckdb-browser-[a-z-]+\.worker\.js)$/.exec(req.url ?? '');
    if (!m || !existsSync(dist + m[1])) return next();
    res.setHeader('content-type', 'text/javascript');
    res.setHeader('cache-control', 'no-cache');
    for (const [k, v] of Object.entries(isolation)) res.setHeader(k, v);
    createReadStream(dist + m[1]).pipe(res);
  };
  return { name: 'duckdb-worker-as-is', apply: 'serve', configureServer: (server) => { server.middlewares.use(serve); } };
}

/**
 * Cross-origin isolation on any static host (docs/hosting.md): the page loads coi-serviceworker (npm), whose service
 * worker adds COOP/COEP to every response of its scope, so `crossOriginIsolated` is true without server headers from
 * the load after its registration. The worker file is copied from node_modules into the build, never committed. Where the
 * server sends the headers itself (dev, preview), the script sees an isolated page and does nothing.
 */
/** coi-serviceworker's options: its reload (first registration, or a worker update) only on the Live view. */
const coiPolicy = `window.coi = { doReload: () => { if (new URLSearchParams(location.search).get('view') === 'live') location.reload(); } };`;

function crossOriginIsolationWorker(): Plugin {
  const fileName = 'coi-serviceworker.js';
  const source = () => readFileSync(createRequire(import.meta.url).resolve('coi-serviceworker/coi-serviceworker.min.js'));
  let base = './';
  return {
    name: 'coi-serviceworker',
    configResolved: (c) => { base = c.base; },
    // A classic script first in <head>: it must register before the app runs (document.currentScript is its URL).
    // Before it, its policy (`window.coi`): reload at once only a page opened on the Live view, the one view that
    // needs isolation; elsewhere the worker registers, serves the next load isolated, and the app starts at once
    // (src/crossOriginIsolation.ts; the Live view reloads a page opened elsewhere).
    transformIndexHtml: () => [
      { tag: 'script', children: coiPolicy, injectTo: 'head-prepend' },
      { tag: 'script', attrs: { src: `${base}${fileName}` }, injectTo: 'head-prepend' },
    ],
    generateBundle() { this.emitFile({ type: 'asset', fileName, source: source() }); },
    configureServer: (server) => {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.split('?')[0].endsWith(`/${fileName}`)) return next();
        res.setHeader('content-type', 'text/javascript');
        res.end(source());
      });
    },
  };
}

/**
 * One run pack per published run the page loads (dashboard/src/data/runPack.ts): written into the build next to the
 * run's run.json, and made on request by the dev server, from the CSVs in public/data (never committed). A run
 * whose run.json or CSVs cannot be read gets no pack; the page then loads it file by file and names the problem.
 */
function runPacks(): Plugin {
  const data = here('./public/data/');
  // Compressed once here (level 6; the dev server's, made on a run's first request, at level 1), so that no server gzips 140 MB
  // per page load (vite preview compressed them on the fly: 0.3 s of its CPU per 15 MB pack).
  const packOf = (runJsonPath: string, level = 6): Uint8Array => {
    const run = JSON.parse(readFileSync(join(data, runJsonPath), 'utf8')) as RunJson;
    const folder = join(data, dirname(runJsonPath));
    return gzipSync(packRun(asColumns(runFiles(run).map(({ f }) => ({ file: f.file, bytes: readFileSync(join(folder, f.file)) })))), { level });
  };
  // The dev server's packs, made once per run (parsing a run's CSVs into columns takes a second for the largest
  // runs): made again when its run.json changes.
  const devPacks = new Map<string, { mtimeMs: number; pack: Uint8Array }>();
  const devPack = (runJsonPath: string): Uint8Array => {
    const { mtimeMs } = statSync(join(data, runJsonPath));
    const cached = devPacks.get(runJsonPath);
    if (cached?.mtimeMs === mtimeMs) return cached.pack;
    const pack = packOf(runJsonPath, 1);
    devPacks.set(runJsonPath, { mtimeMs, pack });
    return pack;
  };
  const manifest = (): Manifest => JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')) as Manifest;
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    const path = decodeURIComponent((req.url ?? '').split('?')[0]);
    const at = path.lastIndexOf('/data/');
    const runJson = at >= 0 && path.endsWith(`/${RUN_PACK}`) ? `${path.slice(at + '/data/'.length, -RUN_PACK.length)}run.json` : null;
    const entry = runJson ? manifest().runs.find((e) => e.run === runJson && loadsSamples(e)) : undefined;
    if (!entry) return next();
    let pack: Uint8Array;
    try { pack = devPack(entry.run); } catch { return next(); }
    res.setHeader('content-type', 'application/gzip');
    res.setHeader('cache-control', 'no-cache');
    for (const [k, v] of Object.entries(isolation)) res.setHeader(k, v);
    res.end(pack);
  };
  return {
    name: 'run-packs',
    configureServer: (server) => { server.middlewares.use(serve); },
    generateBundle() {
      for (const entry of manifest().runs.filter(loadsSamples)) {
        try {
          this.emitFile({ type: 'asset', fileName: `data/${dirname(entry.run)}/${RUN_PACK}`, source: packOf(entry.run) });
        } catch (e) {
          this.warn(`no ${RUN_PACK} for run ${entry.id}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    },
  };
}

/**
 * The headline's data (public/data/headline.json, `npm run headline`) is fetched while the scripts load, unless
 * coi-serviceworker is about to reload the page (a first visit of the Live view on a host without COOP/COEP: not
 * isolated, a secure context with service workers, no worker serving this load), which would abort it
 * (src/crossOriginIsolation.ts).
 * A script after the worker's own, since only the page can tell; the reload preloads them.
 */
function headlinePreload(): Plugin {
  let base = './';
  const links = (): [string, string, boolean][] => [[`${base}data/headline.json`, 'fetch', true], [`${base}data/headline.svg`, 'image', false]];
  const script = () => `(() => {
  const n = navigator;
  if (window.crossOriginIsolated === false && window.isSecureContext && n.serviceWorker && !n.serviceWorker.controller
    && new URLSearchParams(location.search).get('view') === 'live') return;
  for (const [href, as, cors] of ${JSON.stringify(links())}) {
    const l = document.createElement('link');
    l.rel = 'preload'; l.href = href; l.as = as;
    if (cors) l.crossOrigin = '';
    document.head.appendChild(l);
  }
})();`;
  return {
    name: 'headline-preload',
    configResolved: (c) => { base = c.base; },
    transformIndexHtml: () => [{ tag: 'script', children: script(), injectTo: 'head' }],
  };
}

export default defineConfig({
  root: here('./dashboard'),
  base: process.env.DASHBOARD_BASE ?? './',
  publicDir: here('./public'),
  plugins: [react(), liveServerPort(), duckdbWorkerAsIs(), crossOriginIsolationWorker(), headlinePreload(), runPacks()],
  // Per checkout (node_modules may be shared between checkouts, and with it Vite's default cache).
  cacheDir: here('./.cache/vite'),
  server: {
    host: '127.0.0.1',
    headers: isolation,
    // Transformed while the server starts, not on the first request.
    warmup: { clientFiles: ['./src/main.tsx', './src/App.tsx', './src/pages/*.tsx', './src/**/*.worker.ts'] },
  },
  // Every dependency pre-bundled on the first start, including the lazily imported ones (Plotly, three, Unity): one
  // found later makes Vite bundle again and reload the page.
  optimizeDeps: {
    include: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom/client', 'apache-arrow', '@duckdb/duckdb-wasm',
      'plotly.js-dist-min', 'plotly.js-cartesian-dist-min', 'three', 'react-unity-webgl', 'd3-flame-graph'],
  },
  preview: { host: '127.0.0.1', headers: isolation },
  build: {
    outDir: here('./dist/dashboard'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 6000,
    assetsInlineLimit: 0,
  },
  worker: { format: 'es' },
  test: {
    root: here('./dashboard'),
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
