// The Unity project's assembly graph, read the way Unity reads it: every *.asmdef under Assets/ and the local
// package owns the .cs files of its folder and subfolders, except folders that have their own asmdef and folders
// Unity ignores (names ending in "~" or starting with "."). Scripts under Assets/ outside any asmdef would go to
// Assembly-CSharp(-Editor); the project keeps none, and the tests check that.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const project = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const packageDir = join(project, 'Packages', 'com.collektive.frontend');

const ignored = (name) => name.endsWith('~') || name.startsWith('.');

function walk(dir, acc = []) {
  if (!existsSync(dir)) return acc;
  for (const name of readdirSync(dir).sort()) {
    if (ignored(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, acc); else acc.push(p);
  }
  return acc;
}

/** Every file Unity imports under Assets/ and the local package (not the ~ folders). */
export const importedFiles = () => [...walk(join(project, 'Assets')), ...walk(packageDir)];

/** Every folder Unity imports (each needs a .meta), excluding the two roots. */
export function importedFolders() {
  const acc = [];
  const rec = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      if (ignored(name)) continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) { acc.push(p); rec(p); }
    }
  };
  rec(join(project, 'Assets'));
  if (existsSync(packageDir)) rec(packageDir);
  return acc;
}

/** The asmdefs with their source files: [{ name, file, dir, def, sources }]. */
export function assemblies() {
  const files = importedFiles();
  const defs = files.filter((f) => f.endsWith('.asmdef')).map((file) => ({
    name: JSON.parse(readFileSync(file, 'utf8')).name, file, dir: dirname(file), def: JSON.parse(readFileSync(file, 'utf8')),
  }));
  const owner = (src) => defs.filter((d) => src.startsWith(d.dir + '/')).sort((a, b) => b.dir.length - a.dir.length)[0];
  for (const d of defs) d.sources = files.filter((f) => f.endsWith('.cs') && owner(f) === d);
  const orphans = files.filter((f) => f.endsWith('.cs') && !owner(f)).map((f) => relative(project, f));
  return { defs, orphans };
}
