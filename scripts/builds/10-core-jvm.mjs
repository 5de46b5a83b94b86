// collektive-core on the JVM (Maven, kotlin-maven-plugin 2.1.20): the common engine as a jar and the fixtures (test
// vectors, benchmark harness and their JVM entry points) with the tests as the attached `-tests` jar, both installed
// in the local Maven repository (for collektive-jvm-server and its tests), plus target/classpath.txt (kotlin-stdlib)
// for `java -cp` entry points. Tests run in the `core-jvm` suite, not here.
// `vectors` regenerates collektive-core/test-vectors/*.json from the JVM build (npm run vectors).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../lib/run.mjs';
import { root } from '../lib/root.mjs';

/** Serializes Maven runs on collektive-core (several build steps and suites may start them at once). */
export const mavenLock = '/tmp/collektive-core-mvn.lock';
/** `mvn args` under [mavenLock], as a command array. */
export const lockedMaven = (...args) => ['flock', mavenLock, 'mvn', ...args];

export const coreJar = 'collektive-core/target/collektive-core-0.1.0-SNAPSHOT.jar';
export const coreFixturesJar = 'collektive-core/target/collektive-core-0.1.0-SNAPSHOT-tests.jar';
export const coreClasspathFile = 'collektive-core/target/classpath.txt';

/**
 * The classpath (absolute paths) to run collektive-core's JVM entry points with `java -cp`: the engine, its
 * fixtures (`collektive.vectors.GenerateKt`, `collektive.bench.MainKt`) and kotlin-stdlib.
 */
export const coreClasspath = () =>
  [join(root, coreJar), join(root, coreFixturesJar),
    ...readFileSync(join(root, coreClasspathFile), 'utf8').trim().split(':')].join(':');

export const steps = [
  {
    name: 'core-jvm',
    description: `collektive-core JVM jar (mvn -pl collektive-core -am install, tests skipped) → ${coreJar}`,
    inputs: ['pom.xml', 'collektive-core/pom.xml', 'collektive-core/src/commonMain', 'collektive-core/src/commonFixtures',
      'collektive-core/src/jvmFixtures', 'collektive-core/src/commonTest', 'collektive-core/src/jvmTest',
      'scripts/builds/10-core-jvm.mjs'],
    outputs: [coreJar, coreFixturesJar, coreClasspathFile],
    run: async () => {
      const [cmd, ...args] = lockedMaven('-q', '-B', '-pl', 'collektive-core', '-am', 'install', '-DskipTests');
      const install = () => run(cmd, args);
      try {
        await install();
      } catch (e) {
        // kotlin-maven-plugin's incremental caches can go stale ("Conflicting overloads" on unchanged code):
        // retry once from a clean module (under the lock) before reporting the failure.
        console.error(`[build] core-jvm: ${e.message.split('\n')[0]}; retrying after mvn clean`);
        const [c, ...a] = lockedMaven('-q', '-B', '-pl', 'collektive-core', '-am', 'clean', 'install', '-DskipTests');
        await run(c, a);
      }
      console.log(`[build] core-jvm: ${coreJar}`);
    },
  },
  {
    name: 'vectors',
    description: 'regenerate the cross-build test vectors collektive-core/test-vectors/*.json from the JVM build',
    deps: ['core-jvm'],
    inputs: ['scripts/builds/10-core-jvm.mjs'],
    outputs: ['collektive-core/test-vectors/index.json'],
    run: async () => {
      await run('java', ['-cp', coreClasspath(), 'collektive.vectors.GenerateKt', join(root, 'collektive-core', 'test-vectors')]);
    },
  },
];
