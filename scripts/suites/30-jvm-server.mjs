// The Kotlin/JVM TCP server (issue 3 item 2): JUnit 5 over real loopback sockets and a real server process —
// reference protocol conformance, extensions, bad input, oversized lines, disconnects, concurrent clients, SIGTERM CSV.
import { surefire } from '../lib/parsers.mjs';
import { maven } from '../lib/requirements.mjs';

export const suites = [{
  name: 'jvm-server',
  description: 'JVM TCP server: reference protocol conformance, extensions, bad input, disconnects, concurrent clients, SIGTERM → CSV',
  build: ['jvm-server'],
  requires: [maven],
  cmd: ['mvn', '-B', '-pl', 'collektive-jvm-server', 'test'],
  parse: surefire,
}];
