// Differential testing (docs/testing.md): one seeded fast-check run applying random operation sequences to every
// entry point of the engine at once (C ABI through a C driver, the JVM and Node servers on loopback, the Wasm and
// JS facades), every reply compared bit for bit. Node 24 for the Wasm build.
import { nodeTap } from '../lib/parsers.mjs';
import { gcc, maven } from '../lib/requirements.mjs';
import { node24 } from '../lib/toolchain.mjs';

export const suites = [{
  name: 'differential',
  description: 'random op sequences (create, positions, sources, steps json/binary, destroy, bad ids) on the C ABI, JVM server, Node server, Wasm and JS facades: identical replies, shrunk counterexample; seeded, about a minute',
  build: ['native', 'wasm', 'js', 'jvm-server', 'toolchain-node24'],
  requires: [gcc, maven],
  cmd: [node24, '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=300000',
    'scripts/differential/differential.test.mjs'],
  parse: nodeTap,
}];
