// Kotlin/Wasm and Kotlin/JS builds of the engine facade (collektive-wasm): the common engine plus the facade's
// shared source and one platform source set each. Outputs: collektive-wasm/build/wasm/ (optimized .wasm, its
// loader .mjs files) and collektive-wasm/build/js/ (ES module). Loaded through collektive-wasm/src/js/engine.mjs.
import { copyFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { coreFixturesDir, coreSourceDir, ensureWasmStdlib, kotlinJsCompile, kotlinSources, root, swapDir, wasmOptimize } from '../lib/toolchain.mjs';

const NAME = 'collektive-wasm';
const build = join(root, 'collektive-wasm', 'build');
const COMMON_INPUTS = [coreSourceDir, 'collektive-wasm/src/commonMain', 'scripts/lib/toolchain.mjs', 'scripts/builds/21-web.mjs'];

export const steps = [
  {
    name: 'wasm',
    description: 'Kotlin/Wasm (wasm-js) engine facade, optimized with wasm-opt → collektive-wasm/build/wasm/',
    inputs: [...COMMON_INPUTS, 'collektive-wasm/src/wasmJsMain'],
    outputs: [`collektive-wasm/build/wasm/${NAME}.wasm`, `collektive-wasm/build/wasm/${NAME}.uninstantiated.mjs`,
      `collektive-wasm/build/wasm/${NAME}.mjs`],
    run: async () => {
      await ensureWasmStdlib();
      const raw = join(build, 'wasm-raw');
      await kotlinJsCompile({
        target: 'wasm', name: NAME, outDir: raw, klibDir: join(build, 'klib-wasm'),
        sources: kotlinSources(coreSourceDir, 'collektive-wasm/src/commonMain/kotlin', 'collektive-wasm/src/wasmJsMain/kotlin'),
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
    deps: ['protocol-js'],
    inputs: [...COMMON_INPUTS, 'collektive-wasm/src/jsMain'],
    outputs: [`collektive-wasm/build/js/${NAME}.mjs`],
    run: () => kotlinJsCompile({
      target: 'js', name: NAME, outDir: join(build, 'js'), klibDir: join(build, 'klib-js'),
      sources: kotlinSources(coreSourceDir, 'collektive-wasm/src/commonMain/kotlin', 'collektive-wasm/src/jsMain/kotlin'),
    }),
  },
  {
    name: 'js-bench',
    description: 'Kotlin/JS benchmark module (engine round vs Bellman-Ford floor) for npm run bench:engine',
    inputs: [coreSourceDir, coreFixturesDir, 'collektive-wasm/src/benchMain', 'scripts/lib/toolchain.mjs', 'scripts/builds/21-web.mjs'],
    outputs: ['collektive-wasm/build/bench-js/collektive-bench.mjs'],
    run: () => kotlinJsCompile({
      target: 'js', name: 'collektive-bench', outDir: join(build, 'bench-js'), klibDir: join(build, 'klib-bench-js'),
      sources: kotlinSources(coreSourceDir, coreFixturesDir, 'collektive-wasm/src/benchMain/kotlin'),
    }),
  },
  {
    name: 'wasm-bench',
    description: 'Kotlin/Wasm benchmark module (optimized like the facade) for npm run bench:engine',
    inputs: [coreSourceDir, coreFixturesDir, 'collektive-wasm/src/benchMain', 'scripts/lib/toolchain.mjs', 'scripts/builds/21-web.mjs'],
    outputs: ['collektive-wasm/build/bench-wasm/collektive-bench.mjs', 'collektive-wasm/build/bench-wasm/collektive-bench.wasm'],
    run: async () => {
      await ensureWasmStdlib();
      const out = join(build, 'bench-wasm');
      await kotlinJsCompile({
        target: 'wasm', name: 'collektive-bench', outDir: out, klibDir: join(build, 'klib-bench-wasm'),
        sources: kotlinSources(coreSourceDir, coreFixturesDir, 'collektive-wasm/src/benchMain/kotlin'),
      });
      const raw = join(out, 'collektive-bench.wasm');
      await wasmOptimize(raw, `${raw}.opt`);
      renameSync(`${raw}.opt`, raw);
    },
  },
];
