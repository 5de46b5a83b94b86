// The command-line convention of every bench:* and profile script (docs/commands.md): node:util parseArgs,
// strict; the shared option names below where an option applies; `--help` prints the usage and exits 0; an
// unknown option or a bad value prints what is wrong and the usage, and exits 2 (never a stack trace). The benches
// read their command line through scripts/lib/bench.mjs, which prints and exits; profile through parseCli.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dataDir, gitCommit } from '../../measurement/src/runRecordFiles.mjs';
import { uniqueRunId } from '../../measurement/src/runId.mjs';
import { ensureBuilt } from './build-steps.mjs';
import { isReferenceProgram, parseWorkLevels, withWorkLevels } from '../../measurement/src/catalogue.mjs';

/**
 * The options every script spells the same way; a script takes those that apply to it.
 * @type {Record<string, NonNullable<import('node:util').ParseArgsConfig['options']>[string]>}
 */
export const COMMON = {
  n: { type: 'string' }, // device counts, comma-separated
  encodings: { type: 'string' }, // wire encodings, comma-separated
  'run-id': { type: 'string' }, // name of the run's folder
  'out-dir': { type: 'string' }, // folder the run's folder is written into
  'no-publish': { type: 'boolean', default: false }, // neither into public/data/runs nor the manifest (a temporary folder unless --out-dir)
  help: { type: 'boolean', default: false },
};

/** Exit status of a bad command line (as getopt-style tools use). */
export const USAGE_EXIT = 2;

/** A bad command line: the message, then the usage, on stderr; exit 2. */
export class UsageError extends Error {}

/** --help: the usage on stdout, exit 0. */
export class HelpRequest extends Error {}

/** An end with its own exit code; the message (if any) is printed as it is. */
export class ExitError extends Error {
  constructor(code, message = '') {
    super(message);
    this.code = code;
  }
}

/**
 * Parses `argv` (default: this process's arguments) against `options`; throws HelpRequest on --help and UsageError
 * on a bad command line (scripts/lib/bench.mjs prints and exits). Returns the values and helpers that check them,
 * each failing the same way: `fail(msg)`, `list(name, allowed?)` (comma-separated, trimmed; may be empty),
 * `ints(name, min)` (a list of integers >= min), `int(name, min)`, `positive(name)` (a number > 0).
 * @param {{ usage: string, options: Record<string, NonNullable<import('node:util').ParseArgsConfig['options']>[string]>,
 *   allowPositionals?: boolean, argv?: string[] }} spec
 */
export function readCli({ options, allowPositionals = false, argv = process.argv.slice(2) }) {
  const fail = (msg) => { throw new UsageError(msg); };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { help: COMMON.help, ...options }, allowPositionals, strict: true });
  } catch (e) {
    // ERR_PARSE_ARGS_UNKNOWN_OPTION, ERR_PARSE_ARGS_INVALID_OPTION_VALUE, ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL
    if (!String(e.code).startsWith('ERR_PARSE_ARGS_')) throw e;
    fail(e.message.replace(/\. To specify a positional argument.*$/s, ''));
  }
  const { values, positionals } = parsed;
  if (values.help) throw new HelpRequest();
  const list = (name, allowed) => {
    const v = String(values[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    for (const x of v) if (allowed && !allowed.includes(x)) fail(`--${name}: "${x}" is not one of ${allowed.join(', ')}`);
    return v;
  };
  const ints = (name, min) => {
    const v = list(name).map(Number);
    if (v.some((x) => !Number.isInteger(x) || x < min)) fail(`--${name} must list integers >= ${min}, got ${values[name]}`);
    return v;
  };
  const int = (name, min) => {
    const v = Number(values[name]);
    if (!Number.isInteger(v) || v < min) fail(`--${name} must be an integer >= ${min}, got ${values[name]}`);
    return v;
  };
  const positive = (name) => {
    const v = Number(values[name]);
    if (!(v > 0)) fail(`--${name} must be a positive number, got ${values[name]}`);
    return v;
  };
  return { values, positionals, fail, list, ints, int, positive };
}

/**
 * readCli for a script that is not a bench (npm run profile): prints `usage` and exits on --help (0) or a bad command
 * line (2), also when a helper fails later.
 */
export function parseCli(spec) {
  const exitOn = (f) => (...args) => {
    try { return f(...args); } catch (e) {
      if (e instanceof HelpRequest) { console.log(spec.usage); process.exit(0); }
      if (e instanceof UsageError) { console.error(`${e.message}\n${spec.usage}`); process.exit(USAGE_EXIT); }
      throw e;
    }
  };
  const cli = exitOn(readCli)(spec);
  return { ...cli, fail: exitOn(cli.fail), list: exitOn(cli.list), ints: exitOn(cli.ints), int: exitOn(cli.int), positive: exitOn(cli.positive) };
}

/**
 * --programs (bench:desktop, bench:web, bench:network): program specs of docs/programs.md separated by ',' before a name (a spec's parameters
 * hold ',' too: `channel:destination=9,width=1`), each name one of `known` (the catalogue's PROGRAMS, any case;
 * returned as the catalogue spells it), duplicates dropped, then each at each level of `work` (--work: `withWorkLevels`).
 * Parameters are the engine's to check. Calls `fail` on an unknown name, an empty list or a bad work level.
 */
export function programList(text, known, fail, work = '0') {
  const { levels, error } = parseWorkLevels(work);
  if (error) fail(error);
  return withWorkLevels(programSpecs(text, known, fail), levels);
}

/** --work, for the benches that run programs: engine work levels, ns per device and round (docs/programs.md, "Work"). */
export const WORK_OPTION = { work: { type: 'string', default: '0' } };

/** The usage line of --work, the same in every bench that takes it. */
export const WORK_USAGE = `  --work 0                 engine work levels, ns of extra CPU work per device and round (docs/programs.md,
                           "Work"): each program at each level, ids suffixed -<program>-work-<W> (none for 0)`;

function programSpecs(text, known, fail) {
  const specs = String(text ?? '').split(/,(?=[A-Za-z]+(?::|,|$))/).map((x) => x.trim()).filter(Boolean);
  if (!specs.length) fail('--programs must name at least one program');
  return [...new Set(specs.map((spec) => {
    const given = spec.split(':')[0].trim();
    const name = known.find((k) => k.toLowerCase() === given.toLowerCase());
    if (!name) fail(`--programs: "${given}" is not one of ${known.join(', ')}`);
    return name + spec.slice(spec.indexOf(':') < 0 ? spec.length : spec.indexOf(':'));
  }))];
}

/**
 * The engine's registry checks each spec's parameters for every N (`ns`) before a bench runs anything, through the
 * JS facade, built first so that it is the registry of the sources (when it cannot be built, the first invocation
 * reports a bad spec with the same message); `fail` on the first spec it refuses. Nothing to check when every spec
 * is the reference program.
 */
export async function checkProgramSpecs(programs, ns, fail) {
  if (programs.every((x) => isReferenceProgram(x))) return;
  await ensureBuilt(['js'], { log: () => {} }).catch(() => null);
  const facade = await import('../../collektive-wasm/src/js/engine.mjs').then((m) => m.loadJsEngine()).catch(() => null);
  for (const spec of programs) for (const n of ns) {
    const problem = facade?.checkProgram(spec, n);
    if (problem) fail(`--programs: ${spec} at N = ${n}: ${problem}`);
  }
}

/** --order-seed (an integer >= 0, checked by parseCli's `int`), else a random 31-bit seed; run.json records it either way. */
export const orderSeedOf = (values, int) => (values['order-seed'] !== undefined ? int('order-seed', 0) : Math.floor(Math.random() * 2 ** 31));

/**
 * A bench's new run folder from the common options (--out-dir, --run-id, --no-publish): { runsDir, runDir, runId,
 * publish (only into public/data/runs), commit (of `commitPaths`, docs/measurements.md), createdAt }. Throws an
 * ExitError (2) when the folder exists: a benchmark never overwrites a run.
 */
export function newRunFolder(kind, values, commitPaths) {
  // --no-publish without --out-dir: a new temporary folder, so that an unlisted run never lands among the published.
  const runsDir = resolve(values['out-dir'] ?? (values['no-publish'] ? mkdtempSync(join(tmpdir(), `collektive-${kind}-runs-`)) : join(dataDir, 'runs')));
  const publish = !values['no-publish'] && runsDir === resolve(dataDir, 'runs');
  const commit = gitCommit({ paths: commitPaths });
  const createdAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const runId = values['run-id'] ?? uniqueRunId(kind, commit, createdAt);
  const runDir = join(runsDir, runId);
  if (existsSync(runDir)) throw new ExitError(USAGE_EXIT, `run folder ${runDir} exists already: a benchmark never overwrites a run; choose another --run-id`);
  return { runsDir, runDir, runId, publish, commit, createdAt };
}
