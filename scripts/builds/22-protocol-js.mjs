// Kotlin/JS build of the servers' protocol (collektive-protocol) for the Node server: the common RequestReader (the
// validation rules and refusals of docs/protocol.md, the JVM and Kotlin/Native servers' own) with its JS-facing
// export (collektive-protocol/src/jsMain), on the common engine and kotlinx-serialization-json's JS klibs (fetched
// through Maven into .toolchain/, as the Native server's are). Output: collektive-protocol/build/js/
// collektive-protocol.mjs, loaded by collektive-node-server/src/protocol.mjs.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { coreSourceDir, jsStdlib, kotlincJs, kotlinSources, mavenCopy, root, swapDir, toolchainDir } from '../lib/toolchain.mjs';
import { run } from '../lib/run.mjs';

const NAME = 'collektive-protocol';
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
    deps: ['toolchain-serialization-js'],
    inputs: [coreSourceDir, 'collektive-protocol/src/commonMain', 'collektive-protocol/src/jsMain', 'scripts/builds/22-protocol-js.mjs'],
    outputs: [`collektive-protocol/build/js/${NAME}.mjs`],
    run: async () => {
      const build = join(root, 'collektive-protocol', 'build');
      const out = join(build, 'js');
      const klibs = join(build, `klib-js.tmp-${process.pid}`);
      const stage = `${out}.tmp-${process.pid}`;
      for (const d of [stage, klibs]) rmSync(d, { recursive: true, force: true });
      mkdirSync(klibs, { recursive: true });
      const platform = ['-module-kind', 'es', '-target', 'es2015'];
      const libraries = [jsStdlib, ...serializationJsKlibs].join(':');
      const sources = kotlinSources(coreSourceDir, 'collektive-protocol/src/commonMain/kotlin', 'collektive-protocol/src/jsMain/kotlin');
      try {
        // Staged and swapped in (as the other Kotlin/JS steps): a concurrent reader never sees half an output.
        await run(kotlincJs, [...platform, '-Werror', '-Xir-produce-klib-file', `-Xir-module-name=${NAME}`, '-libraries', libraries,
          '-ir-output-dir', klibs, '-ir-output-name', NAME, ...sources], { quiet: true });
        await run(kotlincJs, [...platform, '-Xir-produce-js', '-Xir-dce', '-libraries', libraries,
          `-Xinclude=${join(klibs, `${NAME}.klib`)}`, '-ir-output-dir', stage, '-ir-output-name', NAME], { quiet: true });
        swapDir(stage, out);
      } finally {
        for (const d of [stage, klibs]) rmSync(d, { recursive: true, force: true });
      }
    },
  },
];
