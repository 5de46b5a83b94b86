#!/usr/bin/env node
// npm start: installs dependencies if missing (npm ci), builds the dashboard (incremental) and serves it with
// `vite preview` (COOP/COEP headers) on 127.0.0.1, and starts the Node ws server (Kotlin/JS engine) on the Live
// view's default port so both web engines run live. Options: --port N (default 4173), --host H, --ws-port N
// (default 8787; 0 = no ws server).
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib/root.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : d; };
const port = opt('port', process.env.PORT ?? '4173');
const host = opt('host', '127.0.0.1');
const wsPort = opt('ws-port', '8787');

if (!existsSync(join(root, 'node_modules', 'vite'))) {
  console.log('[start] node_modules missing: npm ci');
  const r = spawnSync('npm', ['ci'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) { console.error('[start] npm ci failed'); process.exit(1); }
}
const { ensureBuilt } = await import(pathToFileURL(join(root, 'scripts', 'lib', 'build-steps.mjs')).href);
try {
  await ensureBuilt(wsPort === '0' ? ['dashboard'] : ['dashboard', 'js']);
} catch (e) {
  console.error(`[start] build failed: ${e.message}`);
  process.exit(1);
}
// The page learns the ws port from the preview server (live-server.json, vite.config.ts).
const child = spawn(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'preview', '--host', host, '--port', port, '--strictPort'],
  { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], env: { ...process.env, COLLEKTIVE_WS_PORT: wsPort } });
let announced = false;
child.stdout.on('data', (d) => {
  const text = d.toString();
  process.stdout.write(text);
  const m = text.replace(/\x1b\[[0-9;]*m/g, '').match(/https?:\/\/[^\s]+/);
  if (m && !announced) { announced = true; console.log(`\n[start] dashboard: ${m[0]}  (Ctrl+C stops)\n`); }
});
// The Live view's WebSocket engine talks to this server; the dashboard works without it (a taken port only warns).
const ws = wsPort === '0' ? null : spawn(process.execPath, [join(root, 'collektive-node-server', 'src', 'cli.mjs'), '--port', wsPort, '--host', host],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
ws?.stdout.on('data', (d) => { const line = d.toString().trim(); if (/listening/.test(line)) console.log(`[start] Live view WebSocket engine: ${line}`); });
ws?.on('exit', (code) => { if (code) console.error(`[start] ws server exited (${code}); the Live view's WebSocket engine is unavailable, the rest works`); });
for (const sig of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM'])) process.on(sig, () => { ws?.kill('SIGTERM'); child.kill(sig); });
child.on('exit', (code) => { ws?.kill('SIGTERM'); process.exit(code ?? 0); });
