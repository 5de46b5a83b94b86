// Decoder of the docs/reference-study.md state buffer (LE: int32 n, per node float64 value, int32 k, k × int32 ids), for the
// measurement client only.
export const StateCodec = {
  decode(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const n = view.getInt32(0, true);
    const values = new Float64Array(n);
    const neighbors = new Array(n);
    let o = 4;
    for (let i = 0; i < n; i++) {
      values[i] = view.getFloat64(o, true); o += 8;
      const k = view.getInt32(o, true); o += 4;
      const ids = new Int32Array(k);
      for (let j = 0; j < k; j++) { ids[j] = view.getInt32(o, true); o += 4; }
      neighbors[i] = ids;
    }
    return { values, neighbors };
  },
};
