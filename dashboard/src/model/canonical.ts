/**
 * The configurations every plot opens on (one visual grammar: the canonical configuration first, more on request):
 * per platform, the newest run with independent invocations (docs/measurements.md, "Invocations"), else the first in
 * manifest order, with an N = 10 free-paced configuration of that platform (its default encoding), so a plot opens on
 * 4–8 traces — native, socket, wasm and websocket. Scale plots open on the
 * first run per platform with several N under free pacing.
 */
import type { RunJson } from './runs';
import { CANONICAL_N, CANONICAL_PACING, canonicalPicks, encodingRank, hasPlatform, runsProgram } from '../../../measurement/src/canonical.mjs';

export { CANONICAL_N, CANONICAL_PACING };

export const configKey = (run: string, config: string): string => `${run}/${config}`;

/**
 * The rule itself lives in measurement/src/canonical.mjs, shared with the headline (npm run headline). `program`: a
 * program spec (the view's `program=`); undefined: the reference program.
 */
export function canonicalConfigs(runs: readonly RunJson[], program?: string): string[] {
  return canonicalPicks(runs, program ?? null).map((p) => configKey(p.run.id, p.config.id));
}

export function canonicalScaleConfigs(runs: readonly RunJson[], program?: string): string[] {
  const out: string[] = [];
  for (const p of ['desktop', 'web'] as const) {
    for (const r of runs) {
      const cs = r.configurations.filter((c) => c.pacing === CANONICAL_PACING && hasPlatform(c, p) && runsProgram(c, program ?? null));
      const byN = new Map<number, RunJson['configurations'][number]>();
      for (const c of [...cs].sort((a, b) => encodingRank(a) - encodingRank(b))) if (!byN.has(c.nodeCount)) byN.set(c.nodeCount, c);
      if (byN.size >= 2) { out.push(...[...byN.values()].map((c) => configKey(r.id, c.id))); break; }
    }
  }
  return out.length ? out : canonicalConfigs(runs, program);
}

/** The selected configurations: the URL's (`cfg=`), all (`cfg=all`), or the canonical ones when none is set. */
export function selectedConfigs(cfg: string[] | undefined, canonical: string[]): string[] | undefined {
  if (cfg === undefined) return canonical.length ? canonical : undefined;
  return cfg.includes('all') ? undefined : cfg;
}

/** What the page was opened on (the URL's view, cfg=, runs= and program=): it decides which configurations load first. */
export interface Opening { view: string; cfg?: string[]; runs?: string[]; program?: string }

/**
 * The configurations (`run/config`) the opened view shows, loaded before anything else; the rest of the published
 * data loads once the view asks for more, or after its first figures (DataProvider). Empty when the view shows no
 * published samples (History, Programs and Network read small summary files; SQL waits for a query). A view showing
 * every configuration (`cfg=all`) gets them all.
 *  - compare: the first run in manifest order (the reference study, the top of the comparison) and the canonical
 *    configurations (the headline, the decomposition);
 *  - distributions, warm-up: the selected configurations, by default the canonical ones;
 *  - scale: the selected ones, by default the canonical scale configurations, and the canonical ones (the platform plot);
 *  - profiles, live: the canonical configurations (the profiles' timers; "your run beside ours").
 */
export function openingConfigs(all: readonly RunJson[], opening: Opening): string[] {
  const runs = all.filter((r) => !opening.runs || opening.runs.includes(r.id));
  const every = () => runs.flatMap((r) => r.configurations.map((c) => configKey(r.id, c.id)));
  const chosen = (canonical: string[]) => { const s = selectedConfigs(opening.cfg, canonical); return s ?? every(); };
  switch (opening.view) {
    case 'compare':
      return [...new Set([...runs.slice(0, 1).flatMap((r) => r.configurations.map((c) => configKey(r.id, c.id))), ...canonicalConfigs(runs, opening.program)])];
    case 'distributions': case 'warmup': return chosen(canonicalConfigs(runs, opening.program));
    case 'scale': return [...new Set([...chosen(canonicalScaleConfigs(runs, opening.program)), ...canonicalConfigs(runs, opening.program)])];
    case 'profiles': case 'live': return canonicalConfigs(runs);
    default: return [];
  }
}
