/**
 * In-process across platforms: the web front-end's end-to-end step with the engine as Wasm in the page vs the
 * desktop front-end's with the engine native via FFI, both free-paced at the same N. The page clock ticks every
 * 5 µs, so the web side's best statistic is `step.web.e2e.block` (mean over K back-to-back steps); the desktop
 * side is brought to the same statistic by averaging its per-step samples in blocks of the same K (SQL:
 * `blockMeansSql`), and the block-vs-block ratio compares like with like.
 */
import type { RunConfiguration, RunJson } from './runs';
import type { SeriesStats } from './stats';
import { findSeries } from './comparison';
import type { Row } from './arrow';
import type { BlockTarget } from '../sql/analysis';
import { programOf } from './programs';

export type { BlockTarget };

export const WEB_E2E = 'step.web.e2e';
export const WEB_E2E_BLOCK = 'step.web.e2e.block';
export const DESKTOP_E2E = 'step.unity.e2e';

/** One web Wasm configuration facing one desktop native configuration of the same N and program, both free-paced. */
export interface CrossPlatformPair {
  n: number;
  /** the program both ran (its spec, parameters included; the reference program when a configuration names none) */
  program: string;
  webRun: string; webConfig: string;
  desktopRun: string; desktopConfig: string;
  /** `step.web.e2e` (wasm, front-end) */
  webE2e: SeriesStats | null;
  /** `step.web.e2e.block` (wasm, front-end); null when the run has none or declares no `e2eBlockSteps` */
  webBlock: SeriesStats | null;
  /** K of the web block series (`e2eBlockSteps`), null without a usable block series */
  blockSteps: number | null;
  /** `step.unity.e2e` (native, front-end) */
  desktopE2e: SeriesStats;
  /** set when the runs' `environment.cpuModel` or `cores` differ */
  machineNote: string | null;
  /** set when scenario, seed or maximum distance differ (the same N can still mean another graph) */
  scenarioNote: string | null;
}


/** Median over complete K-step blocks of a series' block means (after warm-up). */
export interface BlockMedian extends BlockTarget { blocks: number; median: number }

/** A pair with its desktop block statistic and the web/desktop ratios. */
export interface CrossPlatformRow extends CrossPlatformPair {
  /** desktop median of K-step block means (K = blockSteps); null without a web block series or without data */
  desktopBlock: BlockMedian | null;
  /** web block median / desktop block median (same statistic on both sides) */
  blockRatio: number | null;
  /** web per-step median / desktop per-step median */
  stepRatio: number | null;
}

const frontEnd = (stats: SeriesStats[], run: string, config: string, transport: string, id: string) =>
  findSeries(stats, run, config, transport, 'frontend', id);

const machine = (r: RunJson): string => {
  const cpu = r.environment.cpuModel; const cores = r.environment.cores;
  return `${typeof cpu === 'string' ? cpu : 'unknown CPU'}, ${typeof cores === 'number' ? `${cores} cores` : 'unknown cores'}`;
};

export function machineNote(web: RunJson, desktop: RunJson): string | null {
  const same = (web.environment.cpuModel ?? null) === (desktop.environment.cpuModel ?? null)
    && (web.environment.cores ?? null) === (desktop.environment.cores ?? null);
  return same ? null : `different machines: web ${machine(web)}; desktop ${machine(desktop)}`;
}

function scenarioNote(w: RunConfiguration, d: RunConfiguration): string | null {
  const label = (c: RunConfiguration) => `${c.scenario}${c.seed === null || c.seed === undefined ? '' : ` seed ${c.seed}`}, max distance ${c.maxDistance}`;
  const same = w.scenario === d.scenario && (w.seed ?? null) === (d.seed ?? null) && w.maxDistance === d.maxDistance;
  return same ? null : `different scenarios: web ${label(w)}; desktop ${label(d)}`;
}

/**
 * Every web (kind `web`) configuration under free pacing with a Wasm front-end e2e series, paired with every
 * desktop (kind `desktop`) configuration of the same N and the same program (spec and parameters) under free pacing
 * with a native `step.unity.e2e`: two programs' steps are not a comparison of platforms. `runs` are the selected
 * runs; `stats` their series after warm-up.
 */
export function crossPlatformPairs(runs: RunJson[], stats: SeriesStats[]): CrossPlatformPair[] {
  const out: CrossPlatformPair[] = [];
  const desktops = runs.filter((r) => r.kind === 'desktop').flatMap((r) => r.configurations
    .filter((c) => c.pacing === 'free')
    .map((c) => ({ r, c, e2e: frontEnd(stats, r.id, c.id, 'native', DESKTOP_E2E) }))
    .filter((d): d is { r: RunJson; c: RunConfiguration; e2e: SeriesStats } => d.e2e !== null));
  for (const wr of runs.filter((r) => r.kind === 'web')) {
    for (const wc of wr.configurations.filter((c) => c.pacing === 'free')) {
      const webE2e = frontEnd(stats, wr.id, wc.id, 'wasm', WEB_E2E);
      const block = frontEnd(stats, wr.id, wc.id, 'wasm', WEB_E2E_BLOCK);
      if (!webE2e && !block) continue;
      const k = block && Number.isInteger(wc.e2eBlockSteps) && wc.e2eBlockSteps! >= 1 ? wc.e2eBlockSteps! : null;
      for (const d of desktops.filter((x) => x.c.nodeCount === wc.nodeCount && programOf(x.c) === programOf(wc))) {
        out.push({
          n: wc.nodeCount, program: programOf(wc), webRun: wr.id, webConfig: wc.id, desktopRun: d.r.id, desktopConfig: d.c.id,
          webE2e, webBlock: k === null ? null : block, blockSteps: k, desktopE2e: d.e2e,
          machineNote: machineNote(wr, d.r), scenarioNote: scenarioNote(wc, d.c),
        });
      }
    }
  }
  return out.sort((a, b) => a.n - b.n || a.webRun.localeCompare(b.webRun) || a.webConfig.localeCompare(b.webConfig)
    || a.desktopRun.localeCompare(b.desktopRun) || a.desktopConfig.localeCompare(b.desktopConfig));
}

/** The desktop series to average in blocks: one per pair with a web block series, without duplicates. */
export function blockTargets(pairs: CrossPlatformPair[]): BlockTarget[] {
  const seen = new Map<string, BlockTarget>();
  for (const p of pairs) {
    if (p.blockSteps === null) continue;
    const t = { run: p.desktopE2e.run, config: p.desktopE2e.config, file: p.desktopE2e.file, id: p.desktopE2e.id, blockSteps: p.blockSteps };
    seen.set(targetKey(t), t);
  }
  return [...seen.values()];
}

export const targetKey = (t: BlockTarget): string => `${t.run}/${t.config}/${t.file}/${t.id}/${t.blockSteps}`;

export const toBlockMedians = (rows: Row[]): BlockMedian[] => rows.map((r) => ({
  run: String(r.run), config: String(r.config), file: String(r.file), id: String(r.id),
  blockSteps: Number(r.block_steps), blocks: Number(r.blocks), median: Number(r.median),
}));

const ratio = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a === null || a === undefined || b === null || b === undefined || b === 0 ? null : a / b;

/** Joins each pair with its desktop block median and computes both ratios (web / desktop). */
export function crossPlatformRows(pairs: CrossPlatformPair[], blocks: BlockMedian[]): CrossPlatformRow[] {
  const byKey = new Map(blocks.map((b) => [targetKey(b), b]));
  return pairs.map((p) => {
    const desktopBlock = p.blockSteps === null ? null : byKey.get(targetKey({ ...p.desktopE2e, blockSteps: p.blockSteps })) ?? null;
    return {
      ...p, desktopBlock,
      blockRatio: ratio(p.webBlock?.median, desktopBlock?.median),
      stepRatio: ratio(p.webE2e?.median, p.desktopE2e.median),
    };
  });
}
