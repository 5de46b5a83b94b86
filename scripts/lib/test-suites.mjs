// Test suites are registered one file per area in scripts/suites/*.mjs (each exports `suites`, an array);
// they run in file-name order. A suite: { name, description, build?: [build step names], requires?: [() => string|null],
// cmd: [program, ...args], cwd?, env?, parse: (output) => { passed, failed } }.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'suites');
const files = readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort();
export const suites = (await Promise.all(files.map((f) => import(pathToFileURL(join(dir, f)).href))))
  .flatMap((m) => m.suites);
