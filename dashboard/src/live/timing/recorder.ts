// Front-end timing samples in memory (performance.now() in ms, fractional), exported as the long-format CSV of
// docs/measurements.md: `t_ns,id,duration_ns`, t_ns relative to the recorder's start, integers rounded from µs.

/** One series' samples, growable without per-sample allocation. */
class Series {
  starts = new Float64Array(1024);
  durations = new Float64Array(1024);
  length = 0;

  push(start: number, duration: number): void {
    if (this.length === this.starts.length) {
      const grow = (a: Float64Array) => { const b = new Float64Array(a.length * 2); b.set(a); return b; };
      this.starts = grow(this.starts);
      this.durations = grow(this.durations);
    }
    this.starts[this.length] = start;
    this.durations[this.length] = duration;
    this.length += 1;
  }
}

export class TimingRecorder {
  readonly origin: number;
  private readonly series = new Map<string, Series>();

  constructor(origin = performance.now()) {
    this.origin = origin;
  }

  /** Records a sample from two performance.now() readings (ms). */
  add(id: string, start: number, end: number): void {
    let s = this.series.get(id);
    if (!s) { s = new Series(); this.series.set(id, s); }
    s.push(start - this.origin, Math.max(0, end - start));
  }

  ids(): string[] {
    return [...this.series.keys()];
  }

  count(id: string): number {
    return this.series.get(id)?.length ?? 0;
  }

  /** Durations (ms) of one id, the last `last` samples (all by default). */
  durations(id: string, last = Infinity): Float64Array {
    const s = this.series.get(id);
    if (!s) return new Float64Array(0);
    const from = Math.max(0, s.length - last);
    return s.durations.slice(from, s.length);
  }

  clear(): void {
    this.series.clear();
  }

  /** The CSV, rows sorted by start time (as the reference's files are). */
  toCsv(): string {
    const rows: Array<[number, string, number]> = [];
    for (const [id, s] of this.series) {
      for (let i = 0; i < s.length; i++) rows.push([s.starts[i], id, s.durations[i]]);
    }
    rows.sort((a, b) => a[0] - b[0]);
    const ns = (ms: number) => Math.round(ms * 1e6);
    return `t_ns,id,duration_ns\n${rows.map(([t, id, d]) => `${ns(t)},${id},${ns(d)}`).join('\n')}${rows.length ? '\n' : ''}`;
  }
}

/** Median of a sample (copy sorted), NaN when empty. */
export function median(xs: ArrayLike<number>): number {
  if (xs.length === 0) return NaN;
  const s = Float64Array.from(xs).sort();
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Smallest positive difference between consecutive performance.now() readings, in ns: the clock's effective
 * resolution (≈ 5 µs on cross-origin isolated pages, 100 µs otherwise; Chromium adds jitter, so the minimum over
 * many ticks is taken).
 */
export function measureTimerResolutionNs(ticks = 200, budgetMs = 500): number {
  let best = Infinity;
  const deadline = performance.now() + budgetMs;
  let prev = performance.now();
  let seen = 0;
  while (seen < ticks && performance.now() < deadline) {
    const t = performance.now();
    if (t !== prev) {
      best = Math.min(best, t - prev);
      prev = t;
      seen += 1;
    }
  }
  return Math.round(best * 1e6);
}
