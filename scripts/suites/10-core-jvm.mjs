// collektive-core JVM tests (kotlin-test on JUnit 5 through Maven Surefire): runtime semantics, gradients against
// Dijkstra/BFS, engine, codecs, bad input, and the committed test vectors regenerated and compared.
import { surefire } from '../lib/parsers.mjs';
import { maven } from '../lib/requirements.mjs';
import { lockedMaven } from '../builds/10-core-jvm.mjs';

export const suites = [
  {
    name: 'core-jvm',
    description: 'collektive-core on the JVM: aggregate runtime, gradients vs Dijkstra/BFS, engine, codecs, bad input, test vectors',
    requires: [maven],
    build: ['core-jvm'],
    cmd: lockedMaven('-B', '-pl', 'collektive-core', 'test'),
    parse: surefire,
  },
];
