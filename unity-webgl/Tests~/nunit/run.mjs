#!/usr/bin/env node
// Compiles the package's Runtime (as the headless host does), the WebGL engines' NUnit tests
// (Packages/com.collektive.frontend/Tests/WebGL), the Unity scripts (Assets/Scripts, against the UnityEngine stub,
// as a Linux player) and their engine-free tests (Assets/Tests: ScenePacer, RunConfig) with mcs at C# 7.2 against
// NUnit 2.6, then runs both test assemblies with nunit-console (no test touches a UnityEngine type at run time). The tests use only the NUnit API common to NUnit 2.6 and Unity's NUnit 3, so the Unity Test Runner
// runs the same files. Exit code = nunit-console's (number of failures).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newtonsoftDll, nunitFrameworkDll } from '../../../desktop-host/toolchain.mjs';

const project = fileURLToPath(new URL('../../', import.meta.url));
const pkg = join(project, 'Packages', 'com.collektive.frontend');
const out = join(project, 'Tests~', 'out', 'nunit');
mkdirSync(out, { recursive: true });
const json = newtonsoftDll();
const nunit = nunitFrameworkDll();
const cs = (dir) => readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.cs')).map((f) => join(dir, f));

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', timeout: 300_000 });
  if (r.error) { console.error(`${cmd}: ${r.error.message}`); process.exit(1); }
  return r.status;
}

const runtime = join(out, 'Collektive.Frontend.dll');
const tests = join(out, 'Collektive.Frontend.WebGL.Tests.dll');
if (sh('mcs', ['-langversion:7.2', '-nologo', '-target:library', `-out:${runtime}`, `-r:${json}`, ...cs(join(pkg, 'Runtime'))]) !== 0) process.exit(1);
if (sh('mcs', ['-langversion:7.2', '-nologo', '-target:library', `-out:${tests}`, `-r:${runtime}`, `-r:${json}`, `-r:${nunit}`,
  ...cs(join(pkg, 'Tests', 'WebGL'))]) !== 0) process.exit(1);
const stub = join(out, 'UnityEngine.dll');
const scripts = join(out, 'Collektive.Unity.dll');
const sceneTests = join(out, 'Collektive.Unity.Tests.dll');
if (sh('mcs', ['-langversion:7.2', '-nologo', '-target:library', `-out:${stub}`, join(project, 'Tests~', 'UnityStub', 'UnityEngine.cs')]) !== 0) process.exit(1);
if (sh('mcs', ['-langversion:7.2', '-nologo', '-target:library', `-out:${scripts}`, `-r:${runtime}`, `-r:${stub}`, '-define:UNITY_STANDALONE;UNITY_STANDALONE_LINUX',
  ...cs(join(project, 'Assets', 'Scripts'))]) !== 0) process.exit(1);
if (sh('mcs', ['-langversion:7.2', '-nologo', '-target:library', `-out:${sceneTests}`, `-r:${runtime}`, `-r:${stub}`, `-r:${scripts}`, `-r:${nunit}`,
  ...cs(join(project, 'Assets', 'Tests'))]) !== 0) process.exit(1);
for (const dll of [json, nunit]) spawnSync('cp', [dll, out]);
// nunit-console 2.6 on Mono has been seen to hang after printing its summary (once, under heavy load): it gets
// 120 s; if it was killed after writing TestResult.xml, that file decides.
const xml = join(out, 'TestResult.xml');
rmSync(xml, { force: true });
const r = spawnSync('nunit-console', ['-nologo', '-noshadow', `-xml=${xml}`, tests, sceneTests], { stdio: 'inherit', cwd: out, timeout: 120_000 });
if (r.status !== null) process.exit(r.status);
const result = existsSync(xml) ? readFileSync(xml, 'utf8').match(/<test-results[^>]*\stotal="(\d+)"[^>]*\serrors="(\d+)"[^>]*\sfailures="(\d+)"/) : null;
if (!result) { console.error('nunit-console was killed before writing its results'); process.exit(1); }
console.error(`nunit-console did not exit after writing ${xml}; killed after 120 s, results taken from the file`);
process.exit(Number(result[2]) + Number(result[3]));
