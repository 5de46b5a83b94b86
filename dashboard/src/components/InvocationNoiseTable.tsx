/**
 * Machine noise per invocation (docs/measurements.md, "Invocations" and "Noise control"): the load average before
 * and after each path's invocation, the CPU time of the measured processes and of every other process meanwhile,
 * and a warning for the busy ones (others used more than 10 % of one core). Props only.
 */
import type { InvocationNoise } from '../model/invocations';

export function InvocationNoiseTable({ noise }: { noise: InvocationNoise[] }) {
  if (noise.length === 0) return <p className="muted small" data-testid="noise">No selected run records its invocations (runs published before invocations existed are one invocation each).</p>;
  const busy = noise.filter((n) => n.busy);
  const f = (v: number | null, d = 2) => (v === null ? '—' : v.toFixed(d));
  return (
    <div data-testid="noise">
      {busy.length > 0 && (
        <p className="note" role="status" data-testid="busy-warning">⚠ {busy.length} busy invocation{busy.length > 1 ? 's' : ''}: other processes used more than 10 % of
          one core while {busy.map((n) => `${n.run}/${n.config} invocation ${n.invocation} (${n.path})`).join(', ')} ran; {busy.length > 1 ? 'their' : 'its'} figures
          may be inflated. Re-run on a quieter machine, or with <code>--pin</code>.</p>
      )}
      <table className="data noise-table">
        <thead><tr><th>run</th><th>config</th><th>invocation</th><th>path</th><th>order</th><th>started</th><th>load (1 min) before → after</th><th>own CPU s</th><th>others&apos; CPU s</th><th>CPUs</th><th>busy</th></tr></thead>
        <tbody>
          {noise.map((n) => (
            <tr key={`${n.run}/${n.config}/${n.invocation}/${n.path}`} data-invocation={n.invocation} data-path={n.path} data-busy={n.busy ? '1' : '0'} className={n.busy ? 'busy' : undefined}>
              <td>{n.run}</td><td>{n.config}</td><td className="num">{n.invocation}</td><td>{n.path}</td><td>{n.order}</td>
              <td>{n.startedAt ? n.startedAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') : '—'}</td>
              <td className="num">{f(n.loadBefore)} → {f(n.loadAfter)}</td>
              <td className="num">{f(n.ownCpuSeconds)}</td><td className="num" data-stat="other-cpu">{f(n.otherCpuSeconds)}</td><td>{n.cpus}</td>
              <td>{n.busy ? <span className="flag" title="other processes used more than 10 % of one core during this invocation">⚠ busy</span> : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
