// Kotlin/Wasm and Kotlin/JS builds of the engine facade (collektive-wasm): collektive-core as a klib per platform
// (steps core-wasm, core-js), and the facade's shared source plus one platform source set each, linked with it.
// Outputs: collektive-wasm/build/wasm/ (optimized .wasm, its loader .mjs files) and collektive-wasm/build/js/ (ES
// module). Loaded through collektive-wasm/src/js/engine.mjs.
import { copyFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { coreFixturesDir, coreSourceDir, ensureWasmStdlib, kotlinJsCompile, kotlinModuleKlib, kotlinSources, moduleKlib, root, swapDir,
  wasmOptimize } from '../lib/toolchain.mjs';

const NAME = 'collektive-wasm';
const build = join(root, 'collektive-wasm', 'build');
const TOOLCHAIN_INPUTS = ['scripts/lib/toolchain.mjs', 'scripts/builds/21-web.mjs'];
const COMMON_INPUTS = ['collektive-wasm/src/commonMain', ...TOOLCHAIN_INPUTS];
const CORE_KLIB = { js: moduleKlib('collektive-core', 'js'), wasm: moduleKlib('collektive-core', 'wasm') };
/** The core's klib for `target`, to link (absolute path). */
const core = (target) => [join(root, CORE_KLIB[target])];

export const steps = [
  {
    name: 'core-wasm',
    description: `collektive-core as a Kotlin/Wasm (wasm-js) klib → ${CORE_KLIB.wasm}`,
    inputs: [coreSourceDir, ...TOOLCHAIN_INPUTS],
    outputs: [CORE_KLIB.wasm],
    run: async () => {
      await ensureWasmStdlib();
      await kotlinModuleKlib({ module: 'collektive-core', platform: 'wasm', sources: kotlinSources(coreSourceDir) });
    },
  },
  {
    name: 'core-js',
    description: `collektive-core as a Kotlin/JS klib → ${CORE_KLIB.js}`,
    inputs: [coreSourceDir, ...TOOLCHAIN_INPUTS],
    outputs: [CORE_KLIB.js],
    run: () => kotlinModuleKlib({ module: 'collektive-core', platform: 'js', sources: kotlinSources(coreSourceDir) }),
  },
  {
    name: 'wasm',
    description: 'Kotlin/Wasm (wasm-js) engine facade, optimized with wasm-opt → collektive-wasm/build/wasm/',
    deps: ['core-wasm'],
    inputs: [...COMMON_INPUTS, 'collektive-wasm/src/wasmJsMain'],
    outputs: [`collektive-wasm/build/wasm/${NAME}.wasm`, `collektive-wasm/build/wasm/${NAME}.uninstantiated.mjs`,
      `collektive-wasm/build/wasm/${NAME}.mjs`],
    run: async () => {
      await ensureWasmStdlib();
      const raw = join(build, 'wasm-raw');
      await kotlinJsCompile({
        target: 'wasm', name: NAME, outDir: raw, klibDir: join(build, 'klib-wasm'), libraries: core('wasm'),
        sources: kotlinSources('collektive-wasm/src/commonMain/kotlin', 'collektive-wasm/src/wasmJsMain/kotlin'),
      });
      const out = join(build, 'wasm');
      const stage = `${out}.tmp-${process.pid}`;
      rmSync(stage, { recursive: true, force: true });
      mkdirSync(stage, { recursive: true });
      await wasmOptimize(join(raw, `${NAME}.wasm`), join(stage, `${NAME}.wasm`));
      for (const f of [`${NAME}.mjs`, `${NAME}.uninstantiated.mjs`]) copyFileSync(join(raw, f), join(stage, f));
      swapDir(stage, out);
      const size = (p) => `${(statSync(p).size / 1024).toFixed(0)} KiB`;
      console.log(`[build] wasm: ${size(join(raw, `${NAME}.wasm`))} → ${size(join(out, `${NAME}.wasm`))} after wasm-opt`);
    },
  },
  {
    name: 'js',
    description: 'Kotlin/JS (ES module) engine facade → collektive-wasm/build/js/',
    // protocol-js: the Node server, this module's host, reads its requests with collektive-protocol's Kotlin/JS build.
    deps: ['core-js', 'protocol-js'],
    inputs: [...COMMON_INPUTS, 'collektive-wasm/src/jsMain'],
    outputs: [`collektive-wasm/build/js/${NAME}.mjs`],
    run: () => kotlinJsCompile({
      target: 'js', name: NAME, outDir: join(build, 'js'), klibDir: join(build, 'klib-js'), libraries: core('js'),
      sources: kotlinSources('collektive-wasm/src/commonMain/kotlin', 'collektive-wasm/src/jsMain/kotlin'),
    }),
  },
  {
    name: 'js-bench',
    description: 'Kotlin/JS benchmark module (engine round vs Bellman-Ford floor) for npm run bench:engine',
    deps: ['core-js'],
    inputs: [coreFixturesDir, 'collektive-wasm/src/benchMain', ...TOOLCHAIN_INPUTS],
    outputs: ['collektive-wasm/build/bench-js/collektive-bench.mjs'],
    run: () => kotlinJsCompile({
      target: 'js', name: 'collektive-bench', outDir: join(build, 'bench-js'), klibDir: join(build, 'klib-bench-js'),
      // The fixtures are the core's own (as its tests are): friends of its klib.
      libraries: core('js'), friends: core('js'),
      sources: kotlinSources(coreFixturesDir, 'collektive-wasm/src/benchMain/kotlin'),
    }),
  },
  {
    name: 'wasm-bench',
    description: 'Kotlin/Wasm benchmark module (optimized like the facade) for npm run bench:engine',
    deps: ['core-wasm'],
    inputs: [coreFixturesDir, 'collektive-wasm/src/benchMain', ...TOOLCHAIN_INPUTS],
    outputs: ['collektive-wasm/build/bench-wasm/collektive-bench.mjs', 'collektive-wasm/build/bench-wasm/collektive-bench.wasm'],
    run: async () => {
      await ensureWasmStdlib();
      const out = join(build, 'bench-wasm');
      await kotlinJsCompile({
        target: 'wasm', name: 'collektive-bench', outDir: out, klibDir: join(build, 'klib-bench-wasm'),
        libraries: core('wasm'), friends: core('wasm'),
        sources: kotlinSources(coreFixturesDir, 'collektive-wasm/src/benchMain/kotlin'),
      });
      const raw = join(out, 'collektive-bench.wasm');
      await wasmOptimize(raw, `${raw}.opt`);
      renameSync(`${raw}.opt`, raw);
    },
  },
];
