#!/usr/bin/env node
// npm run bench:reproduce -- <desktop|web> [bench options]: runs the same benchmark twice, end to end (two runs,
// each with its own invocations), and reports for every ratio of every configuration whether each run's estimate
// lies inside the other run's 95 % interval over invocations (docs/measurements.md, "Reproducibility"). Writes
// reproduce.json and reproduce.svg (the two runs' ratios with their intervals) into the second run's folder.
// Both runs are ordinary runs: published like any other unless --no-publish is passed through.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { dataDir, gitCommit, root } from '../measurement/src/runRecordFiles.mjs';
import { comparisonSpec, compareSummaries, renderSvg } from '../measurement/src/reproduce.mjs';
import { uniqueRunId } from '../measurement/src/runId.mjs';
import { USAGE_EXIT } from './lib/cli.mjs';
import { ExitError, runBench } from './lib/bench.mjs';

const USAGE = `usage: npm run bench:reproduce -- <desktop|web|network> [options of that bench, except --run-id]
  e.g. npm run bench:reproduce -- desktop --n 10 --pacing free --encodings json --pin
       npm run bench:reproduce -- web --n 10 --pacing free
       npm run bench:reproduce -- network --only grid (figures: e2e per cell, break-even RTTs; docs/network.md)
  Runs the bench twice (run ids <id>-a and <id>-b) and reports whether each ratio of one run lies inside the other's
  95 % interval over invocations; writes reproduce.json and reproduce.svg into the second run's folder.`;

// The bench's own options pass through to it (it checks them: a bad one exits 2 with its usage, before any run);
// only the bench name, --help, --run-id and --out-dir are read here.
function parse({ argv, fail, help }) {
  const [bench, ...rest] = argv;
  if (bench === '--help' || bench === '-h') help();
  if (!['desktop', 'web', 'network'].includes(bench)) fail(`unknown bench "${bench ?? ''}"`);
  if (rest.some((x) => x === '--run-id' || x.startsWith('--run-id='))) fail('--run-id is chosen by bench:reproduce');
  const outDirArg = rest.map((x, i) => (x === '--out-dir' ? rest[i + 1] : x.startsWith('--out-dir=') ? x.slice(10) : undefined)).find((x) => x !== undefined);
  return { bench, rest, runsDir: resolve(outDirArg ?? join(dataDir, 'runs')) };
}

function plan({ bench }) {
  const base = uniqueRunId(bench, gitCommit());
  return { ids: [`${base}-a`, `${base}-b`] };
}

/** The bench twice, one run after the other, each an ordinary run of its own. */
async function measure({ bench, rest, ids, onStop }) {
  // Ctrl-C, or a SIGTERM from a job runner: the signal goes to the bench running (which stops what it started and
  // says what it kept), then this exits with 128 + the signal's number; a run finished before stays as it is.
  let running = null;
  const finished = [];
  const stoppedBy = onStop(async (signal) => {
    if (running && running.exitCode === null && running.signalCode === null) {
      running.kill(signal);
      await Promise.race([once(running, 'exit'), new Promise((r) => { setTimeout(r, 15_000); })]);
    }
    return `[bench:reproduce] stopped by ${signal}; nothing compared${finished.length ? ` (run ${finished.join(', ')} finished and stays)` : ''}.`;
  });
  for (const [i, id] of ids.entries()) {
    console.log(`\n[bench:reproduce] run ${i + 1} of 2: npm run bench:${bench} -- ${[...rest, '--run-id', id].join(' ')}`);
    // In a process group of its own: a terminal's Ctrl-C reaches this script only, which hands it on once (a second
    // SIGINT would end the bench before it has stopped what it started).
    running = spawn(process.execPath, [join(root, 'scripts', `bench-${bench}.mjs`), ...rest, '--run-id', id], { stdio: 'inherit', detached: true });
    const [status] = await once(running, 'exit');
    if (stoppedBy()) await new Promise(() => {}); // the signal's handler ends the process
    if (status === USAGE_EXIT) throw new ExitError(USAGE_EXIT); // a bad option of the bench: it printed its usage
    if (status !== 0) throw new ExitError(1, `[bench:reproduce] bench:${bench} failed (exit ${status}); nothing compared`);
    finished.push(id);
  }
}

/** Each ratio of one run against the other's interval; reproduce.json and reproduce.svg into the second run's folder. */
async function analyse({ bench, rest, ids, runsDir }) {
  const summaries = ids.map((id) => JSON.parse(readFileSync(join(runsDir, id, 'summary.json'), 'utf8')));
  const rows = compareSummaries(...summaries);
  const out = join(runsDir, ids[1]);
  writeFileSync(join(out, 'reproduce.json'), `${JSON.stringify({ runs: ids, bench, arguments: rest, rows }, (k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`);
  const network = bench === 'network' ? { title: 'Network figures, two runs: estimate and 95 % CI over invocations', axis: 'ms (log scale)' } : {};
  writeFileSync(join(out, 'reproduce.svg'), await renderSvg(comparisonSpec(rows, { titleA: ids[0], titleB: ids[1], ...network })));
  return { rows, out };
}

function report({ bench, ids, rows, out }) {
  // bench:network compares figures in ms (e2e, break-even RTT), the others ratios.
  const unit = bench === 'network' ? ' ms' : '×';
  const fx = (x) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 2 : 1)}${unit}` : '–');
  const cell = (x) => `${fx(x.estimate)} ${x.ci95 ? `[${fx(x.ci95[0]).slice(0, -unit.length)}, ${fx(x.ci95[1]).slice(0, -unit.length)}]` : '(no interval)'}`;
  console.log(`\n== reproducibility: ${ids[0]} (A) vs ${ids[1]} (B); estimate [95 % CI over invocations]`);
  const w = Math.max(16, ...rows.map((r) => r.configuration.length + 2));
  console.log(`${'configuration'.padEnd(w)}${'ratio'.padEnd(22)}${'A'.padEnd(28)}${'B'.padEnd(28)}${'A in B'.padEnd(8)}${'B in A'.padEnd(8)}overlap`);
  for (const r of rows) {
    console.log(`${r.configuration.padEnd(w)}${r.ratio.padEnd(22)}${cell(r.a).padEnd(28)}${cell(r.b).padEnd(28)}${(r.aInB ? 'yes' : 'NO').padEnd(8)}${(r.bInA ? 'yes' : 'NO').padEnd(8)}${r.overlap ? 'yes' : 'NO'}`);
  }
  const agree = rows.filter((r) => r.agree).length;
  console.log(`${agree} of ${rows.length} ratios agree (each estimate inside the other run's interval); ${rows.filter((r) => r.overlap).length} of ${rows.length} intervals overlap`);
  console.log(`[bench:reproduce] wrote ${relative(root, out) || out}/reproduce.json and reproduce.svg`);
}

runBench({ name: 'bench:reproduce', usage: USAGE, parse, plan, measure, analyse, report });
