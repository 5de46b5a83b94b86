// Hostile input to the dashboard (docs/testing.md, "Hostile input"): a link carrying SQL runs nothing until the
// reader presses Run; URL parameters and upload names or ids made of markup and SQL are shown as text, never
// executed; the page keeps working afterwards (its tables are all there).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launch, startServer, waitForComparison } from './support.mjs';

let server;
let b;
before(async () => { server = await startServer(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

/** Runs `sql` in the SQL view (pressing Run) and returns the first cell. */
async function firstCell(page, sql) {
  await page.fill('textarea[aria-label="SQL"]', sql);
  await page.click('.sql-panel button:has-text("Run")');
  // The previous result stays on screen while the query runs: wait for the rows that answer this one.
  await page.waitForFunction((q) => document.querySelector('[data-testid="sql"]')?.getAttribute('data-answers') === q && document.querySelector('[data-table="query"] td'), sql);
  return page.locator('[data-table="query"] td').first().innerText();
}

test('SQL in a link is shown, not run, until Run is pressed; the tables stay whole', async () => {
  const { page } = b;
  await page.goto(`${server.url}?view=sql&sql=${encodeURIComponent('DELETE FROM files; DROP TABLE samples_raw')}`);
  await page.waitForSelector('[data-testid="sql-note"]');
  assert.equal(await page.locator('textarea[aria-label="SQL"]').inputValue(), 'DELETE FROM files; DROP TABLE samples_raw');
  await page.waitForTimeout(2000); // the data loads meanwhile: nothing may run on its own
  assert.equal(await page.locator('[data-table="query"]').count(), 0);
  assert.ok(Number(await firstCell(page, 'SELECT count(*) FROM files')) > 0, 'the files table lost its rows');
  assert.ok(Number(await firstCell(page, 'SELECT count(*) FROM samples_raw')) > 0);
});

test('markup and SQL in URL parameters are not executed and the page keeps working', async () => {
  const { page, errors } = b;
  const hostile = '<img src=x onerror="window.__pwned=1">\');DROP TABLE files;--';
  const q = new URLSearchParams({ view: 'compare', runs: hostile, ids: hostile, transports: hostile, n: '10;DROP TABLE files', cfg: `${hostile}/x`, unit: '<script>window.__pwned=2</script>' });
  const before = errors.length;
  await page.goto(`${server.url}?${q}`);
  await page.waitForSelector('[data-testid="compare"]', { timeout: 60000 });
  await page.waitForTimeout(2000);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator('img[src="x"]').count(), 0);
  assert.deepEqual(errors.slice(before).filter((e) => /pwned|SyntaxError|Parser Error/.test(e)), []);
  await page.goto(`${server.url}?view=sql`);
  await page.waitForSelector('[data-table="query"]', { timeout: 60000 });
  assert.ok(Number(await firstCell(page, 'SELECT count(*) FROM files')) > 0);
});

test('upload names and ids made of markup and SQL are loaded as text or refused with a message; nothing runs', async () => {
  const { page } = b;
  await page.goto(`${server.url}?view=compare`);
  await waitForComparison(page);
  const input = page.locator('[data-testid="upload-input"]');
  const name = `x'); DROP TABLE files; --<img src=x onerror=window.__pwned=3>${'n'.repeat(300)}.csv`;
  const rows = Array.from({ length: 40 }, (_, i) => `${i},step.web.e2e,${1000 + i}`).join('\n');
  await input.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(`t_ns,id,duration_ns\n${rows}\n`) });
  await page.waitForSelector('[data-testid="upload-ok"], [data-testid="upload-error"]');
  assert.match(await page.locator('[data-testid="upload-ok"]').last().innerText(), /DROP TABLE files; --<img src=x onerror=window.__pwned=3>n+\.csv: 40 rows/);
  const ids = ['<img src=x onerror=window.__pwned=4>', "step'); DROP TABLE samples_raw; --"];
  await input.setInputFiles({ name: 'ids.csv', mimeType: 'text/csv', buffer: Buffer.from(`t_ns,id,duration_ns\n${ids.map((id, i) => `${i},${id},5`).join('\n')}\n`) });
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="upload-ok"]')].some((e) => e.textContent.startsWith('ids.csv')), undefined, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator('img[src="x"]').count(), 0);
  await page.click('header nav a[href="?view=sql"]'); // in the page: a reload would drop the uploads
  await page.waitForSelector('[data-table="query"]', { timeout: 60000 });
  assert.ok(Number(await firstCell(page, 'SELECT count(*) FROM files')) > 0);
  // Stored exactly as given: the id went in as data, not as SQL.
  assert.equal(await firstCell(page, "SELECT count(*) FROM samples WHERE id = 'step''); DROP TABLE samples_raw; --'"), '1');
});
