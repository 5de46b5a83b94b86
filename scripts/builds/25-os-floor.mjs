// Build step `os-floor`: the OS floor program (os-floor/, docs/os-floor.md), one C file compiled with clang-16 and
// linked with lld-16 (the toolchain Kotlin/Native already needs) into os-floor/build/, never committed.
import { mkdirSync, renameSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OS_FLOOR_BINARY, OS_FLOOR_DIR } from '../../os-floor/osFloor.mjs';
import { clang16 } from '../lib/requirements.mjs';
import { run } from '../lib/run.mjs';
import { root } from '../lib/toolchain.mjs';

export const steps = [{
  name: 'os-floor',
  description: 'OS floor program (C ping-pong over TCP, Unix socket, shared memory) → os-floor/build/os-floor',
  inputs: ['os-floor/src', 'scripts/builds/25-os-floor.mjs'],
  outputs: [relative(root, OS_FLOOR_BINARY)],
  run: async () => {
    const missing = clang16();
    if (missing) throw new Error(`the OS floor program needs ${missing}`);
    mkdirSync(join(OS_FLOOR_DIR, 'build'), { recursive: true });
    const stage = `${OS_FLOOR_BINARY}.${process.pid}`;
    await run('clang-16', ['-O2', '-std=c11', '-Wall', '-Wextra', '-Werror', '--ld-path=/usr/bin/ld.lld-16',
      '-o', stage, join(OS_FLOOR_DIR, 'src', 'os_floor.c')], { quiet: true });
    renameSync(stage, OS_FLOOR_BINARY);
  },
}];
