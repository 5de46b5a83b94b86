// Kotlin/JS build of the servers' protocol (collektive-protocol) for the Node server: the common RequestReader (the
// validation rules and refusals of docs/protocol.md, the JVM and Kotlin/Native servers' own) with its JS-facing
// export (collektive-protocol/src/jsMain), linked with the core's Kotlin/JS klib (step core-js) and
// kotlinx-serialization-json's JS klibs (fetched through Maven into .toolchain/, as the Native server's are).
// Output: collektive-protocol/build/js/collektive-protocol.mjs, loaded by collektive-node-server/src/session.mjs.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { kotlinJsCompile, kotlinSources, mavenCopy, moduleKlib, root, toolchainDir } from '../lib/toolchain.mjs';

const NAME = 'collektive-protocol';
const build = join(root, 'collektive-protocol', 'build');
const SERIALIZATION_VERSION = '1.8.1';
/** kotlinx-serialization-core/-json for Kotlin/JS, in link order. */
const serializationJsKlibs = ['core', 'json'].map((m) => join(toolchainDir, `kotlinx-serialization-${m}-js-${SERIALIZATION_VERSION}.klib`));

async function ensureSerializationJs() {
  for (const [i, m] of ['core', 'json'].entries()) {
    if (!existsSync(serializationJsKlibs[i])) await mavenCopy(`org.jetbrains.kotlinx:kotlinx-serialization-${m}-js:${SERIALIZATION_VERSION}:klib`, toolchainDir);
  }
}

export const steps = [
  {
    name: 'toolchain-serialization-js',
    description: 'kotlinx-serialization core and json klibs for Kotlin/JS (Maven Central) → .toolchain/',
    inputs: ['scripts/builds/22-protocol-js.mjs'],
    outputs: serializationJsKlibs.map((k) => relative(root, k)),
    run: ensureSerializationJs,
  },
  {
    name: 'protocol-js',
    description: 'Kotlin/JS (ES module) of collektive-protocol\'s request reader for the Node server → collektive-protocol/build/js/',
    deps: ['toolchain-serialization-js', 'core-js'],
    inputs: ['collektive-protocol/src/commonMain', 'collektive-protocol/src/jsMain', 'scripts/builds/22-protocol-js.mjs', 'scripts/lib/toolchain.mjs'],
    outputs: [`collektive-protocol/build/js/${NAME}.mjs`],
    // Linked with the core's klib (step core-js), as the protocol's Native and JVM builds are: the core's internals stay its own.
    run: () => kotlinJsCompile({
      target: 'js', name: NAME, outDir: join(build, 'js'), klibDir: join(build, 'klib-js'),
      libraries: [join(root, moduleKlib('collektive-core', 'js')), ...serializationJsKlibs],
      sources: kotlinSources('collektive-protocol/src/commonMain/kotlin', 'collektive-protocol/src/jsMain/kotlin'),
    }),
  },
];
