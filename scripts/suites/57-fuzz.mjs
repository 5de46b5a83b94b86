// Coverage-guided fuzzing (docs/testing.md): the committed inputs replayed, then a short seeded run of each target —
// the Node server's message handling and the dashboard's upload path (V8 block coverage), the JVM server's request
// lines and line reader (Jazzer).
import { nodeTap } from '../lib/parsers.mjs';
import { maven } from '../lib/requirements.mjs';

export const suites = [{
  name: 'fuzz',
  description: 'fuzzing: committed corpus and crash inputs replayed; Node server messages and dashboard uploads into DuckDB-Wasm (coverage-guided, V8), JVM Session and LineReader (Jazzer), 20 s each, seeded',
  build: ['js', 'jvm-server'],
  requires: [maven],
  cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=300000', 'scripts/fuzz/fuzz.test.mjs'],
  parse: nodeTap,
}];
