#!/usr/bin/env node
// Compiles the shared package's NUnit tests (Tests/Runtime/**/*.cs, NUnit 2.6) against the front-end assembly of
// build step `desktop-host` and runs them with nunit-console; exit code = nunit-console's (number of failures).
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { assertToolchain, buildDir, frontendDll, newtonsoftDll, nunitFrameworkDll, packageDir } from '../toolchain.mjs';

try { assertToolchain({ nunit: true }); } catch (e) { console.error(`com.collektive.frontend tests: ${e.message}`); process.exit(1); }
const outDir = join(buildDir, 'tests');
mkdirSync(outDir, { recursive: true });
const testsDll = join(outDir, 'Collektive.Frontend.Tests.dll');
const mcs = spawnSync('mcs', ['-langversion:7.2', '-warnaserror', '-nologo', '-target:library', `-out:${testsDll}`,
  `-r:${frontendDll}`, `-r:${newtonsoftDll()}`, `-r:${nunitFrameworkDll()}`, '-r:System.Core.dll',
  `-recurse:${join(packageDir, 'Tests', 'Runtime', '*.cs')}`], { stdio: 'inherit' });
if (mcs.status !== 0) { console.error('com.collektive.frontend tests: compilation failed'); process.exit(1); }
copyFileSync(frontendDll, join(outDir, 'Collektive.Frontend.dll'));
copyFileSync(newtonsoftDll(), join(outDir, 'Newtonsoft.Json.dll'));
const r = spawnSync('nunit-console', ['-nologo', '-noshadow', `-xml=${join(outDir, 'TestResult.xml')}`, testsDll],
  { stdio: 'inherit', cwd: outDir, timeout: 300000 });
process.exit(r.status ?? 1);
