// The Network view's soak plot (plots/soakFigure.ts): a published soak.json is checked before it is drawn, and the
// figure has one panel per measure with one line per server, gaps where a window had no reply.
import { describe, expect, it } from 'vitest';
import { soakFigure, soakProblem, type SoakFile } from '../src/plots/soakFigure';

const run = (name: string, m: number): SoakFile['runs'][number] => ({
  name, m, n: 100, seconds: 60, sampleSeconds: 5, sent: 100, received: 100, csvRows: 100,
  samples: [0, 5, 10].map((t) => ({ t, rssMb: 100 + t, fds: 20, threads: 12, p99Ms: t === 5 ? null : 1.5, p50Ms: 0.5, replies: 10 })),
  verdict: { problems: [], figures: {} },
});

describe('the soak plot', () => {
  it('refuses what is not a soak file, naming the problem', () => {
    expect(soakProblem(null)).toMatch(/no runs/);
    expect(soakProblem({ runs: [{ name: 'jvm' }] })).toMatch(/samples/);
    expect(soakProblem({ runs: [{ name: 'jvm', samples: [{ rssMb: 1 }] }] })).toMatch(/jvm: a sample without a time/);
    expect(soakProblem({ command: 'x', runs: [run('jvm', 16)] })).toBeNull();
  });

  it('draws four panels, one line per server in each, a window without replies as a gap', () => {
    const f = soakFigure({ command: 'npm run soak', runs: [run('jvm', 16), run('node', 8)] });
    expect(f.data).toHaveLength(8);
    expect(new Set(f.data.map((d) => d.yaxis))).toEqual(new Set(['y', 'y2', 'y3', 'y4']));
    expect(f.data.filter((d) => d.showlegend).map((d) => d.name)).toEqual(['jvm server (M = 16)', 'node server (M = 8)']);
    const p99 = f.data.find((d) => d.yaxis === 'y4' && d.legendgroup === 'jvm')!;
    expect(p99.y).toEqual([1.5, null, 1.5]);
    expect(String((f.layout.title as { text: string }).text)).toContain('jvm M = 16, node M = 8');
  });
});
