/**
 * The cost model for the "Your case" view: `data/cost-model.json` (written by `npm run model`, docs/cost-model.md:
 * the model and the engine presets) and the published runs' titles from the manifest, so that the runs a prediction
 * rests on can be named in words. One request each per page; no DuckDB.
 */
import { useEffect, useState } from 'react';
import type { CostModel } from '../../../measurement/src/costModel.mjs';
import type { Preset } from '../model/yourCase';
import { dataUrl, fetchOk, loadManifest } from './dataFiles';

export interface LoadedCostModel {
  model: CostModel;
  /** The engine presets the file lists (`presets`, beside the model); empty when it lists none. */
  presets: Preset[];
  /** Published run id → its title (the manifest's); empty when the manifest could not be read. */
  runTitles: ReadonlyMap<string, string>;
}

/** Checks the parts of a CostModel the page reads, so that a malformed file fails with a message, not a blank view. */
export function checkCostModel(json: unknown): CostModel {
  const m = json as Partial<CostModel> | null;
  if (!m || typeof m !== 'object') throw new Error('cost-model.json is not a JSON object');
  if (m.schemaVersion !== 1) throw new Error(`cost-model.json: schemaVersion ${String(m.schemaVersion)}, this page reads 1`);
  if (!Array.isArray(m.platforms) || m.platforms.length === 0) throw new Error('cost-model.json lists no platform');
  for (const p of m.platforms) {
    if (!p || !Array.isArray(p.families) || p.families.length === 0) throw new Error(`cost-model.json: platform ${String(p?.platform)} lists no out-of-process family`);
  }
  if (!Array.isArray(m.coverage)) throw new Error('cost-model.json has no held-out coverage');
  return m as CostModel;
}

/** The presets of cost-model.json that have what the view reads (an id, a label and a cost); others are left out. */
export function presetsOf(json: unknown): Preset[] {
  const list = (json as { presets?: unknown } | null)?.presets;
  return Array.isArray(list)
    ? list.filter((p): p is Preset => !!p && typeof p.id === 'string' && typeof p.label === 'string' && Number.isFinite(p.perDeviceNs) && p.perDeviceNs > 0)
    : [];
}

let loading: Promise<LoadedCostModel> | null = null;

/** Fetches the model once per page (a failed fetch is tried again on the next call). */
export function loadCostModel(): Promise<LoadedCostModel> {
  loading ??= (async () => {
    const [[model, presets], runTitles] = await Promise.all([
      fetchOk(dataUrl('cost-model.json')).then((r) => r.json()).then((json: unknown) => [checkCostModel(json), presetsOf(json)] as const),
      // The titles only label the runs; the view works without them.
      loadManifest()
        .then((m) => new Map(m.runs.map((e) => [e.id, e.title ?? e.id])), () => new Map<string, string>()),
    ]);
    return { model, presets, runTitles };
  })();
  loading.catch(() => { loading = null; });
  return loading;
}

export type CostModelState = { status: 'loading' } | { status: 'ready'; loaded: LoadedCostModel } | { status: 'error'; error: string };

/** The cost model as a hook: loading, then ready or an error in words. */
export function useCostModel(): CostModelState {
  const [state, setState] = useState<CostModelState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadCostModel().then((loaded) => { if (live) setState({ status: 'ready', loaded }); },
      (e: unknown) => { if (live) setState({ status: 'error', error: e instanceof Error ? e.message : String(e) }); });
    return () => { live = false; };
  }, []);
  return state;
}
