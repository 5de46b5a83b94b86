/**
 * The Programs view's data: the out/in e2e ratio of every published program × N × platform against the work the
 * engine does per step in-process (its compute median), each with its 95 % interval over invocations, as the
 * benchmarks wrote them into summary.json. Only the reference design of each path enters (tcp, json, the server's
 * default spin, the default web driver: measurement/src/canonical.mjs variantRank 0) and free pacing, so a point
 * differs from another by its program and N alone; for each program × N × platform the newest run's configuration.
 */
import { PROGRAMS, REFERENCE_PROGRAM, isReferenceProgram, programName } from '../../../measurement/src/catalogue.mjs';
import { hasPlatform, variantRank } from '../../../measurement/src/canonical.mjs';
import type { RunConfiguration, RunJson } from './runs';

/** A configuration's program spec: the reference program when it names none (runs before the program suite). */
export const programOf = (c: Pick<RunConfiguration, 'program'>): string => c.program ?? REFERENCE_PROGRAM;

export interface Estimate { estimate: number; ci95: [number, number] | null; invocations?: number }
export interface ProgramPoint {
  platform: 'desktop' | 'web'; program: string; spec: string; label: string; nodeCount: number;
  run: string; config: string; createdAt: string;
  /** the e2e ratio out/in (desktop: of medians; web: of means, the in-page side a block mean: docs/measurements.md, "Clock resolution") */
  ratio: Estimate; ratioKey: string;
  /** the in-process engine's compute per step (median of step.compute: Kotlin/Native on the desktop, Kotlin/Wasm in the page) */
  compute: Estimate;
  /** both sides' e2e, for the table */
  inE2e: Estimate | null; outE2e: Estimate | null;
}
export interface SummaryConfig { id: string; ratios?: Record<string, Estimate | undefined>; paths?: Record<string, Record<string, Estimate | undefined> | undefined> }
export interface SummaryLike { configurations?: SummaryConfig[] }

const PAIR = { desktop: ['native', 'socket'], web: ['wasm', 'websocket'] } as const;

const valid = (x: Estimate | undefined | null): x is Estimate => !!x && Number.isFinite(x.estimate) && x.estimate > 0;

/** One point per program × N × platform (the newest run's), reference design and free pacing only. */
export function programPoints(runs: readonly { run: RunJson; summary: SummaryLike }[]): ProgramPoint[] {
  const byKey = new Map<string, ProgramPoint>();
  for (const { run, summary } of runs) {
    if (run.kind !== 'desktop' && run.kind !== 'web') continue;
    for (const c of run.configurations) {
      if (c.pacing !== 'free' || variantRank(c) !== 0) continue;
      const s = summary.configurations?.find((x) => x.id === c.id);
      if (!s) continue;
      for (const platform of ['desktop', 'web'] as const) {
        if (!hasPlatform(c, platform)) continue;
        const [inPath, outPath] = PAIR[platform];
        const ratioKey = platform === 'web' && valid(s.ratios?.e2e_mean) ? 'e2e_mean' : 'e2e_median';
        const ratio = s.ratios?.[ratioKey];
        const compute = s.paths?.[inPath]?.compute_median;
        if (!valid(ratio) || !valid(compute)) continue;
        const spec = programOf(c);
        const program = programName(spec);
        const point: ProgramPoint = {
          platform, program, spec, label: PROGRAMS[program]?.label ?? program, nodeCount: c.nodeCount,
          run: run.id, config: c.id, createdAt: run.createdAt ?? '', ratio, ratioKey, compute,
          inE2e: (ratioKey === 'e2e_mean' ? s.paths?.[inPath]?.e2eBlock_mean : s.paths?.[inPath]?.e2e_median) ?? null,
          outE2e: s.paths?.[outPath]?.[ratioKey] ?? null,
        };
        const key = `${platform}|${spec}|${c.nodeCount}`;
        const old = byKey.get(key);
        if (!old || old.createdAt < point.createdAt) byKey.set(key, point);
      }
    }
  }
  return [...byKey.values()].sort((a, b) => a.platform.localeCompare(b.platform) || a.program.localeCompare(b.program) || a.nodeCount - b.nodeCount);
}

/**
 * Where the process boundary stops mattering: the smallest in-process compute per step among a platform's points
 * whose ratio's whole interval is below `limit` (e.g. 2×: out-of-process costs at most twice in-process), or null.
 */
export function breakEvenCompute(points: readonly ProgramPoint[], platform: 'desktop' | 'web', limit: number): ProgramPoint | null {
  const under = points.filter((p) => p.platform === platform && (p.ratio.ci95 ? p.ratio.ci95[1] : p.ratio.estimate) <= limit);
  return under.sort((a, b) => a.compute.estimate - b.compute.estimate)[0] ?? null;
}

/** A program the published runs measured: its spec as run.json records it (undefined: the reference) and its label. */
export interface ProgramOption { spec: string | undefined; label: string }

/**
 * The programs the listed runs measured, for the views' program selector: the reference program first (spec
 * undefined), then each other spec as run.json records it, labelled from the catalogue. Any run.json will do (the
 * Network view passes network runs, which the other views' list leaves out).
 */
export function programOptions(runs: readonly { configurations: readonly Pick<RunJson['configurations'][number], 'program'>[] }[]): ProgramOption[] {
  const specs = new Set<string>();
  for (const r of runs) for (const c of r.configurations) if (!isReferenceProgram(c.program)) specs.add(String(c.program));
  const label = (spec: string) => {
    const known = PROGRAMS[programName(spec) as keyof typeof PROGRAMS];
    return known ? `${known.label}${spec.includes(':') ? ` (${spec.slice(spec.indexOf(':') + 1)})` : ''}` : spec;
  };
  return [{ spec: undefined, label: `${PROGRAMS[REFERENCE_PROGRAM].label} (reference)` },
    ...[...specs].sort((a, b) => a.localeCompare(b)).map((spec) => ({ spec, label: label(spec) }))];
}
