// Dashboard (dashboard/, Vite): typecheck + static build → dist/dashboard/ (relative base; DASHBOARD_BASE=/x/
// for an absolute one). The Live view imports the Kotlin/Wasm engine's build output, and the Kotlin/JS one for the
// WebSocket engine's scene layouts, so the step depends on the `wasm` and `js` steps when they are defined (checked
// lazily, once every build file is loaded). The page imports the glossary (docs/glossary.md) at build time, so it is
// an input too.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../lib/run.mjs';
import { root } from '../lib/root.mjs';

const here = join(root, 'scripts', 'builds');

const defines = (step) => readdirSync(here).filter((f) => f.endsWith('.mjs') && f !== '60-dashboard.mjs')
  .some((f) => new RegExp(`name:\\s*['"]${step}['"]`).test(readFileSync(join(here, f), 'utf8')));

export const steps = [
  {
    name: 'dashboard',
    description: 'dashboard (React + DuckDB-Wasm + Plotly): tsc --noEmit, vite build → dist/dashboard/',
    get deps() { return ['wasm', 'js'].filter(defines); },
    inputs: ['dashboard/src', 'dashboard/index.html', 'public', 'vite.config.ts', 'tsconfig.json', 'package-lock.json',
      'scripts/builds/60-dashboard.mjs', 'collektive-wasm/src/js', 'measurement/src', 'docs/glossary.md'],
    // The base path is baked into the build (docs/hosting.md): another DASHBOARD_BASE is another build.
    env: ['DASHBOARD_BASE'],
    outputs: ['dist/dashboard/index.html'],
    run: async () => {
      await run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);
      await run(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']);
    },
  },
];
