// Build step `jvm-server`: the Kotlin/JVM TCP server (collektive-jvm-server/README.md) as one runnable shaded jar.
// core-jvm installs collektive-core into the local Maven repository; this step installs the parent pom (which
// core-jvm's `-pl collektive-core` does not, and without which the installed core cannot be resolved from
// outside the reactor) and then the server, so `mvn -B -pl collektive-jvm-server test` (suite jvm-server) works.
import { run } from '../lib/run.mjs';

export const JVM_SERVER_JAR = 'collektive-jvm-server/target/collektive-jvm-server.jar';

export const steps = [{
  name: 'jvm-server',
  description: `Kotlin/JVM TCP server (reference JSON-line protocol + extensions) → ${JVM_SERVER_JAR}`,
  deps: ['core-jvm'],
  inputs: ['pom.xml', 'collektive-jvm-server/pom.xml', 'collektive-jvm-server/src/main', 'collektive-protocol/src/commonMain', 'scripts/builds/30-jvm-server.mjs'],
  outputs: [JVM_SERVER_JAR],
  run: async () => {
    await run('mvn', ['-B', '-q', '-N', 'install']);
    try {
      await run('mvn', ['-B', '-q', '-pl', 'collektive-jvm-server', 'install', '-Dmaven.test.skip=true']);
    } catch (e) {
      // As in core-jvm: kotlin-maven-plugin's incremental caches can go stale when the installed core changes under
      // them ("Conflicting declarations" on unchanged code); retry once from a clean module.
      console.error(`[build] jvm-server: ${e.message.split('\n')[0]}; retrying after mvn clean`);
      await run('mvn', ['-B', '-q', '-pl', 'collektive-jvm-server', 'clean', 'install', '-Dmaven.test.skip=true']);
    }
  },
}];
