// The OS floor program (os-floor/, docs/os-floor.md): it runs, each transport gives plausible samples, pinning
// works, a missing build names its toolchain.
import { nodeTap } from '../lib/parsers.mjs';
import { clang16 } from '../lib/requirements.mjs';

export const suites = [{
  name: 'os-floor',
  description: 'OS floor program (C ping-pong between two processes): each id gives positive samples, tcp > shm spin, pinning, errors',
  build: ['os-floor'],
  requires: [clang16],
  cmd: [process.execPath, '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=120000', 'os-floor/test/'],
  parse: nodeTap,
}];
