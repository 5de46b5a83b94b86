// Kotlin/Native builds (collektive-native, owner: native/web engine builds): the offline toolchain, collektive-core
// and collektive-protocol as klibs, the C ABI shared library `libsimple_gradient.so` with its header (linking the
// core's klib), and the shared-memory server `collektive-native-server` (linking both). Recipe: docs/toolchain.md,
// scripts/lib/toolchain.mjs.
import { copyFileSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cinteropCompile, coreFixturesDir, coreSourceDir, ensureKonan, ensureNode24, ensureSerializationNative, konanc, konancCompile,
  kotlinModuleKlib, kotlinSources, moduleKlib, node24, protocolSourceDir, root, serializationNativeKlibs } from '../lib/toolchain.mjs';

const TOOLCHAIN_INPUTS = ['scripts/lib/toolchain.mjs'];
const CORE_KLIB = moduleKlib('collektive-core', 'native');
const PROTOCOL_KLIB = moduleKlib('collektive-protocol', 'native');
const abs = (p) => join(root, p);

export const steps = [
  {
    name: 'toolchain-native',
    description: 'fetch kotlin-native-prebuilt 2.1.20 through Maven and unpack it into .toolchain/',
    inputs: TOOLCHAIN_INPUTS,
    outputs: [relative(root, konanc)],
    run: ensureKonan,
  },
  {
    name: 'toolchain-node24',
    description: 'fetch Node 24 (runs Kotlin/Wasm outside the browser) through npm pack into .toolchain/',
    inputs: TOOLCHAIN_INPUTS,
    outputs: [relative(root, node24)],
    run: ensureNode24,
  },
  {
    name: 'toolchain-serialization-native',
    description: 'fetch kotlinx-serialization-core/-json 1.8.1 linuxX64 klibs through Maven into .toolchain/',
    inputs: TOOLCHAIN_INPUTS,
    outputs: serializationNativeKlibs.map((k) => relative(root, k)),
    run: ensureSerializationNative,
  },
  {
    name: 'core-native',
    description: `collektive-core as a Kotlin/Native klib (the engine every native binary links) → ${CORE_KLIB}`,
    deps: ['toolchain-native'],
    inputs: [coreSourceDir, ...TOOLCHAIN_INPUTS, 'scripts/builds/20-native.mjs'],
    outputs: [CORE_KLIB],
    run: () => kotlinModuleKlib({ module: 'collektive-core', platform: 'native', sources: kotlinSources(coreSourceDir) }),
  },
  {
    name: 'protocol-native',
    description: `collektive-protocol as a Kotlin/Native klib on the core's and kotlinx-serialization's → ${PROTOCOL_KLIB}`,
    deps: ['toolchain-native', 'toolchain-serialization-native', 'core-native'],
    inputs: [protocolSourceDir, ...TOOLCHAIN_INPUTS, 'scripts/builds/20-native.mjs'],
    outputs: [PROTOCOL_KLIB],
    run: () => kotlinModuleKlib({
      module: 'collektive-protocol', platform: 'native', sources: kotlinSources(protocolSourceDir),
      libraries: [abs(CORE_KLIB), ...serializationNativeKlibs],
    }),
  },
  {
    name: 'native',
    description: 'Kotlin/Native C ABI shared library collektive-native/build/libsimple_gradient.so + simple_gradient.h',
    deps: ['toolchain-native', 'core-native'],
    inputs: ['collektive-native/src/nativeMain', 'collektive-native/include', ...TOOLCHAIN_INPUTS,
      'scripts/builds/20-native.mjs'],
    outputs: ['collektive-native/build/libsimple_gradient.so', 'collektive-native/build/simple_gradient.h',
      'collektive-native/build/libsimple_gradient_api.h'],
    run: async () => {
      const build = join(root, 'collektive-native', 'build');
      const stage = join(build, `.stage-${process.pid}`);
      rmSync(stage, { recursive: true, force: true });
      mkdirSync(stage, { recursive: true });
      try {
        await konancCompile({
          kind: 'dynamic',
          out: join(stage, 'libsimple_gradient'),
          libraries: [abs(CORE_KLIB)],
          sources: kotlinSources('collektive-native/src/nativeMain/kotlin'),
        });
        // The hand-written header (reference names and C types) ships beside the compiler's generated one; the
        // native suite checks that both declare the same functions with compatible types.
        copyFileSync(join(root, 'collektive-native', 'include', 'simple_gradient.h'), join(stage, 'simple_gradient.h'));
        // rename() per file: a process that already mapped the old .so keeps it; new loads see the new one.
        for (const f of ['libsimple_gradient_api.h', 'simple_gradient.h', 'libsimple_gradient.so']) {
          renameSync(join(stage, f), join(build, f));
        }
      } finally {
        rmSync(stage, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'native-bench',
    description: 'Kotlin/Native benchmark executable (engine round vs Bellman-Ford floor) for npm run bench:engine',
    deps: ['toolchain-native', 'core-native'],
    inputs: [coreFixturesDir, 'collektive-native/src/benchMain', ...TOOLCHAIN_INPUTS, 'scripts/builds/20-native.mjs'],
    outputs: ['collektive-native/build/bench/engine-bench.kexe'],
    run: async () => {
      const stage = join(root, 'collektive-native', 'build', `.bench-${process.pid}`);
      rmSync(stage, { recursive: true, force: true });
      try {
        await konancCompile({
          kind: 'program', out: join(stage, 'engine-bench'), extra: ['-e', 'collektive.cabi.bench.main'],
          // The fixtures are the core's own (as its tests are): friends of its klib.
          libraries: [abs(CORE_KLIB)], friends: [abs(CORE_KLIB)],
          sources: kotlinSources(coreFixturesDir, 'collektive-native/src/benchMain/kotlin'),
        });
        mkdirSync(join(root, 'collektive-native', 'build', 'bench'), { recursive: true });
        renameSync(join(stage, 'engine-bench.kexe'), join(root, 'collektive-native', 'build', 'bench', 'engine-bench.kexe'));
      } finally {
        rmSync(stage, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'native-server',
    description: 'Kotlin/Native shared-memory server collektive-native-server/build/collektive-native-server.kexe (the JVM server\'s --transport shm, same engine as the .so)',
    deps: ['toolchain-native', 'toolchain-serialization-native', 'core-native', 'protocol-native'],
    inputs: ['collektive-native-server/src', ...TOOLCHAIN_INPUTS,
      'scripts/builds/20-native.mjs'],
    outputs: ['collektive-native-server/build/collektive-native-server.kexe'],
    run: async () => {
      const build = join(root, 'collektive-native-server', 'build');
      const stage = join(build, `.stage-${process.pid}`);
      rmSync(stage, { recursive: true, force: true });
      try {
        // The atomic accesses, pause and signal helpers behind docs/protocol.md's "Shared memory" rules (static inline C).
        await cinteropCompile({ def: join(root, 'collektive-native-server', 'src', 'nativeInterop', 'cinterop', 'shmsys.def'), out: join(stage, 'shmsys') });
        await konancCompile({
          kind: 'program', out: join(stage, 'collektive-native-server'),
          extra: ['-e', 'collektive.nativeserver.main'],
          libraries: [abs(CORE_KLIB), ...serializationNativeKlibs, abs(PROTOCOL_KLIB), join(stage, 'shmsys.klib')],
          sources: kotlinSources('collektive-native-server/src/nativeMain/kotlin'),
        });
        // rename(): a server already running keeps its executable; new starts see the new one.
        renameSync(join(stage, 'collektive-native-server.kexe'), join(build, 'collektive-native-server.kexe'));
      } finally {
        rmSync(stage, { recursive: true, force: true });
      }
    },
  },
];
