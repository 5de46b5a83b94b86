import { describe, expect, it } from 'vitest';
import { colorValues, OFF, ON, UNREACHABLE } from '../src/live/scene/colors';
import { isReferenceProgram, programOutput } from '../src/live/engines/programs';

const rgb = (out: Float32Array, i: number) => Array.from(out.subarray(3 * i, 3 * i + 3));

describe('Live scene colours by program output (docs/programs.md)', () => {
  it('ids: devices with the same id share a colour, different ids differ', () => {
    const out = new Float32Array(12);
    colorValues(Float64Array.from([9, 9, 4, 0]), out, 'id');
    expect(rgb(out, 0)).toEqual(rgb(out, 1));
    expect(rgb(out, 0)).not.toEqual(rgb(out, 2));
    expect(rgb(out, 2)).not.toEqual(rgb(out, 3));
  });
  it('booleans: on and off; distances: grey when unreachable, the ramp otherwise', () => {
    const out = new Float32Array(6);
    colorValues(Float64Array.from([1, 0]), out, 'boolean');
    expect(rgb(out, 0)).toEqual(ON.map(Math.fround));
    expect(rgb(out, 1)).toEqual(OFF.map(Math.fround));
    const d = new Float32Array(6);
    expect(colorValues(Float64Array.from([Infinity, 2]), d, 'distance')).toBe(2);
    expect(rgb(d, 0)).toEqual(UNREACHABLE.map(Math.fround));
  });
  it('the output kind comes from the catalogue, names ignoring case; only euclidean is the reference request', () => {
    expect(programOutput('gossipMax')).toBe('id');
    expect(programOutput('boundedElection:bound=2')).toBe('id');
    expect(programOutput('COUNTDEVICES')).toBe('count');
    expect(programOutput('channel:destination=9')).toBe('boolean');
    expect(programOutput('hop')).toBe('distance');
    expect(programOutput('spiral')).toBe('distance');
    expect(isReferenceProgram('euclidean')).toBe(true);
    expect(isReferenceProgram(undefined)).toBe(true);
    expect(isReferenceProgram('hop')).toBe(false);
  });
});
