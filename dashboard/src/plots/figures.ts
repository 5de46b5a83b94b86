/**
 * Plotly figures as plain data, built by pure functions from domain values (ns in; axes in a unit picked from
 * the data; hover shows the unit). No Plotly import here: the library is loaded lazily by components/Plot.
 */
import { PHASES, type Decomposition } from '../model/decomposition';
import { formatDuration, pickUnit, UNIT_LABEL, type Unit } from '../model/units';
import { DASHES, styleOf } from './pathStyle';

export interface Figure { data: Record<string, unknown>[]; layout: Record<string, unknown> }
/** A series: its label, values (ns), and the path whose colour and marker it takes; `variant` picks its dash. */
export interface Group { name: string; values: number[]; path?: string | null; variant?: number }
export interface RefLine { name: string; ns: number }

const SCALE = { ns: 1, us: 1e3, ms: 1e6 } as const;

/** Unit for an axis: the unit selector's, or with "auto" from the median of the groups' medians. */
export function axisUnit(groups: Group[], unit: Unit = 'auto'): 'ns' | 'us' | 'ms' {
  if (unit !== 'auto') return unit;
  const meds = groups.filter((g) => g.values.length).map((g) => g.values[Math.floor(g.values.length / 2)]).sort((a, b) => a - b);
  return meds.length ? pickUnit(meds[Math.floor(meds.length / 2)]) : 'us';
}

const annotationAt = (v: number, log: boolean) => (log ? Math.log10(Math.max(v, 1e-12)) : v);

/**
 * A log axis cannot draw a sample that read 0 (a step shorter than its clock's tick) or less (a difference of two
 * such readings): drawn at the axis floor it would look like a measured value. Such samples are left out of the plot
 * and counted in its title (docs/measurements.md, "Clock resolution"). Linear axes keep every sample.
 */
function logHonest<T extends { values: number[] }>(groups: T[], log: boolean, title: string): { groups: T[]; title: string } {
  if (!log) return { groups, title };
  let dropped = 0;
  const kept = groups.map((g) => {
    const v = g.values.filter((x) => x > 0);
    dropped += g.values.length - v.length;
    return { ...g, values: v };
  });
  return { groups: kept, title: dropped ? `${title} — ${dropped} sample${dropped > 1 ? 's' : ''} ≤ 0 (below the clock's tick) not drawn on the log axis` : title };
}

const base = (title: string): Record<string, unknown> => ({
  title: { text: title, font: { size: 14 } },
  margin: { l: 70, r: 20, t: 40, b: 60 },
  legend: { orientation: 'h', y: -0.2 },
  paper_bgcolor: '#fff', plot_bgcolor: '#fff',
  font: { family: 'system-ui, sans-serif', size: 12 },
});

// Plotly places shapes on a log axis by data value but annotations by log10 of it. Labels of lines sorted by
// value step down (x axis) or sideways (y axis) in turn, so that close lines never print over each other.
const refShapes = (unsorted: RefLine[], u: 'ns' | 'us' | 'ms', axis: 'x' | 'y', log = false) => {
  const lines = [...unsorted].sort((a, b) => a.ns - b.ns);
  return {
  shapes: lines.map((l) => (axis === 'x'
    ? { type: 'line', xref: 'x', yref: 'paper', x0: l.ns / SCALE[u], x1: l.ns / SCALE[u], y0: 0, y1: 1, line: { dash: 'dot', color: '#555', width: 1 } }
    : { type: 'line', yref: 'y', xref: 'paper', y0: l.ns / SCALE[u], y1: l.ns / SCALE[u], x0: 0, x1: 1, line: { dash: 'dot', color: '#555', width: 1 } })),
  annotations: lines.map((l, i) => (axis === 'x'
    ? { x: annotationAt(l.ns / SCALE[u], log), y: 1 - 0.07 * (i % 4), xref: 'x', yref: 'paper', text: l.name, showarrow: false, font: { size: 10, color: '#555' }, xanchor: 'left', yanchor: 'top', bgcolor: 'rgba(255,255,255,0.8)' }
    : { y: annotationAt(l.ns / SCALE[u], log), x: i % 2 ? 0 : 1, yref: 'y', xref: 'paper', text: l.name, showarrow: false, font: { size: 10, color: '#555' }, xanchor: i % 2 ? 'left' : 'right', yanchor: 'bottom', bgcolor: 'rgba(255,255,255,0.8)' })),
  };
};

export function distributionFigure(kind: 'box' | 'violin' | 'ecdf' | 'hist', allGroups: Group[], allOpts: { log: boolean; floors: RefLine[]; title: string; unit?: Unit }): Figure {
  const { groups, title } = logHonest(allGroups, allOpts.log, allOpts.title);
  const opts = { ...allOpts, title };
  const u = axisUnit(groups, opts.unit);
  const lab = UNIT_LABEL[u];
  const scaled = groups.map((g) => ({ name: g.name, v: g.values.map((x) => x / SCALE[u]), st: styleOf(g.path), variant: g.variant ?? 0, dash: DASHES[(g.variant ?? 0) % DASHES.length] }));
  const axisTitle = `duration (${lab})`;
  if (kind === 'box' || kind === 'violin') {
    // Many series: one-line names at an angle (stacked words of neighbouring boxes would overlap).
    const crowded = scaled.length > 8;
    return {
      data: scaled.map((g) => ({
        type: kind, name: crowded ? g.name : g.name.replace(/ · /g, '<br>'), y: g.v, marker: { color: g.st.color, symbol: g.st.symbol, size: 3 }, line: { color: g.st.color },
        ...(kind === 'box' ? { boxpoints: 'outliers', boxmean: true } : { box: { visible: true }, meanline: { visible: true }, points: false, spanmode: 'hard' }),
        hovertemplate: `%{y:.3f} ${lab}<extra>${g.name}</extra>`,
      })),
      layout: { ...base(opts.title), xaxis: { automargin: true, tickangle: crowded ? -35 : 0, tickfont: { size: crowded ? 9 : 12 } }, yaxis: { title: { text: axisTitle }, type: opts.log ? 'log' : 'linear' }, showlegend: false, ...refShapes(opts.floors, u, 'y', opts.log) },
    };
  }
  if (kind === 'ecdf') {
    return {
      data: scaled.map((g) => {
        const { x, y } = ecdfSteps([...g.v].sort((a, b) => a - b));
        return {
          type: 'scatter', mode: 'lines', name: g.name, x, y,
          line: { shape: 'hv', color: g.st.color, dash: g.dash },
          hovertemplate: `%{x:.3f} ${lab}: %{y:.3f}<extra>${g.name}</extra>`,
        };
      }),
      // The legend beside the plot, clear of the curves and of the axis title.
      layout: { ...base(opts.title), legend: { orientation: 'v', x: 1.02, xanchor: 'left', y: 1, yanchor: 'top', font: { size: 10 } }, margin: { l: 70, r: 10, t: 40, b: 50 },
        xaxis: { title: { text: axisTitle }, type: opts.log ? 'log' : 'linear', automargin: true }, yaxis: { title: { text: 'fraction ≤ x' }, range: [0, 1.02] }, ...refShapes(opts.floors, u, 'x', opts.log) },
    };
  }
  return {
    data: scaled.map((g) => ({
      type: 'histogram', name: g.name, x: opts.log ? g.v.map((x) => Math.log10(Math.max(x, 1e-9))) : g.v, opacity: 0.6, nbinsx: 80,
      marker: { color: g.st.color, line: { color: g.st.color, width: g.variant ? 1 : 0 } },
      hovertemplate: opts.log ? `10^%{x:.2f} ${lab}: %{y}<extra>${g.name}</extra>` : `%{x:.3f} ${lab}: %{y}<extra>${g.name}</extra>`,
    })),
    layout: {
      ...base(opts.title), barmode: 'overlay',
      xaxis: { title: { text: opts.log ? `log10 duration (${lab})` : axisTitle } }, yaxis: { title: { text: 'samples' } },
      ...refShapes(opts.floors.map((f) => (opts.log ? { ...f, ns: Math.log10(f.ns / SCALE[u]) * SCALE[u] } : f)), u, 'x'),
    },
  };
}

/**
 * An ECDF's steps, at most `max` of them: every sample up to that, else the samples at `max` evenly spaced ranks (the
 * first and the last included), each at its exact height (rank / n). A plot about 1000 px wide cannot show more
 * steps, and a few thousand vertices keep the figure in SVG (the cartesian Plotly bundle, no WebGL).
 */
export function ecdfSteps(sorted: readonly number[], max = 2000): { x: number[]; y: number[] } {
  const n = sorted.length;
  const ranks = n <= max ? sorted.map((_, k) => k) : Array.from({ length: max }, (_, i) => Math.round((i * (n - 1)) / (max - 1)));
  return { x: ranks.map((k) => sorted[k]), y: ranks.map((k) => (k + 1) / n) };
}

/** Above this many markers in one figure the samples are drawn with WebGL (Plotly's `scattergl`), below in SVG. */
const SVG_MARKERS_MAX = 5000;

export interface TimePoints { name: string; k: number[]; ns: number[]; path?: string | null; variant?: number; id?: string }

const OPEN_SYMBOL = (symbol: string, variant = 0) => (variant % 2 ? `${symbol}-open` : symbol);
/** Series of one path told apart by what they time: the e2e in the path's marker, the others in a cross or an x. */
const idSymbol = (symbol: string, id: string | undefined, variant = 0): string =>
  (!id || /e2e/.test(id) ? OPEN_SYMBOL(symbol, variant) : /service/.test(id) ? (variant % 2 ? 'x-thin-open' : 'x') : (variant % 2 ? 'cross-thin-open' : 'cross'));

export function timeSeriesFigure(allSeries: TimePoints[], warmup: number, allOpts: { log: boolean; title: string; unit?: Unit }): Figure {
  // Samples ≤ 0 cannot sit on a log axis: left out (with their sample numbers) and counted in the title.
  const kept = allOpts.log ? allSeries.map((s) => { const i = s.ns.map((v, j) => (v > 0 ? j : -1)).filter((j) => j >= 0); return { ...s, k: i.map((j) => s.k[j]), ns: i.map((j) => s.ns[j]) }; }) : allSeries;
  const dropped = allSeries.reduce((a, s) => a + s.ns.length, 0) - kept.reduce((a, s) => a + s.ns.length, 0);
  const series = kept;
  const opts = { ...allOpts, title: dropped ? `${allOpts.title} — ${dropped} sample${dropped > 1 ? 's' : ''} ≤ 0 (below the clock's tick) not drawn on the log axis` : allOpts.title };
  const u = axisUnit(series.map((s) => ({ name: s.name, values: [...s.ns].sort((a, b) => a - b) })), opts.unit);
  const lab = UNIT_LABEL[u];
  const markerTrace = series.reduce((a, s) => a + s.k.length, 0) > SVG_MARKERS_MAX ? 'scattergl' : 'scatter';
  return {
    data: series.map((s) => ({
      type: markerTrace, mode: 'markers', name: s.name, x: s.k, y: s.ns.map((v) => v / SCALE[u]),
      marker: { size: s.id && !/e2e/.test(s.id) ? 5 : 4, color: styleOf(s.path).color, symbol: idSymbol(styleOf(s.path).symbol, s.id, s.variant), opacity: s.id && !/e2e/.test(s.id) ? 0.6 : 1 },
      hovertemplate: `sample %{x}: %{y:.3f} ${lab}<extra>${s.name}</extra>`,
    })),
    layout: {
      ...base(opts.title),
      xaxis: { title: { text: 'sample # (time order)' } },
      yaxis: { title: { text: `duration (${lab})` }, type: opts.log ? 'log' : 'linear' },
      shapes: [{ type: 'rect', xref: 'x', yref: 'paper', x0: 0, x1: warmup + 0.5, y0: 0, y1: 1, fillcolor: '#f0ad4e', opacity: 0.15, line: { width: 0 } }],
      annotations: [{ x: warmup + 0.5, y: 1, xref: 'x', yref: 'paper', text: `warm-up: ${warmup}`, showarrow: false, xanchor: 'left', yanchor: 'top' }],
    },
  };
}

/**
 * Stacked horizontal bars, one per path: each phase as a share of the path's e2e median (so a 0.2 ms and a
 * 200 ms path are both readable); hover gives the absolute median in a sensible unit.
 */
export function decompositionFigure(ds: Decomposition[], labelOf: (d: Decomposition) => string): Figure {
  const colors = ['#9467bd', '#2ca02c', '#ffbb78', '#ff7f0e', '#8c564b', '#d62728', '#1f77b4', '#17becf', '#e377c2', '#bbbbbb'];
  const names = ds.map(labelOf);
  const total = (d: Decomposition) => d.e2eMedian ?? PHASES.reduce((a, p) => a + (d.phases[p] ?? 0), 0);
  return {
    data: PHASES.map((p, i) => ({
      type: 'bar', orientation: 'h', name: p, y: names,
      x: ds.map((d) => (total(d) > 0 ? (100 * (d.phases[p] ?? 0)) / total(d) : 0)),
      customdata: ds.map((d) => `${formatDuration(d.phases[p] ?? 0)} of e2e ${formatDuration(total(d))}`),
      marker: { color: colors[i] }, hovertemplate: `${p}: %{customdata} (%{x:.1f} %)<extra>%{y}</extra>`,
    })),
    layout: {
      ...base('End-to-end decomposition: share of each path\'s e2e median'), barmode: 'stack',
      xaxis: { title: { text: '% of the e2e median' }, range: [0, 100] }, yaxis: { automargin: true },
      // The colour key sits right above the bars whatever the plot's height (a fraction of a tall plot below it is far away).
      title: { text: 'End-to-end decomposition: share of each path\'s e2e median', font: { size: 14 }, y: 1, yref: 'container', yanchor: 'top', pad: { t: 8 } },
      legend: { orientation: 'h', x: 0, y: 1, yanchor: 'bottom' }, margin: { l: 70, r: 20, t: 70, b: 40 },
      annotations: ds.map((d, i) => ({ x: 100, y: names[i], xanchor: 'right', text: `e2e ${formatDuration(d.e2eMedian)}`, showarrow: false, font: { size: 11, color: '#fff' } })),
    },
  };
}

export interface ScalePoint { series: string; n: number; ns: number; path?: string | null; variant?: number }

/** Metric vs N on log–log axes, one line per series, in its path's colour and marker. */
export function scaleFigure(points: ScalePoint[], metric: string, unit: Unit = 'auto'): Figure {
  const names = [...new Set(points.map((p) => p.series))];
  const u = axisUnit([{ name: '', values: points.map((p) => p.ns).sort((a, b) => a - b) }], unit);
  const lab = UNIT_LABEL[u];
  return {
    data: names.map((name) => {
      const ps = points.filter((p) => p.series === name).sort((a, b) => a.n - b.n);
      const st = styleOf(ps[0]?.path);
      return {
        // A median of 0 (below the clock's resolution) has no place on a log axis: a gap, not a line down to the axis.
        type: 'scatter', mode: 'lines+markers', name, x: ps.map((p) => p.n), y: ps.map((p) => (p.ns > 0 ? p.ns / SCALE[u] : null)), connectgaps: false,
        marker: { color: st.color, symbol: st.symbol, size: 8 }, line: { color: st.color, dash: DASHES[(ps[0]?.variant ?? 0) % DASHES.length] },
        hovertemplate: `N=%{x}: %{y:.3f} ${lab}<extra>${name}</extra>`,
      };
    }),
    layout: {
      ...base(`${metric} vs N`), xaxis: { title: { text: 'devices N', standoff: 10 }, type: 'log', automargin: true }, yaxis: { title: { text: `median (${lab})` }, type: 'log' },
      legend: { orientation: 'h', x: 0, y: -0.3, yanchor: 'top', font: { size: 10 } }, margin: { l: 60, r: 10, t: 40, b: 140 },
    },
  };
}

/** One bar: a phase's median on one path (`series`: the legend entry, one per path and configuration). */
export interface PlatformBar { phase: string; series: string; path: string; ns: number; variant?: number }

/** Desktop vs web, same phase: grouped bars of medians, one per path, in its colour. */
export function platformFigure(bars: PlatformBar[], unit: Unit = 'auto'): Figure {
  const phases = [...PHASES, 'e2e'].filter((p) => bars.some((b) => b.phase === p));
  const keys = [...new Set(bars.map((b) => b.series))];
  const u = axisUnit([{ name: '', values: bars.map((b) => b.ns).sort((a, b) => a - b) }], unit);
  const lab = UNIT_LABEL[u];
  return {
    data: keys.map((k) => {
      const first = bars.find((b) => b.series === k)!;
      const st = styleOf(first.path);
      return {
        type: 'bar', name: k, x: phases, y: phases.map((p) => (bars.find((b) => b.phase === p && b.series === k)?.ns ?? null) as number | null).map((v) => (v === null ? null : v / SCALE[u])),
        marker: { color: st.color, pattern: first.variant ? { shape: '/' } : undefined }, hovertemplate: `%{x}: %{y:.3f} ${lab}<extra>${k}</extra>`,
      };
    }),
    layout: { ...base('Desktop vs web, per phase (medians)'), barmode: 'group', yaxis: { title: { text: `median (${lab})` }, type: 'log' } },
  };
}
