// dashboard/src/live/unity/UnityFrontEnd.tsx in Chromium, bundled by Vite (React + react-unity-webgl as the
// dashboard bundles them): with a stand-in Unity loader at <public>/unity/Build/unity.loader.js it must expose the
// real Kotlin/Wasm facade on window.collektiveWasm before the player starts, then drive the player with
// SendMessage("SimulationManager", "Restart", spec) for the engine switch, and offer CSVs the player publishes;
// without a build it must explain how to make one. A real Unity player is not available here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../../dashboard/e2e/support.mjs';
import { createServer } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const app = join(root, 'unity-webgl', 'Tests~', 'out', 'frontend-app');
let tmp;
let withBuild;
let without;
let context;

async function serve(publicDir) {
  const server = await createServer({
    configFile: false, root: app, publicDir, cacheDir: join(tmp, `vite-cache-${publicDir.length}`), logLevel: 'error',
    plugins: [react()], server: { host: '127.0.0.1', port: 0, fs: { allow: [root] } },
  });
  await server.listen();
  return { server, url: server.resolvedUrls.local[0] };
}

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'unity-frontend-'));
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'index.html'), '<!doctype html><meta charset="utf-8"><div id="root"></div><script type="module" src="./main.tsx"></script>\n');
  writeFileSync(join(app, 'main.tsx'), [
    "import { createRoot } from 'react-dom/client';",
    "import UnityFrontEnd from '../../../../dashboard/src/live/unity/UnityFrontEnd';",
    "createRoot(document.getElementById('root')!).render(<UnityFrontEnd wsUrl=\"ws://127.0.0.1:8787\" onCsv={(n, t) => { (window as any).__csv = [n, t]; }} />);",
    '',
  ].join('\n'));
  const pub = join(tmp, 'public-with');
  mkdirSync(join(pub, 'unity', 'Build'), { recursive: true });
  copyFileSync(join(root, 'unity-webgl', 'Tests~', 'frontend', 'fake-unity.loader.js'), join(pub, 'unity', 'Build', 'unity.loader.js'));
  mkdirSync(join(tmp, 'public-without'), { recursive: true });
  withBuild = await serve(pub);
  without = await serve(join(tmp, 'public-without'));
  context = await chromium.launchPersistentContext(join(tmp, 'profile'), {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
});

after(async () => {
  if (context) await context.close();
  if (withBuild) await withBuild.server.close();
  if (without) await without.server.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('with a build: the real Wasm facade is on window.collektiveWasm before the player starts, and the player gets Restart', async () => {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(withBuild.url);
  await page.waitForFunction(() => window.__unity && window.__unity.sent.length > 0, null, { timeout: 60000 });
  const u = await page.evaluate(() => window.__unity);
  assert.deepEqual(u.facadeAtStart, { kind: 'wasm', values: [0, 2, Infinity], offsets: [0, 1, 2, 2] });
  assert.equal(u.config.codeUrl, '/unity/Build/unity.wasm');
  assert.equal(u.config.dataUrl, '/unity/Build/unity.data');
  assert.deepEqual(u.sent[0], ['SimulationManager', 'Restart', 'engine=wasm;n=10;scenario=reference;pacing=free;frames=1030;url=ws://127.0.0.1:8787']);

  await page.getByRole('button', { name: 'WebSocket to Node' }).click();
  await page.waitForFunction(() => window.__unity.sent.some((s) => s[2].startsWith('engine=websocket')), null, { timeout: 10000 });
  await page.getByRole('spinbutton', { name: 'N', exact: true }).fill('100');
  await page.waitForFunction(() => window.__unity.sent.some((s) => s[2].includes('n=100;scenario=random')), null, { timeout: 10000 });

  await page.evaluate(() => window.dispatchEvent(new CustomEvent('collektive-unity-csv', { detail: { name: 'unity_wasm.csv', text: 't_ns,id,duration_ns\n0,step.unity.e2e,5\n' } })));
  await page.getByRole('link', { name: 'unity_wasm.csv' }).waitFor({ timeout: 10000 });
  assert.deepEqual(await page.evaluate(() => window.__csv), ['unity_wasm.csv', 't_ns,id,duration_ns\n0,step.unity.e2e,5\n']);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('collektive-unity-status', { detail: { text: 'running Wasm (json), N=10' } })));
  await page.getByText('running Wasm (json), N=10').waitFor({ timeout: 10000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('without a build: the component explains how to make one', async () => {
  const page = await context.newPage();
  await page.goto(without.url);
  await page.getByText('No Unity WebGL build found').waitFor({ timeout: 60000 });
  const text = await page.textContent('body');
  assert.match(text, /Collektive\.Unity\.Editor\.WebGLBuilder\.Build/);
  assert.match(text, /6000\.2\.15f1/);
  assert.equal(await page.evaluate(() => window.collektiveWasm === undefined), true, 'the facade is not loaded without a build');
  await page.close();
});
