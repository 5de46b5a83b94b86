/**
 * The Network view's figures (docs/network.md), pure data from a network run's figures: e2e against added RTT per
 * platform, pipelining, and the open-loop capacity test. Every series has its own colour (a hue per N or platform, a
 * shade per encoding or steps in flight); the frame-budget lines' labels sit on either side of their lines so they
 * never print over each other; capacity spans milliseconds to seconds, so its axis is logarithmic.
 */
import type { Capacity, Cell } from '../model/network';
import type { Figure } from './figures';

export const FRAME_60_MS = 1000 / 60;
export const FRAME_30_MS = 1000 / 30;
const ms = (ns: number | null | undefined): number | null => (ns === null || ns === undefined ? null : ns / 1e6);

/** Hue families, dark to light: one family per N (or platform), one shade per series within it. */
const FAMILIES = [
  ['#08306b', '#2171b5', '#6baed6', '#9ecae1'], // blues
  ['#7f2704', '#d94801', '#fd8d3c', '#fdae6b'], // oranges
  ['#00441b', '#238b45', '#74c476', '#a1d99b'], // greens
  ['#3f007d', '#6a51a3', '#9e9ac8', '#bcbddc'], // purples
  ['#67000d', '#cb181d', '#fb6a4a', '#fc9272'], // reds
];
/** A colour no other series of the figure has: shade `shade` of family `family` (wrapping past the last). */
export const seriesColour = (family: number, shade: number): string => {
  const f = FAMILIES[family % FAMILIES.length];
  return f[shade % f.length];
};

/** The right margin (px) the frame lines' labels take. */
const FRAME_LABEL_MARGIN = 110;

/**
 * Horizontal frame-budget lines (16.7 ms and 33.3 ms) with their labels: 60 Hz's under its line, 30 Hz's over its
 * own, so the two labels are apart by at least the gap between the lines; both in the right margin, clear of the
 * markers (FRAME_LABEL_MARGIN). On a log axis an annotation's y is log10.
 */
export function frameLines(log = false): { shapes: Record<string, unknown>[]; annotations: Record<string, unknown>[] } {
  const lines = [{ y: FRAME_60_MS, text: '16.7 ms (60 Hz)', below: true }, { y: FRAME_30_MS, text: '33.3 ms (30 Hz)', below: false }];
  return {
    shapes: lines.map((l) => ({ type: 'line', xref: 'paper', x0: 0, x1: 1, y0: l.y, y1: l.y, line: { dash: 'dot', color: '#444', width: 1 } })),
    annotations: lines.map((l) => ({
      xref: 'paper', x: 1, xshift: 4, y: log ? Math.log10(l.y) : l.y, text: l.text, showarrow: false, xanchor: 'left', yanchor: l.below ? 'top' : 'bottom',
      font: { size: 11 }, bgcolor: 'rgba(255,255,255,0.85)',
    })),
  };
}

/**
 * Error bars in ms. On a log axis an interval reaching 0 or below has no lower end to draw: its lower bar is left out
 * (counted by the caller) rather than drawn down to the axis floor as if measured.
 */
function errorY(ci: ([number, number] | null)[], y: (number | null)[], log = false): { bars: Record<string, unknown>; openLow: number } {
  let openLow = 0;
  const minus = ci.map((c, i) => {
    if (!c || y[i] === null) return 0;
    if (log && c[0] <= 0) { openLow++; return 0; }
    return (y[i] as number) - c[0] / 1e6;
  });
  return {
    bars: { type: 'data', symmetric: false, array: ci.map((c, i) => (c && y[i] !== null ? c[1] / 1e6 - (y[i] as number) : 0)), arrayminus: minus },
    openLow,
  };
}

const ENCODING_SHADE: Record<string, number> = { json: 0, batched: 1, binary: 2 };

/** e2e (median, 95 % CI) against RTT, one trace per path × N × encoding (free pacing, one step in flight), of one program's cells. */
export function e2eFigure(cells: Cell[], platform: string, program: string): Figure {
  // The RTT curve: profiles without a bandwidth limit (the bandwidth-limited one is listed under the plot).
  const out = cells.filter((c) => c.platform === platform && c.profile !== 'in-process' && c.pacing === 'free' && c.inFlight === 1 && c.rateKBps === null);
  const base = cells.filter((c) => c.platform === platform && c.profile === 'in-process' && c.pacing === 'free');
  const ns = [...new Set([...out, ...base].map((c) => c.n))].sort((a, b) => a - b);
  const encodings = [...new Set(out.map((c) => c.encoding))].sort((a, b) => (ENCODING_SHADE[a] ?? 9) - (ENCODING_SHADE[b] ?? 9) || a.localeCompare(b));
  const keyOf = (c: Cell) => `${c.transport} N=${c.n} ${c.encoding}`;
  const keys = [...new Set(out.map(keyOf))];
  const series = keys.map((k) => out.filter((c) => keyOf(c) === k).sort((a, b) => a.rttMs - b.rttMs))
    .sort((a, b) => a[0].n - b[0].n || encodings.indexOf(a[0].encoding) - encodings.indexOf(b[0].encoding));
  const data: Record<string, unknown>[] = series.map((cs) => {
    const y = cs.map((c) => ms(c.figures.e2e?.median));
    const colour = seriesColour(ns.indexOf(cs[0].n), encodings.indexOf(cs[0].encoding));
    return {
      type: 'scatter', mode: 'lines+markers', name: keyOf(cs[0]), x: cs.map((c) => c.rttMs), y, line: { color: colour }, marker: { color: colour },
      text: cs.map((c) => c.profile), error_y: { ...errorY(cs.map((c) => c.figures.e2e?.medianCi ?? null), y).bars, color: colour },
      hovertemplate: '%{text}: RTT %{x} ms → e2e %{y:.3f} ms<extra>%{fullData.name}</extra>',
    };
  });
  // In-process: a star at RTT 0 in the last shade of its N's hue (the encodings' series take the first ones).
  for (const b of base) {
    const colour = seriesColour(ns.indexOf(b.n), 3);
    data.push({ type: 'scatter', mode: 'markers', name: `in-process ${b.transport} N=${b.n}`, x: [0], y: [ms(b.figures.e2e?.median)], marker: { symbol: 'star', size: 11, color: colour, line: { color: '#222', width: 1 } } });
  }
  return {
    data,
    layout: {
      title: { text: `${platform}, ${program}: e2e per step (median, 95 % CI) against added RTT, free pacing`, font: { size: 14 } },
      xaxis: { title: { text: 'added RTT (ms; Toxiproxy profile)' } }, yaxis: { title: { text: 'e2e (ms)' }, rangemode: 'tozero' },
      margin: { l: 70, r: FRAME_LABEL_MARGIN, t: 40, b: 60 }, legend: { orientation: 'h', y: -0.25 }, ...frameLines(),
    },
  };
}

/** Period between applied states with k steps in flight (pipelining) against RTT, per path (a hue per platform, a shade per k). */
export function pipelineFigure(cells: Cell[], program: string): Figure {
  const pipe = cells.filter((c) => c.profile !== 'in-process' && c.pacing === 'free' && c.rateKBps === null
    && cells.some((d) => d.inFlight > 1 && d.platform === c.platform && d.n === c.n && d.encoding === c.encoding));
  const ks = [...new Set(pipe.map((c) => c.inFlight))].sort((a, b) => a - b);
  const platforms = ['desktop', 'web'];
  const series = platforms.flatMap((platform) => ks.map((k, i) => ({ platform, k, i })))
    .filter(({ platform, k }) => pipe.some((c) => c.platform === platform && c.inFlight === k));
  const ns = [...new Set(pipe.map((c) => c.n))].join(', ');
  return {
    data: series.map(({ platform, k, i }) => {
      const cs = pipe.filter((c) => c.platform === platform && c.inFlight === k).sort((a, b) => a.rttMs - b.rttMs);
      const y = cs.map((c) => ms(c.figures.periodMean?.mean));
      const colour = seriesColour(platform === 'desktop' ? 1 : 3, i);
      return { type: 'scatter', mode: 'lines+markers', name: `${platform} ${cs[0]?.transport ?? ''}, ${k} in flight${k > 1 ? ` (results ${k - 1} step${k > 2 ? 's' : ''} late)` : ' (reference)'}`, x: cs.map((c) => c.rttMs), y,
        error_y: { ...errorY(cs.map((c) => c.figures.periodMean?.meanCi ?? null), y).bars, color: colour }, line: { color: colour, dash: platform === 'web' ? 'dash' : 'solid' }, marker: { color: colour }, text: cs.map((c) => c.profile) };
    }),
    layout: {
      title: { text: `pipelining (${program}, N = ${ns}, json): mean time between applied states (95 % CI)`, font: { size: 14 } },
      xaxis: { title: { text: 'added RTT (ms)' } }, yaxis: { title: { text: 'mean period (ms)' }, rangemode: 'tozero' },
      margin: { l: 70, r: FRAME_LABEL_MARGIN, t: 40, b: 60 }, legend: { orientation: 'h', y: -0.25 }, ...frameLines(),
    },
  };
}

/**
 * p99 latency from the intended send time against M (open loop), per server, on log axes: the p99s run from about a
 * millisecond to seconds where a server falls behind, which a linear axis squashes into its floor. A level with no p99
 * (or one ≤ 0) has no place on a log axis: left out and counted in the title.
 */
export function capacityFigure(cap: Record<string, Capacity>, label: (c: Capacity) => string): Figure {
  let missing = 0;
  let openLow = 0;
  const data = Object.values(cap).map((c, i) => {
    const levels = c.levels.filter((l) => l.p99 !== null && l.p99 > 0);
    missing += c.levels.length - levels.length;
    const y = levels.map((l) => ms(l.p99));
    const err = errorY(levels.map((l) => l.p99Ci), y, true);
    openLow += err.openLow;
    const colour = seriesColour(i, 1);
    return { type: 'scatter', mode: 'lines+markers', name: `${c.server} (${label(c)})`, x: levels.map((l) => l.m), y,
      error_y: { ...err.bars, color: colour }, line: { color: colour }, marker: { color: colour } };
  });
  const left = [missing ? `${missing} level${missing > 1 ? 's' : ''} without a p99 > 0 left out` : '', openLow ? `${openLow} interval${openLow > 1 ? 's' : ''} reaching 0 drawn without a lower bar` : '']
    .filter(Boolean).join('; ');
  return {
    data,
    layout: {
      title: { text: `capacity: p99 latency from the intended send time (reference program, N = 100, 60 Hz each, open loop)${left ? ` — ${left}` : ''}`, font: { size: 14 } },
      xaxis: { title: { text: 'M concurrent front-ends (log)' }, type: 'log', tickvals: [...new Set(Object.values(cap).flatMap((c) => c.levels.map((l) => l.m)))] },
      yaxis: { title: { text: 'p99 (ms, log)' }, type: 'log' },
      margin: { l: 70, r: FRAME_LABEL_MARGIN, t: 40, b: 60 }, legend: { orientation: 'h', y: -0.25 }, ...frameLines(true),
    },
  };
}
