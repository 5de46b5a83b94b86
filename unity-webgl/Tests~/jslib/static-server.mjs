// The static server of the jslib harness (jslib.test.mjs, bench-jslib.mjs): serves only the SERVED folders of the
// repository, with COOP/COEP so the page is cross-origin isolated (5 µs performance.now), never cached.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVED = ['unity-webgl/Tests~/jslib/', 'unity-webgl/Assets/Plugins/WebGL/', 'collektive-wasm/src/js/', 'collektive-wasm/build/wasm/'];
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.jslib': 'text/plain', '.json': 'application/json' };

/** Starts the server on an ephemeral 127.0.0.1 port; resolves to { origin, close() }. */
export function startStatic() {
  return new Promise((resolve) => {
    const http = createServer((req, res) => {
      const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^\/+/, '');
      if (!SERVED.some((p) => path.startsWith(p)) || path.includes('..')) { res.writeHead(404).end(); return; }
      try {
        const body = readFileSync(join(root, path));
        res.writeHead(200, {
          'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
          'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp', 'cache-control': 'no-store',
        }).end(body);
      } catch { res.writeHead(404).end(); }
    });
    http.listen(0, '127.0.0.1', () => resolve({
      origin: `http://127.0.0.1:${http.address().port}`,
      close: () => { http.close(); },
    }));
  });
}
