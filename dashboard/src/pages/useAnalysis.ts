/** Shared page logic: the summary statistics of the selected runs and the tick flags of every series. */
import { useMemo, useRef } from 'react';
import { useData } from '../data/DataProvider';
import { useQuery } from '../db/useQuery';
import { tickFlag, type TickFlag } from '../model/flags';
import { pacingPeriodMs, type RunJson } from '../model/runs';
import { seriesKey, toSeriesStats, type SeriesStats } from '../model/stats';
import { summarySql, type SampleFilter } from '../sql/analysis';

export function periodOf(runs: RunJson[], run: string, config: string): number | null {
  const c = runs.find((r) => r.id === run)?.configurations.find((x) => x.id === config);
  return c ? pacingPeriodMs(c) : null;
}

/** `enabled` false: the filter is not known yet (its ids wait for the catalog), no query. */
export function useAnalysis(warmup: number, filter: SampleFilter, enabled = true) {
  const data = useData();
  const sql = data.status === 'ready' && enabled ? summarySql(warmup, filter) : null;
  const q = useQuery(data.db, sql, data.generation, { prefetch: true });
  const stats: SeriesStats[] = useMemo(() => (q.rows ? toSeriesStats(q.rows) : []), [q.rows]);
  // The same flags keep the same map: runs published before their statistics arrive change no flag, and the big
  // tables (memoised on it) are then not rendered again for them.
  const shown = useRef(new Map<string, TickFlag>());
  const flags = useMemo(() => {
    const m = new Map<string, TickFlag>();
    for (const s of stats) {
      if (s.side !== 'frontend') continue;
      const f = tickFlag(s.median, periodOf(data.runs, s.run, s.config));
      if (f) m.set(seriesKey(s), f);
    }
    if (!sameFlags(m, shown.current)) shown.current = m;
    return shown.current;
  }, [stats, data.runs]);
  return { data, stats, flags, query: q };
}

function sameFlags(a: ReadonlyMap<string, TickFlag>, b: ReadonlyMap<string, TickFlag>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, f] of a) {
    const g = b.get(k);
    if (!g || g.periodMs !== f.periodMs || g.multiple !== f.multiple || g.medianMs !== f.medianMs) return false;
  }
  return true;
}
