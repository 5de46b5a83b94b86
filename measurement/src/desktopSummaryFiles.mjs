// A desktop run's whole report, as bench:desktop prints it, and the same from a published run's files:
// `node measurement/src/desktopSummaryFiles.mjs <run folder> [warmup] [--write-summary]` re-analyses the run from its
// run.json and CSVs. The figures are printed by desktopSummary.mjs; this module reads the files (the run's, the
// reference study's) and writes summary.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyseConfiguration } from './analysis.mjs';
import { formatNsFixed as fmtNs } from './format.mjs';
import { DESKTOP_FILES } from './assemble.mjs';
import { readTimingCsv } from './timingFiles.mjs';
import { configurationIntervals } from './invocations.mjs';
import { dataDir } from './runRecordFiles.mjs';
import { isTargetConfiguration, printConfiguration, printGrowth, printIntervals, printTargets, summaryJson } from './desktopSummary.mjs';

/** The reference study's published data through the same analysis, for side-by-side reading. */
function printReference() {
  const dir = join(dataDir, 'runs', 'reference-study');
  const file = (sub, name) => (existsSync(join(dir, sub, name)) ? readTimingCsv(join(dir, sub, name)) : null);
  const native = file('native-scene', 'native.csv');
  if (!native) return;
  const a = analyseConfiguration({ native, unityNative: file('native-scene', 'unity_native.csv'), socket: file('socket-scene', 'socket.csv'),
    unitySocket: file('socket-scene', 'unity_socket.csv') }, 30);
  console.log('\n== reference study (public/data/runs/reference-study, same analysis; Unity, socket scene at a 200 ms tick)');
  console.log(`  back-end overhead median: native ${fmtNs(a.native.overhead.median)}, socket ${fmtNs(a.socket.overhead.median)}; `
    + `socket parse ${fmtNs(a.socket.parse.median)}; e2e median: native ${fmtNs(a.native.e2e.median)}, socket ${fmtNs(a.socket.e2e.median)}`);
}

/**
 * The whole report of a run's analysed configurations ({ c, a }): each configuration, the targets of the free-paced
 * json configurations at N = 10 (returned), growth with N and the reference study. `tickOf(c)` gives the tick.
 */
export function printReport(results, tickOf) {
  for (const { c, a, h } of results) {
    printIntervals(c, h);
    printConfiguration(c, a, tickOf(c));
  }
  const targets = results.filter((r) => isTargetConfiguration(r.c))
    .map(({ c, h }) => ({ configuration: c.id, checks: printTargets(c, h) }));
  printGrowth(results);
  printReference();
  return targets;
}

/** Re-analyses a run folder (its run.json and CSVs) and prints the same report as bench:desktop. */
function reportRun(runDir, warmup, { writeSummary = false } = {}) {
  const run = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8'));
  const w = warmup ?? run.parameters?.warmup ?? 30;
  const keyOf = new Map(DESKTOP_FILES.map(([key, name]) => [name, key]));
  const results = run.configurations.map((c) => {
    const rows = {};
    for (const f of c.files) {
      const key = keyOf.get(f.file.split('/').pop());
      if (key) rows[key] = readTimingCsv(join(runDir, f.file));
    }
    // Runs published before invocations existed count as one invocation: their merged files.
    const invocations = c.invocations
      ? c.invocations.map((inv) => ({ files: Object.fromEntries(inv.files.map((f) => [keyOf.get(f.file.split('/').pop()), readTimingCsv(join(runDir, f.file))])) }))
      : [{ files: rows }];
    // CPU per step as the bench recorded it per invocation (runs before it existed have none).
    const cpu = c.invocations?.map((inv) => Object.fromEntries(Object.entries(inv.paths ?? {}).map(([p, x]) => [p, x.cpuPerStepNs ?? null])));
    return { c, a: analyseConfiguration(rows, w), h: configurationIntervals(invocations, { platform: 'desktop', warmup: w, cpuPerStep: cpu ?? null }) };
  });
  const targets = printReport(results, (c) => ({ tickMs: c.tickMs ?? 20, timeScale: c.timeScale ?? 1 }));
  if (writeSummary) writeFileSync(join(runDir, 'summary.json'), summaryJson(run, results, targets));
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const writeSummary = argv.includes('--write-summary');
  const [dir, warmup] = argv.filter((a) => a !== '--write-summary');
  if (!dir) { console.error('usage: node measurement/src/desktopSummaryFiles.mjs <run folder> [warmup] [--write-summary]'); process.exit(2); }
  reportRun(resolve(dir), warmup !== undefined ? Number(warmup) : undefined, { writeSummary });
}
