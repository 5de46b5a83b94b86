// Every registered program (docs/programs.md) on all four paths, checked against each other bit for bit: the C ABI,
// the Kotlin/Wasm facade (Node 24), the Kotlin/JS facade and both servers on loopback; the worked example of
// "Bring your own program" checked against its meaning; bad specs refused on every path.
import { nodeTap } from '../lib/parsers.mjs';
import { clang16, gcc, maven } from '../lib/requirements.mjs';

export const suites = [{
  name: 'programs',
  description: 'every program of docs/programs.md on the C ABI, Wasm and JS facades, JVM and Node servers: same values bit for bit; bad specs refused everywhere',
  build: ['native', 'wasm', 'js', 'toolchain-node24', 'jvm-server'],
  requires: [clang16, gcc, maven],
  cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=300000', 'scripts/test/programs.test.mjs'],
  parse: nodeTap,
}];
