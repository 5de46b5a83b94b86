// Cross-build tests of the engine hosts owned by the native/web engine builds: the Kotlin/Native C ABI (real C
// programs: ABI contract + shared test vectors), and the Wasm/JS facade against the shared test vectors in Node 20
// (Kotlin/JS), Node 24 (Kotlin/Wasm) and Chromium (both builds).
import { nodeTap } from '../lib/parsers.mjs';
import { chromium, clang16, gcc } from '../lib/requirements.mjs';
import { node24 } from '../lib/toolchain.mjs';

const tap = (...files) => ['--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=180000', ...files];

export const suites = [
  {
    name: 'native-abi',
    description: 'libsimple_gradient.so through C programs: ABI errors/sentinels, batched positions, state buffer, timing CSV, threads, header vs compiler exports, test vectors',
    build: ['native'],
    requires: [clang16, gcc],
    cmd: ['node', ...tap('collektive-native/test/native.test.mjs', 'collektive-native/test/vectors.test.mjs')],
    parse: nodeTap,
  },
  {
    name: 'facade-js-node',
    description: 'Kotlin/JS facade in the system Node (20): test vectors bit for bit, errors, batched positions, state buffer, timings; the state readers (state.mjs)',
    build: ['js'],
    cmd: [process.execPath, ...tap('collektive-wasm/test/facade.test.mjs', 'collektive-wasm/test/state.test.mjs')],
    env: { ENGINE: 'js' },
    parse: nodeTap,
  },
  {
    name: 'facade-wasm-node',
    description: 'Kotlin/Wasm facade in Node 24 (WasmGC): test vectors bit for bit, errors, batched positions, state buffer, timings',
    build: ['wasm', 'toolchain-node24'],
    cmd: [node24, ...tap('collektive-wasm/test/facade.test.mjs')],
    env: { ENGINE: 'wasm' },
    parse: nodeTap,
  },
  {
    name: 'facade-chromium',
    description: 'Kotlin/Wasm and Kotlin/JS facades in headless Chromium from local files: test vectors bit for bit, errors, timings',
    build: ['wasm', 'js'],
    requires: [chromium],
    cmd: ['node', ...tap('collektive-wasm/test/browser.test.mjs')],
    parse: nodeTap,
  },
];
