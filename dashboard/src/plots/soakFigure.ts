/**
 * The soak (docs/testing.md, "Soak": `npm run soak` holds each server at its measured capacity): RSS, open file
 * descriptors, threads and the p99 latency of each sampling window over time, one panel each, one line per server.
 * A leak or a creep shows as a line that keeps rising; the verdict beside the plot is scripts/soak.mjs's.
 */
import type { Figure } from './figures';

export interface SoakSample { t: number; rssMb: number; fds: number; threads: number; p99Ms: number | null; p50Ms: number | null; replies: number }
export interface SoakRun {
  name: string; m: number; n: number; seconds: number; sampleSeconds: number; samples: SoakSample[]; sent: number; received: number;
  csvRows?: number; verdict?: { problems: string[]; figures: Record<string, unknown> };
}
export interface SoakFile { command: string; date?: string; machine?: string; runs: SoakRun[] }

const PANELS: [keyof SoakSample, string][] = [['rssMb', 'RSS (MB)'], ['fds', 'open fds'], ['threads', 'threads'], ['p99Ms', 'p99 (ms)']];
const COLORS: Record<string, string> = { jvm: '#d62728', node: '#1f77b4' };

/** Checks the shape of a published soak.json; returns what is wrong or null. */
export function soakProblem(x: unknown): string | null {
  const f = x as SoakFile;
  if (!f || typeof f !== 'object' || !Array.isArray(f.runs)) return 'not a soak.json (no runs)';
  for (const r of f.runs) {
    if (typeof r?.name !== 'string' || !Array.isArray(r.samples)) return 'a run without a name or samples';
    if (r.samples.some((s) => typeof s?.t !== 'number')) return `${r.name}: a sample without a time`;
  }
  return null;
}

export function soakFigure(file: SoakFile): Figure {
  const gap = 0.06;
  const h = (1 - gap * (PANELS.length - 1)) / PANELS.length;
  const layout: Record<string, unknown> = {
    title: { text: `each server at its capacity: ${file.runs.map((r) => `${r.name} M = ${r.m}`).join(', ')} (N = ${file.runs[0]?.n ?? '?'}, 60 Hz)`, font: { size: 14 } },
    margin: { l: 70, r: 20, t: 40, b: 50 }, legend: { orientation: 'h', y: -0.08 }, showlegend: true,
    xaxis: { title: { text: 'time since the server started (s)' }, anchor: `y${PANELS.length}` },
  };
  PANELS.forEach(([, label], i) => {
    const top = 1 - i * (h + gap);
    layout[`yaxis${i ? i + 1 : ''}`] = { title: { text: label }, domain: [top - h, top], rangemode: 'tozero', anchor: 'x' };
  });
  const data = PANELS.flatMap(([key], i) => file.runs.map((r) => ({
    type: 'scatter', mode: 'lines', name: `${r.name} server (M = ${r.m})`, legendgroup: r.name, showlegend: i === 0,
    x: r.samples.map((s) => s.t), y: r.samples.map((s) => (typeof s[key] === 'number' && Number.isFinite(s[key]) ? s[key] : null)),
    yaxis: `y${i ? i + 1 : ''}`, xaxis: 'x', line: { color: COLORS[r.name] ?? '#333', width: 1.5 },
    hovertemplate: `%{x:.0f} s: %{y:.2f}<extra>${r.name}</extra>`,
  })));
  return { data, layout };
}
