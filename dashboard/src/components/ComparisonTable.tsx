/**
 * The reference comparison: per in-/out-of-process pairing, each metric's statistics for both paths, the
 * out/in ratios, the bootstrap CI of each median and of the median ratio, Mann–Whitney U, and tick flags.
 */
import type { ReactNode } from 'react';
import type { Interval } from '../stats/bootstrap';
import type { ComparisonRow } from '../model/comparison';
import type { Pairing } from '../model/runs';
import type { TickFlag } from '../model/flags';
import { seriesKey, type MannWhitney, type SeriesStats } from '../model/stats';
import { formatDuration, formatP, formatRatio, type Unit } from '../model/units';
import { StatCell } from './StatCell';
import { useNearViewport } from './NearViewport';
import { groupBy } from '../model/group';
import { CLOCK_LIMIT_TICKS } from '../../../measurement/src/clock.mjs';
import { IdLabel } from './IdLabel';
import { Term } from './Term';

export interface ComparisonExtras {
  medianCi: Map<string, Interval>;
  ratioCi: Map<string, Interval>;
  mwu: Map<string, MannWhitney>;
  flags: Map<string, TickFlag>;
  resamples: number;
  ciPending: boolean;
  /** each configuration's clock resolution (ns), by `${run}/${config}`: medians within a few ticks become bounds */
  clocks?: Map<string, number>;
}

/** The clock tick of a series when its median is within CLOCK_LIMIT_TICKS ticks of it (docs/measurements.md, "Clock resolution"), else null. */
const clockLimit = (s: SeriesStats | null, clocks?: Map<string, number>): number | null => {
  const tick = s ? clocks?.get(`${s.run}/${s.config}`) : undefined;
  return s && tick && tick > 0 && s.median !== null && Math.abs(s.median) < CLOCK_LIMIT_TICKS * tick ? tick : null;
};

export const comparisonKey = (r: ComparisonRow): string => `${r.pairing.run}/${r.pairing.inConfig}/${r.pairing.outConfig}/${r.metric.key}`;
/** A pairing's block: its rows are the pairing's metrics. */
export const pairingKey = (p: Pairing): string => `${p.run}/${p.platform}/${p.n}/${p.inConfig}/${p.outConfig}`;

function SeriesRow({ label, s, unit, extras, first, metric, rows }: { label: string; s: SeriesStats | null; unit: Unit; extras: ComparisonExtras; first: boolean; metric: string; rows: number }) {
  const key = s ? seriesKey(s) : '';
  const ci = s ? extras.medianCi.get(key) : undefined;
  const flag = s ? extras.flags.get(key) : undefined;
  // Within a few ticks of its clock the median is a bound and its interval widened by a tick, never "5.000 – 5.000".
  const tick = clockLimit(s, extras.clocks);
  return (
    <tr data-path={label} className={first ? 'group-start' : undefined}>
      {first && <th rowSpan={rows} scope="rowgroup" className="metric">{metric}</th>}
      <td>{label}</td>
      {s ? (
        <>
          <td className="num" data-stat="count">{s.count}</td>
          {tick
            ? <td className="num" data-stat="median" data-ns={s.median ?? ''} data-clock-limited="1" title={`${s.median} ns: within ${CLOCK_LIMIT_TICKS} ticks of the ${tick} ns clock, so a bound, not a measurement; see a block mean where the run has one`}>≤ {formatDuration((ci?.hi ?? s.median ?? 0) + tick, unit)}</td>
            : <StatCell ns={s.median} unit={unit} stat="median" />}
          <td className="num ci" data-stat="median-ci">{ci ? `${formatDuration(Math.max(0, ci.lo - (tick ?? 0)), unit)} – ${formatDuration(ci.hi + (tick ?? 0), unit)}` : extras.ciPending ? '…' : '—'}</td>
          <StatCell ns={s.mean} unit={unit} stat="mean" />
          <StatCell ns={s.p95} unit={unit} stat="p95" />
          <StatCell ns={s.p99} unit={unit} stat="p99" />
          <StatCell ns={s.std} unit={unit} stat="std" />
          <td>{flag && <span className="flag" title={`median ${flag.medianMs.toFixed(3)} ms ≈ ${flag.multiple} × ${flag.periodMs} ms pacing period: this measures the tick, not the transport`}>⚑ ≈ {flag.multiple > 1 ? `${flag.multiple}×` : ''}{+flag.periodMs.toFixed(3)} ms tick</span>}</td>
        </>
      ) : <td colSpan={8} className="muted">no data</td>}
    </tr>
  );
}

/** Plain words for a rank test's p (the test's figures are in the tooltip). */
const differs = (p: number): string => (p < 0.001 ? 'clearly different' : p < 0.05 ? 'different' : 'no clear difference');

/**
 * A placeholder's height (px) under its heading: a little under a drawn block's without `pairExtra`, so the scroll bar
 * and positions barely move as blocks are drawn, and a block drawn above the viewport grows rather than shrinks (a
 * shrinking one pulls the next placeholders into the drawing margin, one after another).
 */
const pendingPx = (metrics: number) => 16 + 78 * metrics;

function ComparisonBlock({ group, unit, extras, pairExtra, lazy, extraPx }: { group: ComparisonRow[]; unit: Unit; extras: ComparisonExtras; pairExtra?: (p: Pairing, group: ComparisonRow[]) => ReactNode; lazy: boolean; extraPx: number }) {
  const [ref, drawn] = useNearViewport<HTMLDivElement>(lazy);
  const p = group[0].pairing;
  return (
    <div ref={ref} className="comparison" data-run={p.run} data-configs={`${p.inConfig} ${p.outConfig}`} data-drawn={drawn ? '1' : '0'}>
      <h3><IdLabel kind="run" id={p.run} />: {p.platform}, N = {p.n || '?'} — {p.inTransport} (<IdLabel kind="configuration" id={p.inConfig} />) vs {p.outTransport} (<IdLabel kind="configuration" id={p.outConfig} />)</h3>
      {!drawn ? <p className="muted small block-pending" style={{ minHeight: pendingPx(group.length) + extraPx }}>{group.length} metrics: drawn as this block scrolls into view.</p> : (
        <>
          {p.pacingNote && <p className="note">⚠ {p.pacingNote}. Ratios of front-end times mix pacing with transport.</p>}
          {pairExtra?.(p, group)}
          <div className="table-wrap"><table className="data comparison-table">
            <caption className="small muted">Within one <Term name="invocation" />: every step of <IdLabel kind="run" id={p.run} />, {p.inConfig === p.outConfig ? <IdLabel kind="configuration" id={p.inConfig} /> : <><IdLabel kind="configuration" id={p.inConfig} /> ({p.inTransport}) and <IdLabel kind="configuration" id={p.outConfig} /> ({p.outTransport})</>} pooled
              : statistics of the merged samples (a table over invocations above it, where the run has one, averages each invocation&apos;s own statistic, so its figures differ a little).</caption>
            <thead>
              <tr>
                <th>metric</th><th>path</th><th>n</th><th>median</th><th title="percentile bootstrap over the steps of the merged samples: how precisely they were measured, not what a re-run would give">median 95% CI within one invocation</th><th>mean</th><th>p95</th><th>p99</th><th>std</th><th>flags</th>
              </tr>
            </thead>
            {group.map((r) => {
              const ck = comparisonKey(r);
              const rci = extras.ratioCi.get(ck);
              const mw = extras.mwu.get(ck);
              // A ratio of medians divided by a clock tick says nothing: shown as such, with no interval.
              const ticked = clockLimit(r.inSeries, extras.clocks) !== null || clockLimit(r.outSeries, extras.clocks) !== null;
              return (
                <tbody key={r.metric.key} data-metric={r.metric.key}>
                  <SeriesRow label={p.inTransport} s={r.inSeries} unit={unit} extras={extras} first metric={r.metric.label} rows={3} />
                  <SeriesRow label={p.outTransport} s={r.outSeries} unit={unit} extras={extras} first={false} metric={r.metric.label} rows={3} />
                  <tr className="ratio" data-path="ratio">
                    <td>{p.outTransport}/{p.inTransport}</td>
                    <td className="num">{mw ? <span data-testid="mwu" data-p={mw.p} title={`two-sided Mann–Whitney U test of the two samples: U = ${mw.u}, p ${mw.p < 1e-300 ? '' : '= '}${formatP(mw.p)}, z = ${mw.z.toFixed(2)}, P(out > in) = ${mw.effect.toFixed(3)}`}>{differs(mw.p)}</span> : ''}</td>
                    {ticked
                      ? <td className="num" data-stat="median" data-ratio="" data-clock-limited="1" title="a median is within a few ticks of its clock: the ratio of medians would divide by a clock tick (compare the block means, or the mean column)">clock-limited</td>
                      : <td className="num" data-stat="median" data-ratio={r.ratios.median ?? ''}>{formatRatio(r.ratios.median)}</td>}
                    <td className="num ci" data-stat="ratio-ci">{ticked ? '—' : rci ? `${formatRatio(rci.lo)} – ${formatRatio(rci.hi)}` : extras.ciPending ? '…' : '—'}</td>
                    <td className="num" data-stat="mean" data-ratio={r.ratios.mean ?? ''}>{formatRatio(r.ratios.mean)}</td>
                    <td className="num" data-stat="p95" data-ratio={r.ratios.p95 ?? ''}>{formatRatio(r.ratios.p95)}</td>
                    <td className="num" data-stat="p99" data-ratio={r.ratios.p99 ?? ''}>{formatRatio(r.ratios.p99)}</td>
                    <td colSpan={2} />
                  </tr>
                </tbody>
              );
            })}
          </table></div>
        </>
      )}
    </div>
  );
}

/** `pairExtra`: rendered under each pairing's heading, above its table (the invocation-level intervals). */
export function ComparisonTable({ rows, unit, extras, pairExtra, lazy, pairExtraPx }: {
  rows: ComparisonRow[]; unit: Unit; extras: ComparisonExtras; pairExtra?: (p: Pairing, group: ComparisonRow[]) => ReactNode;
  /** a pairing whose block is drawn only once scrolled near (NearViewport.tsx); its heading is always there */
  lazy?: (p: Pairing) => boolean;
  /** about the height (px) `pairExtra` will take, for the placeholder of a block not drawn yet */
  pairExtraPx?: (p: Pairing) => number;
}) {
  const byPair = groupBy(rows, (r) => pairingKey(r.pairing));
  if (rows.length === 0) return <p className="muted">No in-process/out-of-process pair in the selected runs.</p>;
  return (
    <>
      {[...byPair.entries()].map(([k, group]) => (
        <ComparisonBlock key={k} group={group} unit={unit} extras={extras} pairExtra={pairExtra} lazy={lazy?.(group[0].pairing) ?? false}
          extraPx={pairExtraPx?.(group[0].pairing) ?? 0} />
      ))}
      <p className="muted small">
        Medians: 95% percentile bootstrap CI within one invocation (the steps of the merged samples resampled), {extras.resamples} seeded resamples (seed 42). Ratio CI: both samples resampled
        independently. Beside each ratio, whether the two samples differ (a rank test: hover it for the test and its figures). Hover a figure for its exact value in ns.
      </p>
    </>
  );
}
