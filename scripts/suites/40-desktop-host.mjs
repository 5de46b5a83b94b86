// Test suites of the C# front-end (desktop-host/README.md): NUnit tests of the shared Unity package, and
// integration of the headless host with both real back-ends (libsimple_gradient.so via P/Invoke, the JVM server
// over loopback) incl. the engine's test vectors and the CSV/run.json schema of bench:desktop's outputs.
import { nodeTap, nunit } from '../lib/parsers.mjs';
import { requireMono, requireNewtonsoft, requireNunit } from '../lib/requirements.mjs';

export const suites = [
  {
    name: 'frontend-nunit',
    description: 'NUnit 2.6 tests of com.collektive.frontend (scene model, link diff, parsers, CSV, frame loop, socket engine, scene pacing, run config; scenarios through the C ABI against the test vectors)',
    // native: the scenes' layouts are the engine's, asked of libsimple_gradient.so (scenario_positions).
    build: ['native'],
    requires: [requireMono, requireNewtonsoft, requireNunit],
    // The Unity project's one NUnit runner (unity-webgl/Tests~/nunit/run.mjs), on the package's Tests/Runtime.
    cmd: ['node', 'unity-webgl/Tests~/nunit/run.mjs', 'Collektive.Frontend.Tests'],
    parse: nunit,
  },
  {
    name: 'desktop-host',
    description: 'headless C# host against the real .so, the JVM server (TCP, Unix socket, shared memory) and the Kotlin/Native shared-memory server: test vectors, few hundred rounds, CSV and run.json schema, either side killed mid-run; every program on native, tcp and shm against the Kotlin engine, bench:desktop --programs; the bench:* and profile command lines (--help, bad options)',
    // js: the programs test compares the host's values with the Kotlin engine's (the Kotlin/JS facade).
    build: ['native', 'jvm-server', 'native-server', 'desktop-host', 'js'],
    requires: [requireMono, requireNewtonsoft],
    cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=600000', 'desktop-host/test/integration.test.mjs', 'desktop-host/test/transports.test.mjs', 'desktop-host/test/programs.test.mjs', 'scripts/test/cli.test.mjs'],
    parse: nodeTap,
  },
];
