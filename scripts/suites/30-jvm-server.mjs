// The Kotlin/JVM TCP server: JUnit 5 over real loopback sockets and a real server process — reference protocol
// conformance, extensions, bad input, budgets of docs/protocol.md, disconnects, concurrent clients, SIGTERM CSV.
import { surefire } from '../lib/parsers.mjs';
import { maven } from '../lib/requirements.mjs';

export const suites = [{
  name: 'jvm-server',
  description: 'JVM TCP server: reference protocol conformance, extensions, bad input, budgets, disconnects, concurrent clients, SIGTERM under load → CSV, fatal → exit 70',
  build: ['jvm-server'],
  requires: [maven],
  cmd: ['mvn', '-B', '-pl', 'collektive-jvm-server', 'test'],
  parse: surefire,
}];
