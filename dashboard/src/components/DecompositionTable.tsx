/**
 * The decomposition's figures as a table beside its plot: per bar (run, configuration, path) the e2e median and every
 * segment's duration with its share, the segments adding up to the e2e (model/decomposition.ts segmentsOf). The plot
 * labels only the segments wide enough for a label; here every one is readable. Props only.
 */
import { PHASES, scaleText, segmentsOf, type Decomposition } from '../model/decomposition';
import { formatDuration, type Unit } from '../model/units';
import { PHASE_COLOURS } from '../plots/figures';

const pct = (x: number) => `${x > 0 && x < 1 ? x.toFixed(1) : x.toFixed(0)} %`;

export function DecompositionTable({ decompositions, unit }: { decompositions: Decomposition[]; unit: Unit }) {
  const rows = decompositions.map((d) => ({ d, s: segmentsOf(d) }));
  // Only the phases some bar has: a column of dashes says nothing.
  const phases = PHASES.filter((p) => rows.some((r) => r.s.values[p] > 0));
  if (rows.length === 0) return null;
  return (
    <div className="table-wrap">
      <table className="data decomposition-table" data-testid="decomposition-table">
        <caption className="small muted">Each segment&apos;s duration and its share of the e2e median; a row&apos;s segments add up to its e2e.</caption>
        <thead>
          <tr>
            <th>run / configuration · path</th><th>e2e median</th>
            {phases.map((p) => <th key={p}><span className="swatch" style={{ background: PHASE_COLOURS[p] }} />{p}</th>)}
            <th>note</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ d, s }) => (
            <tr key={`${d.run}/${d.config}/${d.transport}`} data-run={d.run} data-config={d.config} data-path={d.transport} data-total-ns={s.total}>
              <td className="key"><span className="run-id">{d.run}/{d.config}</span> <strong>{d.transport}</strong></td>
              <td className="num" data-stat="e2e" data-ns={s.total}>{formatDuration(s.total, unit)}</td>
              {phases.map((p) => (
                <td key={p} className="num" data-phase={p} data-ns={s.values[p]} data-share={s.total > 0 ? (100 * s.values[p]) / s.total : 0}>
                  {s.values[p] > 0 ? <>{formatDuration(s.values[p], unit)}<br /><span className="muted small">{pct(s.total > 0 ? (100 * s.values[p]) / s.total : 0)}</span></> : '—'}
                </td>
              ))}
              <td className="small wrap-note">{s.scale < 1
                ? `phase medians add up to ${((100 * s.measuredSum) / s.total).toFixed(s.scale > 0.995 ? 2 : 0)} % of the e2e median: scaled ${scaleText(s.scale)}`
                : d.e2eMedian === null ? 'no e2e series: the bar is the phases\u2019 sum' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
