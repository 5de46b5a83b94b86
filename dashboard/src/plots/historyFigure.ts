/**
 * The History view's plot: one figure across published configurations in commit and time order, each with its 95 %
 * interval over invocations; the baseline's interval as a band, points whose interval lies wholly outside it ringed
 * (red above: a regression; green below: an improvement), points made on another machine drawn open. Pure data.
 */
import type { HistoryPoint, PointChange } from '../model/history';
import { pickUnit, UNIT_LABEL } from '../model/units';
import type { Figure } from './figures';
import { styleOf } from './pathStyle';

const SCALE = { ns: 1, us: 1e3, ms: 1e6 } as const;
export const FLAG_COLOUR = { regression: '#C62828', improvement: '#2E7D32' } as const;

/** The path whose colour a figure takes: its own, or for an out/in ratio the platform's out-of-process path. */
const pathOf = (figure: string, platform: string): string => (figure.startsWith('ratio.') ? (platform === 'web' ? 'websocket' : 'socket') : figure.split('.')[0]);

export function historyFigure(changes: readonly PointChange[], figure: string, base: HistoryPoint, order: readonly HistoryPoint[]): Figure {
  const ratio = figure.startsWith('ratio.');
  const values = changes.map((c) => c.figure.estimate).sort((a, b) => a - b);
  const u = ratio ? null : pickUnit(values[Math.floor(values.length / 2)] ?? 1000);
  const k = u ? SCALE[u] : 1;
  const axis = ratio ? `${figure.slice(6)} out/in (×, log)` : `${figure} (${UNIT_LABEL[u!]}, log)`;
  const fmt = (x: number) => (ratio ? `${x.toPrecision(3)}×` : `${(x / k).toPrecision(3)} ${UNIT_LABEL[u!]}`);
  const data: Record<string, unknown>[] = [];
  for (const platform of ['desktop', 'web'] as const) {
    for (const other of [false, true]) {
      const cs = changes.filter((c) => c.point.platform === platform && (c.otherMachine.length > 0) === other);
      if (!cs.length) continue;
      const st = styleOf(pathOf(figure, platform));
      data.push({
        type: 'scatter', mode: 'markers', name: `${platform}${other ? ', other machine' : ''}`,
        x: cs.map((c) => c.point.label), y: cs.map((c) => c.figure.estimate / k),
        error_y: { type: 'data', symmetric: false, array: cs.map((c) => (c.figure.ci95 ? (c.figure.ci95[1] - c.figure.estimate) / k : 0)),
          arrayminus: cs.map((c) => (c.figure.ci95 ? (c.figure.estimate - c.figure.ci95[0]) / k : 0)), color: st.color, thickness: 1.5, width: 4 },
        marker: { color: st.color, symbol: other ? `${st.symbol}-open` : st.symbol, size: 9 },
        customdata: cs.map((c) => [
          c.figure.ci95 ? `[${fmt(c.figure.ci95[0])}, ${fmt(c.figure.ci95[1])}]` : '(1 invocation: no interval)',
          c.point.key === base.key ? 'the baseline' : `${c.changePct === null ? '' : `${c.changePct >= 0 ? '+' : ''}${c.changePct.toFixed(1)} %`} vs baseline${c.flag ? `: ${c.flag}` : ''}`,
          c.otherMachine.length ? `other machine: ${c.otherMachine.join('; ')}` : '',
        ]),
        hovertemplate: `%{y:.3g}${ratio ? '×' : ` ${UNIT_LABEL[u!]}`} %{customdata[0]}<br>%{customdata[1]}<br>%{customdata[2]}<extra>%{x}</extra>`,
      });
    }
  }
  for (const flag of ['regression', 'improvement'] as const) {
    const cs = changes.filter((c) => c.flag === flag && c.point.platform === base.platform);
    if (!cs.length) continue;
    data.push({
      type: 'scatter', mode: 'markers', name: flag === 'regression' ? 'interval wholly above the baseline\'s' : 'interval wholly below the baseline\'s',
      x: cs.map((c) => c.point.label), y: cs.map((c) => c.figure.estimate / k), hoverinfo: 'skip',
      marker: { color: FLAG_COLOUR[flag], size: 20, symbol: 'circle-open', line: { width: 2.5 } },
    });
  }
  const b = base.figures.get(figure);
  const shapes = b?.ci95 ? [{ type: 'rect', xref: 'paper', x0: 0, x1: 1, yref: 'y', y0: b.ci95[0] / k, y1: b.ci95[1] / k, fillcolor: 'rgba(120,120,120,0.15)', line: { width: 0 }, layer: 'below' }] : [];
  const annotations = b ? [{ xref: 'paper', x: 0, y: Math.log10(b.estimate / k), yref: 'y', text: `baseline ${base.key}`, showarrow: false, xanchor: 'left', yanchor: 'bottom', font: { size: 10, color: '#555' } }] : [];
  return {
    data,
    layout: {
      title: { text: `${figure}: estimate and 95 % interval over invocations, per published configuration`, font: { size: 14 }, y: 0.98, yref: 'container', yanchor: 'top' },
      margin: { l: 70, r: 20, t: 70, b: 10 },
      xaxis: { type: 'category', categoryorder: 'array', categoryarray: order.map((p) => p.label), tickangle: -35, automargin: true, tickfont: { size: 10 } },
      yaxis: { title: { text: axis }, type: 'log' },
      legend: { orientation: 'h', x: 0, y: 1.01, yanchor: 'bottom' },
      shapes, annotations,
      paper_bgcolor: '#fff', plot_bgcolor: '#fff', font: { family: 'system-ui, sans-serif', size: 12 },
    },
  };
}
