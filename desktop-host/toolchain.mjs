// Locates Mono's C# compiler and the assemblies the front-end compiles against (Debian packages), with
// messages that name the package to install when something is missing.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const packageDir = join(root, 'unity-webgl', 'Packages', 'com.collektive.frontend');
export const buildDir = join(root, 'desktop-host', 'build');
export const hostExe = join(buildDir, 'desktop-host.exe');
export const frontendDll = join(buildDir, 'Collektive.Frontend.dll');
export const nativeLibDir = join(root, 'collektive-native', 'build');

// Component lookups and checks live in scripts/lib/requirements.mjs.
import { mono as requireMono, newtonsoft as requireNewtonsoft, nunit as requireNunit } from '../scripts/lib/requirements.mjs';

export { newtonsoftDll, nunitFrameworkDll } from '../scripts/lib/requirements.mjs';
export { requireMono, requireNewtonsoft, requireNunit };

/** Throws with every missing component named. */
export function assertToolchain({ nunit = false } = {}) {
  const missing = [requireMono(), requireNewtonsoft(), ...(nunit ? [requireNunit()] : [])].filter(Boolean);
  if (missing.length) throw new Error(`missing: ${missing.join('; ')}`);
}

/** Environment for running the host: finds libsimple_gradient.so in collektive-native/build. */
export function hostEnv(extra = {}) {
  const ld = [nativeLibDir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return { ...process.env, LD_LIBRARY_PATH: ld, MONO_ENV_OPTIONS: process.env.MONO_ENV_OPTIONS ?? '', ...extra };
}
