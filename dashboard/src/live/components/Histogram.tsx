// A small histogram of one timing id (durations in ms), with its median; props only.
import { median } from '../timing/recorder';

export interface HistogramProps {
  id: string;
  durations: Float64Array;
  bins?: number;
}

export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return '–';
  if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.01 ? 2 : 1)} µs`;
  return `${ms.toFixed(2)} ms`;
}

export function Histogram({ id, durations, bins = 32 }: HistogramProps) {
  const n = durations.length;
  const sorted = Float64Array.from(durations).sort();
  const lo = n ? sorted[Math.floor(0.01 * (n - 1))] : 0;
  const hi = n ? sorted[Math.ceil(0.99 * (n - 1))] : 1;
  const width = hi > lo ? hi - lo : 1;
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < n; i++) {
    const b = Math.min(bins - 1, Math.max(0, Math.floor(((sorted[i] - lo) / width) * bins)));
    counts[b] += 1;
  }
  const max = Math.max(1, ...counts);
  const med = median(durations);
  const W = 220;
  const H = 44;
  const bw = W / bins;
  return (
    <figure className="live-hist" data-timing-id={id} style={{ margin: '4px 0' }}>
      <figcaption style={{ fontSize: 12, display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <code>{id}</code>
        <span>median <b data-testid={`median-${id}`}>{fmtMs(med)}</b> · n={n}</span>
      </figcaption>
      <svg width={W} height={H} role="img" aria-label={`${id} histogram`}>
        {counts.map((c, i) => (
          <rect key={i} x={i * bw} y={H - (c / max) * H} width={Math.max(1, bw - 1)} height={(c / max) * H} fill="#5b8def" />
        ))}
        {n > 0 && hi > lo && (
          <line x1={((med - lo) / width) * W} x2={((med - lo) / width) * W} y1={0} y2={H} stroke="#f5a623" strokeWidth={1.5} />
        )}
      </svg>
      <div style={{ fontSize: 10, display: 'flex', justifyContent: 'space-between', width: W, opacity: 0.7 }}>
        <span>{fmtMs(lo)}</span><span>{fmtMs(hi)}</span>
      </div>
    </figure>
  );
}
