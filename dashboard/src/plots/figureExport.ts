/**
 * What a plot exports besides its picture: the data behind it as CSV (one row per drawn value: trace, x, y and the
 * interval where the trace has one), and the provenance stamped into an SVG (the run ids and their commits, in a
 * <metadata> element and as a line of text under the figure, so a copy pasted into a paper still says where it came
 * from). Pure: no Plotly, no DOM.
 */
import type { Figure } from './figures';

export interface Provenance { runs: readonly string[]; commits: readonly string[] }

const arr = (v: unknown): unknown[] | null => (Array.isArray(v) ? v : ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : null);

/** One row per point of each trace: trace, x, y, and lower/upper where the trace draws error bars (asymmetric arrays). */
export function figureCsvRows(figure: Figure): { columns: string[]; rows: Record<string, unknown>[] } {
  const rows: Record<string, unknown>[] = [];
  let intervals = false;
  for (const [i, t] of figure.data.entries()) {
    const name = typeof t.name === 'string' ? t.name.replace(/<br>/g, ' ') : `trace ${i + 1}`;
    const x = arr(t.x); const y = arr(t.y);
    // A legend key (a trace of nulls naming a reference line, a marker size or the baseline) holds no data.
    if ([...(x ?? []), ...(y ?? [])].every((v) => v === null)) continue;
    const n = Math.max(x?.length ?? 0, y?.length ?? 0);
    const err = t.error_y as { array?: unknown; arrayminus?: unknown } | undefined;
    const plus = arr(err?.array); const minus = arr(err?.arrayminus) ?? plus;
    if (plus) intervals = true;
    for (let k = 0; k < n; k++) {
      const yv = y?.[k];
      const row: Record<string, unknown> = { trace: name, type: t.type ?? 'scatter', x: x?.[k] ?? '', y: yv ?? '' };
      if (plus && typeof yv === 'number') { row.lower = yv - Number(minus?.[k] ?? 0); row.upper = yv + Number(plus[k] ?? 0); }
      rows.push(row);
    }
  }
  return { columns: ['trace', 'type', 'x', 'y', ...(intervals ? ['lower', 'upper'] : [])], rows };
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The one-line provenance text: which runs and commits a figure shows. */
export const provenanceLine = (p: Provenance, name: string): string =>
  `${name} · runs: ${p.runs.join(', ') || '–'} · commit${p.commits.length === 1 ? '' : 's'}: ${p.commits.map((c) => c.slice(0, 12)).join(', ') || '–'}`;

/** Splits `text` at spaces into lines of at most `max` characters (a longer word stays whole). */
export function wrapText(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > max) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Stamps an SVG document with its provenance: a <metadata> element (JSON: figure name, run ids, commits) and the
 * same as text along the bottom edge, wrapped to the figure's width (the document grows by those lines).
 */
export function stampSvg(svg: string, p: Provenance, name: string): string {
  const open = /<svg\b[^>]*>/.exec(svg);
  if (!open) throw new Error('not an SVG document');
  const h = Number(/\bheight="([\d.]+)"/.exec(open[0])?.[1] ?? NaN);
  const w = Number(/\bwidth="([\d.]+)"/.exec(open[0])?.[1] ?? NaN);
  const lines = wrapText(provenanceLine(p, name), Number.isFinite(w) ? Math.max(40, Math.floor((w - 12) / 5.6)) : 200);
  const step = 13;
  const extra = step * lines.length + 4;
  let head = open[0];
  if (Number.isFinite(h)) {
    head = head.replace(/\bheight="[\d.]+"/, `height="${h + extra}"`);
    head = head.replace(/\bviewBox="([\d.\s-]+)"/, (_m, vb: string) => {
      const [x, y, vw, vh] = vb.trim().split(/\s+/).map(Number);
      return `viewBox="${x} ${y} ${vw} ${vh + extra}"`;
    });
  }
  const meta = `<metadata data-provenance="collektive-bench">${xml(JSON.stringify({ figure: name, runs: p.runs, commits: p.commits }))}</metadata>`;
  const text = Number.isFinite(h)
    ? `<rect x="0" y="${h}" width="100%" height="${extra}" fill="#fff"/>${lines.map((l, i) =>
      `<text x="6" y="${h + step * (i + 1)}" font-family="system-ui, sans-serif" font-size="10" fill="#555">${xml(l)}</text>`).join('')}`
    : '';
  const body = svg.slice(open.index + open[0].length);
  const close = body.lastIndexOf('</svg>');
  return `${svg.slice(0, open.index)}${head}${meta}${close < 0 ? body : `${body.slice(0, close)}${text}</svg>${body.slice(close + 6)}`}`;
}

/** The provenance of a figure showing `ids` (in the order given, each once) from the loaded runs' records. */
export function provenanceOf(runs: readonly { id: string; commit?: string | null }[], ids: Iterable<unknown>): Provenance {
  const shown = [...new Set([...ids].map(String))];
  const byId = new Map(runs.map((r) => [r.id, r]));
  return { runs: shown, commits: [...new Set(shown.map((id) => byId.get(id)?.commit).filter((c): c is string => !!c))] };
}
