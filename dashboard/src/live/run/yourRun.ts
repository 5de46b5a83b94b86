// "Your run beside ours": the web benchmark run in the visitor's browser, turned into files the dashboard loads as
// a run of its own (the upload path), and each path's cost next to the floors measured in the same page, so runs
// from different machines can be set side by side (docs/measurements.md, "Hardware-normalised comparison").
import type { ConfigEnvironment } from '../../model/runs';
import type { EngineKind } from '../model';
import { WEB_IDS } from '../timing/ids';
import type { BenchResult } from './benchHook';
import { parseTimingCsvText, series, stats, type TimingRow } from '../../../../measurement/src/analysis.mjs';
import { timingCsvDataLines } from '../../../../measurement/src/timingCsv.mjs';

/** What the page can tell about the machine it runs on. */
export interface VisitorEnvironment {
  browser: string;
  os: string;
  /** navigator.hardwareConcurrency (logical processors; null when the browser hides it) */
  cores: number | null;
  /** smallest positive step of performance.now() measured in this page */
  timerResolutionNs: number;
  crossOriginIsolated: boolean;
}

/** Browser and OS from a user-agent string (the common engines' tokens; "unknown" otherwise). */
export function describeUserAgent(ua: string): { browser: string; os: string } {
  const pick = (re: RegExp, name: string): string | null => { const m = re.exec(ua); return m ? `${name} ${m[1]}` : null; };
  const browser = pick(/Edg\/(\d+)/, 'Edge') ?? pick(/OPR\/(\d+)/, 'Opera') ?? pick(/Firefox\/(\d+)/, 'Firefox')
    ?? pick(/HeadlessChrome\/(\d+)/, 'Headless Chromium') ?? pick(/Chrom(?:e|ium)\/(\d+)/, 'Chromium')
    ?? pick(/Version\/(\d+)[.\d]* Safari/, 'Safari') ?? 'unknown browser';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad|iPod/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /CrOS/.test(ua) ? 'ChromeOS' : /Linux/.test(ua) ? 'Linux' : 'unknown OS';
  return { browser, os };
}

export function visitorEnvironment(result: Pick<BenchResult, 'userAgent' | 'timerResolutionNs' | 'crossOriginIsolated'>, cores: number | null): VisitorEnvironment {
  return { ...describeUserAgent(result.userAgent), cores, timerResolutionNs: result.timerResolutionNs, crossOriginIsolated: result.crossOriginIsolated };
}

/** The visitor's environment as the run record keeps it for their configuration (the Comparison's runs table). */
export const configEnvironment = (e: VisitorEnvironment): ConfigEnvironment =>
  ({ browser: e.browser, os: e.os, cores: e.cores, timerResolutionNs: e.timerResolutionNs });

export const describeEnvironment = (e: VisitorEnvironment): string =>
  `${e.browser}, ${e.os}, ${e.cores ?? '?'} cores, ${formatClock(e.timerResolutionNs)} clock${e.crossOriginIsolated ? '' : ' (not cross-origin isolated)'}`;

const formatClock = (ns: number): string => (ns >= 1000 ? `${+(ns / 1000).toFixed(1)} µs` : `${Math.round(ns)} ns`);

/**
 * The CSV texts without their header, concatenated under one header; lines cut as the parser cuts them (dropping
 * every CR and cutting at LF joined two rows where a lone CR ended one).
 */
const joinCsv = (...texts: (string | null | undefined)[]): string =>
  `t_ns,id,duration_ns\n${texts.filter((t): t is string => !!t).flatMap(timingCsvDataLines).map((l) => `${l}\n`).join('')}`;

/**
 * The run as the files the dashboard's upload loads (one batch = one configuration): per engine its front-end
 * timings (the in-page engine's with its back-end timings), and the floors. Names end as the Live view's export
 * (`web_<engine>_n<N>_<pacing>.csv`, docs/measurements.md); the part before says whose run it is and on what, and is
 * what the Comparison's run list shows for each file.
 */
export function runFiles(result: BenchResult, env: VisitorEnvironment, nodeCount: number, pacing: string): File[] {
  const who = `your run (${describeEnvironment(env)})`.replace(/[/\\]/g, '-');
  const files: File[] = [];
  for (const engine of Object.keys(result.frontend) as EngineKind[]) {
    const text = joinCsv(result.frontend[engine], engine === 'wasm' ? result.backendWasm : null);
    files.push(new File([text], `${who} web_${engine}_n${nodeCount}_${pacing}.csv`, { type: 'text/csv' }));
  }
  if (timingCsvDataLines(result.floors).length > 0) files.push(new File([joinCsv(result.floors)], `${who} floors_n${nodeCount}_${pacing}.csv`, { type: 'text/csv' }));
  return files;
}

/** Samples dropped at the start of each step id (the dashboard's default warm-up, as bench:web's analysis); floors keep all. */
export const WARMUP = 30;

/**
 * Median duration (ns) per id of CSV texts, by the reference analysis (measurement/src/analysis.mjs, as bench:web):
 * rows in time order, WARMUP samples dropped from each step id; floors keep all.
 */
export function mediansOfCsv(...texts: (string | null | undefined)[]): Map<string, number> {
  const rows = texts.flatMap((t) => (t ? parseTimingCsvText(t, 'your run') : []));
  const isFloor = (r: TimingRow) => r.id.startsWith('floor.');
  const byId = [...series(rows.filter((r) => !isFloor(r)), WARMUP), ...series(rows.filter(isFloor), 0)];
  return new Map(byId.filter(([, v]) => v.length > 0).map(([id, v]) => [id, stats(v).median]));
}

/** One path's cost: which id, which floor it is divided by. */
export interface NormalisedRowSpec { label: string; id: string; fallbackId?: string; floor: 'noop' | 'echo'; holds: boolean }

/**
 * The rows of the comparison. `holds`: whether the cost is dominated by the same kind of work as its floor, so that
 * the multiple carries over between machines (docs/measurements.md, "Hardware-normalised comparison").
 */
export const NORMALISED_ROWS: readonly NormalisedRowSpec[] = [
  { label: 'in-process e2e per step (Wasm)', id: WEB_IDS.e2eBlock, fallbackId: WEB_IDS.e2e, floor: 'noop', holds: false },
  { label: 'out-of-process e2e per step (WebSocket)', id: WEB_IDS.e2e, floor: 'echo', holds: false },
  { label: 'out-of-process wait for the state (WebSocket)', id: WEB_IDS.wsWait, floor: 'echo', holds: true },
];

export interface NormalisedCell { rawNs: number | null; multiple: number | null; id: string | null }
export interface Floors { noopNs: number | null; echoNs: number | null }

/**
 * The medians of one run (per engine: front-end ids differ in meaning only by engine, e.g. step.web.e2e) as cells:
 * raw ns and the multiple of the floor of the same page.
 */
export function normalise(medians: { wasm: Map<string, number> | null; websocket: Map<string, number> | null; floors: Map<string, number> }):
  { floors: Floors; cells: NormalisedCell[] } {
  const floors: Floors = { noopNs: medians.floors.get(WEB_IDS.wasmNoop) ?? null, echoNs: medians.floors.get(WEB_IDS.wsEcho) ?? null };
  const cells = NORMALISED_ROWS.map((r) => {
    const m = r.floor === 'noop' ? medians.wasm : medians.websocket;
    const id = m?.has(r.id) ? r.id : r.fallbackId && m?.has(r.fallbackId) ? r.fallbackId : null;
    const rawNs = id ? m!.get(id)! : null;
    const floor = r.floor === 'noop' ? floors.noopNs : floors.echoNs;
    return { rawNs, multiple: rawNs !== null && floor ? rawNs / floor : null, id };
  });
  return { floors, cells };
}
