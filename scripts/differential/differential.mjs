// The differential run (docs/testing.md, "Differential"): fast-check generates operation sequences (ops.mjs), each
// is applied to every entry point (targets.mjs), and every op's reply must be the same on all of them; a failing
// sequence is shrunk to a minimal one and printed with each target's replies.
//
// Command (Node 24 for the Wasm build): npm run differential -- [--seconds S] [--runs N] [--seed N] [--targets a,b]
//   default: 600 s, a random seed (printed: pass it back with --seed to replay a run).
import fc from 'fast-check';
import { describe, sequence } from './ops.mjs';
import { startTargets } from './targets.mjs';

/** Applies `ops` to every target; null when all agree, else the first disagreement's report. */
export async function compare(targets, ops, stats) {
  const results = [];
  for (const t of targets) results.push(await t.run(ops));
  if (stats) { stats.sequences++; stats.ops += ops.length; }
  for (let i = 0; i < ops.length; i++) {
    const distinct = new Set(results.map((r) => r[i]));
    if (distinct.size > 1) {
      const lines = targets.map((t, k) => `  ${t.name.padEnd(5)} ${String(results[k][i]).slice(0, 400)}`);
      return `op ${i} (${describe(ops[i])}) answered differently:\n${lines.join('\n')}`;
    }
  }
  return null;
}

/**
 * Runs the property. Returns { seed, sequences, ops, failure } where failure is null or the shrunk sequence with
 * the replies that differ.
 * @param {{ seed?: number; runs?: number; seconds?: number; maxLength?: number; names?: string[]; log?: (line: string) => void }} [options]
 */
export async function runDifferential({ seed = Date.now() % 2 ** 31, runs = Infinity, seconds = 60, maxLength = 30, names, log = () => {} } = {}) {
  const targets = await startTargets(names);
  const stats = { sequences: 0, ops: 0 };
  let last = null;
  try {
    const property = fc.asyncProperty(sequence(maxLength), async (ops) => {
      last = await compare(targets, ops, stats);
      return last === null;
    });
    const started = Date.now();
    const details = await fc.check(property, {
      seed,
      numRuns: Number.isFinite(runs) ? runs : 2 ** 31 - 1,
      interruptAfterTimeLimit: seconds * 1000,
      markInterruptAsFailure: false,
      endOnFailure: false,
      reporter: undefined,
    });
    log(`${stats.sequences} sequences, ${stats.ops} ops in ${((Date.now() - started) / 1000).toFixed(0)} s, seed ${seed}`);
    if (!details.failed) return { seed, ...stats, failure: null };
    const ops = details.counterexample[0];
    // The shrunk sequence is replayed once more so the report shows its own disagreement.
    const report = await compare(targets, ops) ?? last ?? String(details.errorInstance);
    return {
      seed, ...stats,
      failure: `seed ${seed}, path ${details.counterexamplePath}, shrunk to ${ops.length} ops:\n`
        + `${ops.map((o, i) => `  ${i}: ${describe(o)}`).join('\n')}\n${report}`,
    };
  } finally {
    await Promise.all(targets.map((t) => t.close()));
  }
}

if (import.meta.url === `file://${process.argv[1]}` && Number(process.versions.node.split('.')[0]) < 22) {
  // The Wasm build needs Node >= 22: build what is missing, then run this file again under the pinned Node 24.
  const { ensureBuilt } = await import('../lib/build-steps.mjs');
  const { node24 } = await import('../lib/toolchain.mjs');
  const { spawnSync } = await import('node:child_process');
  await ensureBuilt(['native', 'wasm', 'js', 'jvm-server', 'toolchain-node24'], { log: (m) => console.error(m) });
  process.exit(spawnSync(node24, process.argv.slice(1), { stdio: 'inherit' }).status ?? 1);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '600' }, runs: { type: 'string' }, seed: { type: 'string' },
      targets: { type: 'string' }, 'max-length': { type: 'string', default: '30' },
    },
  });
  const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 2 ** 31;
  console.log(`differential: seed ${seed} (replay with --seed ${seed})`);
  const result = await runDifferential({
    seed, seconds: Number(values.seconds), runs: values.runs ? Number(values.runs) : Infinity,
    maxLength: Number(values['max-length']), names: values.targets?.split(','), log: console.log,
  });
  if (result.failure) {
    console.error(`DISAGREEMENT\n${result.failure}`);
    process.exit(1);
  }
  console.log(`all targets agree: ${result.sequences} sequences, ${result.ops} ops`);
}
