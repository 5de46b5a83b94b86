// Faults in the middle of a benchmark (docs/testing.md): bench:desktop and bench:web run small and real while a
// server, the front-end or Chromium is killed, or a CSV hits a file-size limit (prlimit): a clear failure naming
// what died, nothing published, earlier runs intact, re-runs refuse the same id or complete with a new one.
import { nodeTap } from '../lib/parsers.mjs';
import { chromium, maven, mono } from '../lib/requirements.mjs';
import { toxiproxyInstallable } from '../lib/toxiproxy.mjs';

export const suites = [{
  name: 'faults',
  description: 'benchmarks under faults: JVM/Node server, Mono front-end, Chromium killed mid-invocation; server/front-end CSV past a file-size limit; message names what died, nothing published, earlier run intact, re-run refuses or completes',
  // toxiproxy: one test stops bench:network mid-run, and this suite runs before suite network builds it.
  build: ['toxiproxy', 'native', 'jvm-server', 'desktop-host', 'wasm', 'js', 'dashboard'],
  requires: [maven, mono, chromium, toxiproxyInstallable],
  cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=900000', 'scripts/faults/faults.test.mjs'],
  parse: nodeTap,
}];
