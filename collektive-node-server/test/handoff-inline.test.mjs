// The guarantees of docs/protocol.md under `--handoff inline` (cases: handoff-cases.mjs), and the hand-off flags.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handoffTests } from './handoff-cases.mjs';
import { startServer } from './helpers.mjs';

handoffTests('inline');

test('--handoff, --spin-us, --reply-spin-us, --inline-max-nodes: bad values exit 2', async () => {
  for (const flags of [['--inline-max-nodes', '5000'], ['--handoff', 'carrier-pigeon'], ['--spin-us', '-1'], ['--reply-spin-us', '99999'], ['--spin-us', 'x']]) {
    await assert.rejects(startServer(flags), /exited with 2/, flags.join(' '));
  }
});
