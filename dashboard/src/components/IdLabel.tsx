/**
 * A configuration or run shown by its label in words (model/labels.ts), its raw id one click away: the small "id"
 * button beside the label shows it in place (to read or copy; a second click hides it), and the label's tooltip
 * names it too. The button's word is drawn by CSS, so the text of a heading or cell around it reads as the label.
 */
import { useState } from 'react';
import { configurationLabel, runLabel } from '../model/labels';

export function IdLabel({ id, kind }: { id: string; kind: 'configuration' | 'run' }) {
  const [raw, setRaw] = useState(false);
  const label = kind === 'run' ? runLabel(id) : configurationLabel(id);
  return (
    <span className="id-label" data-raw-id={id} data-kind={kind}>
      <span className="id-words" title={`${kind} id: ${id}`}>{label}</span>
      {label !== id && (
        // preventDefault: inside a <summary> or a <label> the click shows the id, not the section or the checkbox.
        <button type="button" className="id-toggle" aria-expanded={raw} aria-label={`${raw ? 'hide' : 'show'} the ${kind} id ${id}`}
          onClick={(e) => { e.preventDefault(); e.stopPropagation(); setRaw((x) => !x); }} />
      )}
      {raw && <code className="id-raw">{id}</code>}
    </span>
  );
}
