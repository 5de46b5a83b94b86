// Build step `desktop-host`: the headless C# front-end (see desktop-host/README.md), compiled with Mono's mcs
// (C# 7.2): the shared package's Runtime files, compiled from the package folder (one copy of each file) into
// desktop-host/build/Collektive.Frontend.dll, and the host (desktop-host/src) into desktop-host/build/desktop-host.exe.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newtonsoftDll } from '../lib/requirements.mjs';
import { assertToolchain, buildDir, frontendDll, hostExe, nativeLibDir, packageDir, root } from '../lib/toolchain.mjs';
import { run } from '../lib/run.mjs';

/** Compiler flags, also used by the Unity compile check (unity-webgl/Tests~/compile): warnings are errors, XML docs checked. */
const MCS = ['-langversion:7.2', '-optimize+', '-debug:portable', '-warnaserror', '-nowarn:1591', '-nologo'];

async function buildDesktopHost({ quiet = false } = {}) {
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

export const steps = [{
  name: 'desktop-host',
  description: 'C# front-end (mcs, C# 7.2): com.collektive.frontend Runtime + headless host',
  // Every scene's layout is the engine's, through the C ABI (scenario_positions), whichever engine the host drives.
  deps: ['native'],
  inputs: ['unity-webgl/Packages/com.collektive.frontend/Runtime', 'desktop-host/src', 'scripts/builds/40-desktop-host.mjs'],
  outputs: ['desktop-host/build/desktop-host.exe', 'desktop-host/build/Collektive.Frontend.dll'],
  run: () => buildDesktopHost(),
}];
