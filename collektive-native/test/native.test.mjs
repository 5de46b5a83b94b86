// Tests of libsimple_gradient.so through real C consumers: the C ABI checks of abi_test.c (one test per check),
// the timing CSVs they write, the hand-written header against the compiler-generated one and the exported
// symbols. Needs the `native` build and gcc. Run: node --test collektive-native/test/native.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { build, compileC } from './c-build.mjs';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'sg-abi-'));

const abi = compileC(join(here, 'abi_test.c'), join(work, 'abi_test'));
const run = spawnSync(abi, [work], { cwd: work, encoding: 'utf8', timeout: 120_000 });
const lines = run.stdout.split('\n');
const checks = lines.map((l) => l.match(/^(not ok|ok) (\d+) - (.*?)(?: # (.*))?$/)).filter(Boolean);

for (const [, status, , name, detail] of checks) {
  test(`C ABI: ${name}`, () => assert.equal(status, 'ok', detail));
}

test('the C ABI program ran every check and exited cleanly (no crash)', () => {
  assert.equal(run.signal, null, `killed by ${run.signal}\n${run.stderr}`);
  const plan = lines.find((l) => /^1\.\.\d+$/.test(l));
  assert.ok(plan, `no TAP plan: the program stopped early\n${run.stderr}`);
  assert.equal(checks.length, Number(plan.slice(3)));
  assert.ok(checks.length >= 50, `only ${checks.length} checks`);
  assert.equal(run.status, 0, `${run.status} failed checks`);
});

/** Parses a timing CSV: header and rows { t, id, d }. */
function readCsv(path) {
  const [header, ...rows] = readFileSync(path, 'utf8').trimEnd().split('\n');
  return { header, rows: rows.map((r) => { const [t, id, d] = r.split(','); return { t, id, d }; }) };
}

test('timing CSV: header, ids, integer ns, one service and one compute sample per successful step call', () => {
  const { header, rows } = readCsv(join(work, 'timings.csv'));
  assert.equal(header, 't_ns,id,duration_ns');
  // 5 step_and_get_state + 3 step_with_distance calls + 1 after the rejected paths succeeded; the failed call and
  // the calls after set_timing_csv_path(NULL) recorded nothing.
  assert.equal(rows.filter((r) => r.id === 'step.service').length, 9);
  assert.equal(rows.filter((r) => r.id === 'step.compute').length, 9);
  assert.equal(rows.length, 18);
  for (const r of rows) {
    assert.match(r.t, /^\d+$/);
    assert.match(r.d, /^\d+$/);
  }
  const service = rows.filter((r) => r.id === 'step.service').map((r) => Number(r.d));
  const compute = rows.filter((r) => r.id === 'step.compute').map((r) => Number(r.d));
  for (let i = 0; i < 9; i++) assert.ok(compute[i] <= service[i], `compute ${compute[i]} > service ${service[i]}`);
  const starts = rows.filter((r) => r.id === 'step.service').map((r) => Number(r.t));
  for (let i = 1; i < starts.length; i++) assert.ok(starts[i] > starts[i - 1], 't_ns increases');
});

test('timing CSV: native.csv in the working directory by default', () => {
  const path = join(work, 'native.csv');
  assert.ok(existsSync(path), 'native.csv not written');
  const { header, rows } = readCsv(path);
  assert.equal(header, 't_ns,id,duration_ns');
  assert.ok(rows.some((r) => r.id === 'step.service') && rows.some((r) => r.id === 'step.compute'));
  assert.ok(rows.every((r) => r.id === 'step.service' || r.id === 'step.compute'));
});

// ---- header and symbols -------------------------------------------------------------------------------------

const RUNTIME_SYMBOLS = new Set(['libsimple_gradient_symbols', 'IsInstance', 'Konan_cxa_demangle', '__cxa_demangle']);

/** Type class of a C type for ABI comparison: int, long (64-bit), double, bool, void or ptr. */
function typeClass(t) {
  const s = t.replace(/\bconst\b/g, '').replace(/libsimple_gradient_K/g, 'K').replace(/\s+/g, ' ').trim();
  if (s.includes('*')) return 'ptr';
  return { int: 'int', KInt: 'int', 'long long': 'long', KLong: 'long', double: 'double', KDouble: 'double', bool: 'bool',
    KBoolean: 'bool', void: 'void' }[s] ?? `?${s}`;
}

/** Function prototypes of a header: name → { ret, params } (type classes). */
function prototypes(text) {
  const out = new Map();
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  for (const m of code.matchAll(/^\s*(?:extern\s+)?([A-Za-z_][\w\s]*?\**)\s*\b([a-z_][a-z0-9_]*)\s*\(([^)]*)\)\s*;/gm)) {
    const [, ret, name, params] = m;
    if (/\(\*/.test(m[0]) || ret.includes('typedef')) continue;
    const list = params.trim() === '' || params.trim() === 'void' ? []
      : params.split(',').map((p) => {
        const withoutName = p.trim().replace(/[A-Za-z_]\w*$/, '').trim(); // every parameter in both headers is named
        return typeClass(withoutName || p.trim());
      });
    out.set(name, { ret: typeClass(ret), params: list });
  }
  return out;
}

test('hand-written simple_gradient.h declares exactly the compiler-generated exports with the same types', () => {
  const hand = prototypes(readFileSync(join(build, 'simple_gradient.h'), 'utf8'));
  const generated = prototypes(readFileSync(join(build, 'libsimple_gradient_api.h'), 'utf8'));
  generated.delete('libsimple_gradient_symbols');
  assert.deepEqual([...hand.keys()].sort(), [...generated.keys()].sort());
  for (const [name, proto] of hand) assert.deepEqual(proto, generated.get(name), name);
  for (const name of ['create_with_distance', 'step_and_get_state_with_distance', 'set_source_with_distance']) {
    assert.ok(hand.has(name), name);
  }
  assert.deepEqual(hand.get('set_source_with_distance').params, ['int', 'int', 'bool']);
});

test('the library exports the header functions and nothing else but the Kotlin/Native runtime entry', () => {
  const nm = execFileSync('nm', ['-D', '--defined-only', '--format=posix', join(build, 'libsimple_gradient.so')], { encoding: 'utf8' });
  const exported = new Set(nm.trim().split('\n').map((l) => l.split(' ')[0]));
  const declared = new Set(prototypes(readFileSync(join(build, 'simple_gradient.h'), 'utf8')).keys());
  for (const name of declared) assert.ok(exported.has(name), `${name} not exported`);
  const extra = [...exported].filter((n) => !declared.has(n) && !RUNTIME_SYMBOLS.has(n));
  assert.deepEqual(extra, [], 'unexpected exported symbols (is --exclude-libs=ALL applied?)');
});

// ---- budgets and thread exit (limits_test.c, own processes) ------------------------------------------------------

const limits = compileC(join(here, 'limits_test.c'), join(work, 'limits_test'));

/** Runs limits_test with [args] and [env]; one node:test per TAP check plus a clean exit. */
function tapChecks(label, cmd, args, env, timeout) {
  const r = spawnSync(cmd, args, { cwd: work, encoding: 'utf8', timeout, env: { ...process.env, ...env } });
  const found = r.stdout.split('\n').map((l) => l.match(/^(not ok|ok) (\d+) - (.*?)(?: # (.*))?$/)).filter(Boolean);
  for (const [, status, , name, why] of found) test(`${label}: ${name}`, () => assert.equal(status, 'ok', why));
  return { r, found };
}

const budgets = tapChecks('budgets (SG_MAX_LIVE_DEVICES=5000, SG_MAX_LINKS=1000)', limits, ['budgets'],
  { SG_MAX_LIVE_DEVICES: '5000', SG_MAX_LINKS: '1000' }, 60_000);
test('budgets: the program ran every check and exited cleanly', () => {
  assert.equal(budgets.r.signal, null, budgets.r.stderr);
  assert.equal(budgets.r.status, 0, budgets.r.stdout);
  assert.equal(budgets.found.length, 9);
});

test('thread exit: 100 threads that each failed a call leak nothing (valgrind: 0 bytes definitely lost)', () => {
  const r = spawnSync('valgrind', ['--leak-check=full', '--errors-for-leak-kinds=definite', '--error-exitcode=66',
    limits, 'threads', '100'], { cwd: work, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.error, undefined, `valgrind not runnable: ${r.error}`);
  assert.match(r.stdout, /^ok 1 - every thread saw its own error message$/m, r.stdout);
  const lost = r.stderr.match(/definitely lost: ([\d,]+) bytes in ([\d,]+) blocks/);
  assert.ok(lost, `no leak summary from valgrind:\n${r.stderr.slice(-2000)}`);
  assert.equal(lost[1], '0', `definitely lost: ${lost[0]}`);
  assert.equal(r.status, 0, r.stderr.slice(-2000));
});
