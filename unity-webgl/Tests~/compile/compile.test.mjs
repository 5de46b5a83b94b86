// Compile check of every C# file of the Unity project with Mono's mcs at C# 7.2 (the language level the headless
// host and Unity both accept), one test per assembly and build target:
//   - the shared package's Runtime against the real Newtonsoft.Json (Debian's libnewtonsoft-json-cil-dev),
//     its Tests against the real NUnit 2.6 framework;
//   - everything that touches UnityEngine/UnityEditor against the small type stub in ../UnityStub, so only the
//     types and signatures the scripts use are checked: nothing runs, and Unity-specific behaviour is not verified.
// Targets mirror Unity's scripting defines: the Editor (UNITY_EDITOR, tests included), a Linux player and a WebGL
// player; plus the desktop host's view of the package (every Runtime file, no Unity at all).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { assemblies, packageDir, project } from './assemblies.mjs';
import { newtonsoftDll, nunitFrameworkDll } from '../../../scripts/lib/requirements.mjs';

const out = join(project, 'Tests~', 'out');
const stubDir = join(project, 'Tests~', 'UnityStub');
const NEWTONSOFT = newtonsoftDll();
const NUNIT = nunitFrameworkDll();
const PRECOMPILED = { 'Newtonsoft.Json.dll': NEWTONSOFT, 'nunit.framework.dll': NUNIT };

function mcs(args) {
  const r = spawnSync('mcs', ['-langversion:7.2', '-nologo', '-target:library', '-debug-', '-warn:4',
    '-r:System.dll', '-r:System.Core.dll', ...args], { encoding: 'utf8', timeout: 120_000 });
  const text = `${r.stdout}${r.stderr}`;
  if (r.error) throw r.error;
  return { ok: r.status === 0, text, warnings: (text.match(/warning CS\d+/g) ?? []).length };
}

const targets = [
  { name: 'editor', defines: ['UNITY_EDITOR', 'UNITY_EDITOR_LINUX', 'UNITY_STANDALONE', 'UNITY_STANDALONE_LINUX', 'UNITY_6000_2_OR_NEWER', 'UNITY_INCLUDE_TESTS'], platform: 'Editor' },
  { name: 'linux-player', defines: ['UNITY_STANDALONE', 'UNITY_STANDALONE_LINUX', 'UNITY_6000_2_OR_NEWER'], platform: 'LinuxStandalone64' },
  { name: 'webgl-player', defines: ['UNITY_WEBGL', 'UNITY_6000_2_OR_NEWER'], platform: 'WebGL' },
];

const { defs, orphans } = assemblies();
// The Unity-side assemblies (and the package's Runtime, which the desktop host builds with -warnaserror) compile
// warning-free; the shared tests are the desktop host's to police.
const STRICT = new Set(['Collektive.Frontend', 'Collektive.Unity', 'Collektive.Unity.Editor', 'Collektive.Frontend.WebGL.Tests']);
const byName = new Map(defs.map((d) => [d.name, d]));

test('requirements: mcs, Newtonsoft.Json and NUnit 2.6 are installed', () => {
  assert.equal(spawnSync('mcs', ['--version']).status, 0, 'mcs missing (apt-get install -y mono-devel)');
  assert.ok(NEWTONSOFT, 'Newtonsoft.Json for Mono missing (apt-get install -y libnewtonsoft-json-cil-dev)');
  assert.ok(NUNIT, 'NUnit 2.6 missing (apt-get install -y libnunit-cil-dev)');
});

test('every script belongs to an assembly definition (no Assembly-CSharp)', () => {
  assert.deepEqual(orphans, []);
  for (const d of defs) assert.ok(d.sources.length > 0, `${relative(project, d.file)} owns no .cs file`);
});

test('assembly references resolve to assembly definitions of the project', () => {
  for (const d of defs) for (const r of d.def.references ?? []) assert.ok(byName.has(r), `${d.name} references unknown ${r}`);
  for (const d of defs) for (const p of d.def.precompiledReferences ?? []) assert.ok(p in PRECOMPILED, `${d.name}: unknown precompiled ${p}`);
});

// UnityEngine / UnityEditor stubs, compiled once.
const stubOut = join(out, 'stub');
mkdirSync(stubOut, { recursive: true });
const unityEngine = join(stubOut, 'UnityEngine.dll');
const unityEditor = join(stubOut, 'UnityEditor.dll');
test('UnityStub: the UnityEngine/UnityEditor type stubs compile', () => {
  const a = mcs([`-out:${unityEngine}`, join(stubDir, 'UnityEngine.cs')]);
  assert.ok(a.ok, a.text);
  const b = mcs([`-out:${unityEditor}`, `-r:${unityEngine}`, join(stubDir, 'UnityEditor.cs')]);
  assert.ok(b.ok, b.text);
});

function included(d, target) {
  const inc = d.def.includePlatforms ?? [];
  const exc = d.def.excludePlatforms ?? [];
  if (inc.length && !inc.includes(target.platform)) return false;
  if (exc.includes(target.platform)) return false;
  return (d.def.defineConstraints ?? []).every((c) => (c.startsWith('!') ? !target.defines.includes(c.slice(1)) : target.defines.includes(c)));
}

// Topological order over references.
const ordered = [];
const seen = new Set();
const visit = (d) => {
  if (seen.has(d.name)) return;
  seen.add(d.name);
  for (const r of d.def.references ?? []) if (byName.has(r)) visit(byName.get(r));
  ordered.push(d);
};
defs.forEach(visit);

for (const target of targets) {
  const dir = join(out, target.name);
  mkdirSync(dir, { recursive: true });
  const built = new Map();
  for (const d of ordered) {
    if (!included(d, target)) continue;
    test(`${target.name}: ${d.name} (${d.sources.length} files) compiles with mcs -langversion:7.2`, () => {
      const refs = [];
      for (const r of d.def.references ?? []) {
        assert.ok(built.has(r), `${d.name} needs ${r}, which is not part of the ${target.name} target`);
        refs.push(built.get(r));
      }
      for (const p of d.def.precompiledReferences ?? []) refs.push(PRECOMPILED[p]);
      if (!d.def.noEngineReferences) refs.push(unityEngine);
      if (target.name === 'editor' && !d.def.noEngineReferences) refs.push(unityEditor);
      if ((d.def.optionalUnityReferences ?? []).includes('TestAssemblies') && !refs.includes(NUNIT)) refs.push(NUNIT);
      const dll = join(dir, `${d.name}.dll`);
      const strict = STRICT.has(d.name) ? ['-warnaserror'] : [];
      const r = mcs([`-out:${dll}`, ...strict, ...refs.map((x) => `-r:${x}`), `-define:${target.defines.join(';')}`, ...d.sources]);
      assert.ok(r.ok, r.text);
      built.set(d.name, dll);
    });
  }
}

// The headless desktop host compiles the package's Runtime folder with plain Mono: every file under it (including
// Runtime/WebGL, whose Unity-only parts sit behind UNITY_WEBGL) must compile with no Unity assembly at all.
test('desktop-host view: every Runtime/**/*.cs of the package compiles without Unity (Newtonsoft only, warnings as errors)', () => {
  const files = assemblies().defs.filter((d) => d.dir.startsWith(join(packageDir, 'Runtime'))).flatMap((d) => d.sources);
  assert.ok(files.length > 0);
  // the flags of the desktop-host build step (scripts/builds/40-desktop-host.mjs): warnings are errors, XML docs checked
  const r = mcs([`-out:${join(out, 'desktop-host-view.dll')}`, '-warnaserror', '-nowarn:1591', `-doc:${join(out, 'desktop-host-view.xml')}`,
    `-r:${NEWTONSOFT}`, ...files]);
  assert.ok(r.ok, r.text);
});
