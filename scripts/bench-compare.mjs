#!/usr/bin/env node
// npm run bench:compare -- <baseline> <run>: a run's figures against a baseline run's (docs/measurements.md,
// "Comparing against a baseline"), from their summary.json files; exits 1 when a figure regressed (its 95 % interval
// wholly above the baseline's), so CI elsewhere can run it. The comparison itself is measurement/src/compare.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compareFigures, configurationsOf, figuresOf, isFloor, machineDifferences, regressions, twinOf, withReproduce } from '../measurement/src/compare.mjs';
import { dataDir } from '../measurement/src/runRecordFiles.mjs';
import { runBench } from './lib/bench.mjs';

const USAGE = `usage: npm run bench:compare -- <baseline> <run> [--figures k1,k2] [--runs-dir DIR] [--json]
  <baseline>, <run>: a published run id, optionally /<configuration> (e.g. 2026-11-24-desktop-5781bf9-202243-ad5a-a/n10-free-sspin0);
    without a configuration, every configuration both runs hold is compared with its namesake
  --figures   only these figures (exact keys or prefixes: ratio.e2e_median, socket., ratio.)
  --runs-dir  the folder holding the runs (default public/data/runs)
  --json      the rows as JSON instead of the table
  Per figure: baseline and run estimates with their 95 % intervals over invocations, the change in %, whether the
  intervals overlap, a flag when the run's interval lies wholly outside the baseline's, and, where both runs have a
  bench:reproduce twin (-a/-b), whether the twins show the same. Exit 1 on a flagged regression (floors excepted:
  they measure the machine), 0 otherwise, 2 on a bad command line or an unknown run.`;

function parse({ cli }) {
  if (cli.positionals.length !== 2) cli.fail(`expected <baseline> <run>, got ${cli.positionals.length} argument(s)`);
  return { runsDir: resolve(cli.values['runs-dir'] ?? join(dataDir, 'runs')), wanted: cli.list('figures'), json: cli.values.json };
}

/** A run's summary.json and run.json, or null when the folder has no summary. */
function load(runsDir, runId) {
  const dir = join(runsDir, runId);
  if (!existsSync(join(dir, 'summary.json'))) return null;
  const read = (f) => JSON.parse(readFileSync(join(dir, f), 'utf8'));
  return { id: runId, summary: read('summary.json'), run: existsSync(join(dir, 'run.json')) ? read('run.json') : null };
}

/** The two runs and the configuration pairs compared: the ones named, or every configuration id both runs hold. */
function plan({ cli, runsDir, fail }) {
  const [base, cand] = cli.positionals.map((p) => {
    const [runId, configuration = null] = p.split('/');
    const loaded = load(runsDir, runId);
    if (!loaded) fail(`no run "${runId}" with a summary.json in ${runsDir}`);
    if (configuration && !configurationsOf(loaded.summary).includes(configuration)) {
      fail(`run ${runId} has no configuration "${configuration}" (it has ${configurationsOf(loaded.summary).join(', ')})`);
    }
    return { ...loaded, configuration };
  });
  const pairs = base.configuration || cand.configuration
    ? [[base.configuration ?? cand.configuration, cand.configuration ?? base.configuration]]
    : configurationsOf(base.summary).filter((c) => configurationsOf(cand.summary).includes(c)).map((c) => [c, c]);
  if (pairs.length === 0) fail(`runs ${base.id} and ${cand.id} share no configuration: name one for each (<run>/<configuration>)`);
  return { base, cand, pairs };
}

function analyse({ base, cand, pairs, wanted, runsDir, fail }) {
  const keep = (rows) => rows.filter((r) => wanted.length === 0 || wanted.some((w) => r.figure === w || (w.endsWith('.') && r.figure.startsWith(w))));
  const twins = [twinOf(base.id), twinOf(cand.id)].map((id) => (id ? load(runsDir, id) : null));
  const results = pairs.map(([bc, rc]) => {
    const rows = keep(compareFigures(figuresOf(base.summary, bc), figuresOf(cand.summary, rc)));
    const twinRows = twins[0] && twins[1] ? compareFigures(figuresOf(twins[0].summary, bc), figuresOf(twins[1].summary, rc)) : null;
    return { baseline: `${base.id}/${bc}`, run: `${cand.id}/${rc}`, twins: twinRows ? [`${twins[0].id}/${bc}`, `${twins[1].id}/${rc}`] : null, rows: withReproduce(rows, twinRows) };
  });
  if (results.every((r) => r.rows.length === 0)) fail(`no figure to compare${wanted.length ? ` among --figures ${wanted.join(',')}` : ''}`);
  const machine = machineDifferences(base.run?.environment, cand.run?.environment);
  const failing = results.flatMap((r) => regressions(r.rows).map((x) => `${r.run} ${x.figure}`));
  return { results, machine, failing };
}

/** The table (or --json); exit 1 on a flagged regression. */
function report({ json, results, machine, failing }) {
  if (json) {
    console.log(JSON.stringify({ machine, results, regressions: failing }, null, 2));
    return { exitCode: failing.length ? 1 : 0 };
  }
  const ratio = (k) => k.startsWith('ratio.');
  const fmt = (k, x) => (ratio(k) ? `${x.toFixed(x < 10 ? 2 : 1)}×` : x >= 1e6 ? `${(x / 1e6).toFixed(2)} ms` : x >= 1e3 ? `${(x / 1e3).toFixed(x >= 1e5 ? 0 : 1)} µs` : `${x.toFixed(0)} ns`);
  const cell = (k, f) => `${fmt(k, f.estimate)} ${f.ci95 ? `[${fmt(k, f.ci95[0])}, ${fmt(k, f.ci95[1])}]` : '(no interval)'}`;
  if (machine.length) console.log(`note: the runs were made on different machines or runtimes (${machine.join('; ')}): a change may be the machine's`);
  for (const r of results) {
    console.log(`\n== ${r.baseline} (baseline) → ${r.run}${r.twins ? `; twins ${r.twins[0]} → ${r.twins[1]}` : ''}`);
    const w = Math.max(24, ...r.rows.map((x) => x.figure.length + 2));
    console.log(`${'figure'.padEnd(w)}${'baseline'.padEnd(34)}${'run'.padEnd(34)}${'change'.padEnd(10)}${'overlap'.padEnd(9)}${'flag'.padEnd(13)}${r.twins ? 'twins' : ''}`);
    for (const x of r.rows) {
      const change = x.changePct === null ? '–' : `${x.changePct >= 0 ? '+' : ''}${x.changePct.toFixed(1)} %`;
      const flag = x.flag ? `${x.flag === 'regression' ? 'REGRESSION' : 'improvement'}${isFloor(x.figure) && x.flag === 'regression' ? '*' : ''}` : '';
      const twin = x.twin ? `${x.twin.changePct === null ? '–' : `${x.twin.changePct >= 0 ? '+' : ''}${x.twin.changePct.toFixed(1)} %`} ${x.reproduce ?? ''}` : '';
      console.log(`${x.figure.padEnd(w)}${cell(x.figure, x.baseline).padEnd(34)}${cell(x.figure, x.run).padEnd(34)}${change.padEnd(10)}${(x.overlap === null ? '–' : x.overlap ? 'yes' : 'NO').padEnd(9)}${flag.padEnd(13)}${twin}`);
    }
    const flagged = r.rows.filter((x) => x.flag);
    console.log(`${flagged.filter((x) => x.flag === 'improvement').length} improved, ${flagged.filter((x) => x.flag === 'regression').length} regressed (interval wholly outside the baseline's), ${r.rows.length - flagged.length} of ${r.rows.length} unchanged within the intervals`);
  }
  if (results.some((r) => r.rows.some((x) => x.flag === 'regression' && isFloor(x.figure)))) console.log('* a floor (the machine, not the code): not counted as a regression');
  console.log(failing.length ? `\nverdict: REGRESSION in ${failing.length} figure(s): ${failing.join(', ')}` : '\nverdict: no regression');
  return { exitCode: failing.length ? 1 : 0 };
}

runBench({
  name: 'bench:compare', usage: USAGE, allowPositionals: true,
  options: { figures: { type: 'string' }, 'runs-dir': { type: 'string' }, json: { type: 'boolean', default: false } },
  parse, plan, analyse, report,
});
