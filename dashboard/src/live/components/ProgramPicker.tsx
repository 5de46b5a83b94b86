// The aggregate program every device runs (docs/programs.md): a name from the catalogue, or a full spec with
// parameters typed in the field (applied on Enter or when it loses focus, as the server address). Props only.
import { useEffect, useState } from 'react';
import { PROGRAMS, programEntry } from '../engines/programs';

export interface ProgramPickerProps {
  /** The running program's spec. */
  spec: string;
  busy: boolean;
  onApply: (spec: string) => void;
}

/** A draft of the spec field: what is typed, back to `value` on Escape or when `value` changes. */
function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return [draft, setDraft] as const;
}

export function ProgramPicker({ spec, busy, onApply }: ProgramPickerProps) {
  const [draft, setDraft] = useDraft(spec);
  const entry = programEntry(spec);
  const commit = () => { const v = draft.trim(); if (v && v !== spec) onApply(v); else setDraft(spec); };
  const label = { display: 'flex', flexDirection: 'column' as const, fontSize: 12, gap: 2 };
  return (
    <>
      <label style={label}>program
        <select data-testid="program" value={entry?.name ?? ''} disabled={busy} onChange={(e) => onApply(e.target.value)}>
          {!entry && <option value="">(unknown)</option>}
          {Object.values(PROGRAMS).map((p) => <option key={p.name} value={p.name}>{p.name}: {p.label}</option>)}
        </select>
      </label>
      <label style={label}>spec (name:key=value,…)
        <input data-testid="program-spec" value={draft} spellCheck={false} style={{ width: 170 }} disabled={busy}
          title="program spec with parameters, e.g. boundedElection:bound=2 or channel:destination=9; Enter applies it"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') commit(); if (e.key === 'Escape') setDraft(spec); }}
          onBlur={commit} />
      </label>
    </>
  );
}
