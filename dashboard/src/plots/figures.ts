/**
 * Plotly figures as plain data, built by pure functions from domain values (ns in; axes in a unit picked from
 * the data; hover shows the unit). No Plotly import here: the library is loaded lazily by components/Plot.
 */
import { PHASES, scaleText, segmentsOf, type Decomposition } from '../model/decomposition';
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

/** Above this share of a series' samples ≤ 0, a log axis would draw a small and biased part of it: the figure goes linear. */
export const LOG_MAX_NONPOSITIVE_SHARE = 0.05;

/**
 * A log axis cannot draw a sample that read 0 (a step shorter than its clock's tick) or less (a difference of two
 * such readings): drawn at the axis floor it would look like a measured value. A few such samples are left out of the
 * plot and counted, per series, in its title (docs/measurements.md, "Clock resolution"); when more than
 * LOG_MAX_NONPOSITIVE_SHARE of some series is ≤ 0, the axis is linear instead and the title says why. Linear axes keep
 * every sample.
 */
export function logHonest<T extends { name: string; values: number[] }>(groups: T[], log: boolean, title: string): { groups: T[]; title: string; log: boolean } {
  if (!log) return { groups, title, log };
  const counts = groups.map((g) => ({ name: g.name, n: g.values.length, low: g.values.reduce((a, x) => a + (x > 0 ? 0 : 1), 0) }));
  const worst = counts.filter((c) => c.n > 0 && c.low / c.n > LOG_MAX_NONPOSITIVE_SHARE).sort((a, b) => b.low / b.n - a.low / a.n);
  if (worst.length) {
    const w = worst[0];
    return { groups, log: false, title: `${title} — linear axis: ${Math.round((100 * w.low) / w.n)} % of ${w.name.replace(/<br>/g, ' ')}'s samples are ≤ 0 (below the clock's tick), which a log axis cannot draw` };
  }
  const dropped = counts.reduce((a, c) => a + c.low, 0);
  if (!dropped) return { groups, title, log };
  const which = counts.filter((c) => c.low > 0).map((c) => `${c.name.replace(/<br>/g, ' ')}: ${c.low} of ${c.n}`).join(', ');
  return {
    groups: groups.map((g) => ({ ...g, values: g.values.filter((x) => x > 0) })), log,
    title: `${title} — ${dropped} sample${dropped > 1 ? 's' : ''} ≤ 0 (below the clock's tick) left out of the log axis (${which})`,
  };
}

const base = (title: string): Record<string, unknown> => ({
  title: { text: title, font: { size: 14 } },
  margin: { l: 70, r: 20, t: 40, b: 60 },
  legend: { orientation: 'h', y: -0.2 },
  paper_bgcolor: '#fff', plot_bgcolor: '#fff',
  font: { family: 'system-ui, sans-serif', size: 12 },
});

/** Reference lines' colours, told apart from each other and from the paths' (which are bright): dark, with a dash each. */
const REF_COLOURS = ['#333333', '#7a5195', '#8c6d31', '#2f4b7c', '#665191', '#a05195', '#4d4d4d', '#6b6b00'];

/**
 * Reference lines (the floors) as dotted lines, each named in the legend with its value, in its own colour and dash:
 * labels written beside the lines printed over each other wherever two floors are close (and over the boxes).
 * `at`: a line's position on the axis (its value in the axis unit, or log10 of it on a histogram of log10 values).
 */
const refLines = (unsorted: RefLine[], u: 'ns' | 'us' | 'ms', axis: 'x' | 'y', at: (l: RefLine) => number = (l) => l.ns / SCALE[u]) => {
  const lines = [...unsorted].sort((a, b) => a.ns - b.ns);
  const colour = (i: number) => REF_COLOURS[i % REF_COLOURS.length];
  const dash = (i: number) => (['dot', 'dash', 'dashdot', 'longdash'] as const)[i % 4];
  return {
    shapes: lines.map((l, i) => (axis === 'x'
      ? { type: 'line', xref: 'x', yref: 'paper', x0: at(l), x1: at(l), y0: 0, y1: 1, line: { dash: dash(i), color: colour(i), width: 1.5 } }
      : { type: 'line', yref: 'y', xref: 'paper', y0: at(l), y1: at(l), x0: 0, x1: 1, line: { dash: dash(i), color: colour(i), width: 1.5 } })),
    keys: lines.map((l, i) => ({
      type: 'scatter', mode: 'lines', name: `${l.name}: ${formatDuration(l.ns)}`, x: [null], y: [null], hoverinfo: 'skip', meta: 'reference-line',
      line: { dash: dash(i), color: colour(i), width: 1.5 }, showlegend: true,
    })),
  };
};

export function distributionFigure(kind: 'box' | 'violin' | 'ecdf' | 'hist', allGroups: Group[], allOpts: { log: boolean; floors: RefLine[]; title: string; unit?: Unit }): Figure {
  const { groups, title, log } = logHonest(allGroups, allOpts.log, allOpts.title);
  // Floors ≤ 0 have no place on a log axis either (they are medians of clock-limited series).
  const floors = log ? allOpts.floors.filter((f) => f.ns > 0) : allOpts.floors;
  const opts = { ...allOpts, title, log, floors };
  const u = axisUnit(groups, opts.unit);
  const lab = UNIT_LABEL[u];
  const scaled = groups.map((g) => ({ name: g.name, v: g.values.map((x) => x / SCALE[u]), st: styleOf(g.path), variant: g.variant ?? 0, dash: DASHES[(g.variant ?? 0) % DASHES.length] }));
  const axisTitle = `duration (${lab})`;
  // The floors' key: a legend beside the plot (the series' own names are on the x axis for boxes and violins).
  const sideLegend = { orientation: 'v', x: 1.02, xanchor: 'left', y: 1, yanchor: 'top', font: { size: 10 } };
  // What a value on the axis is in ns (the invocation strips are drawn in the same unit).
  const meta = { nsPerUnit: SCALE[u] };
  if (kind === 'box' || kind === 'violin') {
    // Many series: one-line names at an angle (stacked words of neighbouring boxes would overlap).
    const crowded = scaled.length > 8;
    const ref = refLines(opts.floors, u, 'y');
    return {
      data: [...scaled.map((g) => ({
        type: kind, name: crowded ? g.name : g.name.replace(/ · /g, '<br>'), y: g.v, marker: { color: g.st.color, symbol: g.st.symbol, size: 3 }, line: { color: g.st.color }, showlegend: false,
        ...(kind === 'box' ? { boxpoints: 'outliers', boxmean: true } : { box: { visible: true }, meanline: { visible: true }, points: false, spanmode: 'hard' }),
        hovertemplate: `%{y:.3f} ${lab}<extra>${g.name}</extra>`,
      })), ...ref.keys],
      layout: { ...base(opts.title), meta, xaxis: { automargin: true, tickangle: crowded ? -35 : 0, tickfont: { size: crowded ? 9 : 12 } }, yaxis: { title: { text: axisTitle }, type: opts.log ? 'log' : 'linear' },
        showlegend: ref.keys.length > 0, legend: sideLegend, shapes: ref.shapes },
    };
  }
  if (kind === 'ecdf') {
    const ref = refLines(opts.floors, u, 'x');
    return {
      data: [...scaled.map((g) => {
        const { x, y } = ecdfSteps([...g.v].sort((a, b) => a - b));
        return {
          type: 'scatter', mode: 'lines', name: g.name, x, y,
          line: { shape: 'hv', color: g.st.color, dash: g.dash },
          hovertemplate: `%{x:.3f} ${lab}: %{y:.3f}<extra>${g.name}</extra>`,
        };
      }), ...ref.keys],
      // The legend beside the plot, clear of the curves and of the axis title.
      layout: { ...base(opts.title), meta, legend: sideLegend, margin: { l: 70, r: 10, t: 40, b: 50 },
        xaxis: { title: { text: axisTitle }, type: opts.log ? 'log' : 'linear', automargin: true }, yaxis: { title: { text: 'fraction ≤ x' }, range: [0, 1.02] }, shapes: ref.shapes },
    };
  }
  const ref = refLines(opts.floors, u, 'x', (f) => (opts.log ? Math.log10(f.ns / SCALE[u]) : f.ns / SCALE[u]));
  return {
    data: [...scaled.map((g) => ({
      type: 'histogram', name: g.name, x: opts.log ? g.v.map((x) => Math.log10(x)) : g.v, opacity: 0.6, nbinsx: 80,
      marker: { color: g.st.color, line: { color: g.st.color, width: g.variant ? 1 : 0 } },
      hovertemplate: opts.log ? `10^%{x:.2f} ${lab}: %{y}<extra>${g.name}</extra>` : `%{x:.3f} ${lab}: %{y}<extra>${g.name}</extra>`,
    })), ...ref.keys],
    layout: {
      ...base(opts.title), meta, barmode: 'overlay', legend: sideLegend,
      xaxis: { title: { text: opts.log ? `log10 duration (${lab})` : axisTitle } }, yaxis: { title: { text: 'samples' } },
      shapes: ref.shapes,
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

/** Each phase's colour in the decomposition (its plot and its table's key). */
export const PHASE_COLOURS: Record<(typeof PHASES)[number], string> = {
  send: '#9467bd', compute: '#2ca02c', 'server echo': '#ffbb78', 'back-end overhead': '#ff7f0e', 'OS floor': '#8c564b',
  'transport / boundary': '#d62728', parse: '#1f77b4', apply: '#17becf', 'frame/tick wait': '#e377c2', unattributed: '#bbbbbb',
};

/** A segment's visible label: its duration with its share beside. */
export const segmentLabel = (ns: number, share: number): string => `${formatDuration(ns)} · ${share < 1 && share > 0 ? share.toFixed(1) : share.toFixed(0)} %`;

/**
 * Stacked horizontal bars, one per path: each phase as a share of the path's e2e median (so a 0.2 ms and a 200 ms
 * path are both readable), the segments adding up to 100 % exactly (model/decomposition.ts segmentsOf: the rest
 * unattributed, or the medians scaled when they add up to more than the e2e). Each segment is labelled with its
 * duration and share where it is wide enough; the table beside the plot lists every one.
 */
export function decompositionFigure(ds: Decomposition[], labelOf: (d: Decomposition) => string): Figure {
  const segs = ds.map(segmentsOf);
  // Two lines per bar (its configuration, then its e2e): a one-line label took half the plot's width.
  const names = ds.map((d, i) => `${labelOf(d)}<br>e2e ${formatDuration(segs[i].total)}${segs[i].scale < 1 ? ` (phases ${scaleText(segs[i].scale)})` : ''}`);
  const share = (i: number, p: (typeof PHASES)[number]) => (segs[i].total > 0 ? (100 * segs[i].values[p]) / segs[i].total : 0);
  const title = 'Where each path\'s e2e median goes: segments add up to it (the rest unattributed; phases scaled where their medians add up to more)';
  return {
    data: PHASES.map((p) => ({
      type: 'bar', orientation: 'h', name: p, y: names,
      x: ds.map((_, i) => share(i, p)),
      text: ds.map((_, i) => (segs[i].values[p] > 0 ? segmentLabel(segs[i].values[p], share(i, p)) : '')),
      textposition: 'inside', insidetextanchor: 'middle', textfont: { size: 11 }, cliponaxis: false,
      customdata: ds.map((d, i) => `${formatDuration(segs[i].values[p])} of e2e ${formatDuration(segs[i].total)}${segs[i].scale < 1 && p !== 'unattributed' ? ` (median ${formatDuration(d.phases[p] ?? 0)} × ${segs[i].scale.toFixed(3)})` : ''}`),
      marker: { color: PHASE_COLOURS[p] }, hovertemplate: `${p}: %{customdata} (%{x:.1f} %)<extra>%{y}</extra>`,
    })),
    layout: {
      ...base(title), barmode: 'stack',
      // Labels too narrow for their segment are hidden, not shrunk to illegible; the table lists them all.
      uniformtext: { minsize: 10, mode: 'hide' },
      xaxis: { title: { text: '% of the e2e median (segments add up to 100 %)' }, range: [0, 100], ticksuffix: ' %' }, yaxis: { automargin: true },
      // The colour key sits right above the bars whatever the plot's height (a fraction of a tall plot below it is far away).
      title: { text: title, font: { size: 14 }, y: 1, yref: 'container', yanchor: 'top', pad: { t: 8 } },
      legend: { orientation: 'h', x: 0, y: 1, yanchor: 'bottom', traceorder: 'normal' }, margin: { l: 70, r: 20, t: 70, b: 40 },
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
