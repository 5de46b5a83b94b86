/** The configurations a plot page shows (URL `cfg=`; canonical by default) and the picker's options. */
import { useMemo } from 'react';
import type { ConfigPickerProps } from '../components/ConfigPicker';
import { useData } from '../data/DataProvider';
import { canonicalConfigs, canonicalScaleConfigs, configKey, selectedConfigs } from '../model/canonical';
import type { ViewState } from '../state/viewState';

export function useConfigSelection(state: ViewState, set: (p: Partial<ViewState>) => void, kind: 'default' | 'scale' = 'default') {
  const data = useData();
  return useMemo(() => {
    // Every listed run, loaded or not: the canonical pick does not move as runs arrive, and the picker offers all.
    const runs = data.listed.filter((r) => !state.runs || state.runs.includes(r.id));
    const canonical = kind === 'scale' ? canonicalScaleConfigs(runs, state.program) : canonicalConfigs(runs, state.program);
    const configs = selectedConfigs(state.cfg, canonical);
    const options = runs.flatMap((r) => r.configurations.map((c) => ({
      key: configKey(r.id, c.id), label: `${r.id}/${c.id} (N ${c.nodeCount || '?'}, ${c.pacing})`,
    })));
    const picker: ConfigPickerProps = { options, selected: configs, isDefault: state.cfg === undefined, onChange: (cfg) => set({ cfg }) };
    return { configs, picker };
  }, [data.listed, state.runs, state.cfg, state.program, kind, set]);
}

/** A short label of a timing id for legends: the paired overhead and e2e by name, else the id. */
export const shortId = (id: string): string => (id === 'backend.overhead' ? 'overhead' : id.endsWith('.e2e') ? 'e2e' : id.endsWith('.e2e.block') ? 'e2e block' : id.replace(/^step\./, ''));

/**
 * Legend names and dash variants of series keyed by path and config: `path · what`, and the configuration when a
 * path appears in several.
 */
export function seriesNamer(series: { path: string | null; run: string; config: string }[]) {
  const cfgsOfPath = new Map<string, string[]>();
  for (const s of series) {
    const p = s.path ?? '?';
    const list = cfgsOfPath.get(p) ?? [];
    const k = `${s.run}/${s.config}`;
    if (!list.includes(k)) list.push(k);
    cfgsOfPath.set(p, list);
  }
  return (s: { path: string | null; run: string; config: string }, what: string) => {
    const list = cfgsOfPath.get(s.path ?? '?') ?? [];
    const k = `${s.run}/${s.config}`;
    return { name: `${s.path ?? '?'} · ${what}${list.length > 1 ? ` · ${k}` : ''}`, variant: Math.max(0, list.indexOf(k)) };
  };
}
