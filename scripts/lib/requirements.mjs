// System components the builds and tests need, found in one place. Each check returns null when the component is
// present, else a message naming it and the command that installs it: tests needing a component fail with that
// message instead of skipping.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

// The C# toolchain (Mono, Newtonsoft.Json, NUnit) is looked up by the package that compiles C#.
export { mono, newtonsoft, newtonsoftDll, nunit, nunitFrameworkDll } from '../../desktop-host/toolchain.mjs';

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const need = (ok, what, pkgs) => (ok ? null : `${what} (install: apt-get update && apt-get install -y ${pkgs})`);
export const chromium = () => need(existsSync('/usr/bin/chromium'), 'Chromium at /usr/bin/chromium', 'chromium');
export const gcc = () => need(onPath('gcc') && onPath('nm'), 'gcc and binutils', 'gcc binutils');
export const clang16 = () => need(onPath('clang-16') && onPath('ld.lld-16'), 'clang-16 and lld-16 (Kotlin/Native linker)', 'clang-16 lld-16');
export const maven = () => need(onPath('mvn') && onPath('java'), 'Maven and a JDK 17', 'maven openjdk-17-jdk-headless');
export const linuxPerf = () => need(onPath('perf'), 'perf (Debian linux-perf), for the profile suite', 'linux-perf');
