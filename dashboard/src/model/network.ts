/**
 * The Network view's data (docs/network.md): the figures `npm run bench:network` wrote into a network run's run.json,
 * and the part of them one program measured. A grid cell and a break-even row name their program (`program`, a
 * docs/programs.md spec); runs from before `bench:network --programs` name none and ran the gradient, the reference
 * program. Capacity always ran the reference program.
 */
import { REFERENCE_PROGRAM } from '../../../measurement/src/catalogue.mjs';
import { runsProgram } from '../../../measurement/src/canonical.mjs';

export interface Fig { median: number | null; medianCi: [number, number] | null; p95: number | null; p95Ci: [number, number] | null }
export interface Cell {
  id: string; platform: string; transport: string; profile: string; rttMs: number; jitterMs: number; rateKBps: number | null;
  n: number; encoding: string; pacing: string; inFlight: number; program?: string;
  figures: { e2e?: Fig; wait?: Fig; period?: Fig; periodMean?: { mean: number | null; meanCi: [number, number] | null } };
}
export interface BreakPoint { rttMs: number | null; ci95: [number, number] | null }
export interface BreakEven { platform: string; transport: string; program?: string; n: number; encoding: string; pacing: string; median: Record<string, BreakPoint>; p95: Record<string, BreakPoint> }
export interface Level { m: number; p99: number | null; p99Ci: [number, number] | null; verdict: string; generatorLateP99?: number | null; generatorBound?: boolean }
/** `limitedBy` (runs from 2026-11-25): what ended the count; 'generator' makes largestM a lower bound. */
export interface Capacity { server: string; n: number; hz: number; levels: Level[]; largestM: number; largestMCi: [number, number]; limitedBy?: 'server' | 'generator' | 'levels' }
export interface NetworkRun {
  id: string; title: string; createdAt: string | null; kind: string; commit?: string | null;
  parameters: { command?: string; invocations?: number; durationMinutes?: number };
  environment: { loadAverage?: { start: number[]; end: number[] } };
  /** the cells' CSVs; a non-reference program's configurations name it (`program`: model/programs.ts programOptions) */
  configurations: { id: string; program?: string | null }[];
  network: { cells: Cell[]; breakEvens: BreakEven[]; capacity: Record<string, Capacity> | null };
}

/**
 * The cells and break-even rows of one program (`program`: the view's `program=`, undefined the reference program);
 * a cell or row without a program is the gradient's. Also the program's spec as the view names it.
 */
export function networkOfProgram(run: NetworkRun, program?: string): { program: string; cells: Cell[]; breakEvens: BreakEven[] } {
  const spec = program ?? REFERENCE_PROGRAM;
  return {
    program: spec,
    cells: run.network.cells.filter((c) => runsProgram(c, spec)),
    breakEvens: run.network.breakEvens.filter((b) => runsProgram(b, spec)),
  };
}

/**
 * A break-even RTT. A point estimate of 0 means the median e2e misses the frame already on loopback (no added RTT is
 * left to spend: docs/results/2026-11-24.md, "misses on loopback"): the page says so in words every time, so one case
 * never reads "0.0 ms" and its neighbour "misses on loopback"; when some invocations still met the frame, the
 * interval's upper end says how much RTT they had left.
 */
export const formatBreakEven = (b: BreakPoint | undefined): string => {
  if (!b || b.rttMs === null) return '–';
  if (b.rttMs === 0) return b.ci95 && b.ci95[1] > 0 ? `misses on loopback (interval up to ${b.ci95[1].toFixed(1)} ms)` : 'misses on loopback';
  return `${b.rttMs.toFixed(1)} ms${b.ci95 ? ` [${b.ci95[0].toFixed(1)}, ${b.ci95[1].toFixed(1)}]` : ''}`;
};
