#!/usr/bin/env node
// npm run build [-- step...]: builds the named steps (default "all") incrementally; --force rebuilds.
import { ensureBuilt, steps } from './lib/build-steps.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((a) => !a.startsWith('--'));
try {
  await ensureBuilt(names.length ? names : ['all'], { force });
} catch (e) {
  console.error(`build failed: ${e.message}`);
  console.error(`steps: ${[...steps.keys()].join(', ')}`);
  process.exit(1);
}
