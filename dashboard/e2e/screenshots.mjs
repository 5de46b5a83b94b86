// Screenshots of dashboard views: node dashboard/e2e/screenshots.mjs preview|dev "QUERY|OUT.png|WAIT_SELECTOR" ...
import { startServer, launch } from './support.mjs';
const mode = process.argv[2] ?? 'dev';
const s = await startServer({ mode });
const b = await launch();
try {
  for (const spec of process.argv.slice(3)) {
    const [path, out, sel] = spec.split('|');
    const t0 = Date.now();
    await b.page.goto(s.url + path);
    try { await b.page.waitForSelector(sel || '[data-testid="compare"][data-ready="1"] td[data-ns]', { timeout: 30000 }); } catch (e) { console.log('timeout', e.message.split('\n')[0]); }
    console.log(path, 'ready after', Date.now() - t0, 'ms');
    await b.page.waitForTimeout(Number(process.env.WAIT ?? 1500));
    await b.page.screenshot({ path: out, fullPage: true });
  }
  console.log('errors:', b.errors.slice(0, 10));
} finally { await b.close(); await s.close(); }
