// Gradient value → colour: a viridis-like ramp over [0, max finite value]; unreachable (+∞) devices are grey.

const STOPS: Array<[number, number, number]> = [
  [0.267, 0.005, 0.329], [0.229, 0.322, 0.546], [0.128, 0.567, 0.551], [0.369, 0.789, 0.383], [0.993, 0.906, 0.144],
];
export const UNREACHABLE: [number, number, number] = [0.42, 0.42, 0.46];

/** Writes the colour of `t` in [0, 1] into out[o..o+2]. */
export function ramp(t: number, out: Float32Array, o: number): void {
  const x = Math.min(1, Math.max(0, t)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x));
  const f = x - i;
  const a = STOPS[i];
  const b = STOPS[i + 1];
  out[o] = a[0] + (b[0] - a[0]) * f;
  out[o + 1] = a[1] + (b[1] - a[1]) * f;
  out[o + 2] = a[2] + (b[2] - a[2]) * f;
}

/** Colours for all values; returns the max finite value used for the scale. */
export function colorValues(values: Float64Array, out: Float32Array): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]) && values[i] > max) max = values[i];
  const scale = max > 0 ? 1 / max : 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isFinite(v)) ramp(v * scale, out, 3 * i);
    else { out[3 * i] = UNREACHABLE[0]; out[3 * i + 1] = UNREACHABLE[1]; out[3 * i + 2] = UNREACHABLE[2]; }
  }
  return max;
}
