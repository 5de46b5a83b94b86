// Reading an engine state in JavaScript: the one decoder of the binary state buffer and the one parser of the JSON
// step reply with bare `Infinity` (docs/protocol.md); and the one encoder of the batched positions buffer a client
// sends. Used by the facade (engine.mjs), the dashboard's Live view,
// the servers' tests and benches, and the conformance tests. Types: the JSDoc below.

/**
 * An engine state as flat typed arrays (copies: later calls never change them); Kotlin and C# call it EngineState
 * too. Node i has value `values[i]` (+Infinity when unreachable) and neighbours
 * `neighborIds.subarray(neighborOffsets[i], neighborOffsets[i + 1])`, ascending, self excluded.
 * @typedef {object} EngineState
 * @property {number} nodeCount
 * @property {Float64Array} values
 * @property {Int32Array} neighborOffsets nodeCount + 1 entries.
 * @property {Int32Array} neighborIds
 */


/**
 * Decodes the binary state buffer of docs/reference-study.md (little-endian: int32 n, per node float64 value,
 * int32 k, k × int32 ids) into an EngineState. Throws on a negative count, truncated or trailing bytes. Sizes the
 * id array from the byte length up front (one pass, no growth): the Live view times this call per step.
 * @param {Uint8Array | ArrayBuffer} bytes
 * @returns {EngineState}
 */
export function decodeStateBuffer(bytes) {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const view = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  const length = u8.byteLength;
  if (length < 4) throw new Error('state buffer truncated at byte 0');
  const n = view.getInt32(0, true);
  if (n < 0) throw new Error(`negative node count ${n}`);
  const idBytes = length - 4 - 12 * n;
  if (idBytes < 0) throw new Error(`state buffer truncated: ${length} bytes cannot hold ${n} nodes`);
  const values = new Float64Array(n);
  const neighborOffsets = new Int32Array(n + 1);
  const neighborIds = new Int32Array(idBytes >> 2);
  let p = 4;
  let k = 0;
  for (let i = 0; i < n; i++) {
    values[i] = view.getFloat64(p, true);
    const count = view.getInt32(p + 8, true);
    p += 12;
    if (count < 0) throw new Error(`negative neighbour count at node ${i}`);
    if (k + count > neighborIds.length) throw new Error(`state buffer truncated at byte ${p}`);
    for (let j = 0; j < count; j++, p += 4) neighborIds[k++] = view.getInt32(p, true);
    neighborOffsets[i + 1] = k;
  }
  if (p !== length) throw new Error(`${length - p} trailing bytes in state buffer`);
  return { nodeCount: n, values, neighborOffsets, neighborIds };
}

/**
 * The batched positions buffer a client sends (docs/protocol.md): LE int32 `n`, then every number of `xyz` as a
 * float64 (x, y, z per device). `n` defaults to the devices in `xyz`; a test may give another to be refused.
 * @param {ArrayLike<number>} xyz
 * @param {number} [n]
 * @returns {Uint8Array}
 */
export function encodePositionsBuffer(xyz, n = Math.floor(xyz.length / 3)) {
  const out = new Uint8Array(4 + 8 * xyz.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, n, true);
  for (let i = 0; i < xyz.length; i++) view.setFloat64(4 + 8 * i, xyz[i], true);
  return out;
}

/**
 * A binary step request (docs/protocol.md, "Binary messages (Node)"): LE int32 -1, int32 `stepCount`, int64 `rid`
 * (-1: none), int32 `n`, int32 0, then every number of `xyz` as a float64. `n` defaults to the devices in `xyz` (0: a
 * step without positions); a test may give another to be refused.
 * @param {number} rid
 * @param {ArrayLike<number>} xyz
 * @param {{ stepCount?: number; n?: number; reserved?: number }} [options]
 * @returns {Uint8Array}
 */
export function encodeStepBuffer(rid, xyz, { stepCount = 1, n = Math.floor(xyz.length / 3), reserved = 0 } = {}) {
  const out = new Uint8Array(24 + 8 * xyz.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, -1, true);
  view.setInt32(4, stepCount, true);
  view.setBigInt64(8, BigInt(rid), true);
  view.setInt32(16, n, true);
  view.setInt32(20, reserved, true);
  if (LITTLE_ENDIAN) new Float64Array(out.buffer, 24, xyz.length).set(xyz);
  else for (let i = 0; i < xyz.length; i++) view.setFloat64(24 + 8 * i, xyz[i], true);
  return out;
}
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The `values` array of a JSON step reply (`[{ value, neighbors }]`, Infinity already numeric) as an EngineState.
 * @param {ReadonlyArray<{ value: number; neighbors: ArrayLike<number> }>} entries
 * @returns {EngineState}
 */
export function stateFromJsonValues(entries) {
  const n = entries.length;
  const values = new Float64Array(n);
  const neighborOffsets = new Int32Array(n + 1);
  let total = 0;
  for (let i = 0; i < n; i++) total += entries[i].neighbors.length;
  const neighborIds = new Int32Array(total);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const { value, neighbors } = entries[i];
    values[i] = value;
    for (let j = 0; j < neighbors.length; j++) neighborIds[k++] = neighbors[j];
    neighborOffsets[i + 1] = k;
  }
  return { nodeCount: n, values, neighborOffsets, neighborIds };
}

/**
 * Parses JSON that may contain bare `Infinity`, `-Infinity`, as both servers write the step reply
 * (docs/protocol.md). `1e999` is a valid JSON number that every IEEE-754 parser reads as +Infinity, so the bare
 * tokens are rewritten into it before the platform's JSON.parse. Only safe for documents whose strings cannot
 * contain the word `Infinity` (the step reply: its only strings are fixed keys).
 * @param {string} text
 * @returns {any} what JSON.parse gives
 */
export function parseJsonWithInfinity(text) {
  return JSON.parse(text.includes('Infinity') ? text.replaceAll('Infinity', '1e999') : text);
}
