// The test runner itself (scripts/test.mjs): what it counts from a real runner's output, and the failures it repeats
// at the end of a run, where a CI log that keeps only its tail still shows them.
import { nodeTap } from '../lib/parsers.mjs';

const runnerTest = (file) => [process.execPath, '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=120000', file];

export const suites = [
  {
    name: 'runner',
    description: 'the test runner: passed/failed counted from real node --test output, the failures digest repeated at the end, a suite with a failure fails the run',
    cmd: runnerTest('scripts/test/runner.test.mjs'),
    parse: nodeTap,
  },
  // Only while suite runner's own test runs scripts/test.mjs on its failing fixture; never part of `npm test`.
  ...(process.env.COLLEKTIVE_RUNNER_FIXTURE ? [{
    name: 'runner-fixture',
    description: 'a fixture with a failing test (suite runner)',
    cmd: runnerTest(process.env.COLLEKTIVE_RUNNER_FIXTURE),
    parse: nodeTap,
  }] : []),
];
