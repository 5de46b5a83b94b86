/** Checkbox lists for ids, transports and N. Props only. */
export interface PickerProps {
  ids: string[]; transports: string[]; ns: number[];
  selIds: string[]; selTransports: string[] | undefined; selN: number[] | undefined;
  onChange: (patch: { ids?: string[]; transports?: string[] | undefined; n?: number[] | undefined }) => void;
}

const toggle = <T,>(cur: T[], v: T): T[] => (cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v]);

export function SeriesPicker({ ids, transports, ns, selIds, selTransports, selN, onChange }: PickerProps) {
  return (
    <div className="picker">
      <fieldset><legend>ids</legend>
        {ids.map((id) => <label key={id}><input type="checkbox" name={`id:${id}`} checked={selIds.includes(id)} onChange={() => onChange({ ids: toggle(selIds, id) })} /> {id}</label>)}
      </fieldset>
      <fieldset><legend>paths</legend>
        {transports.map((t) => {
          const cur = selTransports ?? transports;
          return <label key={t}><input type="checkbox" checked={cur.includes(t)} onChange={() => { const n = toggle(cur, t); onChange({ transports: n.length === transports.length ? undefined : n }); }} /> {t}</label>;
        })}
      </fieldset>
      {ns.length > 0 && (
        <fieldset><legend>N</legend>
          {ns.map((n) => {
            const cur = selN ?? ns;
            return <label key={n}><input type="checkbox" checked={cur.includes(n)} onChange={() => { const x = toggle(cur, n); onChange({ n: x.length === ns.length ? undefined : x }); }} /> {n}</label>;
          })}
        </fieldset>
      )}
    </div>
  );
}
