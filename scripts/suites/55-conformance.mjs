// One protocol, two servers: the conformance cases of docs/protocol.md (reference messages, validation, rid range,
// error replies, hello limits, budgets) run against the JVM TCP server and the Node ws server, each a real process
// on a loopback port (scripts/conformance/).
import { nodeTap } from '../lib/parsers.mjs';
import { maven } from '../lib/requirements.mjs';

export const suites = [{
  name: 'conformance',
  description: 'docs/protocol.md against both servers (JVM over TCP and a Unix socket, Node over ws): validation, rid range, error replies, hello limits, budgets',
  build: ['js', 'jvm-server'],
  requires: [maven],
  cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=120000',
    'scripts/conformance/protocol.test.mjs'],
  parse: nodeTap,
}];
