#!/usr/bin/env node
// Writes the missing .meta files (random GUID, the importer Unity would pick) for files and folders under the
// given paths of the Unity project, as the Editor would on import; existing .meta files are left alone.
// usage: node unity-webgl/Tests~/tools/ensure-meta.mjs unity-webgl/Assets unity-webgl/Packages/com.collektive.frontend/Runtime/WebGL ...
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';

const tail = 'userData: \n  assetBundleName: \n  assetBundleVariant: \n';
const importers = {
  folder: `folderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n  ${tail}`,
  '.cs': `MonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n  icon: {instanceID: 0}\n  ${tail}`,
  '.asmdef': `AssemblyDefinitionImporter:\n  externalObjects: {}\n  ${tail}`,
  '.jslib': `PluginImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  iconMap: {}\n  executionOrder: {}\n  defineConstraints: []\n  isPreloaded: 0\n  isOverridable: 0\n  isExplicitlyReferenced: 0\n  validateReferences: 1\n  platformData:\n  - first:\n      Any: \n    second:\n      enabled: 0\n      settings: {}\n  - first:\n      Editor: Editor\n    second:\n      enabled: 0\n      settings:\n        DefaultValueInitialized: true\n  - first:\n      WebGL: WebGL\n    second:\n      enabled: 1\n      settings: {}\n  ${tail}`,
  text: `TextScriptImporter:\n  externalObjects: {}\n  ${tail}`,
  other: `DefaultImporter:\n  externalObjects: {}\n  ${tail}`,
};
const kind = (p, dir) => (dir ? 'folder' : importers[extname(p)] ? extname(p) : ['.json', '.md', '.txt', '.xml', '.csv'].includes(extname(p)) ? 'text' : 'other');

let written = 0;
function visit(p, isRoot) {
  const name = basename(p);
  if (name.endsWith('~') || name.startsWith('.') || name.endsWith('.meta')) return;
  const dir = statSync(p).isDirectory();
  if (!isRoot || !['Assets', 'Packages'].includes(name)) {
    if (!existsSync(`${p}.meta`)) {
      writeFileSync(`${p}.meta`, `fileFormatVersion: 2\nguid: ${randomBytes(16).toString('hex')}\n${importers[kind(p, dir)]}`);
      written++;
    }
  }
  if (dir) for (const e of readdirSync(p).sort()) visit(join(p, e), false);
}
for (const p of process.argv.slice(2)) visit(p, true);
console.log(`${written} .meta file(s) written`);
