// The desktop host's command line (scripts/lib/desktopHost.mjs), the one builder bench:desktop, bench:network and
// npm run profile start the host with: the scenario follows N, the random layout's seed and mean degree are the
// configuration's (with the host's defaults), the reference program is never named, tcp names only the port, and
// every option the builder writes is one the host reads (desktop-host/src/Program.cs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP_HOST_OPTIONS, RANDOM_SCENARIO, desktopHostArgs } from '../lib/desktopHost.mjs';
import { root } from '../lib/root.mjs';

/** The options of a command line as a map (option → value). */
const optionsOf = (args) => {
  const m = new Map();
  for (let i = 0; i < args.length; i += 2) {
    assert.match(args[i], /^--[a-z-]+$/, `an option at ${i}: ${args.join(' ')}`);
    assert.ok(!m.has(args[i]), `${args[i]} once`);
    m.set(args[i], args[i + 1]);
  }
  return m;
};

test('N = 10 is the reference scenario: no seed or mean degree on its command line', () => {
  const m = optionsOf(desktopHostArgs({ nodeCount: 10, pacing: 'free', engine: 'native', frames: 100 }));
  assert.equal(m.get('--scenario'), 'reference');
  assert.equal(m.get('--nodes'), '10');
  assert.equal(m.has('--seed'), false);
  assert.equal(m.has('--mean-degree'), false);
  assert.deepEqual([m.get('--pacing'), m.get('--engine'), m.get('--frames')], ['free', 'native', '100']);
});

test("a larger N is the random scenario at the configuration's seed and mean degree, else the defaults (1, 8)", () => {
  const chosen = optionsOf(desktopHostArgs({ nodeCount: 1000, seed: 7, meanDegree: 6 }));
  assert.deepEqual([chosen.get('--scenario'), chosen.get('--seed'), chosen.get('--mean-degree')], ['random', '7', '6']);
  const defaults = optionsOf(desktopHostArgs({ nodeCount: 100 }));
  assert.deepEqual([defaults.get('--seed'), defaults.get('--mean-degree')], [String(RANDOM_SCENARIO.seed), String(RANDOM_SCENARIO.meanDegree)]);
  assert.deepEqual(RANDOM_SCENARIO, { seed: 1, meanDegree: 8 });
});

test('the reference program is not named (its invocations stay the reference ones); another program is', () => {
  for (const program of [null, undefined, 'euclidean']) assert.equal(optionsOf(desktopHostArgs({ nodeCount: 10, program })).has('--program'), false, String(program));
  assert.equal(optionsOf(desktopHostArgs({ nodeCount: 10, program: 'gossipMax:work=500' })).get('--program'), 'gossipMax:work=500');
});

test('tcp names only the port; uds and shm name the transport and its path; spin and fields left null are as given', () => {
  const tcp = optionsOf(desktopHostArgs({ nodeCount: 10, engine: 'socket', transport: 'tcp', port: 4242, spinUs: 0, backendCsv: null }));
  assert.equal(tcp.get('--port'), '4242');
  assert.equal(tcp.get('--spin-us'), '0');
  assert.equal(tcp.has('--transport'), false);
  assert.equal(tcp.has('--backend-csv'), false);
  const shm = optionsOf(desktopHostArgs({ nodeCount: 10, engine: 'socket', transport: 'shm', path: '/dev/shm/x.shm', spinUs: 50 }));
  assert.deepEqual([shm.get('--transport'), shm.get('--path'), shm.has('--port')], ['shm', '/dev/shm/x.shm', false]);
});

test("bench:desktop's socket invocation: every field on the command line, numbers as the bench prints them", () => {
  const args = desktopHostArgs({
    nodeCount: 100, maxDistance: 3, pacing: 'fixed', tickMs: 20, timeScale: 1, encoding: 'binary', floorBatch: 100, progress: 10,
    seed: 1, meanDegree: 8, engine: 'socket', frames: 530, floors: 40, floorsOut: 'f.csv', cpuMarkAt: 30, out: 'u.csv', port: 9, spinUs: 50,
  });
  assert.deepEqual(Object.fromEntries(optionsOf(args)), {
    '--scenario': 'random', '--nodes': '100', '--seed': '1', '--mean-degree': '8', '--max-distance': '3', '--pacing': 'fixed', '--tick-ms': '20',
    '--time-scale': '1', '--encoding': 'binary', '--engine': 'socket', '--frames': '530', '--floors': '40', '--floor-batch': '100',
    '--floors-out': 'f.csv', '--progress': '10', '--cpu-mark-at': '30', '--out': 'u.csv', '--port': '9', '--spin-us': '50',
  });
});

test('every option the builder can write is one the host reads (desktop-host/src/Program.cs)', () => {
  const program = readFileSync(join(root, 'desktop-host', 'src', 'Program.cs'), 'utf8');
  const read = new Set([...program.matchAll(/o\.(?:Str|Int|Double)\("([a-z-]+)"/g)].map((m) => `--${m[1]}`));
  assert.ok(read.size > 10, `the host's options were found: ${[...read].join(' ')}`);
  for (const option of DESKTOP_HOST_OPTIONS) assert.ok(read.has(option), `the host reads ${option}`);
});
