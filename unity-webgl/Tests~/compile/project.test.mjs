// Structure checks of the Unity project that need no Editor: settings committed as text with the values the README
// promises, every imported file and folder has a .meta with a unique GUID, package manifest minimal and resolvable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { importedFiles, importedFolders, packageDir, project } from './assemblies.mjs';

const read = (p) => readFileSync(join(project, p), 'utf8');

test('ProjectVersion.txt pins Unity 6000.2.15f1', () => {
  assert.match(read('ProjectSettings/ProjectVersion.txt'), /^m_EditorVersion: 6000\.2\.15f1$/m);
});

test('settings are text-serialized: Force Text and visible meta files', () => {
  assert.match(read('ProjectSettings/EditorSettings.asset'), /^ {2}m_SerializationMode: 2$/m);
  assert.match(read('ProjectSettings/VersionControlSettings.asset'), /^ {2}m_Mode: Visible Meta Files$/m);
  for (const f of ['EditorSettings', 'VersionControlSettings', 'ProjectSettings', 'TimeManager', 'EditorBuildSettings']) {
    assert.match(read(`ProjectSettings/${f}.asset`), /^%YAML 1\.1\n%TAG !u! tag:unity3d\.com,2011:\n--- !u!\d+ &1\n/, f);
  }
});

test('WebGL: compression disabled, Wasm linker target, run in background', () => {
  const p = read('ProjectSettings/ProjectSettings.asset');
  assert.match(p, /^ {2}webGLCompressionFormat: 2$/m); // 0 Brotli, 1 Gzip, 2 Disabled
  assert.match(p, /^ {2}webGLDecompressionFallback: 0$/m);
  assert.match(p, /^ {2}runInBackground: 1$/m);
  assert.match(p, /^ {2}webGLNameFilesAsHashes: 0$/m);
});

test('fixed timestep 20 ms and time scale 1 by default (the reference tick)', () => {
  const t = read('ProjectSettings/TimeManager.asset');
  const count = +t.match(/m_Count: (\d+)/)[1];
  const rate = +t.match(/m_Numerator: (\d+)/)[1] / +t.match(/m_Denominator: (\d+)/)[1];
  assert.ok(Math.abs(count / rate - 0.02) < 1e-6, `fixed timestep ${count / rate}`);
  assert.match(t, /^ {2}m_TimeScale: 1$/m);
});

test('Packages/manifest.json lists only what is used and the local package by file:', () => {
  const m = JSON.parse(read('Packages/manifest.json'));
  assert.deepEqual(Object.keys(m.dependencies).sort(), 
    // physics: device spheres carry colliders and a click toggles a source (Physics.Raycast)
    ['com.collektive.frontend', 'com.unity.modules.physics', 'com.unity.nuget.newtonsoft-json', 'com.unity.test-framework']);
  assert.equal(m.dependencies['com.collektive.frontend'], 'file:com.collektive.frontend');
  assert.ok(existsSync(join(project, 'Packages', 'com.collektive.frontend', 'package.json')));
  assert.ok(m.dependencies['com.unity.nuget.newtonsoft-json'], 'newtonsoft missing');
  assert.ok(m.dependencies['com.unity.test-framework'], 'test framework missing');
});

test('.gitignore keeps Unity-generated folders out', () => {
  // "[Ll]ibrary/" → "library/"
  const lines = read('.gitignore').split('\n').map((l) => l.replace(/\[(\w)\w\]/g, '$1').toLowerCase());
  for (const d of ['library', 'temp', 'build', 'logs', 'usersettings']) assert.ok(lines.includes(`/${d}/`), d);
});

const guidOf = (metaPath) => (readFileSync(metaPath, 'utf8').match(/^guid: ([0-9a-f]{32})$/m) ?? [])[1];

// The paths this project's Unity side adds (the package's other folders belong to the shared front-end code).
const OWNED = ['Assets', 'Packages/com.collektive.frontend/Runtime/WebGL', 'Packages/com.collektive.frontend/Editor',
  'Packages/com.collektive.frontend/Tests/WebGL'].map((p) => join(project, p));
const owned = (f) => OWNED.some((o) => f === o || f.startsWith(`${o}/`));

test('every file and folder of Assets/ and the package’s WebGL/Editor parts has a .meta with a unique GUID', () => {
  const generated = /Assets\/Plugins\/Linux\/libsimple_gradient\.so$/; // copied in by the Editor script, ignored by git
  const missing = [];
  const guids = new Map();
  const items = [...importedFiles().filter((f) => !f.endsWith('.meta') && !generated.test(f)), ...importedFolders()]
    .filter((f) => owned(f) && !OWNED.slice(0, 1).includes(f));
  for (const item of items) {
    const meta = `${item}.meta`;
    if (!existsSync(meta)) { missing.push(relative(project, item)); continue; }
    const g = guidOf(meta);
    assert.ok(g, `${relative(project, meta)} has no guid`);
    assert.ok(!guids.has(g), `duplicate guid ${g}: ${relative(project, meta)} and ${guids.get(g)}`);
    guids.set(g, relative(project, meta));
  }
  assert.deepEqual(missing, [], `files without .meta: ${missing.join(', ')}`);
  // and no orphan .meta
  for (const f of importedFiles().filter((x) => x.endsWith('.meta') && owned(x))) {
    assert.ok(existsSync(f.slice(0, -5)) || generated.test(f.slice(0, -5)), `orphan ${relative(project, f)}`);
  }
});

test('.jslib plugins are enabled for WebGL only', () => {
  for (const f of importedFiles().filter((x) => x.endsWith('.jslib'))) {
    const meta = readFileSync(`${f}.meta`, 'utf8');
    assert.match(meta, /PluginImporter:/, basename(f));
    assert.match(meta, /WebGL: WebGL\n\s+second:\n\s+enabled: 1/, `${basename(f)} not enabled for WebGL`);
  }
});

test('the package has the UPM layout: package.json, Runtime asmdef without engine references', () => {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  assert.equal(pkg.name, 'com.collektive.frontend');
  const rt = JSON.parse(readFileSync(join(packageDir, 'Runtime', 'Collektive.Frontend.asmdef'), 'utf8'));
  assert.equal(rt.noEngineReferences, true);
});
