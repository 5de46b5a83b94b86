// The desktop host's command line (desktop-host/src/Program.cs, command `run`), built in one place for every script
// that starts the host: bench:desktop, bench:network and npm run profile.
import { isReferenceProgram } from '../../measurement/src/catalogue.mjs';
import { scenarioFor } from '../../measurement/src/scenario.mjs';

/** The random scenario's layout when a bench does not choose it (N ≠ 10): the host's own defaults and the page's. */
export const RANDOM_SCENARIO = Object.freeze({ seed: 1, meanDegree: 8 });

/** Configuration field → host option, in the order they are written; a field that is undefined or null is left out. */
const OPTIONS = [
  ['maxDistance', '--max-distance'], ['pacing', '--pacing'], ['tickMs', '--tick-ms'], ['timeScale', '--time-scale'],
  ['encoding', '--encoding'], ['engine', '--engine'], ['inFlight', '--in-flight'], ['frames', '--frames'],
  ['timeoutMs', '--timeout-ms'], ['floors', '--floors'], ['floorBatch', '--floor-batch'], ['floorsOut', '--floors-out'],
  ['progress', '--progress'], ['cpuMarkAt', '--cpu-mark-at'], ['out', '--out'], ['backendCsv', '--backend-csv'],
];

/** Every option desktopHostArgs can write (the test checks that the host reads each). */
export const DESKTOP_HOST_OPTIONS = ['--scenario', '--nodes', '--seed', '--mean-degree', '--program', '--transport', '--path', '--port',
  '--spin-us', ...OPTIONS.map(([, flag]) => flag)];

/**
 * The arguments after `run` for one host process. `config`: nodeCount (the scenario follows it: scenarioFor, unless
 * `scenario` is given), seed and meanDegree (random scenario only; default RANDOM_SCENARIO), program (none for the
 * reference program: its invocations stay the reference ones), the out-of-process engine's transport (tcp: `port`;
 * uds, shm: `path`) and spinUs, and the fields of OPTIONS.
 * @param {Record<string, any>} config
 * @returns {string[]}
 */
export function desktopHostArgs(config) {
  const { nodeCount, scenario = scenarioFor(nodeCount), seed = RANDOM_SCENARIO.seed, meanDegree = RANDOM_SCENARIO.meanDegree } = config;
  const given = (key) => config[key] !== undefined && config[key] !== null;
  const args = ['--scenario', scenario, '--nodes', String(nodeCount)];
  if (scenario === 'random') args.push('--seed', String(seed), '--mean-degree', String(meanDegree));
  for (const [key, flag] of OPTIONS) if (given(key)) args.push(flag, String(config[key]));
  if (!isReferenceProgram(config.program)) args.push('--program', String(config.program));
  // tcp is the host's default transport: its command line names only the port.
  if (given('transport') && config.transport !== 'tcp') args.push('--transport', config.transport, '--path', String(config.path));
  if (given('port')) args.push('--port', String(config.port));
  if (given('spinUs')) args.push('--spin-us', String(config.spinUs));
  return args;
}
