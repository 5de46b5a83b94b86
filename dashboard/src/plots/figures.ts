/**
 * Plotly figures as plain data, built by pure functions from domain values (ns in; axes in a unit picked from
 * the data; hover shows the unit). No Plotly import here: the library is loaded lazily by components/Plot.
 */
import { PHASES, type Decomposition } from '../model/decomposition';
import { formatDuration, pickUnit, UNIT_LABEL } from '../model/units';

export interface Figure { data: Record<string, unknown>[]; layout: Record<string, unknown> }
export interface Group { name: string; values: number[] }
export interface RefLine { name: string; ns: number }

const SCALE = { ns: 1, us: 1e3, ms: 1e6 } as const;
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22',
  '#393b79', '#ad494a', '#637939', '#e7ba52', '#7b4173', '#3182bd', '#31a354', '#756bb1', '#636363', '#e6550d'];

/** Marker shapes cycled with the palette, so that series of similar colour still differ in a busy legend. */
const SYMBOLS = ['circle', 'square', 'diamond', 'triangle-up'];

/** Unit for an axis: from the median of the groups' medians. */
export function axisUnit(groups: Group[]): 'ns' | 'us' | 'ms' {
  const meds = groups.filter((g) => g.values.length).map((g) => g.values[Math.floor(g.values.length / 2)]).sort((a, b) => a - b);
  return meds.length ? pickUnit(meds[Math.floor(meds.length / 2)]) : 'us';
}

const annotationAt = (v: number, log: boolean) => (log ? Math.log10(Math.max(v, 1e-12)) : v);

const base = (title: string): Record<string, unknown> => ({
  title: { text: title, font: { size: 14 } },
  margin: { l: 70, r: 20, t: 40, b: 60 },
  legend: { orientation: 'h', y: -0.2 },
  paper_bgcolor: '#fff', plot_bgcolor: '#fff',
  font: { family: 'system-ui, sans-serif', size: 12 },
});

// Plotly places shapes on a log axis by data value but annotations by log10 of it.
const refShapes = (lines: RefLine[], u: 'ns' | 'us' | 'ms', axis: 'x' | 'y', log = false) => ({
  shapes: lines.map((l) => (axis === 'x'
    ? { type: 'line', xref: 'x', yref: 'paper', x0: l.ns / SCALE[u], x1: l.ns / SCALE[u], y0: 0, y1: 1, line: { dash: 'dot', color: '#555', width: 1 } }
    : { type: 'line', yref: 'y', xref: 'paper', y0: l.ns / SCALE[u], y1: l.ns / SCALE[u], x0: 0, x1: 1, line: { dash: 'dot', color: '#555', width: 1 } })),
  annotations: lines.map((l) => (axis === 'x'
    ? { x: annotationAt(l.ns / SCALE[u], log), y: 1, xref: 'x', yref: 'paper', text: l.name, showarrow: false, font: { size: 10, color: '#555' }, xanchor: 'left', textangle: -90, yanchor: 'top' }
    : { y: annotationAt(l.ns / SCALE[u], log), x: 1, yref: 'y', xref: 'paper', text: l.name, showarrow: false, font: { size: 10, color: '#555' }, xanchor: 'right', yanchor: 'bottom' })),
});

export function distributionFigure(kind: 'box' | 'violin' | 'ecdf' | 'hist', groups: Group[], opts: { log: boolean; floors: RefLine[]; title: string }): Figure {
  const u = axisUnit(groups);
  const lab = UNIT_LABEL[u];
  const scaled = groups.map((g) => ({ name: g.name, v: g.values.map((x) => x / SCALE[u]) }));
  const axisTitle = `duration (${lab})`;
  if (kind === 'box' || kind === 'violin') {
    // Many series: one-line names at an angle (stacked words of neighbouring boxes would overlap).
    const crowded = scaled.length > 8;
    return {
      data: scaled.map((g, i) => ({
        type: kind, name: crowded ? g.name : g.name.replace(/ /g, '<br>'), y: g.v, marker: { color: PALETTE[i % PALETTE.length], size: 3 },
        ...(kind === 'box' ? { boxpoints: 'outliers', boxmean: true } : { box: { visible: true }, meanline: { visible: true }, points: false, spanmode: 'hard' }),
        hovertemplate: `%{y:.3f} ${lab}<extra>${g.name}</extra>`,
      })),
      layout: { ...base(opts.title), xaxis: { automargin: true, tickangle: crowded ? -35 : 0, tickfont: { size: crowded ? 9 : 12 } }, yaxis: { title: { text: axisTitle }, type: opts.log ? 'log' : 'linear' }, showlegend: false, ...refShapes(opts.floors, u, 'y', opts.log) },
    };
  }
  if (kind === 'ecdf') {
    return {
      data: scaled.map((g, i) => {
        const sorted = [...g.v].sort((a, b) => a - b);
        return {
          type: 'scattergl', mode: 'lines', name: g.name, x: sorted, y: sorted.map((_, k) => (k + 1) / sorted.length),
          line: { shape: 'hv', color: PALETTE[i % PALETTE.length] },
          hovertemplate: `%{x:.3f} ${lab}: %{y:.3f}<extra>${g.name}</extra>`,
        };
      }),
      layout: { ...base(opts.title), xaxis: { title: { text: axisTitle }, type: opts.log ? 'log' : 'linear' }, yaxis: { title: { text: 'fraction ≤ x' }, range: [0, 1.02] }, ...refShapes(opts.floors, u, 'x', opts.log) },
    };
  }
  return {
    data: scaled.map((g, i) => ({
      type: 'histogram', name: g.name, x: opts.log ? g.v.map((x) => Math.log10(Math.max(x, 1e-9))) : g.v, opacity: 0.6, nbinsx: 80,
      marker: { color: PALETTE[i % PALETTE.length] },
      hovertemplate: opts.log ? `10^%{x:.2f} ${lab}: %{y}<extra>${g.name}</extra>` : `%{x:.3f} ${lab}: %{y}<extra>${g.name}</extra>`,
    })),
    layout: {
      ...base(opts.title), barmode: 'overlay',
      xaxis: { title: { text: opts.log ? `log10 duration (${lab})` : axisTitle } }, yaxis: { title: { text: 'samples' } },
      ...refShapes(opts.floors.map((f) => (opts.log ? { ...f, ns: Math.log10(f.ns / SCALE[u]) * SCALE[u] } : f)), u, 'x'),
    },
  };
}

export interface TimePoints { name: string; k: number[]; ns: number[] }

export function timeSeriesFigure(series: TimePoints[], warmup: number, opts: { log: boolean; title: string }): Figure {
  const u = axisUnit(series.map((s) => ({ name: s.name, values: [...s.ns].sort((a, b) => a - b) })));
  const lab = UNIT_LABEL[u];
  return {
    data: series.map((s, i) => ({
      type: 'scattergl', mode: 'markers', name: s.name, x: s.k, y: s.ns.map((v) => v / SCALE[u]),
      marker: { size: 3, color: PALETTE[i % PALETTE.length] },
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
  const colors = ['#9467bd', '#2ca02c', '#ff7f0e', '#d62728', '#1f77b4', '#17becf', '#e377c2', '#bbbbbb'];
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
      legend: { orientation: 'h', y: -0.35 }, margin: { l: 70, r: 20, t: 40, b: 90 },
      annotations: ds.map((d, i) => ({ x: 100, y: names[i], xanchor: 'right', text: `e2e ${formatDuration(d.e2eMedian)}`, showarrow: false, font: { size: 11, color: '#fff' } })),
    },
  };
}

export interface ScalePoint { series: string; n: number; ns: number }

/** Metric vs N on log–log axes, one line per series (path × platform). */
export function scaleFigure(points: ScalePoint[], metric: string): Figure {
  const names = [...new Set(points.map((p) => p.series))];
  return {
    data: names.map((name, i) => {
      const ps = points.filter((p) => p.series === name).sort((a, b) => a.n - b.n);
      return {
        type: 'scatter', mode: 'lines+markers', name, x: ps.map((p) => p.n), y: ps.map((p) => p.ns / 1e3),
        marker: { color: PALETTE[i % PALETTE.length], symbol: SYMBOLS[i % SYMBOLS.length], size: 8 }, hovertemplate: `N=%{x}: %{y:.3f} µs<extra>${name}</extra>`,
      };
    }),
    layout: {
      ...base(`${metric} vs N`), xaxis: { title: { text: 'devices N', standoff: 4 }, type: 'log' }, yaxis: { title: { text: 'median (µs)' }, type: 'log' },
      legend: { orientation: 'h', x: 0, y: -0.22, yanchor: 'top', font: { size: 10 } }, margin: { l: 60, r: 10, t: 40, b: 10 },
    },
  };
}

export interface PlatformBar { phase: string; platform: string; path: string; ns: number }

/** Desktop vs web, same phase: grouped bars of medians. */
export function platformFigure(bars: PlatformBar[]): Figure {
  const phases = [...PHASES, 'e2e'].filter((p) => bars.some((b) => b.phase === p));
  const keys = [...new Set(bars.map((b) => `${b.platform} ${b.path}`))];
  return {
    data: keys.map((k, i) => ({
      type: 'bar', name: k, x: phases, y: phases.map((p) => (bars.find((b) => b.phase === p && `${b.platform} ${b.path}` === k)?.ns ?? null) as number | null).map((v) => (v === null ? null : v / 1e3)),
      marker: { color: PALETTE[i % PALETTE.length] }, hovertemplate: `%{x}: %{y:.3f} µs<extra>${k}</extra>`,
    })),
    layout: { ...base('Desktop vs web, per phase (medians)'), barmode: 'group', yaxis: { title: { text: 'median (µs)' }, type: 'log' } },
  };
}
