// Web paths: the Node ws server as a real process with real ws clients, and the Live WebGL view
// end to end in Chromium with both engines.
import { nodeTap } from '../lib/parsers.mjs';
import { chromium } from '../lib/requirements.mjs';

export const suites = [
  {
    name: 'node-server',
    description: 'Node ws server: protocol (reference messages, test vectors), extensions, bad input, two clients, Origin, SIGTERM CSV; budgets (huge simulations, all-pairs, long steps off the event loop, a client that never reads, half-sent huge messages, rid range, streamed CSV); each hand-off (inline, atomics, post): 16 pipelining clients in order, oversized batches and replies, a long step under the step budget beside the echo of another client, worker out of heap, SIGTERM',
    build: ['js'],
    cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=120000',
      'collektive-node-server/test/server.test.mjs', 'collektive-node-server/test/budgets.test.mjs',
      'collektive-node-server/test/handoff-inline.test.mjs', 'collektive-node-server/test/handoff-atomics.test.mjs',
      'collektive-node-server/test/handoff-post.test.mjs'],
    parse: nodeTap,
  },
  {
    name: 'web-e2e',
    description: 'Live WebGL view in Chromium, both engines (Wasm in page, ws to Node): test-vector values shown, devices and links drawn, bench hook; arrival (random layout, reference one click away), no-server fallback, your run beside ours, Unity instructions; programs (gossipMax on both engines, a bad spec, bench:web --programs); bench:web drivers (bare CDP browser = Playwright browser, a tiny --driver playwright,cdp run)',
    build: ['wasm', 'js', 'dashboard', 'os-floor'],
    requires: [chromium],
    cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=300000',
      'dashboard/e2e/live.e2e.test.mjs', 'dashboard/e2e/liveControls.e2e.test.mjs', 'dashboard/e2e/liveArrival.e2e.test.mjs',
      'dashboard/e2e/livePrograms.e2e.test.mjs', 'dashboard/e2e/benchDrivers.e2e.test.mjs'],
    parse: nodeTap,
  },
];
