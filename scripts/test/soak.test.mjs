// The soak command (scripts/soak.mjs, docs/testing.md "Soak"): its verdict catches growth and creep in made-up
// samples, and a short real run of each server (a light load: the suite runs beside other work) shows none.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { LIMITS, judge, plotSvg, soakServer } from '../soak.mjs';

const steady = (i) => ({ t: 5 * i, rssMb: 100 + (i % 3), fds: 30, threads: 20, csvBytes: 1e5 * i, p99Ms: 4 + (i % 2) });
const run = (f, k = 20) => ({ name: 'jvm', m: 16, sent: 1000, received: 1000, samples: Array.from({ length: k }, (_, i) => f(i)) });

test('the verdict passes steady samples and names each kind of growth', () => {
  assert.deepEqual(judge(run(steady)).problems, []);
  const cases = {
    'RSS grew': (i) => ({ ...steady(i), rssMb: 100 + 10 * i }),
    'open file descriptors grew': (i) => ({ ...steady(i), fds: 30 + i }),
    'threads grew': (i) => ({ ...steady(i), threads: 20 + i }),
    'p99 latency crept': (i) => ({ ...steady(i), p99Ms: 4 + i }),
  };
  for (const [what, f] of Object.entries(cases)) {
    const { problems } = judge(run(f));
    assert.ok(problems.some((p) => p.includes(what)), `${what}: ${JSON.stringify(problems)}`);
  }
  assert.match(judge({ ...run(steady), sent: 1000, received: 900 }).problems.join(), /100 of 1000 requests had no reply/);
  assert.match(judge({ ...run(steady), csvRows: 990 }).problems.join(), /990 step\.service rows for 1000 replies/);
});

const dir = mkdtempSync(join(tmpdir(), 'collektive-soak-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const runs = [];
for (const name of ['jvm', 'node']) {
  test(`${name} server held 30 s under an open-loop load: samples taken, no growth, no creep`, async (t) => {
    const r = await soakServer({ name, m: 1, n: 10, seconds: 30, sampleSeconds: 3, dir, log: (m) => t.diagnostic(m) });
    runs.push(r);
    assert.ok(r.samples.length >= 8, `${r.samples.length} samples`);
    for (const s of r.samples) for (const k of ['rssMb', 'fds', 'threads', 'csvBytes']) assert.ok(Number.isFinite(s[k]) && s[k] >= 0, `${k} = ${s[k]}`);
    assert.ok(r.csvRows >= r.received && r.received > 0, `${r.csvRows} CSV rows, ${r.received} replies`);
    // 30 s beside other work: latency tolerance for the machine's noise (the long run judges with LIMITS).
    assert.deepEqual(judge(r, { ...LIMITS, p99Creep: 3, p99CreepMs: 100 }).problems, []);
  });
}

test('the plot has one line per server and panel', () => {
  const svg = plotSvg(runs.length ? runs : [run(steady)]);
  assert.equal((svg.match(/<polyline/g) ?? []).length, 4 * Math.max(1, runs.length));
});
