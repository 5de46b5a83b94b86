/**
 * Every series' statistics after warm-up, exportable as CSV (exact ns), one collapsible group per run. A group's rows
 * are on the page once it is opened: every run's series at once made the Comparison's largest table (3 500 rows,
 * 40 % of the page's elements) and most of the render when runs arrive. `opened` says which groups start open.
 */
import { useMemo, useState } from 'react';
import type { TickFlag } from '../model/flags';
import { groupBy } from '../model/group';
import { seriesKey, type SeriesStats } from '../model/stats';
import type { Unit } from '../model/units';
import { download, toCsv } from './exportCsv';
import { StatCell } from './StatCell';
import { IdLabel } from './IdLabel';

const COLS = ['run', 'config', 'file', 'transport', 'id', 'count', 'median', 'mean', 'p95', 'p99', 'std', 'min', 'max'] as const;
/** The columns a run's table shows: its run is the group's heading, each file is named within its configuration. */
const SHOWN_COLS = ['configuration / file', 'transport', 'id', 'count', 'median', 'mean', 'p95', 'p99', 'std', 'min', 'max'] as const;
/** A file's path within its configuration's directory (`n10-free/inv-0/socket.csv` → `inv-0/socket.csv`). */
const fileInConfig = (file: string, config: string): string => (file.startsWith(`${config}/`) ? file.slice(config.length + 1) : file);

export function SummaryTable({ stats, unit, flags, warmup, opened }: {
  stats: SeriesStats[]; unit: Unit; flags: Map<string, TickFlag>; warmup: number;
  /** runs whose series are listed from the start (the others on request) */
  opened: ReadonlySet<string>;
}) {
  const byRun = useMemo(() => [...groupBy(stats, (s) => s.run)], [stats]);
  return (
    <div className="table-wrap" data-table="summary">
      <div className="table-toolbar">
        <span className="muted">{stats.length} series of {byRun.length} runs, first {warmup} samples of each dropped; a run&apos;s series are listed once it is opened</span>
        <button type="button" onClick={() => download(`summary-warmup${warmup}.csv`, toCsv([...COLS], stats as unknown as Record<string, unknown>[]))}>Export CSV</button>
      </div>
      {byRun.map(([run, rows]) => <RunSeries key={run} run={run} rows={rows} unit={unit} flags={flags} initiallyOpen={opened.has(run)} />)}
    </div>
  );
}

function RunSeries({ run, rows, unit, flags, initiallyOpen }: { run: string; rows: SeriesStats[]; unit: Unit; flags: Map<string, TickFlag>; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const flagged = rows.filter((s) => flags.has(seriesKey(s))).length;
  return (
    <details className="series-run" data-run={run} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary><IdLabel kind="run" id={run} /> <span className="muted small">— {rows.length} series{flagged ? `, ${flagged} flagged ⚑` : ''}</span></summary>
      {open && (
        <table className="data summary-table">
          <caption className="small muted"><IdLabel kind="run" id={run} />: each series after warm-up, its configuration and file first.</caption>
          <thead><tr>{SHOWN_COLS.map((c) => <th key={c}>{c}</th>)}<th>flags</th></tr></thead>
          <tbody>
            {rows.map((s) => {
              const f = flags.get(seriesKey(s));
              return (
                <tr key={seriesKey(s)} data-series={seriesKey(s)}>
                  <td className="key" title={`${s.run}/${s.file}`}><IdLabel kind="configuration" id={s.config} /><br /><span className="muted small run-id">{fileInConfig(s.file, s.config)}</span></td>
                  <td>{s.transport ?? ''}</td><td>{s.id}</td>
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
      )}
    </details>
  );
}
