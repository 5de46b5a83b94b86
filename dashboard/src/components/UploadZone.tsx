/**
 * File picker for CSVs, what the files are (N and pacing, when their names do not say), and the list of upload
 * outcomes: each says which configuration and path a file joined, or what is wrong; each can be dismissed.
 * Drag-and-drop is handled by App. Props only.
 */
import { useState } from 'react';
import type { UploadMessage } from '../data/DataProvider';
import type { UploadDeclaration, UploadPacing } from '../data/ingest';

const describe = (r: Extract<UploadMessage, { ok: true }>): string =>
  `${r.file}: ${r.rows.toLocaleString('en-US')} rows (${r.sides.join(' + ')}, ${r.platform}) → configuration ${r.config}`
  + (r.transport ? `, path ${r.transport}` : ', path unknown: name it after its path (native, socket, wasm, websocket) to compare it');

export interface UploadZoneProps {
  onFiles: (files: File[], declared: UploadDeclaration) => void;
  results: UploadMessage[];
  busy: boolean;
  onDismiss: (key: number) => void;
  /** Drag-and-drop uses the same declaration: the page keeps it. */
  declared: UploadDeclaration;
  onDeclare: (d: UploadDeclaration) => void;
}

export function UploadZone({ onFiles, results, busy, onDismiss, declared, onDeclare }: UploadZoneProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="upload">
      <label className="button">
        Add CSV…
        <input type="file" accept=".csv,text/csv" multiple hidden data-testid="upload-input"
          onChange={(e) => { const fs = [...(e.target.files ?? [])]; e.target.value = ''; if (fs.length) onFiles(fs, declared); }} />
      </label>
      <span className="muted small">or drop files anywhere (columns t_ns,id,duration_ns).{' '}
        <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          as N = {declared.n ?? 'from names'}, {declared.pacing ?? 'pacing from names'}
        </button>
      </span>
      {open && (
        <span className="declare small">
          <label>N <input type="number" min={1} max={100000} name="upload-n" data-testid="upload-n" placeholder="from names" style={{ width: 90 }}
            value={declared.n ?? ''} onChange={(e) => { const n = Math.round(Number(e.target.value)); onDeclare({ ...declared, n: e.target.value === '' || !(n > 0) ? null : n }); }} /></label>{' '}
          <label>pacing <select name="upload-pacing" data-testid="upload-pacing" value={declared.pacing ?? ''}
            onChange={(e) => onDeclare({ ...declared, pacing: (e.target.value || null) as UploadPacing | null })}>
            <option value="">from names (else free)</option><option value="free">free</option><option value="fixed">fixed</option><option value="frame">frame</option>
          </select></label>
        </span>
      )}
      {busy && <span className="muted" data-testid="upload-busy"> loading…</span>}
      {results.length > 0 && (
        <ul className="upload-results">
          {/* Errors and warnings first: a problem is never hidden below a list of files that went in. */}
          {[...results].sort((a, b) => Number(a.ok) - Number(b.ok)).map((r) => (
            <li key={r.key} className={r.ok ? 'ok' : r.duplicate ? 'warn' : 'error'} data-testid={r.ok ? 'upload-ok' : r.duplicate ? 'upload-duplicate' : 'upload-error'}
              role={r.ok ? undefined : 'alert'}>
              <span>{r.ok ? describe(r) : r.error}</span>
              <button type="button" className="dismiss" aria-label={`dismiss: ${r.file}`} data-testid="dismiss" onClick={() => onDismiss(r.key)}>×</button>
            </li>
          ))}
          {results.length > 1 && <li className="clear"><button type="button" className="link" onClick={() => results.forEach((r) => onDismiss(r.key))}>dismiss all</button></li>}
        </ul>
      )}
    </div>
  );
}
