/**
 * Per-invocation points over a box or violin figure (docs/measurements.md, "Invocations"): each invocation's median
 * of a series as a marker at the series' category, so the spread between runs shows beside the spread of steps.
 * Pure: reads the distribution traces' names and scale from the figure it is given, so the points sit on the boxes
 * whatever the labels and unit.
 */
import type { Figure, Group } from './figures';

/** One series' per-invocation medians (ns), by invocation index. */
export interface Strip { name: string; invocations: number[]; medians: number[] }

/** The figure with one marker trace per series that has a strip; traces i of `fig` are `groups[i]`. */
export function withInvocationStrips(fig: Figure, groups: Group[], strips: Strip[]): Figure {
  const byName = new Map(strips.map((s) => [s.name, s]));
  const extra: Record<string, unknown>[] = [];
  const axis = (fig.layout.yaxis as { title?: { text?: string } } | undefined)?.title?.text ?? '';
  groups.forEach((g, i) => {
    const s = byName.get(g.name);
    const trace = fig.data[i];
    if (!s || !trace || (trace.type !== 'box' && trace.type !== 'violin')) return;
    const y = trace.y as number[] | undefined;
    const at = y ? y.findIndex((v) => v !== 0) : -1;
    const scale = at >= 0 ? g.values[at] / y![at] : 1;
    const label = String(trace.name);
    extra.push({
      type: 'scatter', mode: 'markers', name: `${g.name}: per-invocation medians`, x: s.medians.map(() => label), y: s.medians.map((v) => v / scale),
      customdata: s.invocations, showlegend: false, meta: 'invocation-strip',
      marker: { symbol: 'diamond', size: 10, color: '#111', opacity: 0.85, line: { color: '#fff', width: 1.5 } },
      hovertemplate: `invocation %{customdata}: median %{y:.3f} ${axis.replace(/^duration /, '')}<extra>${g.name}</extra>`,
    });
  });
  if (extra.length === 0) return fig;
  return { data: [...fig.data, ...extra], layout: fig.layout };
}
