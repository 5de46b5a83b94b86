// Committed generated files regenerated from the sources and diffed; the hosts' timing ids checked against the catalogue.
import { nodeTap } from '../lib/parsers.mjs';
import { maven } from '../lib/requirements.mjs';

export const suites = [{
  name: 'generated',
  description: 'committed generated files regenerated and diffed: test vectors (JVM generator into a temp dir), the Kotlin/Native C header; the hosts\' timing-id constants (C#, Kotlin, JS, TS) against measurement/src/catalogue.mjs',
  build: ['core-jvm', 'native', 'js'],
  requires: [maven],
  cmd: [process.execPath, '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=300000', 'scripts/test/generated.test.mjs'],
  parse: nodeTap,
}];
