// Fuzz target (Jazzer.js convention: `fuzz(bytes)` throws on a finding): the dashboard's upload path, the page's
// own TypeScript (dashboard/test/fuzz/uploadTarget.ts: checks, parser, Arrow append to DuckDB-Wasm's Node build).
// The TypeScript is bundled once per process with rolldown (Vite's bundler, already a dependency) into a temporary
// module, whose V8 block coverage guides the loop (coverage-fuzz.mjs); the bundle holds the dashboard's and the
// measurement library's code, DuckDB and Arrow stay outside it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'rolldown';
import { root } from '../conformance/servers.mjs';

/** The bundle's file name: coverage-fuzz.mjs counts the blocks of the scripts whose URL matches. */
export const BUNDLE = 'dashboard-upload-target.mjs';

let target = null;
async function loaded() {
  if (target) return target;
  // Inside the repository (a build output), so that the bundle resolves DuckDB and Arrow from its node_modules.
  const dir = join(root, 'dist', 'fuzz');
  mkdirSync(dir, { recursive: true });
  await build({
    input: join(root, 'dashboard', 'test', 'fuzz', 'uploadTarget.ts'),
    platform: 'node',
    external: [/^node:/, /^@duckdb\//, /^apache-arrow/],
    logLevel: 'silent',
    output: { file: join(dir, BUNDLE), format: 'esm' },
  });
  const mod = await import(pathToFileURL(join(dir, BUNDLE)).href);
  target = await mod.createUploadTarget();
  return target;
}

/** Builds the target (bundle, database) so that its start-up is not counted as an input's coverage. */
export const prepareUploadTarget = () => loaded().then(() => undefined);

export async function fuzz(bytes) {
  await (await loaded()).fuzz(new Uint8Array(bytes));
}

export async function stopUploadTarget() {
  if (target) { await target.close(); target = null; }
}
