// The one shape of every bench:* script (docs/commands.md): parse → plan → measure → write → analyse → report, each a
// named function of the script, run here in that order. What every bench does alike lives here, once: the usage and
// --help, a bad command line (the problem and the usage, exit 2), a run folder that exists already (exit 2: a
// benchmark never overwrites a run), the progress bar (or a silent stand-in), the stop signals, the publish step and
// the exit code of a failure (1, with a message, not a stack trace unless the bench asks for one).
import { relative } from 'node:path';
import cliProgress from 'cli-progress';
import { appendToManifest } from '../../measurement/src/runRecordFiles.mjs';
import { ExitError, HelpRequest, USAGE_EXIT, UsageError, newRunFolder, readCli } from './cli.mjs';
import { exitOnStopSignals } from './processes.mjs';
import { root } from './root.mjs';

export { ExitError, UsageError };

/** The phases in the order they run; a bench defines those it has. */
export const PHASES = ['parse', 'plan', 'measure', 'write', 'analyse', 'report'];

/**
 * Runs `bench` ({ name: 'bench:web', usage, options?, allowPositionals?, stackTraces?, parse?, plan?, measure?,
 * write?, analyse?, report? }). Each phase gets the bench's context and returns the fields it adds to it (or nothing);
 * the context starts with:
 *   name, argv, command ("npm run <name> -- <argv>"), usage;
 *   cli: parseCli's helpers over `options` (values, positionals, fail, list, ints, int, positive), when options are given;
 *   fail(msg): a bad command line (throws: the message and the usage, exit 2); help(): print the usage, exit 0;
 *   runFolder(kind, commitPaths): the run's new folder (runsDir, runDir, runId, publish, commit, createdAt, added to
 *     the context; exit 2 when it exists);
 *   notPublished(kept): what a bench that stops early tells about its folder;
 *   progressBar(options, { quiet }): a cli-progress bar, or with `quiet` a stand-in that only counts;
 *   onStop(handler): Ctrl-C and SIGTERM stop the bench through `handler` (exitOnStopSignals); a failure while a
 *     signal is stopping it is the signal's doing, not an error to report.
 * After analyse, a run the bench made (context `run`) in a folder to publish (`publish`) is appended to the manifest:
 * only once every file is written, before the report (which only prints).
 * The exit code: 0, or the context's `exitCode` after the last phase (a verdict, e.g. bench:compare's regression);
 * 2 on a bad command line; 1 when a phase throws (`\n[<name>] <message>` on stderr); an ExitError's own code.
 * `io` is for tests: argv, exit (called with the code when it is not 0), out/err (lines), publishRun.
 */
export async function runBench(bench, io = {}) {
  const {
    argv = process.argv.slice(2), exit = (code) => process.exit(code), out = (line) => console.log(line), err = (line) => console.error(line),
    publishRun = appendToManifest, signals = exitOnStopSignals,
  } = io;
  const { name, usage } = bench;
  const ctx = {
    name, argv, usage, command: `npm run ${name} -- ${argv.join(' ')}`.trim(), phasesRun: [],
    fail: (message) => { throw new UsageError(message); },
    help: () => { throw new HelpRequest(); },
    stoppedBy: () => null,
    runFolder: (kind, commitPaths) => Object.assign(ctx, newRunFolder(kind, ctx.cli?.values ?? {}, commitPaths)),
    notPublished: (kept = 'the files of the invocations run so far') => notPublished(ctx.runDir, kept),
    progressBar,
    onStop: (handler) => { ctx.stoppedBy = signals(handler); return ctx.stoppedBy; },
  };
  try {
    if (bench.options) ctx.cli = readCli({ usage, options: bench.options, allowPositionals: bench.allowPositionals, argv });
    for (const phase of PHASES) {
      if (!bench[phase]) continue;
      ctx.phasesRun.push(phase);
      Object.assign(ctx, (await bench[phase](ctx)) ?? {});
      if (phase === 'analyse' || (phase === 'write' && !bench.analyse)) await publish(ctx, publishRun);
    }
  } catch (e) {
    if (e instanceof HelpRequest) { out(usage); return exit(0) ?? 0; }
    if (e instanceof UsageError) { err(`${e.message}\n${usage}`); return exit(USAGE_EXIT) ?? USAGE_EXIT; }
    if (e instanceof ExitError) { if (e.message) err(e.message); return exit(e.code) ?? e.code; }
    // A signal's handler ends the process: what failed meanwhile is its doing.
    if (ctx.stoppedBy()) await new Promise(() => {});
    err(`\n[${name}] ${bench.stackTraces ? e.stack ?? e.message : e.message}`);
    return exit(1) ?? 1;
  }
  const code = ctx.exitCode ?? 0;
  return code === 0 ? 0 : exit(code) ?? code;
}

async function publish(ctx, publishRun) {
  if (ctx.publish && ctx.run && !ctx.published) {
    await publishRun(ctx.run);
    ctx.published = true;
  }
}

/** What the run folder of a bench stopped before its end holds: not a run (no run.json), nothing reads it as one. */
export const notPublished = (runDir, kept) => `Nothing was published: ${relative(root, runDir) || runDir} keeps ${kept} and has no run.json (it is not a run). Re-run the command (a new run id).`;

/**
 * A cli-progress bar (shades_classic) with `options`, or with `quiet` a stand-in with the same methods that draws
 * nothing and only keeps `value` (a bench reads its own progress back from it).
 */
export function progressBar(options, { quiet = false } = {}) {
  if (!quiet) return new cliProgress.SingleBar(options, cliProgress.Presets.shades_classic);
  return {
    value: 0,
    total: 0,
    start(total, value = 0) { this.total = total; this.value = value; },
    update(value) { if (typeof value === 'number') this.value = value; },
    increment(by = 1) { this.value += typeof by === 'number' ? by : 1; },
    stop() {},
  };
}
