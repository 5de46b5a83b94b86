/**
 * A Plotly figure (the library is loaded on first use) with its exports: SVG and PNG at a chosen size (the SVG
 * stamped with the run ids and commits it shows), and the data behind it as CSV. Props only.
 */
import { useEffect, useRef, useState } from 'react';
import type { Figure } from '../plots/figures';
import { figureCsvRows, stampSvg, type Provenance } from '../plots/figureExport';
import { download, toCsv } from './exportCsv';
import { whenIsolationSettled } from '../crossOriginIsolation';

type PlotlyT = typeof import('plotly.js-dist-min').default;
/**
 * Two of Plotly's own bundles: the cartesian one (box, violin, bar, histogram, scatter: every SVG figure here; 1.5 MB
 * to parse against 4.8 MB) by default, and the full one only for a figure with a WebGL trace (`scattergl`: the
 * warm-up view's samples when there are too many for SVG markers). Parsing and evaluating the library is a main-thread
 * task of 0.5–1.4 s on a 2-core machine, on the critical path of every view's first plot.
 */
type Bundle = 'cartesian' | 'full';
const bundles: Partial<Record<Bundle, Promise<PlotlyT>>> = {};
const loadPlotly = (bundle: Bundle): Promise<PlotlyT> => (bundles[bundle] ??= (bundle === 'full'
  ? import('plotly.js-dist-min')
  : import('plotly.js-cartesian-dist-min')).then((m) => m.default));
const bundleOf = (figure: Figure): Bundle => (figure.data.some((t) => typeof t.type === 'string' && t.type.endsWith('gl')) ? 'full' : 'cartesian');
/**
 * Starts fetching and evaluating Plotly now: for a view whose first content is a plot, so that the library is ready
 * when the plot's data is (it would otherwise start only then, and its evaluation take the main thread after).
 */
export const preloadPlotly = (bundle: Bundle = 'cartesian'): void => {
  // Not before the service worker's first-visit reload, which would abort it (crossOriginIsolation.ts).
  void whenIsolationSettled().then(() => loadPlotly(bundle)).catch(() => { delete bundles[bundle]; });
};

/**
 * Figures are drawn one at a time, each in its own task: a view whose data arrives for several plots at once shows
 * the first as soon as it is drawn (and lets the page answer input between them) instead of after all of them.
 */
let drawQueue: Promise<unknown> = Promise.resolve();
const nextTask = () => new Promise<void>((resolve) => { setTimeout(resolve, 0); });
const drawInTurn = <T,>(draw: () => Promise<T>): Promise<T> => {
  const turn = drawQueue.then(nextTask).then(draw);
  drawQueue = turn.catch(() => undefined);
  return turn;
};

/**
 * Nothing leaves the page: no button that uploads a figure (and the data behind it) to Plotly's cloud, no link to
 * its editor, no logo link.
 */
export const PLOT_CONFIG = {
  responsive: true, displaylogo: false, showSendToCloud: false, showEditInChartStudio: false, showLink: false,
  modeBarButtonsToRemove: ['sendDataToCloud', 'editInChartStudio', 'toImage'],
} as const;

/**
 * `busy`: the figure's data is still being computed (a query runs or runs are still arriving), so the element says
 * `data-state="loading"` even if an earlier figure is drawn. `empty`: a message shown instead of the plot area; the
 * element stays mounted either way, so a view whose data is arriving never swaps the figure out of the page.
 */
export function Plot({ figure, name, height = 420, busy = false, empty = null, provenance = { runs: [], commits: [] } }: {
  figure: Figure; name: string; height?: number; busy?: boolean; empty?: string | null;
  /** The runs (and their commits) the figure shows: written into its SVG export. */
  provenance?: Provenance;
}) {
  const [size, setSize] = useState({ width: 1200, height });
  const el = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  // The figure (and height) last drawn: the element says ready only for what it shows. Without it a new figure's
  // first render still said ready from the one before, while its draw (perhaps a purge and a switch of bundle) was to come.
  const [drawn, setDrawn] = useState<{ figure: Figure; height: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Plotly (0.5 MB gzip; the full bundle 1.5 MB) is fetched only once the plot is on screen, so it never competes with the first view (the
  // comparison table, above the collapsed decomposition); then at once, while the figure's data may still be coming
  // (its queries run in the database's worker), so that the library is ready when the data is. The figure is drawn
  // at the next idle moment.
  const [visible, setVisible] = useState(false);
  const bundle = bundleOf(figure);
  // The bundle that drew what is in the element: a figure that changes bundle is purged by the one that drew it.
  const drawnBy = useRef<Bundle | null>(null);
  // Traces with data: a legend key (a trace of nulls naming a reference line or a marker size) is not one.
  const traces = figure.data.filter((t) => ['x', 'y'].some((k) => Array.isArray(t[k]) && (t[k] as unknown[]).some((v) => v !== null))).length;
  // A figure with nothing to draw yet while its data is still coming is not drawn (an empty frame would flash).
  const waiting = busy && traces === 0;
  useEffect(() => {
    const node = el.current;
    if (!node || visible) return;
    let cancel = (): void => undefined;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        preloadPlotly(bundle);
        if ('requestIdleCallback' in window) {
          const id = window.requestIdleCallback(() => setVisible(true), { timeout: 500 });
          cancel = () => window.cancelIdleCallback(id);
        } else {
          const id = setTimeout(() => setVisible(true), 50);
          cancel = () => clearTimeout(id);
        }
      }
    }, { rootMargin: '200px' });
    io.observe(node);
    return () => { io.disconnect(); cancel(); };
  }, [visible, bundle]);
  useEffect(() => {
    if (!visible || waiting) return;
    let live = true;
    setState('loading');
    loadPlotly(bundle).then((P) => drawInTurn(async () => {
      const node = el.current;
      if (!live || !node) return;
      const before = drawnBy.current;
      if (before && before !== bundle) (await loadPlotly(before)).purge(node);
      drawnBy.current = bundle;
      await P.react(node, figure.data, { height, autosize: true, ...figure.layout }, PLOT_CONFIG);
      if (live) { setState('ready'); setDrawn({ figure, height }); }
    })).catch((e: unknown) => { if (live) { setState('error'); setError(String(e)); } });
    return () => { live = false; };
  }, [figure, height, visible, waiting, bundle]);
  useEffect(() => () => {
    const node = el.current;
    const by = drawnBy.current;
    if (node && by) loadPlotly(by).then((P) => P.purge(node)).catch(() => undefined);
  }, []);
  const exportImage = (format: 'png' | 'svg') => {
    const node = el.current;
    const by = drawnBy.current;
    if (!node || !by) return;
    loadPlotly(by).then(async (P) => {
      const url = await P.toImage(node, { format, width: size.width, height: size.height });
      if (format === 'svg') {
        const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
        download(`${name}.svg`, stampSvg(svg, provenance, name), 'image/svg+xml');
      } else {
        const a = document.createElement('a');
        a.href = url; a.download = `${name}.png`;
        document.body.appendChild(a); a.click(); a.remove();
      }
    }).catch((e: unknown) => setError(`export: ${e instanceof Error ? e.message : String(e)}`));
  };
  const exportCsv = () => { const { columns, rows } = figureCsvRows(figure); download(`${name}.csv`, toCsv(columns, rows)); };
  const px = (v: string, d: number) => { const n = Math.round(Number(v)); return n >= 100 && n <= 8000 ? n : d; };
  const current = drawn?.figure === figure && drawn.height === height;
  const shown = state === 'ready' && (busy || !current) ? 'loading' : state;
  return (
    <figure className="plot" data-plot={name} data-state={shown}
      data-traces={traces}>
      <div className="plot-toolbar">
        {shown === 'loading' && !empty && <span className="muted">loading plot…</span>}
        {error && <span className="error">{error}</span>}
        <span className="export" role="group" aria-label="export">
          <label className="small" title="size of the exported image, px">
            <input type="number" aria-label="export width" min={100} max={8000} step={10} value={size.width} style={{ width: 64 }}
              onChange={(e) => setSize((s) => ({ ...s, width: px(e.target.value, s.width) }))} />
            ×<input type="number" aria-label="export height" min={100} max={8000} step={10} value={size.height} style={{ width: 56 }}
              onChange={(e) => setSize((s) => ({ ...s, height: px(e.target.value, s.height) }))} /> px
          </label>
          <button type="button" onClick={() => exportImage('svg')} disabled={state !== 'ready' || !!empty}>SVG</button>
          <button type="button" onClick={() => exportImage('png')} disabled={state !== 'ready' || !!empty}>PNG</button>
          <button type="button" onClick={exportCsv} disabled={!!empty} title="the data behind this figure">Data CSV</button>
        </span>
      </div>
      {empty && <p className="muted">{empty}</p>}
      <div ref={el} className="plot-area" style={{ minHeight: height }} hidden={!!empty} />
    </figure>
  );
}
