// The benches' shared modules (scripts/lib/bench.mjs, scripts/lib/desktopHost.mjs), in process: no build, no
// process of the benchmark started.
import { nodeTap } from '../lib/parsers.mjs';

export const suites = [
  {
    name: 'bench-lib',
    description: 'the bench skeleton (phase order, --help and bad command lines → 0 and 2, a failing phase → 1 and its message, a run folder never overwritten, publish after the files) and the one builder of the desktop host\'s command line',
    cmd: [process.execPath, '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=60000', 'scripts/test/bench.test.mjs', 'scripts/test/desktopHost.test.mjs'],
    parse: nodeTap,
  },
];
