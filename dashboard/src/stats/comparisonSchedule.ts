/**
 * When and in what order the Comparison computes its intervals and tests (useComparisonIntervals.ts carries it out):
 * the bootstrap intervals of medians and ratios and the Mann–Whitney tests block by block in table order, the first
 * block at once and the others once every run is loaded and the invocation-level intervals are done (one database
 * worker: their queries would hold each other up); then the invocation-level intervals pairing by pairing. Pure:
 * tested in test/comparisonSchedule.test.ts.
 */
import type { ComparisonRow } from '../model/comparison';
import { seriesKey, type SeriesStats } from '../model/stats';

/** Samples per series read for the intervals and U tests (longer series are thinned; their U test is in SQL). */
export const MAX_VALUES = 200000;
/** The most a warm-up change moves a series' sample count (the counts in hand may be the previous warm-up's). */
const WARMUP_SPAN = 1000;

/** What the intervals depend on besides the samples: a change of either shows none of the previous ones. */
export const intervalsContext = (warmup: number, resamples: number): string => `${warmup}|${resamples}`;

/**
 * How a new pass of the intervals starts after `previous` (the last pass's context; '' before the first): the old
 * intervals cleared when the context changed (never shown beside the new figures); the pass at once on the page's
 * first figures, soon when only more data arrived, after a pause when a control changed (so that a burst of changes
 * queues no work in front of the next summary query).
 */
export function intervalsStart(previous: string, context: string): { clear: boolean; delayMs: number } {
  if (previous === '') return { clear: true, delayMs: 0 };
  if (previous === context) return { clear: false, delayMs: 50 };
  return { clear: true, delayMs: 400 };
}

/**
 * How many of the table's blocks are computed in this pass: the first at once; the others only once every run is
 * loaded and the invocation-level intervals are done (the pass runs again when they are).
 */
export function blocksDue(blockCount: number, at: { complete: boolean; invocationIntervalsDone: boolean }): number {
  return at.complete && at.invocationIntervalsDone ? blockCount : Math.min(1, blockCount);
}

/** The rows whose samples are read with block `index`: the first block's alone; with the second, every later block's (one query). */
export function rowsReadWith<T>(blocks: readonly (readonly T[])[], index: number): T[] {
  return index === 0 ? [...(blocks[0] ?? [])] : blocks.slice(index).flat();
}

/** The rows' series (in- and out-of-process), each once, in order. */
export function seriesOf(rows: readonly ComparisonRow[]): SeriesStats[] {
  const out = new Map<string, SeriesStats>();
  for (const r of rows) for (const s of [r.inSeries, r.outSeries]) if (s && !out.has(seriesKey(s))) out.set(seriesKey(s), s);
  return [...out.values()];
}

/** Rows with both sides: each has a ratio interval and a U test. */
export const pairedRows = (rows: readonly ComparisonRow[]): ComparisonRow[] => rows.filter((r) => r.inSeries && r.outSeries);

/** The intervals the progress line counts: one per series (its median), one per pair (the ratio). */
export function intervalCount(rows: readonly ComparisonRow[]): number {
  return seriesOf(rows).length + pairedRows(rows).length;
}

/** Cache keys of a pass's results: intervals per context (bootstrapCached), U tests per warm-up. */
export const medianKey = (s: SeriesStats): string => `median|${seriesKey(s)}`;
export const ratioKey = (r: ComparisonRow): string => `ratio|${seriesKey(r.inSeries!)}|${seriesKey(r.outSeries!)}`;
export const mannWhitneyKey = (warmup: number, r: ComparisonRow): string => `${warmup}|${seriesKey(r.inSeries!)}|${seriesKey(r.outSeries!)}`;

/** What is known already: an interval of this pass's context, a U test of its warm-up, a series' samples in hand. */
export interface KnownResults {
  interval: (key: string) => boolean;
  mannWhitney: (key: string) => boolean;
  samples: (seriesKey: string) => boolean;
}

/**
 * The series whose samples this pass reads for `rows`: those not in hand, and only when one of the rows' intervals or
 * U tests is not known yet (a pass over known results reads nothing).
 */
export function seriesToRead(rows: readonly ComparisonRow[], warmup: number, known: KnownResults): SeriesStats[] {
  const series = seriesOf(rows).filter((s) => !known.samples(seriesKey(s)));
  const missing = series.some((s) => !known.interval(medianKey(s)))
    || pairedRows(rows).some((r) => !known.interval(ratioKey(r)) || !known.mannWhitney(mannWhitneyKey(warmup, r)));
  return missing ? series : [];
}

/**
 * The sample limit of one read: none (no ranking in SQL) when every series is shorter than MAX_VALUES by the most a
 * warm-up changes, else MAX_VALUES (thinned).
 */
export function thinningLimit(series: readonly SeriesStats[]): number | null {
  return series.some((s) => s.count > MAX_VALUES - WARMUP_SPAN) ? MAX_VALUES : null;
}

/** Whether a pair's U test is computed from the samples in hand (else in the database: a series thinned for the page). */
export const mannWhitneyInPage = (a: SeriesStats, b: SeriesStats): boolean => a.count <= MAX_VALUES && b.count <= MAX_VALUES;

/** The pause before the invocation-level intervals start: after a warm-up change (a burst of changes), else none. */
export function invocationIntervalsPause(previousWarmup: number | null, warmup: number): number {
  return previousWarmup !== null && previousWarmup !== warmup ? 400 : 0;
}
