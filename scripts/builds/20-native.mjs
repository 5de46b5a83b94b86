// Kotlin/Native builds (collektive-native, owner: native/web engine builds): the offline toolchain and the C ABI
// shared library `libsimple_gradient.so` with its header. Recipe: docs/toolchain.md, scripts/lib/toolchain.mjs.
import { copyFileSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { coreFixturesDir, coreSourceDir, ensureKonan, ensureNode24, konanc, konancCompile, kotlinSources, node24, root } from '../lib/toolchain.mjs';

const TOOLCHAIN_INPUTS = ['scripts/lib/toolchain.mjs'];

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
    name: 'native',
    description: 'Kotlin/Native C ABI shared library collektive-native/build/libsimple_gradient.so + simple_gradient.h',
    deps: ['toolchain-native'],
    inputs: [coreSourceDir, 'collektive-native/src/nativeMain', 'collektive-native/include', ...TOOLCHAIN_INPUTS,
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
          sources: kotlinSources(coreSourceDir, 'collektive-native/src/nativeMain/kotlin'),
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
    deps: ['toolchain-native'],
    inputs: [coreSourceDir, coreFixturesDir, 'collektive-native/src/benchMain', ...TOOLCHAIN_INPUTS, 'scripts/builds/20-native.mjs'],
    outputs: ['collektive-native/build/bench/engine-bench.kexe'],
    run: async () => {
      const stage = join(root, 'collektive-native', 'build', `.bench-${process.pid}`);
      rmSync(stage, { recursive: true, force: true });
      try {
        await konancCompile({
          kind: 'program', out: join(stage, 'engine-bench'), extra: ['-e', 'collektive.cabi.bench.main'],
          sources: kotlinSources(coreSourceDir, coreFixturesDir, 'collektive-native/src/benchMain/kotlin'),
        });
        mkdirSync(join(root, 'collektive-native', 'build', 'bench'), { recursive: true });
        renameSync(join(stage, 'engine-bench.kexe'), join(root, 'collektive-native', 'build', 'bench', 'engine-bench.kexe'));
      } finally {
        rmSync(stage, { recursive: true, force: true });
      }
    },
  },
];
