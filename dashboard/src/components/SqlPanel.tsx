/** SQL over the loaded tables. Props only: the page runs the query. */
import { useState } from 'react';
import type { Row } from '../model/arrow';
import { DataTable } from './DataTable';

export function SqlPanel({ sql, note = null, onRun, columns, rows, error, ms, loading }: {
  sql: string; note?: string | null; onRun: (sql: string) => void; columns: string[]; rows: Row[] | null; error: string | null; ms: number | null; loading: boolean;
}) {
  const [text, setText] = useState(sql);
  return (
    <div className="sql-panel">
      <p className="muted small">Tables: <code>samples(run, config, file, side, platform, transport, seq, k, t_ns, id, duration_ns)</code>,{' '}
        <code>files</code>, <code>configs</code>, <code>runs</code>. Ctrl+Enter runs.</p>
      <textarea value={text} rows={8} spellCheck={false} aria-label="SQL"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onRun(text); }} />
      <div><button type="button" onClick={() => onRun(text)}>Run</button> {loading && <span className="muted">running…</span>} {ms !== null && <span className="muted">{ms.toFixed(1)} ms</span>}</div>
      {note && <p className="muted" role="status" data-testid="sql-note">{note}</p>}
      {error && <pre className="error" role="alert">{error}</pre>}
      {rows && <DataTable columns={columns} rows={rows} name="query" />}
    </div>
  );
}
