/**
 * The hierarchical interval of one in-/out-of-process pairing (docs/measurements.md, "Intervals"): each path's
 * median (and p95, p99 for the overhead and the e2e) as the mean over invocations with its 95 % CI over R
 * invocations, the out/in ratios, transport / echo floor and, in runs that have them, the OS floor with transport and
 * e2e over it and each process's CPU time per step (docs/os-floor.md). A pairing of configurations without invocations says
 * it is one invocation and shows no interval. Props only.
 */
import type { ComparisonRow } from '../model/comparison';
import { figureKey, intervalOf, osFloorKey, transportEchoKey, type InvocationInterval } from '../model/invocations';
import type { Pairing } from '../model/runs';
import { formatDuration, formatRatio, type Unit } from '../model/units';
import type { IntervalStat } from '../sql/intervals';
import { ratioWithClock, withClock, type FigureLike } from '../../../measurement/src/clock.mjs';
import { IdLabel } from './IdLabel';
import { Term } from './Term';

export interface InvocationIntervalsProps {
  pairing: Pairing; rows: ComparisonRow[]; keyOf: (r: ComparisonRow) => string;
  /** invocations of the pairing's configurations (the smaller of the two) */
  invocations: number;
  intervals: Map<string, InvocationInterval> | undefined;
  unit: Unit;
  /** the configurations' clock resolution (ns): intervals widened by it, figures within a few ticks shown as bounds */
  clockNs?: number | null;
  /** CPU per step of each path's processes (docs/os-floor.md), when the run recorded it */
  cpu?: { in: Record<'frontend' | 'server', InvocationInterval | null>; out: Record<'frontend' | 'server', InvocationInterval | null> };
}

/** An interval as a clock-honest figure (measurement/src/clock.mjs), or null. */
const asFigure = (iv: InvocationInterval | undefined, clockNs: number | null | undefined): (FigureLike & { clock?: { limited: boolean } }) | null => {
  if (!iv || iv.estimate === null) return null;
  const f = { estimate: iv.estimate, ci95: iv.lo !== null && iv.hi !== null ? [iv.lo, iv.hi] : null };
  return clockNs ? withClock(f, clockNs) : f;
};
const toInterval = (iv: InvocationInterval, f: FigureLike | null): InvocationInterval => (f ? { ...iv, lo: f.ci95?.[0] ?? null, hi: f.ci95?.[1] ?? null } : iv);

const STATS_OF: Record<string, IntervalStat[]> = { overhead: ['median', 'p95', 'p99'], e2e: ['median', 'p95', 'p99'] };

function Cell({ iv, fmt, stat, what, pending, limited = false }: { iv: InvocationInterval | undefined; fmt: (v: number | null) => string; stat: string; what: string; pending: boolean; limited?: boolean }) {
  if (!iv) return <td className="num" data-stat={stat}>{pending ? '…' : '—'}</td>;
  const ci = iv.lo !== null && iv.hi !== null;
  if (limited) {
    // Within a few ticks of its clock (docs/measurements.md, "Clock resolution"): a bound, never a quantised median.
    return (
      <td className="num" data-stat={stat} data-clock-limited="1" data-estimate={iv.estimate ?? ''} data-lo={iv.lo ?? ''} data-hi={iv.hi ?? ''} data-invocations={iv.invocations}
        title={`${what}: within a few ticks of its clock, so only a bound; a ratio over it would divide by a tick`}>
        {stat.startsWith('ratio') ? 'clock-limited' : `≤ ${fmt(iv.hi)}`}
      </td>
    );
  }
  return (
    <td className="num" data-stat={stat} data-estimate={iv.estimate ?? ''} data-lo={iv.lo ?? ''} data-hi={iv.hi ?? ''} data-invocations={iv.invocations}
      title={`${what}: mean over ${iv.invocations} invocations of each invocation's ${stat}${ci ? `; 95 % CI over ${iv.invocations} invocations (two-level bootstrap: invocations, then samples within each)` : '; no interval'}`}>
      {fmt(iv.estimate)}{ci && <span className="ci"> [{fmt(iv.lo)}, {fmt(iv.hi)}]</span>}
    </td>
  );
}

export function InvocationIntervals({ pairing: p, rows, keyOf, invocations, intervals, unit, clockNs = null, cpu }: InvocationIntervalsProps) {
  if (invocations < 2) {
    return (
      <p className="muted small" data-testid="invocation-ci" data-invocations={invocations}>
        1 invocation — no invocation-level interval. This run has one process invocation per path, so nothing says how far a
        re-run would move its figures; the CI below covers only the steps within that one invocation.
      </p>
    );
  }
  const dur = (v: number | null) => formatDuration(v, unit);
  const te = intervals && intervalOf(intervals, transportEchoKey(p.run, p.outConfig), 'median');
  const pending = intervals === undefined;
  const os = (what: 'floor' | 'transport' | 'e2e') => (intervals ? intervalOf(intervals, osFloorKey(p.run, p.outConfig, what), 'median') : undefined);
  return (
    <div data-testid="invocation-ci" data-invocations={invocations} data-ready={pending ? '0' : '1'}>
      <div className="table-wrap"><table className="data invocation-table">
        <caption><IdLabel kind="run" id={p.run} />, {p.inConfig === p.outConfig ? <IdLabel kind="configuration" id={p.inConfig} /> : <><IdLabel kind="configuration" id={p.inConfig} /> vs <IdLabel kind="configuration" id={p.outConfig} /></>}: estimate and <strong>95 % CI over {invocations} invocations</strong> (mean of each invocation&apos;s statistic; two-level
          bootstrap: invocations, then samples within each; docs/measurements.md). It covers what a re-run on this machine would give.</caption>
        <thead><tr><th>metric</th><th>statistic</th><th>{p.inTransport}</th><th>{p.outTransport}</th><th>{p.outTransport}/{p.inTransport}</th></tr></thead>
        <tbody>
          {rows.flatMap((r) => (STATS_OF[r.metric.key] ?? ['median']).map((stat) => {
            const k = keyOf(r);
            const get = (part: 'in' | 'out' | 'ratio') => (intervals ? intervalOf(intervals, figureKey(k, part), stat) : undefined);
            const [inIv, outIv, ratioIv] = [get('in'), get('out'), get('ratio')];
            const [inF, outF] = [asFigure(inIv, clockNs), asFigure(outIv, clockNs)];
            const ratioF = inF && outF && ratioIv ? ratioWithClock(asFigure(ratioIv, null)!, outF, inF) : null;
            const limited = (f: typeof inF) => f?.clock?.limited === true;
            return (
              <tr key={`${r.metric.key}/${stat}`} data-metric={r.metric.key} data-row-stat={stat}>
                <td className="wrap-label">{r.metric.label}</td><td>{stat}</td>
                <Cell iv={inIv && toInterval(inIv, inF)} fmt={dur} stat={stat} what={`${p.inTransport} ${r.metric.label}`} pending={pending} limited={limited(inF)} />
                <Cell iv={outIv && toInterval(outIv, outF)} fmt={dur} stat={stat} what={`${p.outTransport} ${r.metric.label}`} pending={pending} limited={limited(outF)} />
                <Cell iv={ratioIv && toInterval(ratioIv, ratioF)} fmt={formatRatio} stat={`ratio-${stat}`} what={`${p.outTransport}/${p.inTransport} ${r.metric.label}`} pending={pending}
                  limited={limited(inF) || limited(outF)} />
              </tr>
            );
          }))}
          {(pending || te) && (
            <tr data-metric="transport-echo" data-row-stat="median">
              <td className="wrap-label">Transport / echo floor ({p.outTransport}: wait − service, over the echo round trip)</td><td>median</td><td /><td />
              <Cell iv={te} fmt={formatRatio} stat="ratio-median" what="transport / echo floor" pending={pending} />
            </tr>
          )}
          {os('floor') && (
            <>
              <tr data-metric="os-floor" data-row-stat="median">
                <td className="wrap-label"><Term name="OS floor" /> (C round trip between two processes over loopback TCP, no runtime: docs/os-floor.md)</td><td>median</td><td />
                <Cell iv={os('floor')} fmt={dur} stat="median" what="OS floor (TCP)" pending={pending} /><td />
              </tr>
              <tr data-metric="transport-os" data-row-stat="median">
                <td className="wrap-label">Transport / OS floor ({p.outTransport}: wait − service, over the OS floor)</td><td>median</td><td /><td />
                <Cell iv={os('transport')} fmt={formatRatio} stat="ratio-median" what="transport / OS floor" pending={pending} />
              </tr>
              <tr data-metric="e2e-os" data-row-stat="median">
                <td className="wrap-label">e2e / OS floor ({p.outTransport} e2e over the OS floor)</td><td>median</td><td /><td />
                <Cell iv={os('e2e')} fmt={formatRatio} stat="ratio-median" what="e2e / OS floor" pending={pending} />
              </tr>
            </>
          )}
          {cpu && (['frontend', 'server'] as const).filter((proc) => cpu.in[proc] || cpu.out[proc]).map((proc) => (
            <tr key={proc} data-metric={`cpu-${proc}`} data-row-stat="per step">
              <td className="wrap-label">CPU time per step, {proc === 'frontend' ? 'front-end process(es)' : 'server process'} (docs/os-floor.md)</td><td>per step</td>
              <Cell iv={cpu.in[proc] ?? undefined} fmt={dur} stat="cpu" what={`${p.inTransport} ${proc} CPU per step`} pending={false} />
              <Cell iv={cpu.out[proc] ?? undefined} fmt={dur} stat="cpu" what={`${p.outTransport} ${proc} CPU per step`} pending={false} />
              <td />
            </tr>
          ))}
        </tbody>
      </table></div>
    </div>
  );
}
