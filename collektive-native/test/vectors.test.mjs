// The shared test vectors replayed through the C ABI by a C program (vectors_runner.c): the JSON vectors are
// converted to a line format, the runner's per-round output (value bits, neighbour lists) is compared exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileC } from './c-build.mjs';
import { parseVector } from '../../collektive-wasm/test/vectors.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const vectorDir = join(here, '..', '..', 'collektive-core', 'test-vectors');
// The runner works in its own temporary folder: the library's default timing CSV (native.csv in the working
// directory) must not land in the repository.
const work = mkdtempSync(join(tmpdir(), 'sg-vec-'));
const runner = compileC(join(here, 'vectors_runner.c'), join(work, 'vectors_runner'));
// The two programs that predate the suite go through create_with_program (index), the others through
// create_with_program_spec (their spec).
const PROGRAMS = { euclidean: 0, hop: 1 };

/** A vector as the runner's line format (String(number) is the shortest round-trip decimal). */
function toLines(v) {
  const out = [`V ${v.nodeCount} ${v.maxDistance} ${PROGRAMS[v.program] ?? v.program}`];
  for (const round of v.rounds) {
    for (const op of round.ops) {
      if (op.op === 'setSource') out.push(`S ${op.node} ${op.isSource ? 1 : 0}`);
      else if (op.op === 'clearSources') out.push('C');
      else if (op.op === 'updatePosition') out.push(`P ${op.node} ${op.xyz.join(' ')}`);
      else out.push(`A ${Array.from(op.xyz).join(' ')}`);
    }
    out.push(`R ${round.steps}`);
  }
  return `${out.join('\n')}\n`;
}

const hexBits = (x) => { const d = new DataView(new ArrayBuffer(8)); d.setFloat64(0, x); return d.getBigUint64(0).toString(16).padStart(16, '0'); };

const index = JSON.parse(readFileSync(join(vectorDir, 'index.json'), 'utf8'));
for (const file of index.vectors) {
  test(`native C ABI: test vector ${file} reproduced bit for bit`, () => {
    const v = parseVector(readFileSync(join(vectorDir, file), 'utf8'));
    const res = spawnSync(runner, [], { cwd: work, input: toLines(v), encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 });
    assert.equal(res.status, 0, `${res.stdout.split('\n').find((l) => l.startsWith('error')) ?? ''} ${res.stderr}`);
    const expected = v.rounds.flatMap((round, r) => [`round ${r}`, ...Array.from(round.values, (value, i) =>
      [hexBits(value), round.neighbors[i].length, ...round.neighbors[i]].join(' '))]);
    const actual = res.stdout.trimEnd().split('\n');
    assert.equal(actual.length, expected.length, 'line count');
    const diffs = actual.map((l, k) => (l === expected[k] ? null : `line ${k}: got "${l}", expected "${expected[k]}"`)).filter(Boolean);
    assert.deepEqual(diffs.slice(0, 10), []);
  });
}

// The layouts: scenario_positions gives, bit for bit, the positions the engine wrote as each vector's first
// updatePositions (every vector with a random layout, and the reference-layout vectors).
const SG_SCENARIO = { reference: 0, random: 1 };
const layoutCases = index.vectors.map((file) => parseVector(readFileSync(join(vectorDir, file), 'utf8')))
  .flatMap((v) => {
    if (v.randomLayout) return [{ v, line: `L ${SG_SCENARIO.random} ${v.nodeCount} ${v.randomLayout.seed} ${v.randomLayout.meanDegree} ${v.maxDistance}` }];
    if (v.name.startsWith('reference')) return [{ v, line: `L ${SG_SCENARIO.reference} ${v.nodeCount} 0 8 ${v.maxDistance}` }];
    return [];
  });

test('the vectors hold both kinds of layout for scenario_positions', () => {
  assert.ok(layoutCases.filter((c) => c.v.randomLayout).length > 2);
  assert.ok(layoutCases.some((c) => !c.v.randomLayout));
});

for (const { v, line } of layoutCases) {
  test(`native C ABI: scenario_positions gives ${v.name}'s first positions bit for bit`, () => {
    const res = spawnSync(runner, [], { cwd: work, input: `${line}\n`, encoding: 'utf8', timeout: 60_000 });
    assert.equal(res.status, 0, `${res.stdout} ${res.stderr}`);
    const first = v.rounds[0].ops.find((o) => o.op === 'updatePositions');
    assert.ok(first, 'the vector starts with updatePositions');
    const expected = ['layout', ...Array.from({ length: v.nodeCount }, (_, i) =>
      [first.xyz[3 * i], first.xyz[3 * i + 1], first.xyz[3 * i + 2]].map(hexBits).join(' '))];
    assert.deepEqual(res.stdout.trimEnd().split('\n'), expected);
  });
}
