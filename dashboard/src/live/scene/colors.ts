// A device's value → colour, by what the program outputs (docs/programs.md; PROGRAMS[name].output in
// measurement/src/catalogue.mjs): a distance or a count on a viridis-like ramp over [0, max finite value], grey for
// unreachable (+∞); a device id as a categorical colour (the devices that agree on an id share it: a component's
// gossiped maximum, a leader's followers); a boolean as on (warm) / off (dim).
import type { ProgramOutput } from '../engines/programs';

const STOPS: Array<[number, number, number]> = [
  [0.267, 0.005, 0.329], [0.229, 0.322, 0.546], [0.128, 0.567, 0.551], [0.369, 0.789, 0.383], [0.993, 0.906, 0.144],
];
export const UNREACHABLE: [number, number, number] = [0.42, 0.42, 0.46];
export const ON: [number, number, number] = [0.98, 0.55, 0.12];
export const OFF: [number, number, number] = [0.22, 0.26, 0.36];

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

/** The colour of device id `id`: hues spread by the golden angle, so nearby ids look different. */
export function categorical(id: number, out: Float32Array, o: number): void {
  const h = ((id * 0.618033988749895) % 1 + 1) % 1;
  const s = 0.65;
  const l = 0.58;
  // HSL → RGB
  const k = (n: number) => (n + h * 12) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  out[o] = f(0);
  out[o + 1] = f(8);
  out[o + 2] = f(4);
}

const put = (c: [number, number, number], out: Float32Array, o: number) => { out[o] = c[0]; out[o + 1] = c[1]; out[o + 2] = c[2]; };

/** Colours for all values as `output` reads them; returns the max finite value (the legend's scale). */
export function colorValues(values: Float64Array, out: Float32Array, output: ProgramOutput = 'distance'): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]) && values[i] > max) max = values[i];
  const scale = max > 0 ? 1 / max : 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) put(UNREACHABLE, out, 3 * i);
    else if (output === 'id') categorical(v, out, 3 * i);
    else if (output === 'boolean') put(v !== 0 ? ON : OFF, out, 3 * i);
    else ramp(v * scale, out, 3 * i);
  }
  return max;
}

/** What the colours mean, for the view's caption. */
export function legend(output: ProgramOutput): string {
  switch (output) {
    case 'id': return 'device id (one colour per id: devices that agree share a colour)';
    case 'count': return 'count (dark = 0, yellow = the largest)';
    case 'boolean': return 'on (orange) / off (dark blue)';
    default: return 'distance (dark = near a source, yellow = far, grey = unreachable)';
  }
}
