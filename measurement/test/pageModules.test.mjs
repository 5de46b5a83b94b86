// Pure modules and I/O modules are told apart by name (measurement/README.md): a module not named *Files.mjs reaches
// no Node built-in, transitively, so the page can bundle any of them (the dashboard imports several; their types are
// their JSDoc); reading and writing files and processes belongs in the *Files.mjs modules.
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

/** The measurement modules the dashboard's page imports (dashboard/src, every .ts and .tsx). */
const dashboardSrc = join(src, '..', '..', 'dashboard', 'src');
const pageModules = [...new Set(readdirSync(dashboardSrc, { recursive: true })
  .filter((f) => /\.tsx?$/.test(String(f)))
  .flatMap((f) => [...readFileSync(join(dashboardSrc, String(f)), 'utf8').matchAll(/measurement\/src\/(\w+\.mjs)['"]/g)].map((m) => m[1])))].sort();

test('the modules the page imports reach no node: import', () => {
  assert.ok(pageModules.includes('analysis.mjs') && pageModules.includes('headline.mjs'), pageModules.join(', '));
  for (const m of pageModules) assert.deepEqual(nodeImports(join(src, m)), [], m);
});

test('every module not named *Files.mjs is pure (reaches no node: import), every *Files.mjs module does I/O', () => {
  const modules = readdirSync(src).filter((f) => f.endsWith('.mjs'));
  for (const m of modules) {
    const reached = nodeImports(join(src, m));
    if (m.endsWith('Files.mjs')) assert.ok(reached.length > 0, `${m} is named *Files.mjs but does no I/O`);
    else assert.deepEqual(reached, [], `${m} does I/O: name it *Files.mjs or move the I/O into one`);
  }
});

test('the check sees a node: import when there is one (timingFiles.mjs reads files)', () => {
  assert.ok(nodeImports(join(src, 'timingFiles.mjs')).includes('timingFiles.mjs → node:fs'));
});
