// The Programs view's model (the out/in ratio against in-process compute per step: model/programs.ts) over made-up
// runs, and over the published summaries: one point per program × N × platform, reference design only, newest run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakEvenCompute, programPoints, type SummaryLike } from '../src/model/programs';
import type { Manifest, RunJson } from '../src/model/runs';
import { programsFigure } from '../src/plots/programsFigure';
import { repoRoot } from './support/nodeConnector';

const files = (platform: 'desktop' | 'web') => (platform === 'desktop'
  ? [{ platform, side: 'frontend', transport: 'native' }, { platform, side: 'frontend', transport: 'socket' }]
  : [{ platform, side: 'frontend', transport: 'wasm' }, { platform, side: 'frontend', transport: 'websocket' }]);
const est = (estimate: number, w = 0.1) => ({ estimate, ci95: [estimate * (1 - w), estimate * (1 + w)] as [number, number], invocations: 5 });

function run(id: string, createdAt: string, configs: { id: string; n: number; program?: string; encoding?: string; pacing?: string; transport?: string; ratio: number; compute: number }[], platform: 'desktop' | 'web' = 'desktop') {
  const r = { id, kind: platform, createdAt, configurations: configs.map((c) => ({ id: c.id, nodeCount: c.n, pacing: c.pacing ?? 'free', encoding: c.encoding ?? 'json',
    outOfProcessTransport: c.transport, program: c.program, files: files(platform) })) } as unknown as RunJson;
  const inPath = platform === 'desktop' ? 'native' : 'wasm';
  const key = platform === 'desktop' ? 'e2e_median' : 'e2e_mean';
  const summary: SummaryLike = { configurations: configs.map((c) => ({ id: c.id, ratios: { [key]: est(c.ratio) }, paths: { [inPath]: { compute_median: est(c.compute) } } })) };
  return { run: r, summary };
}

describe('programs curve', () => {
  const older = run('r1', '2026-11-26T10:00:00Z', [{ id: 'n10-free-gossipMax', n: 10, program: 'gossipMax', ratio: 30, compute: 2000 }]);
  const newer = run('r2', '2026-11-27T10:00:00Z', [
    { id: 'n10-free-gossipMax', n: 10, program: 'gossipMax', ratio: 25, compute: 2100 },
    { id: 'n1000-free-gossipMax', n: 1000, program: 'gossipMax', ratio: 1.2, compute: 900000 },
    { id: 'n10-free-binary-gossipMax', n: 10, program: 'gossipMax', encoding: 'binary', ratio: 3, compute: 2000 },
    { id: 'n10-free-shm-gossipMax', n: 10, program: 'gossipMax', transport: 'shm', ratio: 2, compute: 2000 },
    { id: 'n10-fixed-gossipMax', n: 10, program: 'gossipMax', pacing: 'fixed', ratio: 9, compute: 2000 },
    { id: 'n10-free', n: 10, ratio: 20, compute: 1800 },
  ]);
  const web = run('w1', '2026-11-27T11:00:00Z', [{ id: 'n100-free-countDevices', n: 100, program: 'countDevices', ratio: 40, compute: 30000 }], 'web');
  const points = programPoints([older, newer, web]);

  it('one point per program × N × platform, from the newest run, reference design and free pacing only', () => {
    expect(points.map((p) => `${p.platform}/${p.program}/${p.nodeCount}/${p.run}`)).toEqual([
      'desktop/euclidean/10/r2', 'desktop/gossipMax/10/r2', 'desktop/gossipMax/1000/r2', 'web/countDevices/100/w1']);
    expect(points.find((p) => p.program === 'gossipMax' && p.nodeCount === 10)!.ratio.estimate).toBe(25);
    expect(points.find((p) => p.platform === 'web')!.ratioKey).toBe('e2e_mean');
  });

  it('break-even: the least compute whose whole ratio interval is within the limit', () => {
    expect(breakEvenCompute(points, 'desktop', 2)?.nodeCount).toBe(1000);
    expect(breakEvenCompute(points, 'desktop', 1.1)).toBeNull();
  });

  it('plots every point with both intervals, on log axes', () => {
    const fig = programsFigure(points);
    const markers = fig.data.filter((t) => t.mode === 'markers' && t.meta !== 'size-key');
    expect(markers.reduce((n, t) => n + (t.x as number[]).length, 0)).toBe(points.length);
    expect((fig.layout.xaxis as { type: string }).type).toBe('log');
    for (const t of markers) expect((t.error_y as { array: number[] }).array.every((x) => x > 0)).toBe(true);
  });

  it('reads the published summaries without error (every point has a positive ratio and compute)', () => {
    const data = join(repoRoot, 'public', 'data');
    const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')) as Manifest;
    const published = manifest.runs.filter((e) => e.kind === 'desktop' || e.kind === 'web').map((e) => {
      const dir = join(data, e.run.replace(/run\.json$/, ''));
      return { run: JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as RunJson, summary: existsSync(join(dir, 'summary.json')) ? JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as SummaryLike : null };
    }).filter((x): x is { run: RunJson; summary: SummaryLike } => !!x.summary);
    const ps = programPoints(published);
    expect(ps.length).toBeGreaterThan(0);
    for (const p of ps) expect(p.ratio.estimate > 0 && p.compute.estimate > 0).toBe(true);
  });
});
