// Readable figures: the decomposition adds up to the e2e it decomposes,
// log axes carry positive data only and say what they left out, every series has its own colour, labels do not sit
// on each other, and History compares like with like. Figures are plain data: checked without Plotly.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decompose, PHASES, segmentsOf, type Decomposition } from '../src/model/decomposition';
import { changesAgainst, configurationKey, historyPoints, shownPoints, type SummaryLike as HistorySummary } from '../src/model/history';
import type { Capacity, NetworkRun } from '../src/model/network';
import { programPoints, type ProgramPoint, type SummaryLike } from '../src/model/programs';
import type { Manifest, RunJson } from '../src/model/runs';
import type { SeriesStats } from '../src/model/stats';
import { OVERHEAD_ID } from '../src/sql/analysis';
import { decompositionFigure } from '../src/plots/figures';
import { historyFigure, MAX_X_LABELS, xTicks } from '../src/plots/historyFigure';
import { capacityFigure, e2eFigure, frameLines, pipelineFigure } from '../src/plots/networkFigures';
import { programsFigure } from '../src/plots/programsFigure';
import { repoRoot } from './support/nodeConnector';

const st = (file: string, side: string, transport: string, id: string, median: number): SeriesStats => ({
  run: 'r', config: 'c', file, side, platform: 'desktop', transport, id, count: 200, median, mean: median, p95: median, p99: median, std: 1, min: 0, max: median,
});
/** The canonical desktop socket path's medians (µs → ns) of 2026-12-07, whose phases add up to 110 % of the e2e median. */
const socketPath = (e2eUs: number) => [
  st('c/socket.csv', 'backend', 'socket', 'step.compute', 20_100), st('c/socket.csv', 'backend', 'socket', 'step.service', 106_700),
  st('c/socket.csv', 'backend', 'socket', OVERHEAD_ID, 86_600), st('c/socket.csv', 'backend', 'socket', 'echo.service', 49_700),
  st('c/unity_socket.csv', 'frontend', 'socket', 'step.socket.send', 42_400), st('c/unity_socket.csv', 'frontend', 'socket', 'step.socket.wait', 317_400),
  st('c/unity_socket.csv', 'frontend', 'socket', 'step.socket.parse', 34_400), st('c/unity_socket.csv', 'frontend', 'socket', 'step.frame.wait', 20_900),
  st('c/unity_socket.csv', 'frontend', 'socket', 'step.unity.apply', 900), st('c/unity_socket.csv', 'frontend', 'socket', 'step.unity.e2e', e2eUs * 1000),
];
const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0);

describe('decomposition adds up to the e2e it decomposes', () => {
  it('phases whose medians add up to more than the e2e median are scaled to it (the desktop socket path: 110 %)', () => {
    const d = decompose(socketPath(378.2), 'r', 'c', 'desktop', 'socket')!;
    const measured = sum(PHASES.filter((p) => p !== 'unattributed').map((p) => d.phases[p] ?? 0));
    expect(measured / d.e2eMedian!).toBeGreaterThan(1.05);
    const s = segmentsOf(d);
    expect(s.total).toBe(378_200);
    expect(sum(PHASES.map((p) => s.values[p]))).toBeCloseTo(378_200, 6);
    expect(s.scale).toBeCloseTo(378_200 / measured, 12);
    expect(s.values.unattributed).toBe(0);
    // Every phase keeps its share of the phases' sum.
    expect(s.values['frame/tick wait'] / s.values.send).toBeCloseTo(20_900 / 42_400, 12);
    // The bar: shares add up to 100 % and the axis covers them; every segment labelled with its duration and share.
    const f = decompositionFigure([d], () => 'socket');
    const shares = f.data.map((t) => (t.x as number[])[0]);
    expect(sum(shares)).toBeCloseTo(100, 9);
    expect((f.layout.xaxis as { range: number[] }).range[1]).toBeGreaterThanOrEqual(sum(shares) - 1e-9);
    const apply = f.data.find((t) => t.name === 'apply')!;
    expect((apply.text as string[])[0]).toMatch(/^\d[\d.,]* (ns|µs) · \d/);
    const frame = f.data.find((t) => t.name === 'frame/tick wait')!;
    expect((frame.text as string[])[0]).toMatch(/µs · [\d.]+ %$/);
    expect(String((f.data[0].y as string[])[0])).toMatch(/e2e 378\.200 µs \(phases ×0\.9\d\)/);
  });

  it('phases that add up to less than the e2e median leave the rest unattributed, unscaled', () => {
    const d = decompose(socketPath(500), 'r', 'c', 'desktop', 'socket')!;
    const s = segmentsOf(d);
    expect(s.scale).toBe(1);
    expect(s.values.send).toBe(42_400);
    expect(sum(PHASES.map((p) => s.values[p]))).toBeCloseTo(500_000, 6);
    expect(s.values.unattributed).toBeCloseTo(500_000 - s.measuredSum, 6);
  });

  it('without an e2e series the bar is the phases\' sum', () => {
    const d: Decomposition = { run: 'r', config: 'c', platform: 'desktop', transport: 'native', e2eMedian: null,
      phases: { send: null, compute: 10, 'server echo': null, 'back-end overhead': 5, 'OS floor': null, 'transport / boundary': 1, parse: 2, apply: 2, 'frame/tick wait': null, unattributed: null } };
    const s = segmentsOf(d);
    expect([s.total, s.scale, sum(PHASES.map((p) => s.values[p]))]).toEqual([20, 1, 20]);
  });
});

const point = (n: number, ci: [number, number] | null, platform: 'desktop' | 'web' = 'web'): ProgramPoint => ({
  platform, program: 'euclidean', spec: 'euclidean', label: 'e', nodeCount: n, run: 'w', config: `n${n}`, createdAt: '',
  ratio: { estimate: 20, ci95: [18, 22] }, ratioKey: 'e2e_mean', compute: { estimate: 2500, ci95: ci }, inE2e: null, outE2e: null,
});

describe('log axes carry positive data only', () => {
  it('Programs: an interval reaching 0 ns draws no lower bar on the log axis, and the title counts it', () => {
    const f = programsFigure([point(10, [0, 6000]), point(100, [2000, 3000])]);
    const markers = f.data.filter((t) => t.mode === 'markers' && t.meta !== 'size-key');
    const minus = markers.flatMap((t) => (t.error_x as { arrayminus: number[] }).arrayminus);
    expect(minus[0]).toBe(0);
    expect(minus[1]).toBeCloseTo(0.5, 12);
    expect((f.layout.title as { text: string }).text).toMatch(/1 interval reaching 0 .* without a lower bar/);
  });

  it('Programs: N is the marker size, not a text label per point (labels stacked where points meet)', () => {
    const f = programsFigure([point(10, null), point(100, null), point(1000, null)]);
    expect(f.data.some((t) => String(t.mode).includes('text'))).toBe(false);
    const sizes = (f.data.find((t) => t.mode === 'markers' && t.meta !== 'size-key')!.marker as { size: number[] }).size;
    expect(new Set(sizes).size).toBe(3);
    expect(f.data.filter((t) => t.meta === 'size-key').map((t) => t.name)).toEqual(['N = 10', 'N = 100', 'N = 1000']);
  });

  it('Network capacity: log axes over milliseconds to seconds, levels without a positive p99 left out and counted', () => {
    const cap: Record<string, Capacity> = {
      socket: { server: 'socket', n: 100, hz: 60, largestM: 16, largestMCi: [8, 16], levels: [
        { m: 1, p99: 2.7e6, p99Ci: [2e6, 3e6], verdict: 'ok' }, { m: 32, p99: 4_121_751_293, p99Ci: [0, 5e9], verdict: 'miss' }, { m: 64, p99: null, p99Ci: null, verdict: 'none' }] },
    };
    const f = capacityFigure(cap, () => 'x');
    expect((f.layout.yaxis as { type: string }).type).toBe('log');
    expect(f.data[0].y).toEqual([2.7, 4121.751293]);
    expect((f.data[0].error_y as { arrayminus: number[] }).arrayminus[1]).toBe(0);
    expect((f.layout.title as { text: string }).text).toMatch(/1 level without a p99 > 0 left out; 1 interval reaching 0 drawn without a lower bar/);
  });
});

describe('labels apart, colours distinct', () => {
  it('the 60 Hz and 30 Hz labels sit on opposite sides of their lines (log axis: at log10 of the value)', () => {
    const lin = frameLines();
    expect(lin.annotations.map((a) => a.yanchor)).toEqual(['top', 'bottom']);
    expect(lin.annotations[0].y).toBeLessThan(lin.annotations[1].y as number);
    const log = frameLines(true);
    expect(log.annotations[0].y).toBeCloseTo(Math.log10(1000 / 60), 12);
  });

  const data = join(repoRoot, 'public', 'data');
  const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')) as Manifest;
  const networkRuns = manifest.runs.filter((e) => e.kind === 'network').map((e) => JSON.parse(readFileSync(join(data, e.run), 'utf8')) as NetworkRun);

  it('every series of the published network figures has a colour of its own (the web figure had two in one blue)', () => {
    const grid = networkRuns.filter((r) => r.network.cells.length > 0);
    expect(grid.length).toBeGreaterThan(0);
    for (const r of grid) {
      for (const f of [e2eFigure(r.network.cells, 'desktop', 'euclidean'), e2eFigure(r.network.cells, 'web', 'euclidean'), pipelineFigure(r.network.cells, 'euclidean')]) {
        const colours = f.data.map((t) => ((t.marker as { color?: string } | undefined)?.color ?? (t.line as { color?: string } | undefined)?.color));
        expect(colours.every(Boolean)).toBe(true);
        expect(new Set(colours).size).toBe(colours.length);
      }
    }
    for (const r of networkRuns.filter((x) => x.network.capacity)) {
      const f = capacityFigure(r.network.capacity!, () => '');
      const colours = f.data.map((t) => (t.line as { color: string }).color);
      expect(new Set(colours).size).toBe(colours.length);
    }
  });
});

describe('History compares like with like', () => {
  const data = join(repoRoot, 'public', 'data');
  const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')) as Manifest;
  const published = manifest.runs.filter((e) => e.kind === 'desktop' || e.kind === 'web').map((e) => {
    const dir = join(data, e.run.replace(/run\.json$/, ''));
    return { run: JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as RunJson, summary: existsSync(join(dir, 'summary.json')) ? JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as HistorySummary : null };
  }).filter((x): x is { run: RunJson; summary: HistorySummary } => !!x.summary);
  const points = historyPoints(published);
  const figure = 'ratio.e2e_median';

  it('a configuration key names platform, N, pacing, encoding, transport, server and program with its work; not the spin', () => {
    const c = { nodeCount: 100, pacing: 'free' as const, tickMs: null, timeScale: 1, encoding: 'binary', program: 'euclidean:work=1000', outOfProcessTransport: 'shm', outOfProcessServer: 'native' };
    expect(configurationKey('desktop', c)).toBe('desktop, N = 100, free, binary, shm, native server, euclidean:work=1000');
    expect(configurationKey('desktop', { ...c, program: null, outOfProcessTransport: undefined, outOfProcessServer: undefined, encoding: 'json' }))
      .toBe('desktop, N = 100, free, json, tcp, jvm server, euclidean');
    expect(configurationKey('web', { ...c, pacing: 'fixed', tickMs: 20, timeScale: 0.1 })).toBe('web, N = 100, fixed 20 ms ×0.1, binary, websocket, node server, euclidean:work=1000');
    const spin = points.filter((p) => p.run.startsWith('2026-11-24-desktop-5781bf9-202243-ad5a-a'));
    expect(new Set(spin.map((p) => p.configuration)).size).toBe(1);
  });

  it('with every configuration and an N = 10 baseline, no N = 100 or N = 1000 point is compared with it (they were flagged −97 %)', () => {
    const all = shownPoints(points, true);
    const base = all.find((p) => p.nodeCount === 10 && p.figures.get(figure)?.ci95)!;
    const changes = changesAgainst(all, base, figure, points);
    expect(changes.length).toBeGreaterThan(10);
    expect(changes.some((c) => c.point.nodeCount !== 10)).toBe(true);
    for (const c of changes) {
      if (c.base) expect(c.base.configuration).toBe(c.point.configuration);
      if (c.point.nodeCount !== base.nodeCount) expect(c.base?.key).not.toBe(base.key);
    }
    // The picked baseline is its own configuration's; another configuration keeps its own oldest point with an interval.
    expect(changes.filter((c) => c.point.configuration === base.configuration).every((c) => c.base?.key === base.key)).toBe(true);
  });

  it('x labels: one per run at most MAX_X_LABELS, never closer than 1 / MAX_X_LABELS of the axis; the baseline named in the legend, not on the markers', () => {
    const all = shownPoints(points, true).filter((p) => p.figures.has(figure));
    const { tickvals } = xTicks(all);
    expect(tickvals.length).toBeLessThanOrEqual(MAX_X_LABELS);
    const at = tickvals.map((k) => all.findIndex((p) => p.key === k));
    const gap = Math.ceil(all.length / MAX_X_LABELS);
    for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(gap);
    const base = all.find((p) => p.figures.get(figure)?.ci95)!;
    const f = historyFigure(changesAgainst(all, base, figure, points), figure, base, all);
    expect(f.layout.annotations).toBeUndefined();
    expect(f.data.some((t) => t.meta === 'baseline-key' && String(t.name).includes(base.key))).toBe(true);
    expect((f.layout.xaxis as { ticktext: string[] }).ticktext).toHaveLength(tickvals.length);
  });

  it('programs\' published points still plot', () => {
    expect(programsFigure(programPoints(published as unknown as { run: RunJson; summary: SummaryLike }[])).data.length).toBeGreaterThan(0);
  });
});
