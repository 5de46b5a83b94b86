#!/usr/bin/env node
// npm run server:node -- [--port <p>] [--host <h>] [--csv <file>] [--allow-origin <origin>]... [budget flags]
// Prints "listening on ws://<host>:<port>" once ready; on SIGTERM/SIGINT completes the back-end CSV and exits 0.
// Budgets (flags, defaults, the error each gives): docs/protocol.md and `--help`.
import { parseArgs } from 'node:util';
import { startServer } from './server.mjs';
import { TimingLog } from './timing-log.mjs';
import { budgetOptions, budgetUsage, limitsFromArgs } from './limits.mjs';

const USAGE = `usage: npm run server:node -- [--port 0] [--host 127.0.0.1] [--csv file] [--allow-origin origin]... [--warmup 500] [budgets]
  --warmup <n>  rounds of a scripted 100-device session each engine worker runs before its first request (0 = none)
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
      warmup: { type: 'string', default: '500' },
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
  server = await startServer({ port, host: args.host, origins: args['allow-origin'], limits, engineHeapMb, warmupRounds, log });
} catch (e) {
  console.error(`cannot listen on ${args.host}:${port}: ${e.message}`);
  process.exit(1);
}
// Fail at startup, not at the first createSim, when the engine is not built: the first spare worker loads it.
if (!(await server.engineReady())) {
  console.error(`cannot start the engine: ${server.engineError()} (build it: node scripts/build.mjs js)`);
  process.exit(1);
}

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  // The CSV is completed synchronously first: a signal is handled between two tasks, so every reply handed to ws
  // so far has its row, and none after (no more requests run).
  log?.finish();
  console.log(`stopped (${signal})${log ? `, ${log.count} samples written to ${args.csv}` : ''}`);
  server.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 1500).unref();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
console.log(`listening on ws://${server.host}:${server.port}`);
