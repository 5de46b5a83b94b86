// Build steps `protocol-jvm` and `jvm-server`: collektive-protocol as a jar, then the Kotlin/JVM TCP server
// (collektive-jvm-server/README.md) as one runnable shaded jar that depends on it. core-jvm installs collektive-core
// into the local Maven repository; `protocol-jvm` installs the parent pom (which core-jvm's `-pl collektive-core`
// does not, and without which the installed modules cannot be resolved from outside the reactor) and the protocol
// jar; `jvm-server` installs the server, so `mvn -B -pl collektive-jvm-server test` (suite jvm-server) works.
import { run } from '../lib/run.mjs';

export const PROTOCOL_JAR = 'collektive-protocol/target/collektive-protocol-0.1.0-SNAPSHOT.jar';
export const JVM_SERVER_JAR = 'collektive-jvm-server/target/collektive-jvm-server.jar';

/**
 * `mvn install` of one module, tests skipped; retried once from a clean module, because kotlin-maven-plugin's
 * incremental caches can go stale when an installed dependency changes under them ("Conflicting declarations" on
 * unchanged code).
 */
async function mavenInstall(step, module) {
  try {
    await run('mvn', ['-B', '-q', '-pl', module, 'install', '-Dmaven.test.skip=true']);
  } catch (e) {
    console.error(`[build] ${step}: ${e.message.split('\n')[0]}; retrying after mvn clean`);
    await run('mvn', ['-B', '-q', '-pl', module, 'clean', 'install', '-Dmaven.test.skip=true']);
  }
}

export const steps = [
  {
    name: 'protocol-jvm',
    description: `collektive-protocol JVM jar (the servers' common protocol code, on collektive-core's jar) → ${PROTOCOL_JAR}`,
    deps: ['core-jvm'],
    inputs: ['pom.xml', 'collektive-protocol/pom.xml', 'collektive-protocol/src/commonMain', 'scripts/builds/30-jvm-server.mjs'],
    outputs: [PROTOCOL_JAR],
    run: async () => {
      await run('mvn', ['-B', '-q', '-N', 'install']);
      await mavenInstall('protocol-jvm', 'collektive-protocol');
    },
  },
  {
    name: 'jvm-server',
    description: `Kotlin/JVM TCP server (reference JSON-line protocol + extensions, on the protocol and core jars) → ${JVM_SERVER_JAR}`,
    deps: ['core-jvm', 'protocol-jvm'],
    inputs: ['pom.xml', 'collektive-jvm-server/pom.xml', 'collektive-jvm-server/src/main', 'scripts/builds/30-jvm-server.mjs'],
    outputs: [JVM_SERVER_JAR],
    run: () => mavenInstall('jvm-server', 'collektive-jvm-server'),
  },
];
