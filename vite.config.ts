/// <reference types="vitest/config" />
// Vite config for the dashboard (dashboard/): static build under any base path (relative by default, or
// DASHBOARD_BASE=/sub/path/), data from public/data, COOP/COEP headers on dev and preview so pages are
// cross-origin isolated (5 µs performance.now() for the live web benchmark); on a static host without those headers
// the coi-serviceworker package adds them (docs/hosting.md).
import { defineConfig, type Connect, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
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
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
}

export default defineConfig({
  root: here('./dashboard'),
  base: process.env.DASHBOARD_BASE ?? './',
  publicDir: here('./public'),
  plugins: [react(), liveServerPort(), duckdbWorkerAsIs(), crossOriginIsolationWorker(), headlinePreload()],
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
      'plotly.js-dist-min', 'three', 'react-unity-webgl', 'd3-flame-graph'],
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
