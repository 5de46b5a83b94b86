// The scene model the front-end applies each step: values and neighbour links of every device.

/** State after a step: value per device and neighbours in compressed rows (ids of i in ids[offsets[i]..offsets[i+1])). */
export interface SceneState {
  values: Float64Array;
  offsets: Int32Array;
  ids: Int32Array;
}

export type EngineKind = 'wasm' | 'websocket';
export type Pacing = 'frame' | 'free';
export type WsEncoding = 'json' | 'json-split' | 'batched' | 'binary';
export type ScenarioKind = 'reference' | 'random';

/** Parses the docs/reference-study.md state buffer (LE int32 n; per node float64 value, int32 k, k × int32 ids). */
export function parseStateBuffer(bytes: ArrayBuffer | Uint8Array): SceneState {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const view = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  const n = view.getInt32(0, true);
  const values = new Float64Array(n);
  const offsets = new Int32Array(n + 1);
  const ids = new Int32Array((u8.byteLength - 4 - 12 * n) >> 2);
  let o = 4;
  let k = 0;
  for (let i = 0; i < n; i++) {
    values[i] = view.getFloat64(o, true);
    const c = view.getInt32(o + 8, true);
    o += 12;
    for (let j = 0; j < c; j++, o += 4) ids[k++] = view.getInt32(o, true);
    offsets[i + 1] = k;
  }
  return { values, offsets, ids };
}

/** Parses the JSON step response's values array (`[{value, neighbors}]`, Infinity already numeric). */
export function fromJsonValues(values: Array<{ value: number; neighbors: number[] }>): SceneState {
  const n = values.length;
  const out = new Float64Array(n);
  const offsets = new Int32Array(n + 1);
  let total = 0;
  for (let i = 0; i < n; i++) total += values[i].neighbors.length;
  const ids = new Int32Array(total);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    out[i] = v.value;
    const nb = v.neighbors;
    for (let j = 0; j < nb.length; j++) ids[k++] = nb[j];
    offsets[i + 1] = k;
  }
  return { values: out, offsets, ids };
}

/** JSON.parse of a response that may hold bare `Infinity` (rewritten to 1e999, a JSON number that parses to +∞). */
export function parseJsonWithInfinity(text: string): unknown {
  return JSON.parse(text.includes('Infinity') ? text.replaceAll('Infinity', '1e999') : text);
}
