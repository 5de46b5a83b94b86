// Committed generated files are regenerated from the sources and compared byte for byte; a difference fails with a
// unified diff and the command that updates the committed copy (review the diff, then commit it). Last, the
// timing-id constants of every host are checked against measurement/src/catalogue.mjs (see below).
//  - collektive-core/test-vectors/*.json: the JVM generator (collektive.vectors.GenerateKt, core fixtures) writes
//    them into a temporary directory.
//  - collektive-native/include/libsimple_gradient_api.h: the C header Kotlin/Native generates for the library's
//    exports, as the `native` build step (run before this suite) just generated it from the current sources.
// The hand-written sources these are compared against elsewhere (simple_gradient.h vs the exports: suite
// native-abi) are not generated and so not listed here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { coreClasspath } from '../builds/10-core-jvm.mjs';
import { root } from '../lib/root.mjs';

/** `diff -u` of two paths (files or directories), relative to the repository root when under it; '' when equal. */
function unifiedDiff(committed, regenerated) {
  const r = spawnSync('diff', ['-u', '-r', committed, regenerated], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status === 0) return '';
  if (r.status !== 1) throw new Error(`diff failed: ${r.stderr || r.error}`);
  const lines = r.stdout.split('\n');
  return (lines.length > 200 ? [...lines.slice(0, 200), `… ${lines.length - 200} more lines`] : lines).join('\n');
}

test('collektive-core/test-vectors equal what the generator writes now', () => {
  const committed = join(root, 'collektive-core', 'test-vectors');
  const out = mkdtempSync(join(tmpdir(), 'collektive-vectors-'));
  try {
    const gen = spawnSync('java', ['-cp', coreClasspath(), 'collektive.vectors.GenerateKt', out], { encoding: 'utf8' });
    assert.equal(gen.status, 0, `the generator failed: ${gen.stderr}`);
    assert.deepEqual(readdirSync(out).sort(), readdirSync(committed).sort(), 'the generator writes a different set of files');
    const diff = unifiedDiff(committed, out);
    if (diff) assert.fail(`committed test vectors differ from the generator's (update: npm run vectors, review, commit):\n${diff}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('collektive-native/include/libsimple_gradient_api.h equals the header Kotlin/Native generates', () => {
  const committed = join(root, 'collektive-native', 'include', 'libsimple_gradient_api.h');
  const regenerated = join(root, 'collektive-native', 'build', 'libsimple_gradient_api.h');
  assert.ok(readFileSync(regenerated, 'utf8').includes('libsimple_gradient_ExportedSymbols'), 'the build did not generate the header');
  const diff = unifiedDiff(committed, regenerated);
  if (diff) {
    assert.fail('the committed generated header differs from the build\'s (update: npm run build -- native && ' +
      `cp collektive-native/build/libsimple_gradient_api.h collektive-native/include/, review, commit):\n${diff}`);
  }
});

// Timing ids are written by hosts in three languages and read by the analysis through the catalogue
// (measurement/src/catalogue.mjs): every id literal a host's id constants hold must be the catalogue's, each engine
// host writes exactly the back-end ids, and the front-end hosts together write every front-end and floor id the
// catalogue lists. An id added on one side only fails here.
// Each with the path it serves: it writes the common back-end ids and that path's own (PATHS[path].backendIds).
const BACKEND_ID_FILES = [
  ['collektive-protocol/src/commonMain/kotlin/collektive/protocol/Host.kt', 'socket'], // both Kotlin servers' (JVM and Native)
  ['collektive-native/src/nativeMain/kotlin/collektive/cabi/TimingLog.kt', 'native'],
  ['collektive-wasm/src/commonMain/kotlin/collektive/web/TimingBuffer.kt', 'wasm'],
  ['collektive-node-server/src/session.mjs', 'websocket'],
];
// The files holding the front-end and floor id constants (a new host's joins this list).
const FRONTEND_ID_FILES = [
  'unity-webgl/Packages/com.collektive.frontend/Runtime/Timing/TimingIds.cs',
  'unity-webgl/Packages/com.collektive.frontend/Runtime/WebGL/WebTimingIds.cs',
  'dashboard/src/live/timing/ids.ts',
  'os-floor/src/os_floor.c',
];

/** The timing-id literals ("step.…", 'floor.…') in a source file. */
const idLiterals = (file) => new Set([...readFileSync(join(root, file), 'utf8').matchAll(/["'`]((?:step|floor|echo)\.[a-z0-9_.]+)["'`]/g)].map((m) => m[1]));
const sorted = (xs) => [...xs].sort();

test('the hosts\' timing ids are the catalogue\'s (C#, Kotlin, JavaScript, TypeScript)', async () => {
  const { TIMING_IDS } = await import('../../measurement/src/catalogue.mjs');
  const sideOf = (id) => TIMING_IDS[id]?.side;
  const backendOf = (path) => sorted(Object.keys(TIMING_IDS).filter((id) => sideOf(id) === 'backend'
    && TIMING_IDS[id].paths.includes(path)));
  for (const [file, path] of BACKEND_ID_FILES) {
    assert.deepEqual(sorted(idLiterals(file)), backendOf(path), `${file} must write exactly the catalogue's back-end ids of the ${path} path`);
  }
  const written = new Set();
  for (const file of FRONTEND_ID_FILES) {
    const ids = idLiterals(file);
    const unknown = [...ids].filter((id) => !TIMING_IDS[id] || sideOf(id) === 'backend');
    assert.deepEqual(unknown, [], `${file} holds front-end or floor ids the catalogue (measurement/src/catalogue.mjs) does not list: add them there`);
    for (const id of ids) written.add(id);
  }
  const unwritten = Object.keys(TIMING_IDS).filter((id) => sideOf(id) !== 'backend' && !written.has(id));
  assert.deepEqual(unwritten, [], `catalogue ids no host's id constants hold (${FRONTEND_ID_FILES.join(', ')}): add them to the host that writes them`);
});

test('measurement/schema/run.schema.json names the catalogue\'s paths, platforms, pacings and encodings', async () => {
  const { RUN_SCHEMA, schemaFromCatalogue } = await import('../schema.mjs');
  const committed = readFileSync(RUN_SCHEMA, 'utf8');
  if (committed !== schemaFromCatalogue(committed)) {
    const out = mkdtempSync(join(tmpdir(), 'run-schema-'));
    try {
      writeFileSync(join(out, 'run.schema.json'), schemaFromCatalogue(committed));
      assert.fail(`run.schema.json's lists differ from measurement/src/catalogue.mjs (update: npm run schema, review, commit):\n${unifiedDiff(RUN_SCHEMA, join(out, 'run.schema.json'))}`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
});

test('the catalogue\'s programs are the engine\'s registry (collektive.programs.Programs, as the Kotlin/JS build lists them)', async () => {
  const { loadJsEngine } = await import('../../collektive-wasm/src/js/engine.mjs');
  const { PROGRAMS } = await import('../../measurement/src/catalogue.mjs');
  const facade = await loadJsEngine();
  assert.deepEqual([...facade.programs()].sort(), Object.keys(PROGRAMS).sort(),
    'a program registered in Programs.kt must have an entry in measurement/src/catalogue.mjs PROGRAMS (docs/programs.md, "Bring your own program"), and the other way round');
});
