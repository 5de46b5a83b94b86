// The soak command (docs/testing.md, "Soak"): its verdict on made-up growth, and a short real run of each server
// under an open-loop load sampled every 3 s (RSS, fds, threads, CSV size, p50/p99). `npm run soak` is the long run.
import { nodeTap } from '../lib/parsers.mjs';
import { maven } from '../lib/requirements.mjs';

export const suites = [{
  name: 'soak',
  description: 'soak: verdict on made-up growth (RSS, fds, threads, p99 creep, CSV streaming); each server 30 s under an open-loop load, sampled',
  build: ['js', 'jvm-server'],
  requires: [maven],
  cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=180000', 'scripts/test/soak.test.mjs'],
  parse: nodeTap,
}];
