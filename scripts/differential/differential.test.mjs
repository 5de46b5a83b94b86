// The bounded differential run of `npm test` (docs/testing.md, "Differential"): one seeded fast-check run over
// every entry point (C ABI, JVM server, Node server, Wasm and JS facades), about a minute, seed printed; plus the
// sequences that once disagreed, replayed on every target.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { compare, runDifferential } from './differential.mjs';
import { startTargets } from './targets.mjs';

const SEED = Number(process.env.DIFFERENTIAL_SEED ?? 20261125);
const SECONDS = Number(process.env.DIFFERENTIAL_SECONDS ?? 50);

// Sequences that found a disagreement once (in the targets or the engine), kept as fixed cases.
const REGRESSIONS = {
  'a step refused for its stepCount applies none of its xyz': [
    { op: 'create', n: 3, d: 1, program: 'euclidean' },
    { op: 'step', rounds: -1, encoding: 'json', xyz: [0, 0, 0, 9, 9, 9, 0.5, 0, 0] },
    { op: 'step', rounds: 1, encoding: 'binary' },
  ],
  'create after destroy starts a new simulation': [
    { op: 'create', n: 1, d: 0.5, program: 'euclidean' },
    { op: 'destroy' },
    { op: 'create', n: 1, d: 0.5, program: 'euclidean' },
    { op: 'step', rounds: 1, encoding: 'json' },
  ],
};

let targets;
before(async () => { targets = await startTargets(); });
after(async () => { await Promise.all(targets.map((t) => t.close())); });

for (const [name, ops] of Object.entries(REGRESSIONS)) {
  test(`regression: ${name}`, async () => {
    assert.equal(await compare(targets, ops), null);
  });
}

test(`random op sequences give identical replies on every entry point (seed ${SEED}, ${SECONDS} s)`, async (t) => {
  const result = await runDifferential({ seed: SEED, seconds: SECONDS, log: (m) => t.diagnostic(m) });
  t.diagnostic(`seed ${SEED}: ${result.sequences} sequences, ${result.ops} ops (replay: npm run differential -- --seed ${SEED})`);
  assert.ok(result.sequences >= 20, `only ${result.sequences} sequences ran in ${SECONDS} s`);
  assert.equal(result.failure, null, result.failure ?? '');
});
