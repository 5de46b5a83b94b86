// The bench skeleton (scripts/lib/bench.mjs), in process with its outputs captured: the phases run in their order,
// --help and a bad command line end before any phase with 0 and 2, a failing phase ends the bench with 1 and its
// message (the later phases not run, nothing published), a run folder that exists is refused (2) and left as it was,
// and a run is published only once its files are all written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHASES, progressBar, runBench } from '../lib/bench.mjs';

/** runBench with captured io: { code, out, err, exits (codes passed to exit), published (runs) }. */
async function run(bench, argv = []) {
  const r = { out: [], err: [], exits: [], published: [] };
  r.code = await runBench({ name: 'bench:test', usage: 'usage: npm run bench:test -- [--n 10]', ...bench }, {
    argv, exit: (code) => { r.exits.push(code); }, out: (l) => r.out.push(l), err: (l) => r.err.push(l),
    publishRun: (x) => { r.published.push(x); }, signals: () => () => null,
  });
  return r;
}

/** A bench whose every phase records its name (and what the previous phases added to the context). */
const recording = (calls) => Object.fromEntries(PHASES.map((phase, i) => [phase, (ctx) => {
  calls.push(phase);
  if (i > 0) assert.equal(ctx[`after${PHASES[i - 1]}`], true, `${phase} sees what ${PHASES[i - 1]} returned`);
  return { [`after${phase}`]: true };
}]));

test('the phases run in order: parse, plan, measure, write, analyse, report, each seeing what the one before returned', async () => {
  const calls = [];
  const r = await run(recording(calls));
  assert.deepEqual(calls, ['parse', 'plan', 'measure', 'write', 'analyse', 'report']);
  assert.equal(r.code, 0);
  assert.deepEqual(r.exits, []);
});

test('a bench without some phases runs the others in the same order', async () => {
  const calls = [];
  const r = await run({ report: () => { calls.push('report'); }, parse: () => { calls.push('parse'); }, measure: () => { calls.push('measure'); } });
  assert.deepEqual(calls, ['parse', 'measure', 'report']);
  assert.equal(r.code, 0);
});

test('--help prints the usage on stdout and exits 0 before any phase', async () => {
  const calls = [];
  const r = await run({ options: { n: { type: 'string', default: '10' } }, ...recording(calls) }, ['--help']);
  assert.deepEqual(calls, []);
  assert.deepEqual(r.exits, [0]);
  assert.deepEqual(r.out, ['usage: npm run bench:test -- [--n 10]']);
});

test('an unknown option exits 2 with the problem and the usage, no phase run, no stack trace', async () => {
  const calls = [];
  const r = await run({ options: { n: { type: 'string', default: '10' } }, ...recording(calls) }, ['--bogus']);
  assert.deepEqual(calls, []);
  assert.deepEqual(r.exits, [2]);
  assert.match(r.err.join('\n'), /^Unknown option '--bogus'\nusage: npm run bench:test/);
  assert.doesNotMatch(r.err.join('\n'), /\n\s+at /);
});

test("a bad value found by a phase's check (cli.ints, fail) exits 2 with its message and the usage; later phases do not run", async () => {
  const calls = [];
  const r = await run({
    options: { n: { type: 'string', default: '10' } },
    parse: ({ cli }) => { calls.push('parse'); return { nodeCounts: cli.ints('n', 1) }; },
    plan: () => { calls.push('plan'); },
  }, ['--n', '0,5']);
  assert.deepEqual(calls, ['parse']);
  assert.deepEqual(r.exits, [2]);
  assert.match(r.err[0], /^--n must list integers >= 1, got 0,5\nusage: npm run bench:test/);
  const r2 = await run({ parse: ({ fail }) => fail('--seed must be even') });
  assert.deepEqual(r2.exits, [2]);
  assert.match(r2.err[0], /^--seed must be even\nusage:/);
});

test('a phase that throws ends the bench with 1 and "[name] message", not a stack trace; nothing after it runs or is published', async () => {
  const calls = [];
  const r = await run({
    ...recording(calls),
    measure: () => { calls.push('measure'); throw new Error('the JVM server was killed by SIGKILL'); },
    write: () => { calls.push('write'); return { run: { id: 'x' }, publish: true }; },
  });
  assert.deepEqual(calls, ['parse', 'plan', 'measure']);
  assert.deepEqual(r.exits, [1]);
  assert.deepEqual(r.err, ['\n[bench:test] the JVM server was killed by SIGKILL']);
  assert.deepEqual(r.published, []);
});

test('a bench that asks for stack traces gets them in its failure message', async () => {
  const r = await run({ stackTraces: true, plan: () => { throw new Error('no result row'); } });
  assert.deepEqual(r.exits, [1]);
  assert.match(r.err[0], /^\n\[bench:test\] Error: no result row\n\s+at /);
});

test('a run folder that exists already is refused with exit 2 and left untouched; a new --run-id is accepted', async () => {
  const runs = mkdtempSync(join(tmpdir(), 'bench-skeleton-'));
  try {
    mkdirSync(join(runs, 'taken'));
    writeFileSync(join(runs, 'taken', 'run.json'), '{"id":"taken"}\n');
    const calls = [];
    const bench = {
      options: { 'run-id': { type: 'string' }, 'out-dir': { type: 'string' }, 'no-publish': { type: 'boolean', default: false } },
      plan: (ctx) => { ctx.runFolder('test', []); calls.push(`plan ${ctx.runId}`); },
      measure: (ctx) => { calls.push('measure'); mkdirSync(ctx.runDir); },
    };
    const argv = (id) => ['--out-dir', runs, '--run-id', id];
    const refused = await run(bench, argv('taken'));
    assert.deepEqual(refused.exits, [2]);
    assert.match(refused.err[0], /exists already: a benchmark never overwrites a run; choose another --run-id/);
    assert.deepEqual(calls, []);
    assert.deepEqual(readdirSync(join(runs, 'taken')), ['run.json']);
    const accepted = await run(bench, argv('fresh'));
    assert.equal(accepted.code, 0);
    assert.deepEqual(calls, ['plan fresh', 'measure']);
    assert.deepEqual(readdirSync(runs).sort(), ['fresh', 'taken']);
  } finally { rmSync(runs, { recursive: true, force: true }); }
});

test('a run is published after analyse (every file written), before report; not when the folder is not to be published', async () => {
  const order = [];
  const bench = (publish) => ({
    write: () => { order.push('write'); return { run: { id: 'r1' }, publish }; },
    analyse: () => { order.push('analyse'); },
    report: () => { order.push('report'); },
  });
  const r = await runBench({ name: 'bench:test', usage: 'u', ...bench(true) }, {
    argv: [], exit: () => {}, out: () => {}, err: () => {}, publishRun: (x) => { order.push(`publish ${x.id}`); }, signals: () => () => null,
  });
  assert.equal(r, 0);
  assert.deepEqual(order, ['write', 'analyse', 'publish r1', 'report']);
  const unpublished = await run(bench(false));
  assert.deepEqual(unpublished.published, []);
});

test('the exit code a report returns (a verdict) is the bench\'s', async () => {
  const r = await run({ report: () => ({ exitCode: 1 }) });
  assert.equal(r.code, 1);
  assert.deepEqual(r.exits, [1]);
});

test('the quiet progress bar draws nothing and keeps the value a bench reads back', () => {
  const bar = progressBar({ format: '{bar}' }, { quiet: true });
  bar.start(100, 0, { config: '' });
  bar.update(40, { config: 'n10-free' });
  bar.update({ cell: 'only a payload' });
  bar.increment();
  assert.equal(bar.value, 41);
  assert.equal(bar.total, 100);
});
