/**
 * Per-invocation points over a box or violin figure (docs/measurements.md, "Invocations"): each invocation's median
 * of a series as a marker at the series' category, so the spread between runs shows beside the spread of steps.
 * Pure: reads the distribution traces' names and unit (layout.meta.nsPerUnit) from the figure it is given, so the points
 * sit on the boxes whatever the labels, unit and samples left out of a log axis. A median ≤ 0 is left out of a log axis.
 */
import type { Figure, Group } from './figures';

/** One series' per-invocation medians (ns), by invocation index. */
export interface Strip { name: string; invocations: number[]; medians: number[] }

/** The figure with one marker trace per series that has a strip; traces i of `fig` are `groups[i]`. */
export function withInvocationStrips(fig: Figure, groups: Group[], strips: Strip[]): Figure {
  const byName = new Map(strips.map((s) => [s.name, s]));
  const extra: Record<string, unknown>[] = [];
  const yaxis = fig.layout.yaxis as { title?: { text?: string }; type?: string } | undefined;
  const axis = yaxis?.title?.text ?? '';
  const log = yaxis?.type === 'log';
  const nsPerUnit = (fig.layout.meta as { nsPerUnit?: number } | undefined)?.nsPerUnit;
  groups.forEach((g, i) => {
    const s = byName.get(g.name);
    const trace = fig.data[i];
    if (!s || !trace || (trace.type !== 'box' && trace.type !== 'violin')) return;
    // The figure's unit; else (a figure without it) read off its first non-zero sample.
    const y = trace.y as number[] | undefined;
    const at = y ? y.findIndex((v) => v !== 0) : -1;
    const scale = nsPerUnit ?? (at >= 0 ? g.values[at] / y![at] : 1);
    const label = String(trace.name);
    const kept = s.medians.map((_, k) => k).filter((k) => !log || s.medians[k] > 0);
    extra.push({
      type: 'scatter', mode: 'markers', name: `${g.name}: per-invocation medians`, x: kept.map(() => label), y: kept.map((k) => s.medians[k] / scale),
      customdata: kept.map((k) => s.invocations[k]), showlegend: false, meta: 'invocation-strip',
      marker: { symbol: 'diamond', size: 10, color: '#111', opacity: 0.85, line: { color: '#fff', width: 1.5 } },
      hovertemplate: `invocation %{customdata}: median %{y:.3f} ${axis.replace(/^duration /, '')}<extra>${g.name}</extra>`,
    });
  });
  if (extra.length === 0) return fig;
  return { data: [...fig.data, ...extra], layout: fig.layout };
}
