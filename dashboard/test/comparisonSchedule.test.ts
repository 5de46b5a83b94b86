// When and in what order the Comparison computes its intervals and tests (src/stats/comparisonSchedule.ts), without
// a page: the start of a pass, which blocks run now, what one read covers, what the progress line counts, which
// series are read, when a read is thinned and where a U test runs.
import { describe, expect, it } from 'vitest';
import type { ComparisonRow } from '../src/model/comparison';
import { seriesKey, type SeriesStats } from '../src/model/stats';
import {
  blocksDue, intervalCount, intervalsContext, intervalsStart, invocationIntervalsPause, mannWhitneyInPage, mannWhitneyKey,
  MAX_VALUES, medianKey, ratioKey, rowsReadWith, seriesOf, seriesToRead, thinningLimit,
} from '../src/stats/comparisonSchedule';

const series = (config: string, id: string, count = 100): SeriesStats => ({
  run: 'r', config, file: `${config}.csv`, side: 'front', platform: 'desktop', transport: null, id, count,
  median: 1, mean: 1, p95: 1, p99: 1, std: null, min: 1, max: 1,
});
const row = (inSeries: SeriesStats | null, outSeries: SeriesStats | null) => ({ inSeries, outSeries }) as ComparisonRow;
const e2eIn = series('in', 'e2e'); const e2eOut = series('out', 'e2e'); const svcIn = series('in', 'service');
const ROWS = [row(e2eIn, e2eOut), row(svcIn, null), row(e2eIn, e2eOut)]; // a series in two rows counts once

describe('a pass of the intervals', () => {
  it('starts at once on the first figures, soon when only data arrived, after a pause (cleared) when a control changed', () => {
    const ctx = intervalsContext(30, 1000);
    expect(intervalsStart('', ctx)).toEqual({ clear: true, delayMs: 0 });
    expect(intervalsStart(ctx, ctx)).toEqual({ clear: false, delayMs: 50 });
    expect(intervalsStart(ctx, intervalsContext(30, 2000))).toEqual({ clear: true, delayMs: 400 });
    expect(intervalsStart(ctx, intervalsContext(0, 1000))).toEqual({ clear: true, delayMs: 400 });
  });
  it('computes the first block at once and the others once every run is in and the invocation-level intervals are done', () => {
    expect(blocksDue(5, { complete: false, invocationIntervalsDone: true })).toBe(1);
    expect(blocksDue(5, { complete: true, invocationIntervalsDone: false })).toBe(1);
    expect(blocksDue(5, { complete: true, invocationIntervalsDone: true })).toBe(5);
    expect(blocksDue(0, { complete: false, invocationIntervalsDone: false })).toBe(0);
  });
  it('reads the first block alone, then every later block in one query', () => {
    const blocks = [['a'], ['b', 'c'], ['d']];
    expect(rowsReadWith(blocks, 0)).toEqual(['a']);
    expect(rowsReadWith(blocks, 1)).toEqual(['b', 'c', 'd']);
    expect(rowsReadWith(blocks, 2)).toEqual(['d']);
  });
  it('counts one interval per series and one per pair', () => {
    expect(seriesOf(ROWS).map(seriesKey)).toEqual([e2eIn, e2eOut, svcIn].map(seriesKey));
    expect(intervalCount(ROWS)).toBe(3 + 2);
  });
});

describe('reading the samples', () => {
  const none = { interval: () => false, mannWhitney: () => false, samples: () => false };
  it('reads the series not in hand while an interval or a test is unknown, and nothing once all are known', () => {
    expect(seriesToRead(ROWS, 30, none).map(seriesKey)).toEqual([e2eIn, e2eOut, svcIn].map(seriesKey));
    expect(seriesToRead(ROWS, 30, { ...none, samples: (k) => k === seriesKey(e2eIn) }).map(seriesKey)).toEqual([e2eOut, svcIn].map(seriesKey));
    expect(seriesToRead(ROWS, 30, { interval: () => true, mannWhitney: () => true, samples: () => false })).toEqual([]);
    // Only the U test of this warm-up missing: read again.
    const known = new Set([medianKey(e2eIn), medianKey(e2eOut), medianKey(svcIn), ratioKey(ROWS[0]), mannWhitneyKey(0, ROWS[0])]);
    expect(seriesToRead(ROWS, 30, { interval: (k) => known.has(k), mannWhitney: (k) => known.has(k), samples: () => false })).toHaveLength(3);
    expect(seriesToRead(ROWS, 0, { interval: (k) => known.has(k), mannWhitney: (k) => known.has(k), samples: () => false })).toEqual([]);
  });
  it('thins a read when a series may hold more than MAX_VALUES samples after a warm-up change', () => {
    expect(thinningLimit([series('a', 'x', MAX_VALUES - 1000)])).toBeNull();
    expect(thinningLimit([series('a', 'x', 10), series('b', 'x', MAX_VALUES - 999)])).toBe(MAX_VALUES);
  });
  it('computes a U test in the page from whole series, in the database for a thinned one', () => {
    expect(mannWhitneyInPage(series('a', 'x', MAX_VALUES), series('b', 'x', 5))).toBe(true);
    expect(mannWhitneyInPage(series('a', 'x', MAX_VALUES + 1), series('b', 'x', 5))).toBe(false);
  });
});

describe('invocation-level intervals', () => {
  it('pause after a warm-up change only', () => {
    expect(invocationIntervalsPause(null, 30)).toBe(0);
    expect(invocationIntervalsPause(30, 30)).toBe(0);
    expect(invocationIntervalsPause(30, 0)).toBe(400);
  });
});
