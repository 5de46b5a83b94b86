// The profile pipeline (docs/profiles.md): a short real profile of the four paths at N = 10 under perf,
// async-profiler, node --cpu-prof and Chromium's CDP profiler; each path's stacks contain the engine step function.
import { nodeTap } from '../lib/parsers.mjs';
import { chromium, linuxPerf, maven, mono } from '../lib/requirements.mjs';

export const suites = [{
  name: 'profile',
  description: 'profiles of the four paths (N = 10, a few seconds each): collapsed stacks with the engine step function, categories, usage',
  build: ['native', 'jvm-server', 'desktop-host', 'wasm', 'js', 'dashboard'],
  requires: [linuxPerf, mono, maven, chromium],
  cmd: [process.execPath, '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=450000', 'scripts/test/profile.test.mjs'],
  parse: nodeTap,
}];
