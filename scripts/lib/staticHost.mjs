// A static host for npm run bench:dashboard: serves a dashboard build under a sub-path as a static host such as
// GitHub Pages does (no COOP/COEP headers, so the page's coi-serviceworker registers and reloads it once; text,
// JavaScript and wasm gzip-compressed; `cache-control: max-age=600`), and counts every byte it sends, response by
// response, whoever asked (the page, its workers, the service worker). With `throttle` every response shares one
// link of `bytesPerSecond` and starts `latencyMs` after its request: a throttled network for every requester at once
// (DevTools' network emulation applies to one target at a time, not to the workers' and service worker's fetches).
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.json': 'application/json', '.csv': 'text/csv', '.svg': 'image/svg+xml', '.png': 'image/png', '.md': 'text/plain', '.parquet': 'application/octet-stream' };
/** What a static host compresses (already-compressed formats such as Parquet and PNG go as they are). */
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.csv', '.svg', '.md']);
const CHUNK = 16384;

/**
 * Starts the host on a free loopback port. Returns { url, sent, close() }: `sent` lists every response as
 * { path, bytes (body bytes on the wire), start, end } (Date.now() ms).
 * @param {{ dist: string, prefix?: string, throttle?: { bytesPerSecond: number, latencyMs: number } | null }} options
 */
export async function startStaticHost({ dist, prefix = '/some/sub/path/', throttle = null }) {
  const root = resolve(dist);
  const gzipped = new Map();
  const sent = [];
  let linkFreeAt = 0;
  /** Waits for the shared link to carry `n` bytes (the responses' chunks take turns in the order they ask). */
  const linkSlot = (n) => {
    const at = Math.max(Date.now(), linkFreeAt);
    linkFreeAt = at + (n * 1000) / throttle.bytesPerSecond;
    return new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
  };
  const server = createServer(async (req, res) => {
    const start = Date.now();
    const url = new URL(req.url, 'http://x');
    let p = url.pathname.startsWith(prefix) ? join(root, decodeURIComponent(url.pathname.slice(prefix.length)) || 'index.html') : null;
    if (p && existsSync(p) && statSync(p).isDirectory()) p = join(p, 'index.html');
    if (throttle) await new Promise((r) => setTimeout(r, throttle.latencyMs));
    if (!p || !p.startsWith(root) || !existsSync(p)) { res.writeHead(404); res.end(); return; }
    const ext = extname(p);
    const gzip = COMPRESSED.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    let body = gzip ? gzipped.get(p) : readFileSync(p);
    if (gzip && !body) { body = gzipSync(readFileSync(p), { level: 6 }); gzipped.set(p, body); }
    res.writeHead(200, {
      'content-type': TYPES[ext] ?? 'application/octet-stream', 'content-length': body.length, 'cache-control': 'max-age=600',
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    for (let at = 0; at < body.length; at += CHUNK) {
      const chunk = body.subarray(at, at + CHUNK);
      if (throttle) await linkSlot(chunk.length);
      if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
    }
    res.end();
    sent.push({ path: url.pathname.slice(prefix.length), bytes: body.length, start, end: Date.now() });
  });
  await new Promise((r) => { server.listen(0, '127.0.0.1', () => r(undefined)); });
  return {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}${prefix}`,
    sent,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }),
  };
}
