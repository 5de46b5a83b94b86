/**
 * End-to-end decomposition of one path into phases, from the medians of its series (after warm-up):
 * send, compute, back-end overhead (service − compute), transport (wait − service) or in-process boundary
 * (call − service), parse, apply, frame/tick wait (step.frame.wait), and what is left of the e2e median
 * ("unattributed": under fixed pacing without step.frame.wait this holds the tick quantization). In runs that
 * measured the OS floor (floor.os.tcp, docs/os-floor.md), an out-of-process transport splits into the OS floor (what
 * the kernel charges for the round trip) and what our stacks add above it ("transport / boundary"). Where the server
 * timed its own echo (echo.service: docs/os-floor.md, "The server's own floor"), the back-end
 * overhead splits the same way: the server's echo (its hand-off and reply write with no step) and the rest.
 * Medians are not additive, so the segments are an approximation; negative differences are clamped to 0.
 * segmentsOf turns a decomposition into segments that add up to the e2e median exactly (what the plot and its table draw).
 */
import { OVERHEAD_ID } from '../sql/analysis';
import { findSeries } from './comparison';
import type { SeriesStats } from './stats';
import { BACKEND_IDS, OS_FLOOR_OF_PATH, PATHS } from '../../../measurement/src/catalogue.mjs';

export const PHASES = ['send', 'compute', 'server echo', 'back-end overhead', 'OS floor', 'transport / boundary', 'parse', 'apply', 'frame/tick wait', 'unattributed'] as const;
export type Phase = (typeof PHASES)[number];

export interface Decomposition {
  run: string; config: string; platform: string; transport: string;
  e2eMedian: number | null;
  phases: Record<Phase, number | null>;
}

export function decompose(stats: SeriesStats[], run: string, config: string, platform: string, path: string): Decomposition | null {
  const ids = PATHS[path]?.ids;
  if (!ids) return null;
  const fe = (id: string | undefined) => (id ? findSeries(stats, run, config, path, 'frontend', id)?.median ?? null : null);
  const be = (id: string) => findSeries(stats, run, config, path, 'backend', id)?.median ?? null;
  const service = be(BACKEND_IDS.service);
  const diff = (a: number | null, b: number | null) => (a === null ? null : Math.max(0, a - (b ?? 0)));
  const transport = ids.wait ? diff(fe(ids.wait), service) : diff(fe(ids.call), service);
  const osFloorId = OS_FLOOR_OF_PATH[path];
  const os = osFloorId ? findSeries(stats, run, config, path, 'floor', osFloorId)?.median ?? null : null;
  const osPart = os === null || transport === null ? null : Math.min(os, transport);
  const overhead = be(OVERHEAD_ID);
  const echoId = PATHS[path]?.backendIds?.echoService;
  const echo = echoId ? be(echoId) : null;
  const echoPart = echo === null || overhead === null ? null : Math.min(echo, overhead);
  const phases: Record<Phase, number | null> = {
    send: fe(ids.send),
    compute: be(BACKEND_IDS.compute),
    'server echo': echoPart,
    'back-end overhead': echoPart === null ? overhead : diff(overhead, echoPart),
    'OS floor': osPart,
    'transport / boundary': osPart === null ? transport : diff(transport, osPart),
    parse: fe(ids.parse),
    apply: fe(ids.apply),
    'frame/tick wait': fe(ids.frameWait),
    unattributed: null,
  };
  const e2e = fe(ids.e2e);
  if (Object.values(phases).every((v) => v === null) && e2e === null) return null;
  const sum = PHASES.reduce((a, p) => a + (phases[p] ?? 0), 0);
  phases.unattributed = e2e === null ? null : Math.max(0, e2e - sum);
  return { run, config, platform, transport: path, e2eMedian: e2e, phases };
}

/**
 * What a bar draws: segments that add up to the e2e median it decomposes (`total`), in ns.
 *  - Σ phases ≤ e2e: each phase's median as measured, and the rest as "unattributed".
 *  - Σ phases > e2e: medians do not add (and on the socket paths the send's timer starts before the wait's ends),
 *    so each phase is scaled by e2e / Σ (`scale` < 1): the same estimator throughout, the shares are the phases'
 *    shares of their sum, and nothing is drawn beyond the e2e.
 * Without an e2e series the bar is the phases' sum (scale 1). `measuredSum`: Σ phases as measured (no unattributed).
 */
export interface Segments { total: number; values: Record<Phase, number>; measuredSum: number; scale: number }

/** A scale factor in words: two decimals, four when it rounds to 1.00 (a phase sum a hair above the e2e). */
export const scaleText = (scale: number): string => `×${scale.toFixed(scale > 0.995 ? 4 : 2)}`;

export function segmentsOf(d: Decomposition): Segments {
  const measured = PHASES.filter((p) => p !== 'unattributed');
  const measuredSum = measured.reduce((a, p) => a + (d.phases[p] ?? 0), 0);
  const total = d.e2eMedian ?? measuredSum;
  const scale = measuredSum > total && measuredSum > 0 ? total / measuredSum : 1;
  const values = Object.fromEntries(PHASES.map((p) => [p, p === 'unattributed' ? Math.max(0, total - measuredSum) : (d.phases[p] ?? 0) * scale])) as Record<Phase, number>;
  return { total, values, measuredSum, scale };
}
