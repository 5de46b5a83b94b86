// The measurement library (measurement/): invocation-level intervals against an independent Python implementation,
// the per-invocation analysis of benchmark runs.
import { nodeTap } from '../lib/parsers.mjs';

export const suites = [
  {
    name: 'measurement',
    description: 'measurement library: reference analysis, hierarchical bootstrap intervals vs independent Python, invocation analysis, profiles and network figures, pure vs *Files modules, reproducibility report, run-record writer and schema, README\'s generated answer and the links of README and docs/',
    cmd: [process.execPath, '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=120000', 'measurement/test/'],
    parse: nodeTap,
  },
];
