/**
 * Which configurations a plot shows: the canonical ones by default (N = 10, free pacing), one more from a list, or
 * all. Props only.
 */
export interface ConfigOption { key: string; label: string }

export interface ConfigPickerProps {
  options: ConfigOption[];
  /** undefined: all */
  selected: string[] | undefined;
  isDefault: boolean;
  onChange: (cfg: string[] | undefined) => void;
}

export function ConfigPicker({ options, selected, isDefault, onChange }: ConfigPickerProps) {
  const sel = selected ?? options.map((o) => o.key);
  const rest = options.filter((o) => !sel.includes(o.key));
  return (
    <fieldset className="config-picker" data-testid="config-picker"><legend>configurations{isDefault ? ' (canonical)' : ''}</legend>
      {selected === undefined ? <span className="chip">all {options.length}</span> : sel.map((k) => (
        <span key={k} className="chip" data-config={k}>{options.find((o) => o.key === k)?.label ?? k}
          <button type="button" className="dismiss" aria-label={`remove ${k}`} onClick={() => onChange(sel.filter((x) => x !== k).length ? sel.filter((x) => x !== k) : undefined)}>×</button>
        </span>
      ))}
      {rest.length > 0 && selected !== undefined && (
        <select aria-label="add a configuration" data-testid="add-config" value="" onChange={(e) => { if (e.target.value) onChange([...sel, e.target.value]); }}>
          <option value="">+ add a configuration…</option>
          {rest.map((o) => <option key={o.key} value={o.key}>{o.label}</option>)}
        </select>
      )}
      {selected !== undefined && <button type="button" className="link" onClick={() => onChange(['all'])}>all</button>}
      {!isDefault && <button type="button" className="link" onClick={() => onChange(undefined)}>canonical</button>}
    </fieldset>
  );
}
