// Locates Mono's C# compiler and the assemblies the front-end compiles against (Debian packages), with
// messages that name the package to install when something is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const packageDir = join(root, 'unity-webgl', 'Packages', 'com.collektive.frontend');
export const buildDir = join(root, 'desktop-host', 'build');
export const hostExe = join(buildDir, 'desktop-host.exe');
export const frontendDll = join(buildDir, 'Collektive.Frontend.dll');
export const nativeLibDir = join(root, 'collektive-native', 'build');

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const need = (ok, what, pkgs) => (ok ? null : `${what} (install: apt-get update && apt-get install -y ${pkgs})`);
const firstExisting = (paths) => paths.find((p) => existsSync(p)) ?? null;
/** An assembly named by `pkg-config --libs <pkg>` (Mono's .pc files list `-r:/path/Name.dll`). */
const pkgConfigLib = (pkg, name) => {
  const r = spawnSync('pkg-config', ['--libs', pkg], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  const hit = r.stdout.split(/\s+/).map((s) => s.replace(/^-r:/, '')).find((s) => s.endsWith(`/${name}`));
  return hit && existsSync(hit) ? hit : null;
};

/** Path of Newtonsoft.Json.dll for Mono (Debian's libnewtonsoft-json-cil-dev installs the 6.0 assembly under a 5.0 folder), or null. */
export const newtonsoftDll = () => firstExisting(['/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll',
  '/usr/lib/cli/Newtonsoft.Json-6.0/Newtonsoft.Json.dll', '/usr/lib/mono/4.5/Newtonsoft.Json.dll'])
  ?? pkgConfigLib('newtonsoft-json', 'Newtonsoft.Json.dll');

/** Path of nunit.framework.dll 2.6 (libnunit-cil-dev), or null. */
export const nunitFrameworkDll = () => firstExisting(['/usr/lib/cli/nunit.framework-2.6.3/nunit.framework.dll',
  '/usr/lib/cli/nunit.framework-2.6/nunit.framework.dll']) ?? pkgConfigLib('nunit', 'nunit.framework.dll');

/** Each check: null when present, else a message naming the component and its install command. */
export const mono = () => need(onPath('mcs') && onPath('mono'), 'Mono (mcs, mono)', 'mono-devel');
export const newtonsoft = () => need(newtonsoftDll() !== null, 'Newtonsoft.Json for Mono', 'libnewtonsoft-json-cil-dev');
export const nunit = () => need(onPath('nunit-console') && nunitFrameworkDll() !== null, 'NUnit 2.6 (nunit-console, nunit.framework.dll)', 'libnunit-cil-dev nunit-console');
export { mono as requireMono, newtonsoft as requireNewtonsoft, nunit as requireNunit };

/** Throws with every missing component named. */
export function assertToolchain({ nunit: withNunit = false } = {}) {
  const missing = [mono(), newtonsoft(), ...(withNunit ? [nunit()] : [])].filter(Boolean);
  if (missing.length) throw new Error(`missing: ${missing.join('; ')}`);
}

/** Environment for running the host: finds libsimple_gradient.so in collektive-native/build. */
export function hostEnv(extra = {}) {
  const ld = [nativeLibDir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return { ...process.env, LD_LIBRARY_PATH: ld, MONO_ENV_OPTIONS: process.env.MONO_ENV_OPTIONS ?? '', ...extra };
}
