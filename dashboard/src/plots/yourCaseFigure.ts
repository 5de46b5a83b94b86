/**
 * The "Your case" view's plot: the predicted out-of-process / in-process ratio of the per-step time (y, log) against
 * the engine's cost per round (x, µs, log) for the visitor's platform, configuration, N and network, with its 95 %
 * interval as a band; solid where the model rests on measurements, dotted where it extrapolates; the visitor's case
 * and the engine presets marked; the 2× and 1.1× lines the break-even costs refer to. Pure data (no Plotly).
 */
import type { Estimate } from '../../../measurement/src/costModel.mjs';
import { formatNs, formatTimes } from '../../../measurement/src/format.mjs';
import type { Figure } from './figures';
import { styleOf } from './pathStyle';

export interface CurvePoint { roundNs: number; ratio: Estimate; inRange: boolean }
export interface MarkedCase { label: string; roundNs: number; ratio: Estimate; source?: string }

const OUT_PATH = { desktop: 'socket', web: 'websocket' } as const;
export const RATIO_LINES = [2, 1.1] as const;

const interval = (e: Estimate) => `[${formatTimes(e.ci95[0]).replace('×', '')}, ${formatTimes(e.ci95[1]).replace('×', '')}]`;
const hidden = (ps: readonly { ratio: Estimate }[]) => ({
  type: 'data', symmetric: false, visible: false,
  array: ps.map((p) => p.ratio.ci95[1] - p.ratio.estimate), arrayminus: ps.map((p) => p.ratio.estimate - p.ratio.ci95[0]),
});

/**
 * `curve`: predictions at log-spaced engine costs (ascending); `you`: the visitor's case; `presets`: the presets at
 * the visitor's N. The interval of every drawn value is in the traces' error arrays (hidden on the curve, where the
 * band shows it), so the data export carries it.
 */
export function yourCaseFigure({ platform, familyLabel, n, curve, you, presets }: {
  platform: 'desktop' | 'web'; familyLabel: string; n: number; curve: readonly CurvePoint[]; you: MarkedCase | null; presets: readonly MarkedCase[];
}): Figure {
  const st = styleOf(OUT_PATH[platform]);
  const x = curve.map((p) => p.roundNs / 1e3);
  // Each stretch drawn in its own style; a point where the range changes belongs to both, so the line is unbroken.
  const part = (inRange: boolean) => curve.map((p, i) => (p.inRange === inRange || curve[i - 1]?.inRange === inRange || curve[i + 1]?.inRange === inRange ? p.ratio.estimate : null));
  const data: Record<string, unknown>[] = [
    {
      type: 'scatter', mode: 'lines', name: '95 % interval, lower', x, y: curve.map((p) => p.ratio.ci95[0]), showlegend: false,
      line: { width: 0, color: st.color }, hoverinfo: 'skip',
    },
    {
      type: 'scatter', mode: 'lines', name: '95 % interval of the prediction', x, y: curve.map((p) => p.ratio.ci95[1]), fill: 'tonexty',
      fillcolor: 'rgba(120,120,120,0.18)', line: { width: 0, color: st.color }, hoverinfo: 'skip',
    },
    {
      type: 'scatter', mode: 'lines', name: 'prediction, within the measured range', x, y: part(true), connectgaps: false,
      line: { color: st.color, width: 2 }, error_y: hidden(curve),
      customdata: curve.map((p) => [formatNs(p.roundNs), interval(p.ratio)]),
      hovertemplate: 'engine %{customdata[0]} per round<br>ratio %{y:.3g}× %{customdata[1]}<extra></extra>',
    },
    {
      type: 'scatter', mode: 'lines', name: 'prediction, extrapolated (outside the measured range)', x, y: part(false), connectgaps: false,
      line: { color: st.color, width: 2, dash: 'dot' }, hoverinfo: 'skip',
    },
  ];
  if (presets.length) {
    data.push({
      type: 'scatter', mode: 'markers+text', name: 'engine presets', x: presets.map((p) => p.roundNs / 1e3), y: presets.map((p) => p.ratio.estimate),
      text: presets.map((p) => p.label), textposition: presets.map((_, i) => (i % 2 ? 'bottom center' : 'top center')), textfont: { size: 10, color: '#444' },
      marker: { symbol: 'diamond', size: 8, color: '#444' }, error_y: hidden(presets),
      customdata: presets.map((p) => [formatNs(p.roundNs), interval(p.ratio), p.source ?? '']),
      hovertemplate: '%{text}: %{customdata[0]} per round<br>ratio %{y:.3g}× %{customdata[1]}<br>%{customdata[2]}<extra></extra>',
    });
  }
  if (you) {
    data.push({
      type: 'scatter', mode: 'markers', name: `your case: ${you.label}`, x: [you.roundNs / 1e3], y: [you.ratio.estimate],
      marker: { symbol: 'star', size: 16, color: '#d55e00', line: { color: '#000', width: 1 } },
      error_y: { type: 'data', symmetric: false, array: [you.ratio.ci95[1] - you.ratio.estimate], arrayminus: [you.ratio.estimate - you.ratio.ci95[0]], color: '#d55e00', thickness: 1.5, width: 6 },
      customdata: [[formatNs(you.roundNs), interval(you.ratio)]],
      hovertemplate: 'your case: %{customdata[0]} per round<br>ratio %{y:.3g}× %{customdata[1]}<extra></extra>',
    });
  }
  const line = (y: number, dash: string) => ({ type: 'line', xref: 'paper', x0: 0, x1: 1, yref: 'y', y0: y, y1: y, line: { color: '#888', width: 1, dash } });
  return {
    data,
    layout: {
      title: { text: `Out-of-process / in-process per-step time against the engine's cost (${platform}, ${familyLabel}, N = ${n.toLocaleString('en-US')})`, font: { size: 13 } },
      margin: { l: 70, r: 20, t: 50, b: 60 },
      xaxis: { title: { text: 'engine cost per round of all N devices (µs, log)' }, type: 'log' },
      yaxis: { title: { text: 'ratio out/in (×, log)' }, type: 'log' },
      shapes: [line(1, 'solid'), ...RATIO_LINES.map((r) => line(r, 'dash'))],
      annotations: [
        { xref: 'paper', x: 0, xanchor: 'left', yref: 'y', y: 0, yanchor: 'bottom', text: '1×: going out of process costs nothing', showarrow: false, font: { size: 10, color: '#666' } },
        ...RATIO_LINES.map((r) => ({ xref: 'paper', x: 0, xanchor: 'left', yref: 'y', y: Math.log10(r), yanchor: 'bottom', text: `${r}×`, showarrow: false, font: { size: 10, color: '#666' } })),
      ],
      legend: { orientation: 'h', x: 0, y: -0.2, xanchor: 'left', yanchor: 'top' },
      hovermode: 'closest',
      paper_bgcolor: '#fff', plot_bgcolor: '#fff', font: { family: 'system-ui, sans-serif', size: 12 },
    },
  };
}
