// Compiles the C test programs against the built library (collektive-native/build) and its header.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const build = join(dirname(fileURLToPath(import.meta.url)), '..', 'build');

/** gcc with all warnings as errors; links libsimple_gradient.so with an rpath to the build directory. */
export function compileC(source, output) {
  execFileSync('gcc', ['-std=c11', '-D_DEFAULT_SOURCE', '-Wall', '-Wextra', '-Werror', '-O1', `-I${build}`, source,
    `-L${build}`, '-lsimple_gradient', `-Wl,-rpath,${build}`, '-lpthread', '-lm', '-o', output], { stdio: 'pipe' });
  return output;
}
