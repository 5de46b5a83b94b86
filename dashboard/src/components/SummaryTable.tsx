/** Every series' statistics after warm-up, exportable as CSV (exact ns). Props only. */
import type { TickFlag } from '../model/flags';
import { seriesKey, type SeriesStats } from '../model/stats';
import type { Unit } from '../model/units';
import { download, toCsv } from './exportCsv';
import { StatCell } from './StatCell';

const COLS = ['run', 'config', 'file', 'transport', 'id', 'count', 'median', 'mean', 'p95', 'p99', 'std', 'min', 'max'] as const;

export function SummaryTable({ stats, unit, flags, warmup }: { stats: SeriesStats[]; unit: Unit; flags: Map<string, TickFlag>; warmup: number }) {
  return (
    <div className="table-wrap" data-table="summary">
      <div className="table-toolbar">
        <span className="muted">{stats.length} series, first {warmup} samples of each dropped</span>
        <button type="button" onClick={() => download(`summary-warmup${warmup}.csv`, toCsv([...COLS], stats as unknown as Record<string, unknown>[]))}>Export CSV</button>
      </div>
      <table className="data summary-table">
        <thead><tr>{COLS.map((c) => <th key={c}>{c}</th>)}<th>flags</th></tr></thead>
        <tbody>
          {stats.map((s) => {
            const f = flags.get(seriesKey(s));
            return (
              <tr key={seriesKey(s)} data-series={seriesKey(s)}>
                <td>{s.run}</td><td>{s.config}</td><td>{s.file}</td><td>{s.transport ?? ''}</td><td>{s.id}</td>
                <td className="num" data-stat="count">{s.count}</td>
                <StatCell ns={s.median} unit={unit} stat="median" />
                <StatCell ns={s.mean} unit={unit} stat="mean" />
                <StatCell ns={s.p95} unit={unit} stat="p95" />
                <StatCell ns={s.p99} unit={unit} stat="p99" />
                <StatCell ns={s.std} unit={unit} stat="std" />
                <StatCell ns={s.min} unit={unit} stat="min" />
                <StatCell ns={s.max} unit={unit} stat="max" />
                <td>{f && <span className="flag">⚑ tick {+f.periodMs.toFixed(3)} ms</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
