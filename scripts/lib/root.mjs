// The repository root, computed once for the scripts, the benches and the tests that start real processes, and the
// one check whether a command is on PATH.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Whether `cmd` is found on PATH. */
export const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
