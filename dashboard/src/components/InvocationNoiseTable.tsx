/**
 * Machine noise per invocation (docs/measurements.md, "Invocations" and "Noise control"): the load average before
 * and after each path's invocation, the CPU time of the measured processes and of every other process meanwhile
 * (on the measured cores where the run records them), and one short banner when the busy rule flags any of them
 * (busyRule.mjs: others above a quarter of the measured cores and at least ten /proc ticks). Props only.
 */
import { groupBy } from '../model/group';
import type { InvocationNoise } from '../model/invocations';
import type { Drift } from '../../../measurement/src/drift.mjs';
import { BUSY_MIN_SECONDS, BUSY_SHARE } from '../../../measurement/src/busyRule.mjs';
import { LazyTbody } from './NearViewport';

const RULE = `other processes used more than ${100 * BUSY_SHARE} % of the measured cores and at least ${BUSY_MIN_SECONDS} s of CPU there`;

/** A little under a drawn row's height (px), for the placeholder of a run's rows not drawn yet (as for the Comparison's blocks). */
const ROW_PX = 22;

export function InvocationNoiseTable({ noise, drifted = [], lazy }: {
  noise: InvocationNoise[]; drifted?: { run: string; config: string; drift: Drift }[];
  /** a run whose rows are drawn only once scrolled near (NearViewport.tsx) */
  lazy?: (run: string) => boolean;
}) {
  if (noise.length === 0) return <p className="muted small" data-testid="noise">No selected run records its invocations (runs published before invocations existed are one invocation each).</p>;
  const busy = noise.filter((n) => n.busy);
  const f = (v: number | null, d = 2) => (v === null ? '—' : v.toFixed(d));
  return (
    <div data-testid="noise">
      {busy.length > 0 && (
        <p className="note" role="status" data-testid="busy-warning" title={RULE}>⚠ {busy.length} of {noise.length} path invocations ran on a busy
          machine (marked below); their figures may be inflated.</p>
      )}
      {drifted.length > 0 && (
        <p className="note" role="status" data-testid="drift-warning" title="the calibration workload (CPU kernel, loopback round trip) timed before each invocation moved by more than 25 % over the run: its intervals may be narrower than a rerun's spread">
          ⚠ The machine drifted during {drifted.map((d) => `${d.run}/${d.config} (CPU kernel ${Math.round(100 * (d.drift.cpuKernel.spread ?? 0))} %, loopback ${Math.round(100 * (d.drift.loopbackRtt.spread ?? 0))} %)`).join(', ')}.</p>
      )}
      <div className="table-wrap"><table className="data noise-table">
        <thead><tr><th>run</th><th>config</th><th>invocation</th><th>path</th><th>order</th><th>started</th><th>load (1 min) before → after</th><th>own CPU s</th><th>others&apos; CPU s</th><th>others&apos; share</th><th>CPUs</th><th>busy</th></tr></thead>
        {[...groupBy(noise, (n) => n.run)].map(([run, rows]) => (
          <LazyTbody key={run} data-run={run} lazy={lazy?.(run) ?? false} heightPx={ROW_PX * rows.length} colSpan={12}
            placeholder={`${run}: ${rows.length} path invocations${rows.some((n) => n.busy) ? ' (⚠ busy among them)' : ''}, drawn as they scroll into view`}>
            {() => rows.map((n) => (
              <tr key={`${n.config}/${n.invocation}/${n.path}`} data-invocation={n.invocation} data-path={n.path} data-busy={n.busy ? '1' : '0'} className={n.busy ? 'busy' : undefined}>
                <td className="key"><span className="run-id">{n.run}</span></td><td className="wrap-note"><span className="run-id">{n.config}</span></td><td className="num">{n.invocation}</td><td>{n.path}</td><td>{n.order}</td>
                <td className="wrap-note">{n.startedAt ? n.startedAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') : '—'}</td>
                <td className="num">{f(n.loadBefore)} → {f(n.loadAfter)}</td>
                <td className="num">{f(n.ownCpuSeconds)}</td><td className="num" data-stat="other-cpu">{f(n.otherCpuSeconds)}</td>
                <td className="num">{n.otherShare === null ? '—' : `${(100 * n.otherShare).toFixed(0)} %`}</td><td>{n.cpus}</td>
                <td>{n.busy ? <span className="flag" title={RULE}>⚠ busy</span> : 'no'}</td>
              </tr>
            ))}
          </LazyTbody>
        ))}
      </table></div>
    </div>
  );
}
