// Dashboard: vitest unit tests of the SQL/statistics/model layer (DuckDB's Node build, independent
// Python checker) and Playwright end-to-end tests of the built app in Chromium.
import { nodeTap, vitest } from '../lib/parsers.mjs';
import { chromium } from '../lib/requirements.mjs';

export const suites = [
  {
    name: 'dashboard-unit',
    description: 'dashboard SQL/statistics/model/upload checks (vitest, DuckDB node build, independent Python checker); the Live view\'s layouts through the Kotlin/JS facade against the test vectors',
    // js: the Live view's scene layouts are the engine's (test/layouts.test.ts loads its Kotlin/JS build).
    build: ['js'],
    cmd: [process.execPath, 'node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--no-color'],
    env: { NO_COLOR: '1', FORCE_COLOR: '0' },
    parse: vitest,
  },
  {
    name: 'dashboard-e2e',
    description: 'dashboard in Chromium against vite preview: exact reference figures, plots, uploads, URL state, hosting, hostile input (SQL in links, markup/SQL in URL parameters and uploads), the Your case view against the cost model, plain words (the headline spread across runs, readable labels, glossary terms)',
    build: ['dashboard'],
    requires: [chromium],
    // The whole file's budget: its tests load every published run again and again; at load average ≈ 20 on this
    // 2-core machine they took 15 min for 23 of them (each within its own wait), so 15 min cut the file short.
    cmd: [process.execPath, '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=1800000',
      'dashboard/e2e/dashboard.e2e.test.mjs', 'dashboard/e2e/staticHost.e2e.test.mjs', 'dashboard/e2e/hostile.e2e.test.mjs',
      'dashboard/e2e/yourCase.e2e.test.mjs', 'dashboard/e2e/plainWords.e2e.test.mjs'],
    parse: nodeTap,
  },
];
