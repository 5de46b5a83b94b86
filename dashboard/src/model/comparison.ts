/**
 * The reference comparison: for each pairing, the back-end overhead (service − compute), back-end service and
 * compute, and the front-end end-to-end time of both paths, with out-of-process / in-process ratios of mean,
 * median, p95 and p99.
 */
import { OVERHEAD_ID } from '../sql/analysis';
import type { Pairing } from './runs';
import type { SeriesStats } from './stats';
import { BACKEND_IDS, PATHS, PLATFORMS, type PlatformName } from '../../../measurement/src/catalogue.mjs';

export interface MetricDef { key: string; label: string; side: 'backend' | 'frontend'; id: (platform: string) => string }

export const METRICS: MetricDef[] = [
  { key: 'overhead', label: 'Back-end overhead (service − compute)', side: 'backend', id: () => OVERHEAD_ID },
  { key: 'e2e', label: 'Front-end end-to-end', side: 'frontend', id: (p) => PATHS[PLATFORMS[p as PlatformName].inProcess].ids.e2e! },
  { key: 'service', label: 'Back-end service', side: 'backend', id: () => BACKEND_IDS.service },
  { key: 'compute', label: 'Back-end compute', side: 'backend', id: () => BACKEND_IDS.compute },
];

export const RATIO_STATS = ['mean', 'median', 'p95', 'p99'] as const;
export type RatioStat = (typeof RATIO_STATS)[number];

export interface ComparisonRow {
  pairing: Pairing; metric: MetricDef;
  inSeries: SeriesStats | null; outSeries: SeriesStats | null;
  ratios: Record<RatioStat, number | null>;
}

export function findSeries(stats: SeriesStats[], run: string, config: string, transport: string, side: string, id: string): SeriesStats | null {
  return seriesIndex(stats).get(seriesLookupKey(run, config, transport, side, id)) ?? null;
}

const seriesLookupKey = (run: string, config: string, transport: string | null, side: string, id: string) => `${run}\u0000${config}\u0000${transport ?? '\u0001'}\u0000${side}\u0000${id}`;
/**
 * Each statistics array's series by key, built on its first lookup: the comparison, the decomposition and the
 * invocation figures look up a few series per configuration, and a scan per lookup made a full load's render
 * quadratic (about 100 ms of it with 150 configurations). Rebuilt if the array's length changed (arrays are not
 * otherwise changed after they are built). The first series of a key wins, as a scan would find it.
 */
const indexes = new WeakMap<SeriesStats[], { size: number; byKey: Map<string, SeriesStats> }>();
function seriesIndex(stats: SeriesStats[]): Map<string, SeriesStats> {
  const known = indexes.get(stats);
  if (known && known.size === stats.length) return known.byKey;
  const byKey = new Map<string, SeriesStats>();
  for (const s of stats) {
    const k = seriesLookupKey(s.run, s.config, s.transport, s.side, s.id);
    if (!byKey.has(k)) byKey.set(k, s);
  }
  indexes.set(stats, { size: stats.length, byKey });
  return byKey;
}

export function comparisons(stats: SeriesStats[], pairs: Pairing[]): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  for (const p of pairs) {
    for (const m of METRICS) {
      const id = m.id(p.platform);
      const a = findSeries(stats, p.run, p.inConfig, p.inTransport, m.side, id);
      const b = findSeries(stats, p.run, p.outConfig, p.outTransport, m.side, id);
      if (!a && !b) continue;
      const ratios = Object.fromEntries(RATIO_STATS.map((k) => [k, a && b && a[k] !== 0 ? b[k] / a[k] : null])) as Record<RatioStat, number | null>;
      rows.push({ pairing: p, metric: m, inSeries: a, outSeries: b, ratios });
    }
  }
  return rows;
}
