#!/usr/bin/env node
// Builds the headless C# front-end with Mono's mcs (C# 7.2): the shared package's Runtime files, compiled from
// the package folder (one copy of each file) into desktop-host/build/Collektive.Frontend.dll, and the host
// (desktop-host/src) into desktop-host/build/desktop-host.exe. Used by build step `desktop-host`
// (scripts/builds/40-desktop-host.mjs); also runnable directly: `node desktop-host/build.mjs`.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from '../scripts/lib/run.mjs';
import { assertToolchain, buildDir, frontendDll, hostExe, nativeLibDir, newtonsoftDll, packageDir, root } from './toolchain.mjs';

const MCS = ['-langversion:7.2', '-optimize+', '-debug:portable', '-warnaserror', '-nowarn:1591', '-nologo'];

export async function buildDesktopHost({ quiet = false } = {}) {
  assertToolchain();
  mkdirSync(buildDir, { recursive: true });
  const json = newtonsoftDll();
  await run('mcs', [...MCS, '-target:library', `-out:${frontendDll}`, `-r:${json}`, '-doc:' + join(buildDir, 'Collektive.Frontend.xml'),
    `-recurse:${join(packageDir, 'Runtime', '*.cs')}`], { quiet });
  await run('mcs', [...MCS, '-target:exe', `-out:${hostExe}`, `-r:${frontendDll}`, `-r:${json}`,
    `-recurse:${join(root, 'desktop-host', 'src', '*.cs')}`], { quiet });
  copyFileSync(json, join(buildDir, 'Newtonsoft.Json.dll'));
  // Mono resolves DllImport("simple_gradient") through this map first, then LD_LIBRARY_PATH.
  writeFileSync(join(buildDir, 'Collektive.Frontend.dll.config'),
    `<configuration>\n  <dllmap dll="simple_gradient" target="${join(nativeLibDir, 'libsimple_gradient.so')}" os="linux"/>\n</configuration>\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildDesktopHost().catch((e) => { console.error(e.message); process.exit(1); });
}
