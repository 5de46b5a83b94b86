/** Global controls: warm-up, unit, runs, bootstrap resamples, the program the plots open on. Props only. */
import type { ProgramOption } from '../model/programs';
import type { Unit } from '../model/units';
import { IdLabel } from './IdLabel';

/** The controls a view uses (each is shown only where it changes something). */
export type ControlName = 'warmup' | 'unit' | 'boot' | 'runs' | 'program';

export interface ControlsProps {
  show: readonly ControlName[];
  warmup: number; unit: Unit; runs: { id: string; title: string }[]; selectedRuns: string[] | undefined; boot: number;
  programs?: ProgramOption[]; program?: string;
  onChange: (patch: { warmup?: number; unit?: Unit; runs?: string[] | undefined; boot?: number; program?: string | undefined; cfg?: undefined }) => void;
}

export function Controls({ show, warmup, unit, runs, selectedRuns, boot, programs = [], program, onChange }: ControlsProps) {
  const selected = (id: string) => selectedRuns === undefined || selectedRuns.includes(id);
  const toggle = (id: string) => {
    const cur = selectedRuns ?? runs.map((r) => r.id);
    const next = cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id];
    onChange({ runs: next.length === runs.length ? undefined : next });
  };
  return (
    <div className="controls">
      {show.includes('warmup') && <label>
        warm-up dropped per series{' '}
        <input type="range" min={0} max={300} value={Math.min(warmup, 300)} aria-label="warm-up slider" onChange={(e) => onChange({ warmup: Number(e.target.value) })} />
        <input type="number" min={0} max={1000} value={warmup} name="warmup" aria-label="warm-up samples" onChange={(e) => { const v = Number(e.target.value); if (Number.isInteger(v) && v >= 0 && v <= 1000) onChange({ warmup: v }); }} />
      </label>}
      {show.includes('unit') && <label>
        unit{' '}
        <select value={unit} name="unit" onChange={(e) => onChange({ unit: e.target.value as Unit })}>
          <option value="auto">auto</option><option value="ns">ns</option><option value="us">µs</option><option value="ms">ms</option>
        </select>
      </label>}
      {show.includes('program') && programs.length > 1 && <label>
        program{' '}
        {/* Another program opens the plots on its own canonical configurations (the picker's choice is dropped). */}
        <select value={program ?? ''} name="program" aria-label="program" onChange={(e) => onChange({ program: e.target.value || undefined, cfg: undefined })}>
          {programs.map((p) => <option key={p.spec ?? ''} value={p.spec ?? ''}>{p.label}</option>)}
        </select>
      </label>}
      {show.includes('boot') && <label>
        bootstrap resamples{' '}
        <select value={boot} name="boot" onChange={(e) => onChange({ boot: Number(e.target.value) })}>
          {[200, 1000, 2000, 5000].map((b) => <option key={b} value={b}>{b}</option>)}
        </select>
      </label>}
      {show.includes('runs') && <fieldset className="runs">
        <legend>runs</legend>
        {runs.map((r) => (
          <label key={r.id} data-run={r.id} title={`${r.title} (${r.id})`}><input type="checkbox" checked={selected(r.id)} onChange={() => toggle(r.id)} /> <IdLabel kind="run" id={r.id} /></label>
        ))}
      </fieldset>}
    </div>
  );
}
