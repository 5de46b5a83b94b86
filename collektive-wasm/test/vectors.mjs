// The shared test vectors (collektive-core/test-vectors/*.json, format: collektive-core/README.md) for JavaScript
// consumers: parsing (doubles are strings, parsed exactly) and replay on an EngineFacade with bit-exact
// comparison. Plain ES module without Node APIs: the Chromium test imports it too.

/** Parses a vector double: "Infinity", "-Infinity", "NaN" or a decimal that round-trips exactly. */
export function vectorDouble(s) {
  if (typeof s !== 'string') throw new Error(`vector double must be a string, was ${JSON.stringify(s)}`);
  const v = s === 'Infinity' ? Infinity : s === '-Infinity' ? -Infinity : s === 'NaN' ? NaN : Number(s);
  if (Number.isNaN(v) && s !== 'NaN') throw new Error(`not a number: "${s}"`);
  return v;
}

/** Parses a vector file's text into plain data with typed arrays. */
export function parseVector(text) {
  const raw = JSON.parse(text);
  if (raw.format !== 1) throw new Error(`unsupported test-vector format ${raw.format}`);
  return {
    name: raw.name,
    description: raw.description,
    nodeCount: raw.nodeCount,
    maxDistance: vectorDouble(raw.maxDistance),
    program: raw.program.toLowerCase(),
    randomLayout: raw.randomLayout
      ? { seed: raw.randomLayout.seed, meanDegree: vectorDouble(raw.randomLayout.meanDegree) } : null,
    rounds: raw.rounds.map((r) => ({
      ops: r.ops.map((op) => {
        switch (op.op) {
          case 'setSource': return { op: op.op, node: op.node, isSource: op.isSource };
          case 'clearSources': return { op: op.op };
          case 'updatePosition': return { op: op.op, node: op.node, xyz: op.xyz.map(vectorDouble) };
          case 'updatePositions': return { op: op.op, xyz: Float64Array.from(op.xyz.map(vectorDouble)) };
          default: throw new Error(`unknown op ${op.op}`);
        }
      }),
      steps: r.steps,
      values: Float64Array.from(r.values.map(vectorDouble)),
      neighbors: r.neighbors.map((l) => Int32Array.from(l)),
    })),
  };
}

const bits = (x) => { const b = new DataView(new ArrayBuffer(8)); b.setFloat64(0, x, true); return b.getBigUint64(0, true); };

/** Bit-exact equality of two doubles (distinguishes -0 and +0; NaN equals NaN only with the same payload). */
export const sameDouble = (a, b) => bits(a) === bits(b);

/**
 * Compares a flat state ({ values, neighborOffsets, neighborIds }) with a vector round's expectation.
 * Returns mismatch messages (at most `max`).
 */
export function compareState(state, round, where, max = 10) {
  const problems = [];
  const report = (m) => { if (problems.length < max) problems.push(`${where}: ${m}`); };
  const n = round.values.length;
  if (state.values.length !== n) { report(`${state.values.length} values, expected ${n}`); return problems; }
  for (let i = 0; i < n; i++) {
    if (!sameDouble(state.values[i], round.values[i])) report(`node ${i}: value ${state.values[i]}, expected ${round.values[i]}`);
    const ids = state.neighborIds.subarray(state.neighborOffsets[i], state.neighborOffsets[i + 1]);
    const want = round.neighbors[i];
    if (ids.length !== want.length || ids.some((id, k) => id !== want[k])) report(`node ${i}: neighbours [${ids}], expected [${want}]`);
  }
  return problems;
}

/**
 * Replays `vector` on a fresh engine of `facade` (EngineFacade) and returns mismatch messages (empty = equal).
 * Alternates the state paths: typed arrays from stepAndGetState on even rounds, step + the binary state buffer
 * (decoded with `decode`) on odd rounds, and checks value()/neighbors() on the last round.
 */
export function replayVector(facade, vector, decode) {
  const problems = [];
  if (vector.randomLayout) {
    const first = vector.rounds[0]?.ops[0];
    const generated = facade.randomPositions(vector.nodeCount, vector.randomLayout.seed, vector.randomLayout.meanDegree, vector.maxDistance);
    if (first?.op !== 'updatePositions' || first.xyz.length !== generated.length
      || first.xyz.some((v, k) => !sameDouble(v, generated[k]))) {
      problems.push('randomPositions differs from the vector\'s first positions');
    }
  }
  const h = facade.create(vector.nodeCount, vector.maxDistance, vector.program);
  try {
    vector.rounds.forEach((round, r) => {
      for (const op of round.ops) {
        if (op.op === 'setSource') facade.setSource(h, op.node, op.isSource);
        else if (op.op === 'clearSources') facade.clearSources(h);
        else if (op.op === 'updatePosition') facade.updatePosition(h, op.node, ...op.xyz);
        else facade.updatePositions(h, op.xyz);
      }
      let state;
      if (r % 2 === 0) state = round.steps > 0 ? facade.stepAndGetState(h, round.steps) : facade.state(h);
      else {
        facade.step(h, round.steps);
        state = decode(facade.stateBuffer(h));
      }
      problems.push(...compareState(state, round, `round ${r}`));
    });
    const last = vector.rounds[vector.rounds.length - 1];
    for (let i = 0; i < vector.nodeCount && last; i++) {
      if (!sameDouble(facade.value(h, i), last.values[i])) problems.push(`value(${i}) = ${facade.value(h, i)}, expected ${last.values[i]}`);
      const ids = facade.neighbors(h, i);
      if (ids.length !== last.neighbors[i].length || ids.some((id, k) => id !== last.neighbors[i][k])) problems.push(`neighbors(${i}) = [${ids}]`);
    }
  } finally {
    facade.destroy(h);
  }
  return problems.slice(0, 20);
}
