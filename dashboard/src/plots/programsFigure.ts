/**
 * The Programs view's curve: the out/in e2e ratio (y, log) of each program × N × platform against the in-process
 * engine's compute per step (x, log), with both 95 % intervals as error bars; a line per platform through its points
 * in order of compute, and the 1× line (no cost for crossing the process boundary). Pure data.
 */
import type { ProgramPoint } from '../model/programs';
import { formatDuration } from '../model/units';
import type { Figure } from './figures';
import { styleOf } from './pathStyle';

const OUT_PATH = { desktop: 'socket', web: 'websocket' } as const;
/** One marker per program, the same on both platforms (the colour tells the platform). */
const PROGRAM_SYMBOLS = ['circle', 'square', 'diamond', 'triangle-up', 'triangle-down', 'cross', 'x', 'star', 'hexagon', 'pentagon'];

export function programsFigure(points: readonly ProgramPoint[]): Figure {
  const programs = [...new Set(points.map((p) => p.program))].sort();
  const symbolOf = (program: string) => PROGRAM_SYMBOLS[programs.indexOf(program) % PROGRAM_SYMBOLS.length];
  const data: Record<string, unknown>[] = [];
  for (const platform of ['desktop', 'web'] as const) {
    const ps = points.filter((p) => p.platform === platform).sort((a, b) => a.compute.estimate - b.compute.estimate);
    if (!ps.length) continue;
    const st = styleOf(OUT_PATH[platform]);
    data.push({
      type: 'scatter', mode: 'lines', name: `${platform}: trend (points in order of compute)`, legendgroup: platform,
      x: ps.map((p) => p.compute.estimate / 1e3), y: ps.map((p) => p.ratio.estimate), hoverinfo: 'skip',
      line: { color: st.color, width: 1, dash: 'dot' },
    });
    for (const program of programs) {
      const qs = ps.filter((p) => p.program === program);
      if (!qs.length) continue;
      const err = (f: (p: ProgramPoint) => [number, number] | null, e: (p: ProgramPoint) => number, k: number) => ({
        type: 'data', symmetric: false, array: qs.map((p) => (f(p) ? (f(p)![1] - e(p)) / k : 0)),
        arrayminus: qs.map((p) => (f(p) ? (e(p) - f(p)![0]) / k : 0)), color: st.color, thickness: 1.2, width: 3,
      });
      data.push({
        type: 'scatter', mode: 'markers+text', name: `${platform} · ${program}`, legendgroup: platform,
        x: qs.map((p) => p.compute.estimate / 1e3), y: qs.map((p) => p.ratio.estimate),
        text: qs.map((p) => `N=${p.nodeCount}`), textposition: 'top right', textfont: { size: 9, color: '#555' },
        error_y: err((p) => p.ratio.ci95, (p) => p.ratio.estimate, 1),
        error_x: err((p) => p.compute.ci95, (p) => p.compute.estimate, 1e3),
        marker: { color: st.color, symbol: symbolOf(program), size: 9 },
        customdata: qs.map((p) => [
          p.ratio.ci95 ? `[${p.ratio.ci95[0].toPrecision(3)}, ${p.ratio.ci95[1].toPrecision(3)}]` : '',
          formatDuration(p.compute.estimate), `${p.run}/${p.config}`, p.spec,
        ]),
        hovertemplate: `%{customdata[3]}, N=%{text}<br>ratio %{y:.3g}× %{customdata[0]}<br>in-process compute %{customdata[1]} per step<br>%{customdata[2]}<extra>${platform}</extra>`,
      });
    }
  }
  return {
    data,
    layout: {
      title: { text: 'out-of-process / in-process e2e against the engine\'s work per step (95 % intervals over invocations)', font: { size: 14 } },
      margin: { l: 70, r: 20, t: 50, b: 60 },
      xaxis: { title: { text: 'in-process engine compute per step (µs, log)' }, type: 'log' },
      yaxis: { title: { text: 'e2e ratio out/in (×, log)' }, type: 'log' },
      shapes: [{ type: 'line', xref: 'paper', x0: 0, x1: 1, yref: 'y', y0: 1, y1: 1, line: { color: '#888', width: 1, dash: 'dash' } }],
      annotations: [{ xref: 'paper', x: 1, xanchor: 'right', yref: 'y', y: 0, yanchor: 'bottom', text: '1×: the boundary costs nothing', showarrow: false, font: { size: 10, color: '#666' } }],
      legend: { orientation: 'v', x: 1.02, y: 1, xanchor: 'left' },
      paper_bgcolor: '#fff', plot_bgcolor: '#fff', font: { family: 'system-ui, sans-serif', size: 12 },
    },
  };
}
