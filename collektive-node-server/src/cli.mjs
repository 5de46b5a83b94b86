#!/usr/bin/env node
// npm run server:node -- [--port <p>] [--host <h>] [--csv <file>] [--allow-origin <origin>]... [budget flags]
// Prints "listening on ws://<host>:<port>" once ready; on SIGTERM/SIGINT completes the back-end CSV and exits 0.
// Budgets (flags, defaults, the error each gives): docs/protocol.md and `--help`.
import { parseArgs } from 'node:util';
import { startServer } from './server.mjs';
import { TimingLog } from './timing-log.mjs';
import { budgetOptions, budgetUsage, limitsFromArgs } from './limits.mjs';
import { DEFAULT_HANDOFF, HANDOFFS } from './handoff.mjs';

const USAGE = `usage: npm run server:node -- [--port 0] [--host 127.0.0.1] [--csv file] [--allow-origin origin]... [--warmup 2000] [hand-off] [budgets]
  --warmup <n>  rounds of a scripted session sent through this server's request path over loopback before it says it
                is listening (N = 10 and 100, every encoding; as the JVM server's --warmup), and a quarter as many
                rounds of a 100-device engine session in each worker before its first request (0 = none)
hand-off between the event loop and each simulation's worker (docs/protocol.md, "Process"):
  --handoff ${HANDOFFS.join('|')}  (default ${DEFAULT_HANDOFF.handoff}) inline: simulations of up to --inline-max-nodes devices on the
                event loop (steps in slices), larger ones as atomics; atomics: a worker each, shared memory with
                Atomics.wait/notify; post: a worker each, postMessage each way (the hand-off before 0.3.0)
  --inline-max-nodes <n>  (default ${DEFAULT_HANDOFF.inlineMaxNodes}) inline: the largest simulation run on the event loop
  --spin-us <n>  (default ${DEFAULT_HANDOFF.spinUs}) atomics: a worker spins this long for its next batch before it blocks
  --reply-spin-us <n>  (default ${DEFAULT_HANDOFF.replySpinUs}) atomics: the event loop spins this long for a step's result before it serves others
budgets (docs/protocol.md):
${budgetUsage()}`;

let args;
let limits;
let engineHeapMb;
try {
  ({ values: args } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      csv: { type: 'string' },
      'allow-origin': { type: 'string', multiple: true, default: [] },
      warmup: { type: 'string', default: '2000' },
      handoff: { type: 'string', default: DEFAULT_HANDOFF.handoff },
      'spin-us': { type: 'string', default: String(DEFAULT_HANDOFF.spinUs) },
      'reply-spin-us': { type: 'string', default: String(DEFAULT_HANDOFF.replySpinUs) },
      'inline-max-nodes': { type: 'string', default: String(DEFAULT_HANDOFF.inlineMaxNodes) },
      help: { type: 'boolean', default: false },
      ...budgetOptions(),
    },
  }));
  ({ limits, engineHeapMb } = limitsFromArgs(args));
} catch (e) {
  console.error(`${e.message}\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(args.port);
const warmupRounds = Number(args.warmup);
if (!/^\d+$/.test(args.warmup) || !Number.isSafeInteger(warmupRounds)) { console.error(`bad --warmup ${args.warmup}`); process.exit(2); }
if (!Number.isInteger(port) || port < 0 || port > 65535) { console.error(`bad --port ${args.port}`); process.exit(2); }
if (!HANDOFFS.includes(/** @type {any} */ (args.handoff))) { console.error(`bad --handoff ${args.handoff}: one of ${HANDOFFS.join(', ')}`); process.exit(2); }
for (const flag of ['spin-us', 'reply-spin-us']) {
  // Bounded: the reply spin holds the event loop, the worker's spin a CPU.
  if (!/^\d+$/.test(args[flag]) || Number(args[flag]) > 10_000) { console.error(`bad --${flag} ${args[flag]}: an integer in [0, 10000]`); process.exit(2); }
}
// Bounded: an inline simulation's memory is the server's (all pairs of 2000 devices are 4 M links, maxLinks' default).
if (!/^\d+$/.test(args['inline-max-nodes']) || Number(args['inline-max-nodes']) > 2000) { console.error(`bad --inline-max-nodes ${args['inline-max-nodes']}: an integer in [0, 2000]`); process.exit(2); }
const handoff = {
  handoff: /** @type {'inline' | 'atomics' | 'post'} */ (args.handoff), spinUs: Number(args['spin-us']),
  replySpinUs: Number(args['reply-spin-us']), inlineMaxNodes: Number(args['inline-max-nodes']),
};

let log = null;
try {
  log = args.csv ? new TimingLog(args.csv) : null;
} catch (e) {
  console.error(`cannot write --csv ${args.csv}: ${e.message}`);
  process.exit(1);
}
if (log) setInterval(() => log.flush(), 1000).unref();
let server;
try {
  server = await startServer({ port, host: args.host, origins: args['allow-origin'], limits, engineHeapMb, warmupRounds: Math.ceil(warmupRounds / 4), handoff, log });
} catch (e) {
  console.error(`cannot listen on ${args.host}:${port}: ${e.message}`);
  process.exit(1);
}
// Fail at startup, not at the first createSim, when the engine is not built: the first spare worker loads it.
if (!(await server.engineReady())) {
  console.error(`cannot start the engine: ${server.engineError()} (build it: node scripts/build.mjs js)`);
  process.exit(1);
}
// The request path warm (docs/protocol.md, "Warm-up"); a warm-up that fails leaves the server serving, cold.
const warm = await server.warmUp(warmupRounds);
if (warm.error) console.error(`warm-up ended after ${warm.rounds} of ${warmupRounds} rounds: ${warm.error}`);

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  // The CSV is completed synchronously first: a signal is handled between two tasks, so every reply handed to ws
  // so far has its row, and none after (no more requests run).
  log?.finish();
  // A CSV that could not be written completely must not pass for a complete one: exit 74 (docs/protocol.md).
  const code = log?.failure ? 74 : 0;
  if (log?.failure) console.error(`stopped (${signal}); the timing CSV ${args.csv} is INCOMPLETE: writing it failed (${log.failure.message}); exiting with code 74`);
  else console.log(`stopped (${signal})${log ? `, ${log.count} samples written to ${args.csv}` : ''}`);
  server.close().finally(() => process.exit(code));
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
// An IPv6 address in a URL is bracketed (RFC 3986): `ws://[::1]:8787`.
console.log(`listening on ws://${server.host.includes(':') ? `[${server.host}]` : server.host}:${server.port}`);
