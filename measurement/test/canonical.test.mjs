// The canonical rule (measurement/src/canonical.mjs): which run and configuration the headline and every plot open on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalPicks } from '../src/canonical.mjs';

const file = (platform, side = 'frontend') => ({ file: `${platform}.csv`, side, platform, transport: platform === 'desktop' ? 'socket' : 'websocket' });
const config = (id, platform, extra = {}) => ({ id, nodeCount: 10, pacing: 'free', encoding: 'json', files: [file(platform)], invocations: [{}, {}], ...extra });
const run = (id, createdAt, configurations, kind = 'desktop') => ({ id, kind, createdAt, configurations });

test('the newest run with invocations wins, and a shaped network run never does', () => {
  const runs = [
    run('old', '2026-01-01T00:00:00Z', [config('n10-free', 'desktop')]),
    run('net', '2026-03-01T00:00:00Z', [config('desktop-socket-rtt5-n10-free-json', 'desktop')], 'network'),
    run('new', '2026-02-01T00:00:00Z', [config('n10-free', 'desktop')]),
  ];
  assert.deepEqual(canonicalPicks(runs).map((p) => `${p.platform}:${p.run.id}/${p.config.id}`), ['desktop:new/n10-free']);
});

test('a run comparing server spins opens on the server default (50 µs), whatever the order', () => {
  const runs = [run('spin', '2026-02-01T00:00:00Z', [
    config('n10-free-sspin0', 'desktop', { serverSpinMicros: 0 }), config('n10-free-sspin50', 'desktop', { serverSpinMicros: 50 })])];
  assert.equal(canonicalPicks(runs)[0].config.id, 'n10-free-sspin50');
});

test('a run comparing bench:web drivers opens on the default driver (cdp), whatever the order', () => {
  const cdp = config('n10-free-cdp', 'web', { driver: 'cdp' });
  const playwright = config('n10-free-playwright', 'web', { driver: 'playwright' });
  for (const order of [[cdp, playwright], [playwright, cdp]]) {
    assert.equal(canonicalPicks([run('drivers', '2026-02-01T00:00:00Z', order, 'web')])[0].config.id, 'n10-free-cdp');
  }
});
