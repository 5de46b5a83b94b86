/**
 * The configurations every plot opens on (one visual grammar: the canonical configuration first, more on request):
 * per platform, the newest run with independent invocations (docs/measurements.md, "Invocations"), else the first in
 * manifest order, with an N = 10 free-paced configuration of that platform (its default encoding), so a plot opens on
 * 4–8 traces — native, socket, wasm and websocket. Scale plots open on the
 * first run per platform with several N under free pacing.
 */
import type { RunJson } from './runs';
import { CANONICAL_N, CANONICAL_PACING, canonicalPicks, encodingRank, hasPlatform, runsReferenceProgram } from '../../../measurement/src/canonical.mjs';

export { CANONICAL_N, CANONICAL_PACING };

export const configKey = (run: string, config: string): string => `${run}/${config}`;

/** The rule itself lives in measurement/src/canonical.mjs, shared with the headline (npm run headline). */
export function canonicalConfigs(runs: readonly RunJson[]): string[] {
  return canonicalPicks(runs).map((p) => configKey(p.run.id, p.config.id));
}

export function canonicalScaleConfigs(runs: readonly RunJson[]): string[] {
  const out: string[] = [];
  for (const p of ['desktop', 'web'] as const) {
    for (const r of runs) {
      const cs = r.configurations.filter((c) => c.pacing === CANONICAL_PACING && hasPlatform(c, p) && runsReferenceProgram(c));
      const byN = new Map<number, RunJson['configurations'][number]>();
      for (const c of [...cs].sort((a, b) => encodingRank(a) - encodingRank(b))) if (!byN.has(c.nodeCount)) byN.set(c.nodeCount, c);
      if (byN.size >= 2) { out.push(...[...byN.values()].map((c) => configKey(r.id, c.id))); break; }
    }
  }
  return out.length ? out : canonicalConfigs(runs);
}

/** The selected configurations: the URL's (`cfg=`), all (`cfg=all`), or the canonical ones when none is set. */
export function selectedConfigs(cfg: string[] | undefined, canonical: string[]): string[] | undefined {
  if (cfg === undefined) return canonical.length ? canonical : undefined;
  return cfg.includes('all') ? undefined : cfg;
}

/**
 * The runs the first view shows, loaded before the others: the first in manifest order (the reference study, the
 * top of the comparison) and the runs of the canonical configurations (the headline), in that order.
 */
export function firstViewRuns(runs: readonly RunJson[]): string[] {
  return [...new Set([...runs.slice(0, 1).map((r) => r.id), ...canonicalPicks(runs).map((x) => x.run.id)])];
}
