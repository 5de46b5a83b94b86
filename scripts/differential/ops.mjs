// Random operation sequences for the differential test (docs/testing.md, "Differential"), as fast-check
// arbitraries. An op is what every entry point can be asked (targets.mjs maps it to each):
//   { op: 'create', n, d, program }        createSim / create_with_program / facade.create
//   { op: 'destroy' }                      a new connection / destroy_with_distance (the handle kept, now stale)
//   { op: 'source', node, on } | { op: 'clear' } | { op: 'pos', node, x, y, z }
//   { op: 'positions', xyz, binary }       batched positions (binary: the JVM server's binary positions frame, the
//                                          Node server's binary message)
//   { op: 'step', rounds, encoding, xyz? } json or binary state, positions applied first when xyz is given
// Only inputs on which docs/protocol.md and the ABI promise the same answer are generated: nodeCount >= 1 and
// small (the servers refuse 0 and their maxNodes lies below the ABI's), integer ids within int32 (what a C int
// holds). Bad node ids, non-finite and extreme numbers, wrong array lengths, negative rounds, ops with no
// simulation and ops after destroy are all generated.
import fc from 'fast-check';

/** Doubles that stress parsing, printing and the geometry: exact small values, random ones, extremes, -0. */
const coordinate = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -6, max: 6 }) },
  { weight: 6, arbitrary: fc.double({ min: -8, max: 8, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(-0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, 0.1, 1 / 3, 1e15 + 0.3, 2 ** 53 + 2) },
  { weight: 1, arbitrary: fc.constantFrom(1e154, -1e154, 1e300, -1.7976931348623157e308, 1.7976931348623157e308) },
  { weight: 1, arbitrary: fc.double() }, // any double, NaN and ±Infinity included
);

const radius = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: 0.5, max: 6, noNaN: true }) },
  { weight: 2, arbitrary: fc.constantFrom(3, 1, 0.1, 1e-300, 5e-324, 1e300, 1.7976931348623157e308) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, -1, NaN, Infinity, -Infinity) },
);

/** Node ids: mostly valid for the small simulations generated, sometimes out of range or negative. */
const nodeId = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: 0, max: 11 }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 12, 40, 41, 2147483647, -2147483648) },
);

const nodeCount = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 12 }) }, { weight: 1, arbitrary: fc.integer({ min: 13, max: 40 }) });

/** 3 × n coordinates, n mostly the common sizes, sometimes a length that fits no simulation. */
const xyzArray = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 12 }).chain((n) => fc.array(coordinate, { minLength: 3 * n, maxLength: 3 * n })) },
  { weight: 1, arbitrary: fc.array(coordinate, { maxLength: 20 }) },
);

/** A layout where devices actually meet: a few per unit square, so gradients spread. */
const clusteredXyz = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.array(fc.double({ min: 0, max: 6, noNaN: true }), { minLength: 3 * n, maxLength: 3 * n }));

export const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('create'), n: nodeCount, d: radius, program: fc.constantFrom('euclidean', 'hop') }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('destroy') }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('source'), node: nodeId, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('clear') }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('pos'), node: nodeId, x: coordinate, y: coordinate, z: coordinate }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('positions'), xyz: fc.oneof(xyzArray, clusteredXyz), binary: fc.boolean() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('step'),
      rounds: fc.oneof({ weight: 10, arbitrary: fc.integer({ min: 0, max: 4 }) }, { weight: 1, arbitrary: fc.constant(-1) }),
      encoding: fc.constantFrom('json', 'binary'),
      xyz: fc.option(fc.oneof(xyzArray, clusteredXyz), { freq: 4 }),
    }, { requiredKeys: ['op', 'rounds', 'encoding'] }),
  },
);

/** A sequence; most start with a create so most ops act on a simulation. */
export const sequence = (maxLength = 30) => fc.tuple(
  fc.option(fc.record({ op: fc.constant('create'), n: nodeCount, d: radius, program: fc.constantFrom('euclidean', 'hop') }), { freq: 8 }),
  fc.array(op, { maxLength, size: 'max' }),
).map(([first, rest]) => (first ? [first, ...rest] : rest));

/** How one op reads in a failure report (numbers exactly, -0 and non-finite spelled out). */
export function describe(o) {
  return JSON.stringify(o, (k, v) => (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)) ? String(Object.is(v, -0) ? '-0' : v) : v));
}
