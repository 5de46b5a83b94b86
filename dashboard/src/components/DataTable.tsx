/** A plain result table (SQL panel) with CSV export. Props only. */
import type { Row } from '../model/arrow';
import { download, toCsv } from './exportCsv';

export function DataTable({ columns, rows, name, limit = 500 }: { columns: string[]; rows: Row[]; name: string; limit?: number }) {
  return (
    <div className="table-wrap" data-table={name}>
      <div className="table-toolbar">
        <span className="muted">{rows.length.toLocaleString('en-US')} rows{rows.length > limit ? ` (first ${limit} shown)` : ''}</span>
        <button type="button" onClick={() => download(`${name}.csv`, toCsv(columns, rows))}>Export CSV</button>
      </div>
      <table className="data">
        <thead><tr>{columns.map((c) => <th key={c}>{c}</th>)}</tr></thead>
        <tbody>
          {rows.slice(0, limit).map((r, i) => (
            <tr key={i}>{columns.map((c) => <td key={c} className={typeof r[c] === 'number' ? 'num' : undefined}>{r[c] === null ? 'NULL' : String(r[c])}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
