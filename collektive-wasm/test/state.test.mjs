// The engine-state readers of src/js/state.mjs on hand-built inputs: the binary state buffer (docs/reference-study.md)
// and its bad forms, the JSON step reply's values, bare Infinity. No engine build needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeStateBuffer, encodePositionsBuffer, parseJsonWithInfinity, stateFromJsonValues } from '../src/js/state.mjs';

/** LE int32 n, then per node float64 value, int32 k, k × int32 ids. */
function encode(nodes) {
  const size = 4 + nodes.reduce((s, [, ids]) => s + 12 + 4 * ids.length, 0);
  const view = new DataView(new ArrayBuffer(size));
  view.setInt32(0, nodes.length, true);
  let p = 4;
  for (const [value, ids] of nodes) {
    view.setFloat64(p, value, true); view.setInt32(p + 8, ids.length, true); p += 12;
    for (const id of ids) { view.setInt32(p, id, true); p += 4; }
  }
  return new Uint8Array(view.buffer);
}

const NODES = [[0, [1]], [2.5, [0, 2]], [Infinity, []]];
const EXPECTED = {
  nodeCount: 3,
  values: Float64Array.from([0, 2.5, Infinity]),
  neighborOffsets: Int32Array.from([0, 1, 3, 3]),
  neighborIds: Int32Array.from([1, 0, 2]),
};

test('decodeStateBuffer reads values and neighbour rows from a Uint8Array, a view at an offset or an ArrayBuffer', () => {
  const bytes = encode(NODES);
  assert.deepEqual(decodeStateBuffer(bytes), EXPECTED);
  assert.deepEqual(decodeStateBuffer(bytes.buffer), EXPECTED);
  const framed = new Uint8Array(13 + bytes.length); // as the JVM server frames it: 13 header bytes before the buffer
  framed.set(bytes, 13);
  assert.deepEqual(decodeStateBuffer(framed.subarray(13)), EXPECTED);
  assert.deepEqual(decodeStateBuffer(encode([])), { nodeCount: 0, values: new Float64Array(0), neighborOffsets: Int32Array.from([0]), neighborIds: new Int32Array(0) });
});

test('decodeStateBuffer rejects truncated, trailing and negative-count buffers', () => {
  const bytes = encode(NODES);
  assert.throws(() => decodeStateBuffer(new Uint8Array(2)), /truncated at byte 0/);
  assert.throws(() => decodeStateBuffer(bytes.subarray(0, bytes.length - 4)), /truncated/);
  assert.throws(() => decodeStateBuffer(bytes.subarray(0, 20)), /truncated: 20 bytes cannot hold 3 nodes/);
  const longer = new Uint8Array(bytes.length + 4); longer.set(bytes);
  assert.throws(() => decodeStateBuffer(longer), /4 trailing bytes/);
  const negative = encode(NODES); new DataView(negative.buffer).setInt32(0, -1, true);
  assert.throws(() => decodeStateBuffer(negative), /negative node count -1/);
  const badCount = encode(NODES); new DataView(badCount.buffer).setInt32(4 + 8, -2, true);
  assert.throws(() => decodeStateBuffer(badCount), /negative neighbour count at node 0/);
});

test('the JSON step reply with bare Infinity reads to the same EngineState as the buffer', () => {
  const reply = '{"rid":3,"values":[{"value":0,"neighbors":[1]},{"value":2.5,"neighbors":[0,2]},{"value":Infinity,"neighbors":[]}]}';
  assert.throws(() => JSON.parse(reply), SyntaxError);
  const parsed = parseJsonWithInfinity(reply);
  assert.equal(parsed.rid, 3);
  assert.deepEqual(stateFromJsonValues(parsed.values), EXPECTED);
  assert.deepEqual(parseJsonWithInfinity('{"v":[-Infinity,1]}'), { v: [-Infinity, 1] });
  assert.deepEqual(parseJsonWithInfinity('{"v":1}'), { v: 1 });
});

test('the batched positions buffer: LE int32 n, then every coordinate as LE float64; n given apart for a refused one', () => {
  const xyz = [0, -1.5, 2, 1e300, Infinity, -0];
  const bytes = encodePositionsBuffer(Float64Array.from(xyz));
  assert.equal(bytes.length, 4 + 8 * 6);
  const view = new DataView(bytes.buffer);
  assert.equal(view.getInt32(0, true), 2);
  assert.deepEqual(xyz.map((_, i) => view.getFloat64(4 + 8 * i, true)), xyz);
  assert.equal(new DataView(encodePositionsBuffer(xyz, 3).buffer).getInt32(0, true), 3);
  assert.equal(new DataView(encodePositionsBuffer([1, 2]).buffer).getInt32(0, true), 0);
});
