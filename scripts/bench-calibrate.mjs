#!/usr/bin/env node
// npm run bench:calibrate -- [--k 5] [desktop|web] [bench options]: knows the machine before publishing
// (docs/measurements.md, "Calibrating a machine"). Runs the bench K times back to back, each an ordinary run with its
// own invocations (spread and calibration as the bench's defaults, unless the options say otherwise), never
// published; then reports, per headline ratio, in how many of the K·(K−1) ordered pairs one run's estimate lies inside
// the other's 95 % interval, the machine's drift (the calibration workload's spread per run and over all runs), and
// the spread and invocation count it recommends. Writes calibrate.json into the runs folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { gitCommit, root } from '../measurement/src/runRecordFiles.mjs';
import { uniqueRunId } from '../measurement/src/runId.mjs';
import { agreementOf, ratioAcross, recommend } from '../measurement/src/agreement.mjs';
import { calibrationDrift } from '../measurement/src/drift.mjs';
import { USAGE_EXIT } from './lib/cli.mjs';
import { ExitError, runBench } from './lib/bench.mjs';

const USAGE = `usage: npm run bench:calibrate -- [--k 5] [desktop|web] [options of that bench, except --run-id and --no-publish]
  e.g. npm run bench:calibrate -- desktop --n 10 --pacing free --pin       (the canonical desktop command, K = 5)
       npm run bench:calibrate -- --k 3 web --n 10 --pacing free
  Runs the bench K times (run ids <id>-1 … <id>-K, never published; --out-dir, default a new folder under the
  system's temporary folder) and reports the agreement share of each headline ratio over the K·(K−1) ordered pairs,
  the calibration's drift and the recommended --spread and --invocations; writes calibrate.json there. The verdict
  is judged on the runs the bench did not mark busy or drifted, when they are at least 3 and most of the runs.
       npm run bench:calibrate -- --reanalyse DIR      compares an earlier calibration's runs again (its calibrate.json rewritten)`;

function parse({ argv: given, fail, help }) {
  let argv = given;
  if (argv.includes('--help') || argv.includes('-h')) help();
  const reAt = argv.indexOf('--reanalyse');
  const reanalyse = reAt >= 0 ? resolve(argv[reAt + 1] ?? fail('--reanalyse needs the folder of an earlier calibration')) : null;
  let K = 5;
  const kAt = argv.indexOf('--k');
  if (kAt >= 0) {
    K = Number(argv[kAt + 1]);
    if (!Number.isInteger(K) || K < 2) fail(`--k must be an integer >= 2, got ${argv[kAt + 1]}`);
    argv = [...argv.slice(0, kAt), ...argv.slice(kAt + 2)];
  }
  const bench = ['desktop', 'web'].includes(argv[0]) ? argv[0] : 'desktop';
  if (argv[0] === bench) argv = argv.slice(1);
  if (argv.some((x) => /^--(run-id|no-publish)(=|$)/.test(x))) fail('--run-id and --no-publish are chosen by bench:calibrate');
  const outAt = argv.indexOf('--out-dir');
  const runsDir = reanalyse ?? resolve(outAt >= 0 ? argv[outAt + 1] : join(os.tmpdir(), `collektive-calibrate-${Date.now()}`));
  if (outAt >= 0) argv = [...argv.slice(0, outAt), ...argv.slice(outAt + 2)];
  return { reanalyse, K, bench, benchArgs: argv, runsDir };
}

/** The K run ids, or with --reanalyse the runs of an earlier calibration (compared again with today's rules). */
function plan({ reanalyse, runsDir, bench, benchArgs, K, fail }) {
  mkdirSync(runsDir, { recursive: true });
  const started = Date.now();
  if (!reanalyse) {
    const base = uniqueRunId(`calibrate-${bench}`, gitCommit());
    return { started, ids: Array.from({ length: K }, (_, i) => `${base}-${i + 1}`) };
  }
  let earlier = null;
  try { earlier = JSON.parse(readFileSync(join(runsDir, 'calibrate.json'), 'utf8')); } catch { /* runs only */ }
  const ids = earlier?.runs ?? readdirSync(runsDir).filter((d) => existsSync(join(runsDir, d, 'summary.json'))).sort();
  if (ids.length < 2) fail(`--reanalyse ${runsDir}: fewer than two runs there`);
  return { started, ids, bench: earlier?.bench ?? bench, benchArgs: earlier?.arguments ?? benchArgs, K: ids.length };
}

/** The bench K times back to back, never published. */
function measure({ reanalyse, ids, K, bench, benchArgs, runsDir }) {
  if (reanalyse) return;
  for (const [i, id] of ids.entries()) {
    const args = [...benchArgs, '--out-dir', runsDir, '--no-publish', '--run-id', id, ...(bench === 'desktop' ? ['--quiet'] : [])];
    console.log(`\n[bench:calibrate] run ${i + 1} of ${K}: npm run bench:${bench} -- ${args.join(' ')}`);
    const r = spawnSync(process.execPath, [join(root, 'scripts', `bench-${bench}.mjs`), ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status === USAGE_EXIT) throw new ExitError(USAGE_EXIT); // the bench printed what is wrong
    if (r.status !== 0) throw new ExitError(1, `[bench:calibrate] bench:${bench} failed (exit ${r.status}); nothing compared`);
  }
}

/** Agreement, drift and the recommendation over the K runs; calibrate.json into the runs folder. */
function analyse({ ids, runsDir, bench, benchArgs, K }) {
  const read = (id, f) => JSON.parse(readFileSync(join(runsDir, id, f), 'utf8'));
  const summaries = ids.map((id) => read(id, 'summary.json'));
  const runs = ids.map((id) => read(id, 'run.json'));
  const config = summaries[0].configurations.find((c) => /^n10-free/.test(c.id))?.id ?? summaries[0].configurations[0].id;
  // The ratios the headline and the targets read; the web's e2e is the block-mean ratio (docs/measurements.md, "Clock resolution").
  const KEYS = bench === 'desktop' ? ['e2e_median', 'e2e_median_paired', 'transport_echo_median'] : ['e2e_mean', 'e2e_mean_paired', 'transport_echo_median'];
  const agreements = KEYS.map((key) => ({ key, ...agreementOf(ratioAcross(summaries, config, key)) })).filter((a) => a.runs > 1);
  const perRun = runs.map((run, i) => ({
    run: run.id, wallSeconds: run.parameters?.wallSeconds ?? null,
    drift: summaries[i].drift ?? calibrationDrift(run.configurations.flatMap((c) => (c.invocations ?? []).map((inv) => inv.calibration))),
    busy: summaries[i].busy ?? null,
  }));
  const recorded = runs.flatMap((run) => run.configurations.flatMap((c) => (c.invocations ?? []).map((inv) => inv.calibration))).filter(Boolean);
  // Runs whose run.json lacks the records (written before they were kept there): each run's own extremes from summary.json.
  const extremes = perRun.flatMap((r) => (r.drift ? [r.drift.cpuKernel, r.drift.loopbackRtt] : [])).length && !recorded.length
    ? perRun.filter((r) => r.drift?.measured).flatMap((r) => [{ cpuKernelNs: r.drift.cpuKernel.min, loopbackRttNs: r.drift.loopbackRtt.min }, { cpuKernelNs: r.drift.cpuKernel.max, loopbackRttNs: r.drift.loopbackRtt.max }])
    : [];
  const pooled = calibrationDrift(recorded.length ? recorded : extremes);
  const settings = { spreadSeconds: runs[0].parameters?.spreadSeconds ?? 0, invocations: runs[0].parameters?.invocations ?? 5 };
  // The same over the runs the bench did not mark (docs/measurements.md, "Noise control", "Drift"): neither an
  // invocation busy with another process's work nor the machine's calibration drifting beyond its limit. A marked run
  // says so on its headline and in the dashboard; the marks, not the intervals, carry the rest (and are counted).
  const marked = perRun.map((r) => Boolean(r.busy?.busy) || r.drift?.drifted === true);
  const unmarked = summaries.filter((_, i) => !marked[i]);
  const quietAgreements = unmarked.length >= 2 && marked.some(Boolean)
    ? KEYS.map((key) => ({ key, ...agreementOf(ratioAcross(unmarked, config, key)) })) : [];
  const unpaired = (list) => list.filter((a) => !a.key.endsWith('_paired'));
  const advice = recommend(unpaired(agreements), settings, { marked: K - unmarked.length, runs: K, unmarkedAgreements: unpaired(quietAgreements) });
  const out = join(runsDir, 'calibrate.json');
  writeFileSync(out, `${JSON.stringify({ bench, arguments: benchArgs, k: K, configuration: config, runs: ids, perRun, agreements, quietAgreements, drift: pooled, settings, recommendation: advice },
    (key, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`);
  return { summaries, config, KEYS, agreements, quietAgreements, perRun, pooled, advice, out };
}

function report({ K, bench, benchArgs, config, started, summaries, KEYS, agreements, quietAgreements, perRun, pooled, advice, out }) {
  const pct = (s) => (s === null || s === undefined ? '–' : `${(100 * s).toFixed(0)} %`);
  const fx = (x) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 2 : 1)}×` : '–');
  const cell = (f) => (f ? `${fx(f.estimate)} ${f.ci95 ? `[${fx(f.ci95[0]).slice(0, -1)}, ${fx(f.ci95[1]).slice(0, -1)}]` : '(no interval)'}` : '–');
  console.log(`\n== bench:calibrate: ${K} runs of bench:${bench} (${benchArgs.join(' ') || 'defaults'}), configuration ${config}, ${((Date.now() - started) / 60000).toFixed(1)} min`);
  console.log(`${'run'.padEnd(6)}${KEYS.map((k) => k.padEnd(30)).join('')}${'CPU kernel spread'.padEnd(20)}${'loopback spread'.padEnd(18)}${'busy'.padEnd(8)}wall`);
  summaries.forEach((s, i) => {
    const c = s.configurations.find((x) => x.id === config);
    const d = perRun[i].drift;
    console.log(`${String(i + 1).padEnd(6)}${KEYS.map((k) => cell(c?.ratios?.[k]).padEnd(30)).join('')}${pct(d?.cpuKernel?.spread).padEnd(20)}${pct(d?.loopbackRtt?.spread).padEnd(18)}`
      + `${(perRun[i].busy ? `${perRun[i].busy.busy}/${perRun[i].busy.pathInvocations}` : '–').padEnd(8)}${perRun[i].wallSeconds ?? '–'} s`);
  });
  for (const a of agreements) {
    console.log(`agreement ${a.key}: ${a.inside} of ${a.pairs} ordered pairs (${pct(a.share)}); between-run SD ${a.betweenRunSd.toPrecision(3)} vs runs' own SE ${a.withinRunSe.toPrecision(3)}`);
  }
  for (const a of quietAgreements) {
    console.log(`  unmarked runs only (${a.runs} of ${K}; the others busy or drifted): ${a.key} ${a.inside} of ${a.pairs} ordered pairs (${pct(a.share)})`);
  }
  console.log(`drift over all ${pooled.measured} invocations: CPU kernel ${pct(pooled.cpuKernel.spread)} (median ${(pooled.cpuKernel.median / 1e6).toFixed(2)} ms), loopback round trip ${pct(pooled.loopbackRtt.spread)} (median ${(pooled.loopbackRtt.median / 1e3).toFixed(1)} µs)`);
  console.log(advice.calibrated
    ? `recommendation: calibrated (${advice.why}); keep --spread ${advice.spreadSeconds}s --invocations ${advice.invocations}`
    : `recommendation: NOT calibrated (${advice.why}): run with --spread ${advice.spreadSeconds}s --invocations ${advice.invocations}${advice.capped ? ' (capped: even that may not reach agreement on this machine; say so with the published figures)' : ''}`);
  console.log(`[bench:calibrate] wrote ${out}`);
}

runBench({ name: 'bench:calibrate', usage: USAGE, parse, plan, measure, analyse, report });
