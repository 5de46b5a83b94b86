// The modules the dashboard's page imports (those with a .d.mts beside them) must bundle for the browser: neither they
// nor anything they import, transitively, imports a Node built-in (reading files belongs in their *Files.mjs twins).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const importsOf = (file) => [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]);

/** Node built-ins reached from `file`, each with the chain of modules that reaches it. */
function nodeImports(file, chain = [], seen = new Set()) {
  if (seen.has(file)) return [];
  seen.add(file);
  const here = [...chain, file.slice(src.length + 1)];
  return importsOf(file).flatMap((spec) => {
    if (spec.startsWith('node:')) return [`${here.join(' → ')} → ${spec}`];
    return spec.startsWith('.') ? nodeImports(resolve(dirname(file), spec), here, seen) : [];
  });
}

const pageModules = readdirSync(src).filter((f) => f.endsWith('.d.mts')).map((f) => f.replace(/\.d\.mts$/, '.mjs'));

test('every module with a .d.mts is one the page imports, and none of them reaches a node: import', () => {
  assert.ok(pageModules.includes('analysis.mjs') && pageModules.includes('headline.mjs'), pageModules.join(', '));
  for (const m of pageModules) assert.deepEqual(nodeImports(join(src, m)), [], m);
});

test('the check sees a node: import when there is one (timingFiles.mjs reads files)', () => {
  assert.deepEqual(nodeImports(join(src, 'timingFiles.mjs')), ['timingFiles.mjs → node:fs']);
});
