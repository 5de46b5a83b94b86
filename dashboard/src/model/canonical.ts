/**
 * The configurations every plot opens on (one visual grammar: the canonical configuration first, more on request):
 * per platform, the newest run with independent invocations (docs/measurements.md, "Invocations"), else the first in
 * manifest order, with an N = 10 free-paced configuration of that platform (its default encoding), so a plot opens on
 * 4–8 traces — native, socket, wasm and websocket. Scale plots open on the
 * first run per platform with several N under free pacing.
 */
import type { Platform, RunConfiguration, RunJson } from './runs';

export const CANONICAL_N = 10;
export const CANONICAL_PACING = 'free';

export const configKey = (run: string, config: string): string => `${run}/${config}`;

const hasPlatform = (c: RunConfiguration, p: Platform) => c.files.some((f) => f.platform === p && f.side !== 'floor');
/** Among equivalent configurations, the default encoding (json, the reference protocol) before variants. */
const encodingRank = (c: RunConfiguration) => (c.encoding === 'json' || c.encoding === 'binary' && !c.id.includes('binary') ? 0 : 1);

/** Runs with invocations first, newest first among them; the others in manifest order. */
const byPreference = (runs: readonly RunJson[]): RunJson[] => {
  const repeated = (r: RunJson) => r.configurations.some((c) => (c.invocations?.length ?? 0) > 1);
  return [...runs.filter(repeated).sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? ''))), ...runs.filter((r) => !repeated(r))];
};

/** The canonical configuration of each platform, as run and configuration ids. */
function canonicalPicks(runs: readonly RunJson[]): { run: string; config: string }[] {
  const out: { run: string; config: string }[] = [];
  for (const p of ['desktop', 'web'] as const) {
    for (const r of byPreference(runs)) {
      const cs = r.configurations.filter((c) => c.nodeCount === CANONICAL_N && c.pacing === CANONICAL_PACING && hasPlatform(c, p))
        .sort((a, b) => encodingRank(a) - encodingRank(b));
      if (cs.length) { out.push({ run: r.id, config: cs[0].id }); break; }
    }
  }
  return out;
}

export const canonicalConfigs = (runs: readonly RunJson[]): string[] => canonicalPicks(runs).map((x) => configKey(x.run, x.config));

export function canonicalScaleConfigs(runs: readonly RunJson[]): string[] {
  const out: string[] = [];
  for (const p of ['desktop', 'web'] as const) {
    for (const r of runs) {
      const cs = r.configurations.filter((c) => c.pacing === CANONICAL_PACING && hasPlatform(c, p));
      const byN = new Map<number, RunConfiguration>();
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
  return [...new Set([...runs.slice(0, 1).map((r) => r.id), ...canonicalPicks(runs).map((x) => x.run)])];
}
