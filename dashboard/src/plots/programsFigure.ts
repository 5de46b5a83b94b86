/**
 * The Programs view's curve: the out/in e2e ratio (y, log) of each program × N × platform against the in-process
 * engine's compute per step (x, log), with both 95 % intervals as error bars; a line per platform through its points
 * in order of compute, and the 1× line (no cost for crossing the process boundary). N is the marker's size (a text
 * label per point stacked where programs' points meet). An interval reaching 0 (a compute below the page clock's tick)
 * has no lower end on a log axis: its lower bar is left out and counted in the title. Pure data.
 */
import type { ProgramPoint } from '../model/programs';
import { formatDuration } from '../model/units';
import type { Figure } from './figures';
import { styleOf } from './pathStyle';

const OUT_PATH = { desktop: 'socket', web: 'websocket' } as const;
/** One marker per program, the same on both platforms (the colour tells the platform). */
const PROGRAM_SYMBOLS = ['circle', 'square', 'diamond', 'triangle-up', 'triangle-down', 'cross', 'x', 'star', 'hexagon', 'pentagon'];
/** A marker's size by N: larger N, larger marker (N = 10, 100, 1000 → 7, 10, 13 px). */
export const markerSizeOf = (n: number): number => 4 + 3 * Math.max(1, Math.round(Math.log10(Math.max(n, 1))));

export function programsFigure(points: readonly ProgramPoint[]): Figure {
  const programs = [...new Set(points.map((p) => p.program))].sort();
  const symbolOf = (program: string) => PROGRAM_SYMBOLS[programs.indexOf(program) % PROGRAM_SYMBOLS.length];
  const data: Record<string, unknown>[] = [];
  let openLow = 0;
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
        arrayminus: qs.map((p) => {
          const ci = f(p);
          if (!ci) return 0;
          if (ci[0] <= 0) { openLow++; return 0; }
          return (e(p) - ci[0]) / k;
        }), color: st.color, thickness: 1.2, width: 3,
      });
      data.push({
        type: 'scatter', mode: 'markers', name: `${platform} · ${program}`, legendgroup: platform,
        x: qs.map((p) => p.compute.estimate / 1e3), y: qs.map((p) => p.ratio.estimate),
        text: qs.map((p) => `N=${p.nodeCount}`),
        error_y: err((p) => p.ratio.ci95, (p) => p.ratio.estimate, 1),
        error_x: err((p) => p.compute.ci95, (p) => p.compute.estimate, 1e3),
        marker: { color: st.color, symbol: symbolOf(program), size: qs.map((p) => markerSizeOf(p.nodeCount)), line: { color: '#fff', width: 0.5 } },
        customdata: qs.map((p) => [
          p.ratio.ci95 ? `[${p.ratio.ci95[0].toPrecision(3)}, ${p.ratio.ci95[1].toPrecision(3)}]` : '',
          formatDuration(p.compute.estimate), `${p.run}/${p.config}`, p.spec,
        ]),
        hovertemplate: `%{customdata[3]}, %{text}<br>ratio %{y:.3g}× %{customdata[0]}<br>in-process compute %{customdata[1]} per step<br>%{customdata[2]}<extra>${platform}</extra>`,
      });
    }
  }
  // The 1× line named in the legend (a label at its right end sat on the points that come down to it).
  data.push({ type: 'scatter', mode: 'lines', name: '1×: the boundary costs nothing', x: [null], y: [null], hoverinfo: 'skip', meta: 'one-key', line: { color: '#888', width: 1, dash: 'dash' } });
  // The key to the marker sizes: one grey marker per N shown.
  for (const n of [...new Set(points.map((p) => p.nodeCount))].sort((a, b) => a - b)) {
    data.push({ type: 'scatter', mode: 'markers', name: `N = ${n}`, legendgroup: 'n', x: [null], y: [null], hoverinfo: 'skip', meta: 'size-key',
      marker: { color: '#888', symbol: 'circle', size: markerSizeOf(n) } });
  }
  const left = openLow ? ` — ${openLow} interval${openLow > 1 ? 's' : ''} reaching 0 (below the clock's tick) drawn without a lower bar on the log axes` : '';
  return {
    data,
    layout: {
      title: { text: `out-of-process / in-process e2e against the engine's work per step (95 % intervals over invocations)${left}`, font: { size: 14 } },
      margin: { l: 70, r: 20, t: 50, b: 60 },
      // Ticks at 1, 2, 5 of each decade: Plotly's every-digit labels (…, 8, 9, 100) print over each other.
      xaxis: { title: { text: 'in-process engine compute per step (µs, log)' }, type: 'log', dtick: 'D2' },
      yaxis: { title: { text: 'e2e ratio out/in (×, log)' }, type: 'log', dtick: 'D2' },
      shapes: [{ type: 'line', xref: 'paper', x0: 0, x1: 1, yref: 'y', y0: 1, y1: 1, line: { color: '#888', width: 1, dash: 'dash' } }],
      legend: { orientation: 'v', x: 1.02, y: 1, xanchor: 'left' },
      paper_bgcolor: '#fff', plot_bgcolor: '#fff', font: { family: 'system-ui, sans-serif', size: 12 },
    },
  };
}
