// Plot figures are plain data: checked without Plotly.
import { describe, expect, it } from 'vitest';
import { decompositionFigure, distributionFigure, ecdfSteps, scaleFigure, timeSeriesFigure } from '../src/plots/figures';

const groups = [{ name: 'a x', values: [1000, 2000, 3000] }, { name: 'b y', values: [5000, 6000, 7000] }];

describe('figures', () => {
  it('box, violin, ECDF and histogram carry one trace per series with unit-aware hover', () => {
    for (const kind of ['box', 'violin', 'ecdf', 'hist'] as const) {
      const f = distributionFigure(kind, groups, { log: true, floors: [], title: kind });
      expect(f.data).toHaveLength(2);
      expect(String(f.data[0].hovertemplate)).toContain('µs');
    }
    const e = distributionFigure('ecdf', groups, { log: true, floors: [], title: '' });
    expect(e.data[0].y).toEqual([1 / 3, 2 / 3, 1]);
    expect((e.layout.xaxis as { type: string }).type).toBe('log');
  });
  it('draws floors as reference lines, each named with its value in the legend (labels beside the lines overlapped)', () => {
    const f = distributionFigure('box', groups, { log: false, floors: [{ name: 'floor.native.noop (median)', ns: 1500 }], title: '' });
    expect(f.layout.shapes).toEqual([expect.objectContaining({ type: 'line', y0: 1.5, y1: 1.5 })]);
    expect(f.layout.annotations).toBeUndefined();
    const key = f.data.find((t) => t.meta === 'reference-line')!;
    expect(String(key.name)).toMatch(/^floor\.native\.noop \(median\): 1\.500 µs$/);
    expect(f.layout.showlegend).toBe(true);
    expect(f.data.filter((t) => t.type === 'box').every((t) => t.showlegend === false)).toBe(true);
    const e = distributionFigure('ecdf', groups, { log: true, floors: [{ name: 'f', ns: 1500 }], title: '' });
    expect(e.layout.shapes).toEqual([expect.objectContaining({ x0: 1.5 })]);
  });
  it('gives close floors their own colour and dash, and no label on the plot', () => {
    const floors = [{ name: 'a', ns: 10_000 }, { name: 'b', ns: 10_100 }, { name: 'c', ns: 10_200 }];
    const f = distributionFigure('box', groups, { log: true, floors, title: '' });
    const styles = (f.layout.shapes as { line: { color: string; dash: string } }[]).map((x) => `${x.line.color} ${x.line.dash}`);
    expect(new Set(styles).size).toBe(3);
    expect(f.layout.annotations).toBeUndefined();
    expect(f.layout.shapes).toEqual(expect.arrayContaining([expect.objectContaining({ y0: 10, y1: 10 })]));
  });
  it('leaves a few samples ≤ 0 (below the clock tick) off a log axis and says how many of which series, never at the axis floor', () => {
    const few = [{ name: 'wasm', values: [0, ...Array.from({ length: 99 }, (_, i) => 5000 + i)] }, { name: 'ws', values: [400000, 500000] }];
    for (const kind of ['box', 'violin', 'ecdf', 'hist'] as const) {
      const f = distributionFigure(kind, few, { log: true, floors: [], title: kind });
      const drawn = (f.data[0].y ?? f.data[0].x) as number[];
      expect(drawn).toHaveLength(99);
      expect((f.layout.title as { text: string }).text).toMatch(/1 sample ≤ 0 \(below the clock's tick\) left out of the log axis \(wasm: 1 of 100\)/);
    }
    const lin = distributionFigure('box', few, { log: false, floors: [], title: 'box' });
    expect(lin.data[0].y).toHaveLength(100);
    const t = timeSeriesFigure([{ name: 's', k: [1, 2, 3], ns: [0, 5000, 10000] }], 0, { log: true, title: 't' });
    expect(t.data[0].x).toEqual([2, 3]);
    expect((t.layout.title as { text: string }).text).toMatch(/1 sample ≤ 0/);
  });
  it('switches to a linear axis, and says why, when a series is mostly ≤ 0 (the Wasm overhead: a difference of two ticked readings)', () => {
    const ticked = [{ name: 'wasm overhead', values: [0, 0, -5000, 5000, 0, 10000] }, { name: 'ws', values: [400000, 500000] }];
    for (const kind of ['box', 'violin', 'ecdf', 'hist'] as const) {
      const f = distributionFigure(kind, ticked, { log: true, floors: [{ name: 'f', ns: 0 }, { name: 'g', ns: 2000 }], title: kind });
      const drawn = (f.data[0].y ?? f.data[0].x) as number[];
      expect(drawn).toHaveLength(6);
      const axis = (kind === 'box' || kind === 'violin' ? f.layout.yaxis : f.layout.xaxis) as { type?: string; title: { text: string } };
      if (kind !== 'hist') expect(axis.type).toBe('linear');
      else expect(axis.title.text).not.toMatch(/log10/);
      expect((f.layout.title as { text: string }).text).toMatch(/linear axis: 67 % of wasm overhead's samples are ≤ 0/);
      expect(f.layout.shapes).toHaveLength(2);
    }
  });
  it('draws an ECDF in SVG with at most 2000 steps, each at its exact rank, the extremes kept', () => {
    const sorted = Array.from({ length: 12_345 }, (_, i) => 1000 + i * 3);
    const { x, y } = ecdfSteps(sorted);
    expect(x.length).toBe(2000);
    expect([x[0], y[0]]).toEqual([1000, 1 / 12_345]);
    expect([x[1999], y[1999]]).toEqual([sorted[12_344], 1]);
    for (let i = 1; i < x.length; i++) {
      expect(x[i]).toBeGreaterThan(x[i - 1]);
      const rank = Math.round(y[i] * 12_345) - 1;
      expect(sorted[rank]).toBe(x[i]);
    }
    expect(ecdfSteps([3, 1, 2].sort())).toEqual({ x: [1, 2, 3], y: [1 / 3, 2 / 3, 1] });
    const e = distributionFigure('ecdf', [{ name: 'a', values: sorted }], { log: false, floors: [], title: '' });
    expect(e.data.map((t) => t.type)).toEqual(['scatter']);
  });
  it('draws samples in SVG up to 5000 markers and in WebGL above', () => {
    const series = (n: number) => [{ name: 's', k: Array.from({ length: n }, (_, i) => i), ns: Array.from({ length: n }, () => 1e6) }];
    expect(timeSeriesFigure(series(5000), 0, { log: false, title: '' }).data[0].type).toBe('scatter');
    expect(timeSeriesFigure(series(5001), 0, { log: false, title: '' }).data[0].type).toBe('scattergl');
  });
  it('shades the warm-up in the time series', () => {
    const f = timeSeriesFigure([{ name: 's', k: [1, 2, 3], ns: [1e6, 2e6, 3e6] }], 30, { log: false, title: '' });
    expect(f.layout.shapes).toEqual([expect.objectContaining({ type: 'rect', x1: 30.5 })]);
    expect(String(f.data[0].hovertemplate)).toContain('ms');
  });
  it('stacks phases as shares of the e2e median', () => {
    const d = { run: 'r', config: 'c', platform: 'desktop', transport: 'socket', e2eMedian: 200, phases: { send: 10, compute: 90, 'server echo': null, 'back-end overhead': 0, 'OS floor': null, 'transport / boundary': 50, parse: 0, apply: 0, 'frame/tick wait': 0, unattributed: 50 } };
    const f = decompositionFigure([d], () => 'x');
    expect(f.data.map((t) => (t.x as number[])[0])).toEqual([5, 45, 0, 0, 0, 25, 0, 0, 0, 25]);
  });
  it('plots scale on log–log axes', () => {
    const f = scaleFigure([{ series: 's', n: 10, ns: 1000 }, { series: 's', n: 100, ns: 5000 }], 'm');
    expect((f.layout.xaxis as { type: string }).type).toBe('log');
    expect((f.layout.yaxis as { type: string }).type).toBe('log');
    expect(f.data[0].x).toEqual([10, 100]);
  });
});
