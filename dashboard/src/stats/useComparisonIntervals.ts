/**
 * The Comparison's intervals and tests as a hook: bootstrap intervals of each series' median and each pair's ratio,
 * Mann–Whitney tests, and the invocation-level intervals (docs/measurements.md, "Intervals"). The order and timing are
 * comparisonSchedule.ts's (pure, unit-tested); this hook reads the samples, runs the workers and keeps the results.
 */
import { useEffect, useRef, useState } from 'react';
import { comparisonKey, pairingKey, type ComparisonExtras } from '../components/ComparisonTable';
import type { Connector } from '../db/connector';
import { computeIntervals } from '../data/invocationIntervals';
import { rowsOf, seriesValuesOf } from '../model/arrow';
import type { ComparisonRow } from '../model/comparison';
import { groupBy } from '../model/group';
import { pairFigures, toIntervals, type InvocationInterval } from '../model/invocations';
import type { Pairing } from '../model/runs';
import { mannWhitneySums, seriesKey, toMannWhitney, type MannWhitney, type SeriesStats } from '../model/stats';
import { mannWhitneySql, seriesValuesSql } from '../sql/analysis';
import type { Interval } from './bootstrap';
import { bootstrapCached, bootstrapKnown, warmBootstrap } from './bootstrapClient';
import {
  blocksDue, intervalCount, intervalsContext, intervalsStart, invocationIntervalsPause, mannWhitneyInPage, mannWhitneyKey,
  medianKey, pairedRows, ratioKey, rowsReadWith, seriesOf, seriesToRead, thinningLimit,
} from './comparisonSchedule';
import { runInnerInWorker } from './invocationClient';

export interface ComparisonIntervalsInput {
  db: Connector | null;
  /** the comparison table's rows, in table order */
  rows: ComparisonRow[];
  stats: SeriesStats[];
  warmup: number;
  /** bootstrap resamples */
  resamples: number;
  /** every published run is loaded */
  complete: boolean;
  /** the invocations' own files are loaded too */
  invocationsComplete: boolean;
  /** the statistics answer the data loaded so far (undefined: no answer yet) */
  fresh: boolean | undefined;
  /** a pairing's invocations (the fewer of its two sides'): from 2 it has invocation-level intervals */
  invocationsOf: (p: Pairing) => number;
}

/** The invocation-level intervals by pairing (pairingKey), whether all are done, and how long they took. */
export interface InvocationIntervalsState { map: Map<string, Map<string, InvocationInterval>>; done: boolean; ms: number | null }

export interface ComparisonIntervals {
  extras: Omit<ComparisonExtras, 'flags' | 'resamples'>;
  /** intervals computed of those the table shows, while a pass runs */
  progress: { done: number; total: number } | null;
  invocationIntervals: InvocationIntervalsState;
}

export function useComparisonIntervals({ db, rows, stats, warmup, resamples, complete, invocationsComplete, fresh, invocationsOf }: ComparisonIntervalsInput): ComparisonIntervals {
  const [ivs, setIvs] = useState<InvocationIntervalsState>({ map: new Map(), done: false, ms: null });
  const ivCache = useRef(new Map<string, Map<string, InvocationInterval>>());
  const ivWarmup = useRef<number | null>(null);
  const [extras, setExtras] = useState<ComparisonIntervals['extras']>({ medianCi: new Map(), ratioCi: new Map(), mwu: new Map(), ciPending: true });
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const mwuCache = useRef(new Map<string, MannWhitney>());
  const valuesCache = useRef<{ warmup: number; reads: Map<string, Promise<Float64Array>> }>({ warmup: -1, reads: new Map() });
  const shownContext = useRef('');
  useEffect(warmBootstrap, []);

  // Intervals block by block in table order, each block shown as it is done; each interval once per context
  // (bootstrapCached), so runs arriving later only add their own.
  useEffect(() => {
    if (!db || rows.length === 0) return;
    let live = true;
    const context = intervalsContext(warmup, resamples);
    const start = intervalsStart(shownContext.current, context);
    shownContext.current = context;
    setExtras((e) => (start.clear ? { medianCi: new Map(), ratioCi: new Map(), mwu: new Map(), ciPending: true } : { ...e, ciPending: true }));
    const timer = window.setTimeout(() => void (async () => {
      const blocks = [...groupBy(rows, (r) => pairingKey(r.pairing)).values()];
      const medianCi = new Map<string, Interval>();
      const ratioCi = new Map<string, Interval>();
      const mwu = new Map<string, MannWhitney>();
      const total = intervalCount(rows);
      let done = 0;
      setProgress({ done, total });
      const values = new Map<string, Float64Array>();
      // Samples read for this warm-up, shared by the effect's passes (it runs again as data arrives, perhaps while
      // an earlier pass's read is in flight: that read is awaited, not repeated).
      if (valuesCache.current.warmup !== warmup) valuesCache.current = { warmup, reads: new Map() };
      const reads = valuesCache.current.reads;
      /** Reads, in one query, the samples of the rows' series whose intervals or U tests are not known yet. */
      const readValues = async (group: ComparisonRow[]) => {
        const series = seriesToRead(group, warmup, {
          interval: (k) => bootstrapKnown(context, k), mannWhitney: (k) => mwuCache.current.has(k), samples: (k) => values.has(k),
        });
        const unread = series.filter((x) => !reads.has(seriesKey(x)));
        if (unread.length) {
          const tv = performance.now();
          const read = db.query(seriesValuesSql(warmup, {
            runs: [...new Set(unread.map((x) => x.run))], configs: [...new Set(unread.map((x) => `${x.run}/${x.config}`))],
            files: [...new Set(unread.map((x) => x.file))], ids: [...new Set(unread.map((x) => x.id))],
          }, thinningLimit(unread))).then((t) => { performance.measure('ci values', { start: tv }); return seriesValuesOf(t, seriesKey); });
          for (const x of unread) {
            const k = seriesKey(x);
            reads.set(k, read.then((m) => m.get(k) ?? new Float64Array()));
          }
          read.catch(() => { for (const x of unread) reads.delete(seriesKey(x)); });
        }
        for (const x of series) values.set(seriesKey(x), await reads.get(seriesKey(x))!);
      };
      const of = (k: string) => values.get(k) ?? new Float64Array();
      const due = blocksDue(blocks.length, { complete, invocationIntervalsDone: ivs.done });
      for (let gi = 0; gi < blocks.length; gi++) {
        if (!live) return;
        // The rest waits (the effect runs again once every run is in and the invocation-level intervals are done).
        if (gi >= due) { setProgress({ done, total }); return; }
        await readValues(rowsReadWith(blocks, gi));
        if (!live) return;
        const group = blocks[gi];
        const pairs = pairedRows(group);
        const medians = seriesOf(group).map((s) => bootstrapCached(context, medianKey(s), () => ({ kind: 'median', a: of(seriesKey(s)), resamples, seed: 42 }))
          .then((ci) => { const k = seriesKey(s); if (!medianCi.has(k)) done++; medianCi.set(k, ci); }));
        const ratios = pairs.map((r) => bootstrapCached(context, ratioKey(r), () => ({ kind: 'ratio', a: of(seriesKey(r.inSeries!)), b: of(seriesKey(r.outSeries!)), resamples, seed: 42 }))
          .then((ci) => { if (!ratioCi.has(comparisonKey(r))) done++; ratioCi.set(comparisonKey(r), ci); }));
        // Mann–Whitney from the samples in hand (the same sums as mannWhitneySql), while the worker resamples;
        // in the database only for a series thinned for the page (more than MAX_VALUES samples).
        for (const r of pairs) {
          if (!live) return;
          const mk = mannWhitneyKey(warmup, r);
          let m = mwuCache.current.get(mk);
          if (!m) {
            const a = r.inSeries!; const b = r.outSeries!;
            if (mannWhitneyInPage(a, b)) m = toMannWhitney(mannWhitneySums(of(seriesKey(a)), of(seriesKey(b))));
            else {
              const tm = performance.now();
              m = toMannWhitney(rowsOf(await db.query(mannWhitneySql(warmup, a, b)))[0]);
              performance.measure('ci mann-whitney', { start: tm });
            }
            mwuCache.current.set(mk, m);
          }
          mwu.set(comparisonKey(r), m);
        }
        const tb = performance.now();
        await Promise.all([...medians, ...ratios]);
        performance.measure('ci bootstrap wait', { start: tb });
        if (!live) return;
        setExtras({ medianCi: new Map(medianCi), ratioCi: new Map(ratioCi), mwu: new Map(mwu), ciPending: true });
        setProgress({ done, total });
      }
      if (live) { setExtras({ medianCi, ratioCi, mwu, ciPending: false }); setProgress(null); }
    })().catch((e: unknown) => {
      if (!live || (e instanceof Error && e.message === 'superseded')) return;
      console.error(e);
      setExtras((x) => ({ ...x, ciPending: false }));
      setProgress(null);
    }), start.delayMs);
    return () => { live = false; window.clearTimeout(timer); };
  }, [db, rows, warmup, resamples, complete, ivs.done]);

  // Invocation-level intervals, one pairing after another in page order, so the first table fills first; the inner
  // bootstrap level runs in a worker, the outer level and percentiles in SQL. They start once every published run is
  // loaded, the invocations' own files included (they come last): their queries, one after another in the
  // database's one worker, would otherwise keep it busy and hold back loading the runs the first view does not show
  // (DataProvider waits for a quiet database).
  useEffect(() => {
    if (!db || !fresh || !complete || !invocationsComplete) return;
    const groups = groupBy(rows.filter((r) => invocationsOf(r.pairing) >= 2), (r) => pairingKey(r.pairing));
    let live = true;
    // A pairing's intervals depend on its own files and the warm-up only: kept while other runs arrive.
    const cached = (k: string) => ivCache.current.get(`${warmup}|${k}`);
    // Without invocations (every run published before them) nothing changes: no re-render.
    setIvs((prev) => (groups.size === 0 && prev.done && prev.map.size === 0 ? prev
      : { map: new Map([...groups.keys()].filter(cached).map((k) => [k, cached(k)!])), done: groups.size === 0, ms: groups.size === 0 ? 0 : null }));
    let t0 = performance.now();
    const pauseMs = invocationIntervalsPause(ivWarmup.current, warmup);
    ivWarmup.current = warmup;
    let timer: number | undefined;
    const pause = () => new Promise<void>((resolve) => { timer = window.setTimeout(resolve, pauseMs); });
    void (async () => {
      if ([...groups.keys()].some((k) => !cached(k))) { await pause(); t0 = performance.now(); }
      for (const [k, group] of groups) {
        if (cached(k)) continue;
        const p = group[0].pairing;
        const figures = pairFigures(group, stats, comparisonKey);
        const ids = [...new Set(figures.flatMap((f) => [f.num, f.minus, f.den]).filter((x): x is string => !!x).map((x) => x.split('|')[4]))];
        const out = await computeIntervals(db, warmup, figures, { configs: [...new Set([`${p.run}/${p.inConfig}`, `${p.run}/${p.outConfig}`])], ids }, runInnerInWorker);
        if (!live) return;
        const iv = toIntervals(out);
        ivCache.current.set(`${warmup}|${k}`, iv);
        setIvs((x) => ({ ...x, map: new Map(x.map).set(k, iv) }));
      }
      if (live) setIvs((x) => ({ ...x, done: true, ms: performance.now() - t0 }));
    })().catch((e: unknown) => { console.error(e); if (live) setIvs((x) => ({ ...x, done: true })); });
    return () => { live = false; window.clearTimeout(timer); };
  }, [db, rows, stats, warmup, fresh, complete, invocationsComplete]); // eslint-disable-line react-hooks/exhaustive-deps

  return { extras, progress, invocationIntervals: ivs };
}
