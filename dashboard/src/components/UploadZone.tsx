/** File picker for CSVs, plus the list of upload outcomes (errors named). Drag-and-drop is handled by App. */
import type { UploadResult } from '../data/ingest';

export function UploadZone({ onFiles, results, busy }: { onFiles: (files: File[]) => void; results: UploadResult[]; busy: boolean }) {
  return (
    <div className="upload">
      <label className="button">
        Add CSV…
        <input type="file" accept=".csv,text/csv" multiple hidden data-testid="upload-input"
          onChange={(e) => { const fs = [...(e.target.files ?? [])]; e.target.value = ''; if (fs.length) onFiles(fs); }} />
      </label>
      <span className="muted small">or drop files anywhere (columns t_ns,id,duration_ns)</span>
      {busy && <span className="muted" data-testid="upload-busy"> loading…</span>}
      <ul className="upload-results">
        {results.slice(-5).map((r, i) => (
          <li key={i} className={r.ok ? 'ok' : 'error'} data-testid={r.ok ? 'upload-ok' : 'upload-error'} role={r.ok ? undefined : 'alert'}>
            {r.ok ? `${r.file}: ${r.rows.toLocaleString('en-US')} rows loaded as ${r.side} (${r.platform}) in run "${r.run}"` : r.error}
          </li>
        ))}
      </ul>
    </div>
  );
}
