/**
 * The History view's plot: one figure across published configurations in commit and time order, each with its 95 %
 * interval over invocations; the baseline's interval as a band, points whose interval lies wholly outside it ringed
 * (red above: a regression; green below: an improvement), points made on another machine drawn open. Each point is
 * a category of its own (its key); the x axis labels one point per run (date, time, commit), thinned to at most
 * MAX_X_LABELS so labels never overlap, and the baseline is named in the legend, not over the markers. Pure data.
 */
import type { HistoryPoint, PointChange } from '../model/history';
import { pickUnit, UNIT_LABEL } from '../model/units';
import type { Figure } from './figures';
import { styleOf } from './pathStyle';

const SCALE = { ns: 1, us: 1e3, ms: 1e6 } as const;
export const FLAG_COLOUR = { regression: '#C62828', improvement: '#2E7D32' } as const;
/** At most this many x labels: each about 16 px apart at −45° in a plot 1 000 px wide or more. */
export const MAX_X_LABELS = 40;

/**
 * The x axis's labelled points: each run's first point, at least ⌈points / MAX_X_LABELS⌉ categories after the last
 * labelled one, so that labels are never closer than 1 / MAX_X_LABELS of the axis (a run's later points share its label).
 */
export function xTicks(order: readonly HistoryPoint[]): { tickvals: string[]; ticktext: string[] } {
  const gap = Math.max(1, Math.ceil(order.length / MAX_X_LABELS));
  const shown: HistoryPoint[] = [];
  let last = -Infinity;
  order.forEach((p, i) => {
    if ((i === 0 || order[i - 1].run !== p.run) && i - last >= gap) { shown.push(p); last = i; }
  });
  return { tickvals: shown.map((p) => p.key), ticktext: shown.map((p) => p.label.split(' · ')[0]) };
}

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
        x: cs.map((c) => c.point.key), y: cs.map((c) => c.figure.estimate / k),
        error_y: { type: 'data', symmetric: false, array: cs.map((c) => (c.figure.ci95 ? (c.figure.ci95[1] - c.figure.estimate) / k : 0)),
          arrayminus: cs.map((c) => (c.figure.ci95 ? (c.figure.estimate - c.figure.ci95[0]) / k : 0)), color: st.color, thickness: 1.5, width: 4 },
        marker: { color: st.color, symbol: other ? `${st.symbol}-open` : st.symbol, size: 9 },
        customdata: cs.map((c) => [
          c.figure.ci95 ? `[${fmt(c.figure.ci95[0])}, ${fmt(c.figure.ci95[1])}]` : '(1 invocation: no interval)',
          c.base === null ? 'no baseline of its configuration' : c.point.key === c.base.key ? 'the baseline of its configuration'
            : `${c.changePct === null ? '' : `${c.changePct >= 0 ? '+' : ''}${c.changePct.toFixed(1)} %`} vs ${c.base.key}${c.flag ? `: ${c.flag}` : ''}`,
          c.otherMachine.length ? `other machine: ${c.otherMachine.join('; ')}` : '',
        ]),
        text: cs.map((c) => `${c.point.label}<br>${c.point.configuration}`),
        hovertemplate: `%{y:.3g}${ratio ? '×' : ` ${UNIT_LABEL[u!]}`} %{customdata[0]}<br>%{customdata[1]}<br>%{customdata[2]}<br>%{text}<extra></extra>`,
      });
    }
  }
  for (const flag of ['regression', 'improvement'] as const) {
    const cs = changes.filter((c) => c.flag === flag);
    if (!cs.length) continue;
    data.push({
      type: 'scatter', mode: 'markers', name: flag === 'regression' ? 'interval wholly above its baseline\'s' : 'interval wholly below its baseline\'s',
      x: cs.map((c) => c.point.key), y: cs.map((c) => c.figure.estimate / k), hoverinfo: 'skip',
      marker: { color: FLAG_COLOUR[flag], size: 20, symbol: 'circle-open', line: { width: 2.5 } },
    });
  }
  const b = base.figures.get(figure);
  const shapes = b?.ci95 ? [{ type: 'rect', xref: 'paper', x0: 0, x1: 1, yref: 'y', y0: b.ci95[0] / k, y1: b.ci95[1] / k, fillcolor: 'rgba(120,120,120,0.15)', line: { width: 0 }, layer: 'below' }] : [];
  // The baseline named in the legend beside its band's colour (a label at its height sat on the markers).
  if (b) data.push({ type: 'scatter', mode: 'markers', name: `baseline ${base.key}${b.ci95 ? ' (band: its 95 % interval)' : ''}`, x: [null], y: [null], hoverinfo: 'skip', meta: 'baseline-key',
    marker: { symbol: 'square', size: 12, color: 'rgba(120,120,120,0.35)' } });
  const ticks = xTicks(order);
  return {
    data,
    layout: {
      title: { text: `${figure}: estimate and 95 % interval over invocations, per published configuration`, font: { size: 14 }, y: 0.98, yref: 'container', yanchor: 'top' },
      margin: { l: 70, r: 20, t: 70, b: 10 },
      xaxis: { type: 'category', categoryorder: 'array', categoryarray: order.map((p) => p.key), tickmode: 'array', ...ticks, tickangle: -45, automargin: true, tickfont: { size: 10 }, title: { text: 'published runs in time order (date, time, commit of each run\'s first configuration)', font: { size: 11 } } },
      yaxis: { title: { text: axis }, type: 'log' },
      legend: { orientation: 'h', x: 0, y: 1.01, yanchor: 'bottom' },
      shapes,
      paper_bgcolor: '#fff', plot_bgcolor: '#fff', font: { family: 'system-ui, sans-serif', size: 12 },
    },
  };
}
