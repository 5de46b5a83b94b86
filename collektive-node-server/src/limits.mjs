// The server's budgets (docs/protocol.md, "Budgets"): one table gives each budget's hello.limits name, its
// command-line flag and its default, so the flags, `hello` and the README cannot drift apart.

/**
 * @typedef {object} Limits
 * @property {number} maxMessageBytes  one WebSocket message (ws maxPayload)
 * @property {number} maxBufferedInputBytes  partly received and queued input, summed over connections
 * @property {number} maxPendingReplyBytes  one connection's unsent replies before it stops being read
 * @property {number} maxConnections
 * @property {number} idleTimeoutMs
 * @property {number} maxSessions  connections holding a simulation
 * @property {number} maxNodes  nodeCount of one createSim
 * @property {number} maxDevices  nodeCount summed over sessions
 * @property {number} maxSteps  stepCount of one step
 * @property {number} stepTimeBudgetMs  wall time of one step's rounds
 * @property {number} maxLinks  neighbour links in one step's state
 * @property {number} maxReplyBytes  bytes of one step reply
 */

/** @type {Array<{ name: keyof Limits, flag: string, value: number, min: number, what: string }>} */
const BUDGETS = [
  { name: 'maxMessageBytes', flag: 'max-message', value: 8 << 20, min: 64, what: 'largest WebSocket message; larger frames are refused while reading (close 1009)' },
  { name: 'maxBufferedInputBytes', flag: 'max-buffered-input', value: 64 << 20, min: 1024, what: 'partly received and queued input, summed over connections; the connection going over is closed (1013)' },
  { name: 'maxPendingReplyBytes', flag: 'max-pending-reply', value: 8 << 20, min: 1024, what: 'unsent replies of one connection before the server stops reading it' },
  { name: 'maxConnections', flag: 'max-connections', value: 64, min: 1, what: 'open WebSocket connections; one more gets an error reply and close 1013' },
  { name: 'idleTimeoutMs', flag: 'idle-timeout', value: 300_000, min: 1, what: 'a connection with no request received and none in progress is closed (1001)' },
  { name: 'maxSessions', flag: 'max-sessions', value: 16, min: 1, what: 'connections holding a simulation (createSim error past it)' },
  { name: 'maxNodes', flag: 'max-nodes', value: 100_000, min: 1, what: 'nodeCount of one createSim' },
  { name: 'maxDevices', flag: 'max-devices', value: 400_000, min: 1, what: 'nodeCount summed over every connection\'s simulation' },
  { name: 'maxSteps', flag: 'max-steps', value: 100_000, min: 0, what: 'stepCount of one step' },
  { name: 'stepTimeBudgetMs', flag: 'step-time-budget', value: 5000, min: 1, what: 'wall time of one step\'s rounds; past it the rounds stop and the step gets an error' },
  { name: 'maxLinks', flag: 'max-links', value: 4_000_000, min: 1, what: 'neighbour links in the state a step answers' },
  { name: 'maxReplyBytes', flag: 'max-reply', value: 64 << 20, min: 64, what: 'bytes of one step reply' },
];

/** Each worker's V8 heap cap (Node only, not a protocol budget: not in hello.limits). */
const ENGINE_HEAP = { flag: 'engine-heap-mb', value: 1024, min: 16 };

/** @returns {Limits} the defaults */
export function defaultLimits() {
  return /** @type {Limits} */ (Object.fromEntries(BUDGETS.map((b) => [b.name, b.value])));
}

/** parseArgs options for every budget flag (strings, checked by [limitsFromArgs]). */
export function budgetOptions() {
  return Object.fromEntries([...BUDGETS, ENGINE_HEAP].map((b) => [b.flag, { type: /** @type {'string'} */ ('string') }]));
}

/**
 * Reads the budget flags; throws with a readable message on a bad value.
 * @param {Record<string, unknown>} args  parseArgs values
 * @returns {{ limits: Limits, engineHeapMb: number }}
 */
export function limitsFromArgs(args) {
  const read = (b) => {
    const raw = args[b.flag];
    if (raw === undefined) return b.value;
    const n = Number(raw);
    if (typeof raw !== 'string' || !/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < b.min) {
      throw new Error(`--${b.flag} must be an integer >= ${b.min}, was "${raw}"`);
    }
    return n;
  };
  const limits = /** @type {Limits} */ (Object.fromEntries(BUDGETS.map((b) => [b.name, read(b)])));
  return { limits, engineHeapMb: read(ENGINE_HEAP) };
}

/** Usage lines for --help. */
export function budgetUsage() {
  return [...BUDGETS.map((b) => `  --${b.flag} <n>  (default ${b.value}) ${b.name}: ${b.what}`),
    `  --${ENGINE_HEAP.flag} <n>  (default ${ENGINE_HEAP.value}) heap cap of each simulation's worker thread`].join('\n');
}
