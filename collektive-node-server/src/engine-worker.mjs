// One session's simulation, in its own worker thread so that its steps never block the server's event loop
// (docs/protocol.md, "Budgets"). The main thread validates requests and sends them here in batches: the commands
// without a reply (createSim, setSource, newPosition, ...) collected since the last batch, then at most one step.
// The step's reply is encoded here (JSON text or the binary state buffer) and handed back by the session's hand-off
// (src/handoff.mjs): written into shared memory (`atomics`) or transferred without a copy (`post`).
import { parentPort, workerData } from 'node:worker_threads';
import { loadFacade } from './engine.mjs';
import { serveChannel } from './handoff.mjs';
import { Simulation, warmup } from './simulation.mjs';

const facade = await loadFacade(workerData.modulePath);
// The server takes its own timings; the facade's in-memory samples would grow with every step, unbounded.
facade.setTimingEnabled(false);
warmup(facade, workerData.warmupRounds ?? 0);
const simulation = new Simulation(facade, workerData.maxLinks);
const runBatch = (commands, request) => simulation.runBatch(commands, request);
const encoder = new TextEncoder();

parentPort.postMessage({ ready: true });
if (workerData.channel) {
  // The shared-memory hand-off (src/handoff.mjs): this thread now only waits for batches, runs them and answers.
  serveChannel(workerData.channel, workerData.spinUs ?? 0, runBatch);
} else {
  parentPort.on('message', ({ id, commands, step: request }) => {
    const batch = runBatch(commands, request);
    const r = /** @type {any} */ (batch.result);
    if (r?.reply !== undefined) {
      const bytes = typeof r.reply === 'string' ? encoder.encode(r.reply) : r.reply;
      // Transferred without a copy when the bytes own their buffer.
      r.reply = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    }
    parentPort.postMessage({ id, ...batch }, r?.reply ? [r.reply.buffer] : []);
  });
}
