// System components the builds and tests need, found in one place. Each check returns null when the component is
// present, else a message naming it and the command that installs it: tests needing a component fail with that
// message instead of skipping.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { onPath } from './root.mjs';

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

/** The C# toolchain (the desktop host and the Unity package's tests compile with Mono). */
export const mono = () => need(onPath('mcs') && onPath('mono'), 'Mono (mcs, mono)', 'mono-devel');
export const newtonsoft = () => need(newtonsoftDll() !== null, 'Newtonsoft.Json for Mono', 'libnewtonsoft-json-cil-dev');
export const nunit = () => need(onPath('nunit-console') && nunitFrameworkDll() !== null, 'NUnit 2.6 (nunit-console, nunit.framework.dll)', 'libnunit-cil-dev nunit-console');
export { mono as requireMono, newtonsoft as requireNewtonsoft, nunit as requireNunit };
export const chromium = () => need(existsSync('/usr/bin/chromium'), 'Chromium at /usr/bin/chromium', 'chromium');
export const gcc = () => need(onPath('gcc') && onPath('nm'), 'gcc and binutils', 'gcc binutils');
export const clang16 = () => need(onPath('clang-16') && onPath('ld.lld-16'), 'clang-16 and lld-16 (Kotlin/Native linker)', 'clang-16 lld-16');
export const maven = () => need(onPath('mvn') && onPath('java'), 'Maven and a JDK 17', 'maven openjdk-17-jdk-headless');
export const linuxPerf = () => need(onPath('perf'), 'perf (Debian linux-perf), for the profile suite', 'linux-perf');
