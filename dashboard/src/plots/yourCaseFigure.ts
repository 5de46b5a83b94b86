/**
 * The "Your case" view's plot: the predicted out-of-process / in-process ratio of the per-step time (y, log) against
 * the engine's cost per round (x, µs, log; the same cost in both processes) for the visitor's platform, configuration,
 * N and network, with its 95 % interval as a band; solid where the model rests on measurements, dotted where it
 * extrapolates; the visitor's case and the engine presets marked at their own predictions; the 2× and 1.1× lines the
 * break-even costs refer to. Pure data (no Plotly).
 */
import type { Estimate } from '../../../measurement/src/costModel.mjs';
import { formatNs, formatTimes } from '../../../measurement/src/format.mjs';
import type { Figure } from './figures';
import { styleOf } from './pathStyle';

export interface CurvePoint { roundNs: number; ratio: Estimate; inRange: boolean }
/** A case marked on the curve; a preset's `group`: our measured programs or other engines. */
export interface MarkedCase { label: string; roundNs: number; ratio: Estimate; group?: 'ours' | 'others' }

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
      type: 'scatter', mode: 'lines', name: '95 % interval', x, y: curve.map((p) => p.ratio.ci95[1]), fill: 'tonexty',
      fillcolor: 'rgba(120,120,120,0.18)', line: { width: 0, color: st.color }, hoverinfo: 'skip',
    },
    {
      type: 'scatter', mode: 'lines', name: 'prediction, within the measured range', x, y: part(true), connectgaps: false,
      line: { color: st.color, width: 2 }, error_y: hidden(curve),
      customdata: curve.map((p) => [formatNs(p.roundNs), interval(p.ratio)]),
      hovertemplate: 'engine %{customdata[0]} per round<br>ratio %{y:.3g}× %{customdata[1]}<extra></extra>',
    },
    {
      type: 'scatter', mode: 'lines', name: 'extrapolated (not measured)', x, y: part(false), connectgaps: false,
      line: { color: st.color, width: 2, dash: 'dot' }, hoverinfo: 'skip',
    },
  ];
  // Presets cluster (our programs within a few hundred ns of each other, the other frameworks near 16 µs): named on
  // hover, not in text that would overlap; one trace per group, so the legend says which marker is which.
  for (const [group, symbol, color] of [['ours', 'diamond', '#444'], ['others', 'square', '#0072b2']] as const) {
    const ps = presets.filter((p) => (p.group ?? 'others') === group);
    if (!ps.length) continue;
    data.push({
      type: 'scatter', mode: 'markers', name: group === 'ours' ? 'presets: our programs' : 'presets: other engines',
      x: ps.map((p) => p.roundNs / 1e3), y: ps.map((p) => p.ratio.estimate), text: ps.map((p) => p.label),
      marker: { symbol, size: 8, color, line: { color: '#fff', width: 1 } }, error_y: hidden(ps),
      customdata: ps.map((p) => [formatNs(p.roundNs), interval(p.ratio)]),
      hovertemplate: '%{text}: %{customdata[0]} per round<br>ratio %{y:.3g}× %{customdata[1]}<extra></extra>',
    });
  }
  if (you) {
    data.push({
      // Named in full on hover: a long legend entry would take the plot's height.
      type: 'scatter', mode: 'markers+text', name: 'your case', x: [you.roundNs / 1e3], y: [you.ratio.estimate],
      text: [`${formatTimes(you.ratio.estimate)}`], textposition: 'middle right', textfont: { size: 12, color: '#a03c00' },
      marker: { symbol: 'star', size: 16, color: '#d55e00', line: { color: '#000', width: 1 } },
      error_y: { type: 'data', symmetric: false, array: [you.ratio.ci95[1] - you.ratio.estimate], arrayminus: [you.ratio.estimate - you.ratio.ci95[0]], color: '#d55e00', thickness: 1.5, width: 6 },
      customdata: [[formatNs(you.roundNs), interval(you.ratio)]],
      hovertemplate: `your case (${you.label.replace(/[<>]/g, '')}): %{customdata[0]} per round<br>ratio %{y:.3g}× %{customdata[1]}<extra></extra>`,
    });
  }
  const line = (y: number, dash: string) => ({ type: 'line', xref: 'paper', x0: 0, x1: 1, yref: 'y', y0: y, y1: y, line: { color: '#888', width: 1, dash } });
  // The y range set, so that the 1× line has a ninth of the height beneath it for its label.
  const top = Math.max(2.5, ...curve.map((p) => p.ratio.ci95[1]), ...(you ? [you.ratio.ci95[1]] : []), ...presets.map((p) => p.ratio.estimate));
  return {
    data,
    layout: {
      title: { text: `Ratio out/in against the engine's cost per round<br><span style="font-size:11px">${platform}, ${familyLabel}, N = ${n.toLocaleString('en-US')} · the curve: the same engine cost in and out of process</span>`, font: { size: 13 } },
      margin: { l: 60, r: 16, t: 52, b: 90 },
      xaxis: { title: { text: 'engine cost per round of all N devices (µs, log)', standoff: 4 }, type: 'log' },
      yaxis: { title: { text: 'ratio out/in (×, log)' }, type: 'log', range: [-Math.log10(top * 1.15) / 8, Math.log10(top * 1.15)] },
      shapes: [line(1, 'solid'), ...RATIO_LINES.map((r) => line(r, 'dash'))],
      annotations: [
        { xref: 'paper', x: 1, xanchor: 'right', yref: 'y', y: 0, yanchor: 'top', text: '1×: going out of process costs nothing', showarrow: false, font: { size: 10, color: '#666' } },
        ...RATIO_LINES.map((r) => ({ xref: 'paper', x: 0, xanchor: 'left', yref: 'y', y: Math.log10(r), yanchor: 'bottom', text: `${r}×`, showarrow: false, font: { size: 10, color: '#666' } })),
      ],
      legend: { orientation: 'h', x: 0, y: -0.38, xanchor: 'left', yanchor: 'top', font: { size: 11 } },
      hovermode: 'closest',
      paper_bgcolor: '#fff', plot_bgcolor: '#fff', font: { family: 'system-ui, sans-serif', size: 12 },
    },
  };
}
