/**
 * End-to-end decomposition of one path into phases, from the medians of its series (after warm-up):
 * send, compute, back-end overhead (service − compute), transport (wait − service) or in-process boundary
 * (call − service), parse, apply, frame/tick wait (step.frame.wait), and what is left of the e2e median
 * ("unattributed": under fixed pacing without step.frame.wait this holds the tick quantization).
 * Medians are not additive, so the segments are an approximation; negative differences are clamped to 0.
 */
import { OVERHEAD_ID } from '../sql/analysis';
import { findSeries } from './comparison';
import type { SeriesStats } from './stats';

export const PHASES = ['send', 'compute', 'back-end overhead', 'transport / boundary', 'parse', 'apply', 'frame/tick wait', 'unattributed'] as const;
export type Phase = (typeof PHASES)[number];

export interface Decomposition {
  run: string; config: string; platform: string; transport: string;
  e2eMedian: number | null;
  phases: Record<Phase, number | null>;
}

const IDS: Record<string, { send?: string; wait?: string; call?: string; parse: string; apply: string; e2e: string }> = {
  native: { call: 'step.native.call', parse: 'step.native.parse', apply: 'step.unity.apply', e2e: 'step.unity.e2e' },
  socket: { send: 'step.socket.send', wait: 'step.socket.wait', parse: 'step.socket.parse', apply: 'step.unity.apply', e2e: 'step.unity.e2e' },
  wasm: { call: 'step.web.wasm.call', parse: 'step.web.wasm.parse', apply: 'step.web.apply', e2e: 'step.web.e2e' },
  websocket: { send: 'step.web.ws.send', wait: 'step.web.ws.wait', parse: 'step.web.ws.parse', apply: 'step.web.apply', e2e: 'step.web.e2e' },
};

export function decompose(stats: SeriesStats[], run: string, config: string, platform: string, transport: string): Decomposition | null {
  const ids = IDS[transport];
  if (!ids) return null;
  const fe = (id: string | undefined) => (id ? findSeries(stats, run, config, transport, 'frontend', id)?.median ?? null : null);
  const be = (id: string) => findSeries(stats, run, config, transport, 'backend', id)?.median ?? null;
  const service = be('step.service');
  const diff = (a: number | null, b: number | null) => (a === null ? null : Math.max(0, a - (b ?? 0)));
  const phases: Record<Phase, number | null> = {
    send: fe(ids.send),
    compute: be('step.compute'),
    'back-end overhead': be(OVERHEAD_ID),
    'transport / boundary': ids.wait ? diff(fe(ids.wait), service) : diff(fe(ids.call), service),
    parse: fe(ids.parse),
    apply: fe(ids.apply),
    'frame/tick wait': fe('step.frame.wait'),
    unattributed: null,
  };
  const e2e = fe(ids.e2e);
  if (Object.values(phases).every((v) => v === null) && e2e === null) return null;
  const sum = PHASES.reduce((a, p) => a + (phases[p] ?? 0), 0);
  phases.unattributed = e2e === null ? null : Math.max(0, e2e - sum);
  return { run, config, platform, transport, e2eMedian: e2e, phases };
}
