#!/usr/bin/env node
// The one runner of the Unity project's NUnit tests (suites frontend-nunit and unity-nunit):
//   node unity-webgl/Tests~/nunit/run.mjs [<test assembly>...]     (default: every test assembly)
// Test assemblies are the asmdefs Unity's Test Runner runs (`optionalUnityReferences: TestAssemblies`): the
// package's Tests/Runtime (Collektive.Frontend.Tests) and Tests/WebGL (Collektive.Frontend.WebGL.Tests). Each one and the assemblies it references are compiled from their
// asmdef folders (compile/assemblies.mjs reads them the way Unity does) with the same mcs flags (C# 7.2, warnings as
// errors, as a Linux player; engine-referencing assemblies against the UnityEngine stub in Tests~/UnityStub), then
// all requested test assemblies run in one nunit-console (NUnit 2.6; the tests use only the API common to NUnit
// 2.6 and Unity's NUnit 3, so the Unity Test Runner runs the same files; no test touches a UnityEngine type at run
// time). Exit code = nunit-console's (number of failures).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { newtonsoftDll, nunitFrameworkDll } from '../../../scripts/lib/requirements.mjs';
import { assemblies, project } from '../compile/assemblies.mjs';

const MCS = ['-langversion:7.2', '-nologo', '-warnaserror', '-target:library', '-define:UNITY_STANDALONE;UNITY_STANDALONE_LINUX'];

const { defs } = assemblies();
const byName = new Map(defs.map((d) => [d.name, d]));
const isTest = (d) => (d.def.optionalUnityReferences ?? []).includes('TestAssemblies');
const requested = process.argv.slice(2);
const unknown = requested.filter((n) => !byName.has(n) || !isTest(byName.get(n)));
if (unknown.length) {
  console.error(`unknown test assembly: ${unknown.join(', ')}; known: ${defs.filter(isTest).map((d) => d.name).join(', ')}`);
  process.exit(2);
}
const tests = requested.length ? requested : defs.filter(isTest).map((d) => d.name);

const json = newtonsoftDll();
const nunit = nunitFrameworkDll();
if (!json || !nunit) {
  console.error('needs Newtonsoft.Json and NUnit 2.6 for Mono: apt-get install -y libnewtonsoft-json-cil-dev libnunit-cil-dev nunit-console');
  process.exit(1);
}
const out = mkdtempSync(join(tmpdir(), 'collektive-unity-nunit-'));

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.error) { console.error(`${cmd}: ${r.error.message}`); process.exit(1); }
  return r;
}

const stub = join(out, 'UnityEngine.dll');
if (sh('mcs', [...MCS, `-out:${stub}`, join(project, 'Tests~', 'UnityStub', 'UnityEngine.cs')]).status !== 0) process.exit(1);

/** Compiles assembly `name` (after what it references) into `out`; returns its path. */
const built = new Map();
function build(name) {
  if (built.has(name)) return built.get(name);
  const d = byName.get(name);
  if (!d) { console.error(`asmdef reference ${name} not found`); process.exit(1); }
  const refs = (d.def.references ?? []).map(build);
  if (d.def.noEngineReferences !== true) refs.push(stub);
  const dll = join(out, `${name}.dll`);
  const r = sh('mcs', [...MCS, `-out:${dll}`, ...refs.map((r) => `-r:${r}`), `-r:${json}`, `-r:${nunit}`, '-r:System.Core.dll', ...d.sources]);
  if (r.status !== 0) { console.error(`${name}: compilation failed`); process.exit(1); }
  built.set(name, dll);
  return dll;
}
const testDlls = tests.map(build);
for (const dll of [json, nunit]) copyFileSync(dll, join(out, basename(dll)));

// nunit-console 2.6 on Mono has been seen to hang after printing its summary (once, under heavy load): it gets
// 120 s; if it was killed after writing TestResult.xml, that file decides.
const xml = join(out, 'TestResult.xml');
// The layout tests read the engine's test vectors (Tests/Runtime/ScenarioTests.cs) and every scene's layout is the
// engine's, asked of libsimple_gradient.so (build step native; Mono's DllImport finds it on LD_LIBRARY_PATH); the
// shared-memory layout test reads docs/protocol.md from the repository (COLLEKTIVE_ROOT: the tests run in a
// temporary folder).
const nativeLib = join(project, '..', 'collektive-native', 'build');
const env = {
  ...process.env, COLLEKTIVE_TEST_VECTORS: join(project, '..', 'collektive-core', 'test-vectors'), COLLEKTIVE_ROOT: join(project, '..'),
  LD_LIBRARY_PATH: [nativeLib, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
};
const r = sh('nunit-console', ['-nologo', '-noshadow', `-xml=${xml}`, ...testDlls], { cwd: out, timeout: 120_000, env });
let code = r.status;
if (code === null) {
  const result = existsSync(xml) ? readFileSync(xml, 'utf8').match(/<test-results[^>]*\stotal="(\d+)"[^>]*\serrors="(\d+)"[^>]*\sfailures="(\d+)"/) : null;
  if (!result) console.error('nunit-console was killed before writing its results');
  else console.error(`nunit-console did not exit after writing ${xml}; killed after 120 s, results taken from the file`);
  code = result ? Number(result[2]) + Number(result[3]) : 1;
}
rmSync(out, { recursive: true, force: true });
process.exit(code);
