#!/usr/bin/env node
// npm run server:node -- [--port <p>] [--host <h>] [--csv <file>] [--allow-origin <origin>]... [--max-message <bytes>]
// Prints "listening on ws://<host>:<port>" once ready; on SIGTERM/SIGINT writes the back-end CSV and exits 0.
import { parseArgs } from 'node:util';
import { startServer } from './server.mjs';
import { TimingLog } from './timing-log.mjs';
import { loadEngineFactory } from './engine.mjs';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    csv: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true, default: [] },
    'max-message': { type: 'string', default: String(4 << 20) },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log('usage: npm run server:node -- [--port 0] [--host 127.0.0.1] [--csv file] [--allow-origin origin]... [--max-message bytes]');
  process.exit(0);
}
const port = Number(args.port);
const maxMessageBytes = Number(args['max-message']);
if (!Number.isInteger(port) || port < 0 || port > 65535) { console.error(`bad --port ${args.port}`); process.exit(2); }
if (!Number.isInteger(maxMessageBytes) || maxMessageBytes < 64) { console.error(`bad --max-message ${args['max-message']}`); process.exit(2); }

const log = args.csv ? new TimingLog() : null;
const newEngine = await loadEngineFactory();
const server = await startServer({
  port, host: args.host, origins: args['allow-origin'], maxMessageBytes, newEngine, log,
});

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  // The CSV is written synchronously first, so it is complete even if closing the sockets hangs.
  if (log) log.writeSync(args.csv);
  console.log(`stopped (${signal})${log ? `, ${log.rows.length} samples written to ${args.csv}` : ''}`);
  server.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
console.log(`listening on ws://${server.host}:${server.port}`);
