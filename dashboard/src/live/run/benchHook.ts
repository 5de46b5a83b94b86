// Programmatic hooks for the benchmark script and the browser tests (window.__bench, window.__live). They drive
// the same LiveRunner as the controls, so measured runs include the real WebGL apply.
import type { EngineKind, Pacing, ScenarioKind, WsEncoding } from '../model';
import { TimingRecorder, measureTimerResolutionNs, median } from '../timing/recorder';
import { WasmEngine, NOOP_BATCH } from '../engines/wasmEngine';
import { WsEngine } from '../engines/wsEngine';
import type { LiveRunner } from './LiveRunner';
import { REFERENCE_PROGRAM } from '../engines/programs';

export interface BenchConfig {
  nodeCount: number;
  pacing: Pacing;
  rounds: number;
  engines?: EngineKind[];
  maxDistance?: number;
  scenario?: ScenarioKind;
  /** Seed of the random scenario (default 1). */
  seed?: number;
  wsUrl: string;
  encoding?: WsEncoding;
  /** The aggregate program's spec (docs/programs.md); default the reference program, euclidean. */
  program?: string;
  /** Steps kept in flight under free pacing (WebSocket engine; default 1, the reference protocol). */
  inFlight?: number;
  floorSamples?: number;
  /** step.web.e2e.block samples after the rounds (in-page engine, free pacing); 0 = none. Default 250. */
  e2eBlocks?: number;
  /** K of step.web.e2e.block; sized from this run's median e2e when absent (a later invocation reuses the first's K). */
  e2eBlockSteps?: number;
  /** Animation frames timed for framePeriodMs before the run (default 60, about a second). */
  framePeriodFrames?: number;
}

export interface BenchResult {
  /** Front-end CSV per engine (web_wasm.csv, web_websocket.csv). */
  frontend: Partial<Record<EngineKind, string>>;
  /** Back-end CSV of the in-page Wasm engine (wasm.csv); null when the Wasm engine was not run. */
  backendWasm: string | null;
  /** floor.web.wasm.noop and floor.web.ws.echo (floors.csv). */
  floors: string;
  noopBatch: number;
  /** Steps per step.web.e2e.block sample (from the run's median e2e), null when no blocks were timed. */
  e2eBlockSteps: number | null;
  timerResolutionNs: number;
  /** Median interval between animation frames (ms), measured before the run. */
  framePeriodMs: number;
  crossOriginIsolated: boolean;
  userAgent: string;
  /** Last state per engine, for checks. */
  lastValues: Partial<Record<EngineKind, number[]>>;
  /** Mean neighbour count of the last state (the scenario's density as the engine saw it). */
  meanDegree: number | null;
  /** WebSocket replies that answered no pending step (dropped, not timed); 0 unless something is wrong. */
  staleReplies: number;
}

export type Progress = (p: { engine: EngineKind; steps: number; rounds: number }) => void;

declare global {
  interface Window {
    /** `ready`: the view's own first configuration and preview steps are over; a bench run started before would be
     * superseded by them, so drivers wait for it. */
    __bench?: { run(config: BenchConfig): Promise<BenchResult>; ready: boolean };
    __live?: {
      runner: LiveRunner;
      state(): { steps: number; values: Array<number | 'Infinity'>; neighbors: number[][] } | null;
      pixelStats(): ReturnType<LiveRunner['scene']['pixelStats']>;
      /** Test vector ops: all positions at once, one source flag, no sources. */
      setPositions(xyz: number[]): void;
      setSource(node: number, isSource: boolean): void;
      clearSources(): void;
      /** Client-space point of device i, and of a world point (for pointer tests). */
      deviceClient(i: number): [number, number];
      worldToClient(x: number, y: number): [number, number];
      sources(): number[];
    };
    __benchProgress?: Progress;
  }
}

/** Median requestAnimationFrame interval over `frames` frames (ms). */
function framePeriod(frames: number): Promise<number> {
  return new Promise((resolve) => {
    const stamps: number[] = [];
    const tick = (t: number) => {
      stamps.push(t);
      if (stamps.length <= frames) requestAnimationFrame(tick);
      else resolve(median(stamps.slice(1).map((x, i) => x - stamps[i])));
    };
    requestAnimationFrame(tick);
  });
}

/**
 * Runs the web benchmark in this page through `runner` (the same runner and scene users see): each engine for
 * `rounds` steps, the in-page engine's e2e blocks, then both floors. The page's "your run" button and
 * window.__bench.run (bench:web, tests) call this.
 */
export async function runBench(runner: LiveRunner, config: BenchConfig, onProgress?: Progress): Promise<BenchResult> {
  const engines = config.engines ?? ['wasm', 'websocket'];
  const result: BenchResult = {
    frontend: {}, backendWasm: null, floors: '', noopBatch: NOOP_BATCH, e2eBlockSteps: null,
    timerResolutionNs: measureTimerResolutionNs(), framePeriodMs: await framePeriod(config.framePeriodFrames ?? 60), crossOriginIsolated: window.crossOriginIsolated,
    userAgent: navigator.userAgent, lastValues: {}, meanDegree: null, staleReplies: 0,
  };
  for (const engine of engines) {
    const applied = await runner.configure({
      engine, pacing: config.pacing, nodeCount: config.nodeCount, maxDistance: config.maxDistance ?? 3,
      scenario: config.scenario ?? 'reference', seed: config.seed ?? 1, wsUrl: config.wsUrl, encoding: config.encoding ?? 'json',
      inFlight: config.inFlight ?? 1, program: config.program ?? REFERENCE_PROGRAM,
    });
    if (!applied) throw new Error('the Live view was reconfigured while the bench configured it');
    if (runner.engine instanceof WasmEngine) runner.engine.clearBackendTimings();
    const progress = onProgress ?? window.__benchProgress;
    const off = progress ? runner.subscribe(() => {
      if (runner.steps % 50 === 0) progress({ engine, steps: runner.steps, rounds: config.rounds });
    }) : () => {};
    await runner.runSteps(config.rounds);
    off();
    if (runner.engine instanceof WasmEngine) {
      result.backendWasm = runner.engine.backendCsv();
      const blocks = config.e2eBlocks ?? 250;
      if (config.pacing === 'free' && blocks > 0) {
        result.e2eBlockSteps = await runner.measureE2eBlocks(runner.rec, blocks, config.e2eBlockSteps);
        runner.engine.clearBackendTimings(); // the blocks' back-end samples are not part of the rounds
      }
    }
    if (runner.engine instanceof WsEngine) result.staleReplies += runner.engine.staleReplies;
    result.frontend[engine] = runner.rec.toCsv();
    result.lastValues[engine] = runner.state ? Array.from(runner.state.values) : [];
    if (runner.state) result.meanDegree = runner.state.neighborIds.length / runner.state.values.length;
  }
  // Floors after the runs, in a warm page (measured right after the page loaded, the echo round trip came out
  // ~1.5× slower, which would flatter transport / echo), with drawing paused: a floor is the round trip with
  // nothing in its way, while a large scene's render (≈ 16 ms a frame at N = 1000 in software GL) delays every
  // message event; that delay belongs to the steps' transport, where it happens.
  const floorsRec = new TimingRecorder();
  runner.drawing = false;
  try {
    await runner.measureFloors(floorsRec, config.floorSamples ?? Math.min(config.rounds, 1000), engines);
  } finally { runner.drawing = true; }
  result.floors = floorsRec.toCsv();
  return result;
}

/** Installs window.__live and window.__bench (not ready until `markReady`); `uninstall` removes them. */
export function installHooks(runner: LiveRunner): { markReady(): void; uninstall(): void } {
  window.__live = {
    runner,
    state() {
      const s = runner.state;
      if (!s) return null;
      const values = Array.from(s.values, (v) => (Number.isFinite(v) ? v : 'Infinity' as const));
      const neighbors = Array.from({ length: s.values.length }, (_, i) => Array.from(s.neighborIds.subarray(s.neighborOffsets[i], s.neighborOffsets[i + 1])));
      return { steps: runner.steps, values, neighbors };
    },
    pixelStats: () => runner.scene.pixelStats(),
    setPositions(xyz) {
      for (let i = 0; i < xyz.length / 3; i++) runner.moveDevice(i, xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
    },
    setSource(node, isSource) {
      if (runner.sources.has(node) !== isSource) runner.toggleSource(node);
    },
    clearSources() {
      for (const s of [...runner.sources]) runner.toggleSource(s);
    },
    deviceClient: (i) => runner.scene.deviceClient(i),
    worldToClient: (x, y) => runner.scene.toClient(x, y),
    sources: () => [...runner.sources].sort((x, y) => x - y),
  };
  const bench = { ready: false, run: (config: BenchConfig) => runBench(runner, config) };
  window.__bench = bench;
  return {
    markReady: () => { bench.ready = true; },
    uninstall: () => { delete window.__bench; delete window.__live; },
  };
}
