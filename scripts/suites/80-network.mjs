// Suite `network` (docs/network.md): bench:network through a real Toxiproxy to both real servers, the added
// latency visible in step.socket.wait and step.web.ws.wait, the message when Go or Toxiproxy is missing.
import { nodeTap } from '../lib/parsers.mjs';
import { toxiproxyInstallable } from '../lib/toxiproxy.mjs';
import { chromium } from '../lib/requirements.mjs';
import { requireMono, requireNewtonsoft } from '../lib/requirements.mjs';

export const suites = [{
  name: 'network',
  description: 'bench:network through Toxiproxy (pinned; build step toxiproxy): a 5 ms RTT shows in both servers\' waits, baseline, capacity, run schema, missing-tool messages',
  build: ['toxiproxy', 'native', 'jvm-server', 'desktop-host', 'wasm', 'js', 'dashboard'],
  requires: [toxiproxyInstallable, requireMono, requireNewtonsoft, chromium],
  cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=600000', 'scripts/test/network.test.mjs'],
  parse: nodeTap,
}];
