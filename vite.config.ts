/// <reference types="vitest/config" />
// Vite config for the dashboard (dashboard/): static build under any base path (relative by default, or
// DASHBOARD_BASE=/sub/path/), data from public/data, COOP/COEP headers on dev and preview so pages are
// cross-origin isolated (5 µs performance.now() for the live web benchmark).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root: here('./dashboard'),
  base: process.env.DASHBOARD_BASE ?? './',
  publicDir: here('./public'),
  plugins: [react()],
  server: { host: '127.0.0.1', headers: isolation },
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
