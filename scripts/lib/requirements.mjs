// Checks for system components; each returns null when present, else a message naming the component and the
// command that installs it. Tests needing a component fail with that message instead of skipping.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const need = (ok, what, pkgs) => (ok ? null : `${what} (install: apt-get update && apt-get install -y ${pkgs})`);

export const chromium = () => need(existsSync('/usr/bin/chromium'), 'Chromium at /usr/bin/chromium', 'chromium');
export const clang16 = () => need(onPath('clang-16') && onPath('ld.lld-16'), 'clang-16 and lld-16 (Kotlin/Native linker)', 'clang-16 lld-16');
export const mono = () => need(onPath('mcs') && onPath('mono'), 'Mono (mcs, mono)', 'mono-devel');
export const newtonsoft = () => need(existsSync('/usr/lib/cli/Newtonsoft.Json-6.0/Newtonsoft.Json.dll') || existsSync('/usr/lib/mono/4.5/Newtonsoft.Json.dll'), 'Newtonsoft.Json for Mono', 'libnewtonsoft-json-cil-dev');
export const nunit = () => need(onPath('nunit-console'), 'NUnit 2.6 console runner', 'libnunit-cil-dev nunit-console');
export const maven = () => need(onPath('mvn') && onPath('java'), 'Maven and a JDK 17', 'maven openjdk-17-jdk-headless');
