// The engine facade (src/js/engine.mjs) in Node: the Kotlin/JS build under Node 20 (ENGINE=js) or the Kotlin/Wasm
// build under Node >= 22 (ENGINE=wasm). Shared test vectors replayed bit-exactly, plus the facade's own contract:
// errors, batched positions, the state buffer, timings, handles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadJsEngine, loadWasmEngine, decodeStateBuffer } from '../src/js/engine.mjs';
import { parseVector, replayVector, sameDouble } from './vectors.mjs';

const kind = process.env.ENGINE ?? 'js';
const here = dirname(fileURLToPath(import.meta.url));
const vectorDir = join(here, '..', '..', 'collektive-core', 'test-vectors');
const facade = kind === 'wasm' ? await loadWasmEngine() : await loadJsEngine();
const label = `${kind} (Node ${process.versions.node})`;

const index = JSON.parse(readFileSync(join(vectorDir, 'index.json'), 'utf8'));
test(`${label}: the vector index lists vectors`, () => assert.ok(index.vectors.length >= 5));
for (const file of index.vectors) {
  test(`${label}: test vector ${file} reproduced bit for bit`, () => {
    const vector = parseVector(readFileSync(join(vectorDir, file), 'utf8'));
    assert.deepEqual(replayVector(facade, vector, decodeStateBuffer), []);
  });
}

const line = (n, spacing = 2) => Float64Array.from({ length: 3 * n }, (_, k) => (k % 3 === 0 ? spacing * (k / 3) : 0));

test(`${label}: facade kind`, () => assert.equal(facade.kind, kind));

test(`${label}: the facade has exactly the members its typedef in engine.mjs declares`, () => {
  const source = readFileSync(join(here, '..', 'src', 'js', 'engine.mjs'), 'utf8');
  const start = source.indexOf('@typedef {object} EngineFacade');
  const body = source.slice(start, source.indexOf('*/', start));
  const declared = [...body.matchAll(/^ \* @property \{.*\} \[?(\w+)\]?(?: |$)/gm)].map((m) => m[1]).sort();
  assert.ok(declared.length > 20, `parsed ${declared.length} members of EngineFacade`);
  assert.deepEqual(Object.keys(facade).sort(), declared);
});

test(`${label}: link budget: a denser round throws before allocating and leaves the engine as it was`, () => {
  const h = facade.create(100, 3); // every device at the origin: 100 × 99 links
  try {
    assert.throws(() => facade.setMaxLinks(h, 0), /maxLinks/);
    facade.setMaxLinks(h, 1000);
    assert.throws(() => facade.step(h, 1), /link budget/);
    assert.equal(facade.roundsRun(h), 0);
    facade.updatePositions(h, line(100));
    facade.step(h, 1);
    assert.equal(facade.roundsRun(h), 1);
  } finally {
    facade.destroy(h);
  }
});

test(`${label}: bad input throws an Error naming the argument; nothing crashes`, () => {
  assert.throws(() => facade.create(-1, 3), /nodeCount must be >= 0, was -1/);
  assert.throws(() => facade.create(10, NaN), /maxDistance/);
  assert.throws(() => facade.create(10, 3, 'spiral'), /unknown program/);
  const h = facade.create(5, 3);
  try {
    assert.throws(() => facade.setSource(h, 5, true), /node must be in 0 until 5, was 5/);
    assert.throws(() => facade.value(h, -1), /was -1/);
    assert.throws(() => facade.neighbors(h, 7), /was 7/);
    assert.throws(() => facade.updatePosition(h, 1, NaN, 0, 0), /finite/);
    assert.throws(() => facade.updatePositions(h, new Float64Array(14)), /15/);
    assert.throws(() => facade.updatePositions(h, line(5).fill(Infinity, 3, 4)), /finite/);
    assert.throws(() => facade.step(h, -2), /rounds/);
    assert.throws(() => facade.setMaxDistance(h, 0), /maxDistance/);
    assert.throws(() => facade.randomPositions(10, 1.5), /seed/);
    facade.step(h, 1); // still usable after the errors
  } finally {
    facade.destroy(h);
  }
  for (const call of [() => facade.step(h, 1), () => facade.value(h, 0), () => facade.stepAndGetState(h, 1),
    () => facade.stateBuffer(h), () => facade.updatePositions(h, line(5)), () => facade.destroy(h), () => facade.setSource(h, 0, true)]) {
    assert.throws(call, new RegExp(`invalid handle ${h}`));
  }
  assert.throws(() => facade.step(424242, 1), /invalid handle 424242/);
});

test(`${label}: updatePositions (typed array or plain array) = updatePosition per device`, () => {
  const n = 25;
  const a = facade.create(n, 3);
  const b = facade.create(n, 3);
  const c = facade.create(n, 3);
  try {
    for (const h of [a, b, c]) facade.setSource(h, 3, true);
    for (let r = 0; r < 15; r++) {
      const xyz = facade.randomPositions(n, 100 + r);
      for (let i = 0; i < n; i++) facade.updatePosition(a, i, xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
      facade.updatePositions(b, xyz);
      facade.updatePositions(c, Array.from(xyz));
      const [sa, sb, sc] = [a, b, c].map((h) => facade.stepAndGetState(h, 1));
      for (const s of [sb, sc]) {
        assert.deepEqual([...s.values].map(String), [...sa.values].map(String));
        assert.deepEqual([...s.neighborIds], [...sa.neighborIds]);
        assert.deepEqual([...s.neighborOffsets], [...sa.neighborOffsets]);
      }
    }
  } finally {
    [a, b, c].forEach((h) => facade.destroy(h));
  }
});

test(`${label}: state arrays and the binary state buffer agree; buffer layout of docs/engine-api.md`, () => {
  const h = facade.create(6, 3);
  try {
    const xyz = line(6);
    xyz[15] = 100; // device 5 out of reach
    facade.updatePositions(h, xyz);
    facade.setSource(h, 0, true);
    const s = facade.stepAndGetState(h, 5);
    assert.equal(s.nodeCount, 6);
    assert.deepEqual([...s.values], [0, 2, 4, 6, 8, Infinity]);
    assert.deepEqual([...s.neighborOffsets], [0, 1, 3, 5, 7, 8, 8]);
    assert.deepEqual([...s.neighborIds], [1, 0, 2, 1, 3, 2, 4, 3]);
    const bytes = facade.stateBuffer(h);
    assert.ok(bytes instanceof Uint8Array);
    assert.equal(bytes.length, 4 + 12 * 6 + 4 * 8);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    assert.equal(view.getInt32(0, true), 6);
    assert.equal(view.getFloat64(4 + 12 + 4, true), 2); // node 1 after node 0's single neighbour
    assert.deepEqual(decodeStateBuffer(bytes), { ...s, values: s.values, neighborOffsets: s.neighborOffsets, neighborIds: s.neighborIds });
    assert.deepEqual([...facade.neighbors(h, 2)], [1, 3]);
    assert.equal(facade.value(h, 5), Infinity);
    assert.equal(facade.nodeCount(h), 6);
    assert.equal(facade.roundsRun(h), 5);
    assert.ok(facade.isSource(h, 0) && !facade.isSource(h, 1));
    // returned arrays are copies: later steps do not change them
    const before = [...s.values];
    facade.clearSources(h);
    facade.step(h, 3);
    assert.deepEqual([...s.values], before);
    assert.ok(facade.value(h, 0) > 0, 'no source any more');
    facade.setMaxDistance(h, 1);
    assert.equal(facade.maxDistance(h), 1);
    assert.equal(facade.stepAndGetState(h, 1).neighborIds.length, 0);
  } finally {
    facade.destroy(h);
  }
});

test(`${label}: hop program counts hops; the reference layout has 10 finite positions`, () => {
  const xyz = facade.referencePositions(10, 3);
  assert.equal(xyz.length, 30);
  assert.ok(xyz.every(Number.isFinite));
  const h = facade.create(8, 3, 'hop');
  try {
    facade.updatePositions(h, line(8));
    facade.setSource(h, 0, true);
    assert.deepEqual([...facade.stepAndGetState(h, 8).values], [0, 1, 2, 3, 4, 5, 6, 7]);
  } finally {
    facade.destroy(h);
  }
});

test(`${label}: referencePositions gives the reference-layout vectors' first positions bit for bit`, () => {
  const reference = index.vectors.map((file) => parseVector(readFileSync(join(vectorDir, file), 'utf8')))
    .filter((v) => v.name.startsWith('reference'));
  assert.ok(reference.length > 0);
  for (const v of reference) {
    const first = v.rounds[0].ops.find((o) => o.op === 'updatePositions');
    const xyz = facade.referencePositions(v.nodeCount, v.maxDistance);
    assert.equal(xyz.length, first.xyz.length, v.name);
    assert.ok(xyz.every((x, k) => sameDouble(x, first.xyz[k])), v.name);
  }
});

if (kind === 'js') {
  test(`${label}: loadJsEngine also takes the imported module (a bundled app's way) and gives the same engine`, async () => {
    const bundled = await loadJsEngine(await import(new URL('../build/js/collektive-wasm.mjs', import.meta.url).href));
    assert.equal(bundled.kind, 'js');
    const [a, b] = [bundled.randomPositions(40, 3), facade.randomPositions(40, 3)];
    assert.equal(a.length, 120);
    assert.ok(a.every((x, k) => sameDouble(x, b[k])));
  });
}

test(`${label}: randomPositions is deterministic per seed`, () => {
  const a = facade.randomPositions(50, 7);
  const b = facade.randomPositions(50, 7);
  const c = facade.randomPositions(50, 8);
  assert.equal(a.length, 150);
  assert.ok(a.every((v, k) => sameDouble(v, b[k])));
  assert.ok(a.some((v, k) => !sameDouble(v, c[k])));
});

test(`${label}: back-end timings step.service / step.compute as CSV`, () => {
  facade.clearTimings();
  facade.setTimingEnabled(true);
  const h = facade.create(10, 3);
  try {
    facade.updatePositions(h, facade.referencePositions(10, 3));
    facade.setSource(h, 0, true);
    for (let i = 0; i < 4; i++) facade.stepAndGetState(h, 1);
    facade.step(h, 2);
    facade.stepAndGetStateBuffer(h, 1);
    facade.state(h); // no step: not timed
    assert.throws(() => facade.step(h, -1)); // failed: not timed
    assert.equal(facade.timingCount(), 12);
    const [header, ...rows] = facade.timingsCsv().trimEnd().split('\n');
    assert.equal(header, 't_ns,id,duration_ns');
    assert.equal(rows.length, 12);
    const parsed = rows.map((r) => r.split(','));
    assert.deepEqual(parsed.map((r) => r[1]).filter((id) => id === 'step.service').length, 6);
    assert.deepEqual(parsed.map((r) => r[1]).filter((id) => id === 'step.compute').length, 6);
    for (const [t, , d] of parsed) {
      assert.match(t, /^\d+$/);
      assert.match(d, /^\d+$/);
    }
    const service = parsed.filter((r) => r[1] === 'step.service').map((r) => Number(r[2]));
    const compute = parsed.filter((r) => r[1] === 'step.compute').map((r) => Number(r[2]));
    service.forEach((s, i) => assert.ok(compute[i] <= s, `compute ${compute[i]} > service ${s}`));
    facade.setTimingEnabled(false);
    facade.step(h, 1);
    assert.equal(facade.timingCount(), 12);
    facade.clearTimings();
    assert.equal(facade.timingCount(), 0);
    assert.equal(facade.timingsCsv(), 't_ns,id,duration_ns\n');
  } finally {
    facade.setTimingEnabled(true);
    facade.destroy(h);
  }
});

test(`${label}: handles are independent; destroy frees them; noop exists`, () => {
  const live = facade.liveCount();
  const hs = [facade.create(3, 3), facade.create(4, 3)];
  assert.notEqual(hs[0], hs[1]);
  assert.equal(facade.liveCount(), live + 2);
  facade.setSource(hs[0], 0, true);
  facade.step(hs[0], 2);
  facade.step(hs[1], 2);
  assert.equal(facade.value(hs[0], 0), 0);
  assert.equal(facade.value(hs[1], 0), Infinity);
  hs.forEach((h) => facade.destroy(h));
  assert.equal(facade.liveCount(), live);
  assert.equal(facade.noop(), undefined);
});

if (kind === 'wasm') {
  test(`${label}: loadWasmEngine also accepts the loader module itself`, async () => {
    // Imported by URL, not by a path tsc would follow: the build's output is not part of the type-checked sources.
    const loader = await import(new URL('../build/wasm/collektive-wasm.uninstantiated.mjs', import.meta.url).href);
    const other = await loadWasmEngine(loader);
    const h = other.create(3, 3);
    other.setSource(h, 0, true);
    assert.equal(other.stepAndGetState(h, 1).values[0], 0);
    other.destroy(h);
  });
}
