// Committed generated files are regenerated from the sources and compared byte for byte; a difference fails with a
// unified diff and the command that updates the committed copy (review the diff, then commit it).
//  - collektive-core/test-vectors/*.json: the JVM generator (collektive.vectors.GenerateKt, core fixtures) writes
//    them into a temporary directory.
//  - collektive-native/include/libsimple_gradient_api.h: the C header Kotlin/Native generates for the library's
//    exports, as the `native` build step (run before this suite) just generated it from the current sources.
// The hand-written sources these are compared against elsewhere (simple_gradient.h vs the exports: suite
// native-abi) are not generated and so not listed here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { coreClasspath } from '../builds/10-core-jvm.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

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
