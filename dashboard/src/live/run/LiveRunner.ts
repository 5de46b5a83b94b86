// Drives one engine and the scene: pacing, positions, sources, timings. No React here: the page wraps it, and the
// benchmark hook (run/benchHook.ts) drives the same object, so measured runs go through the code users watch.
import type { EngineKind, Pacing, ScenarioKind, EngineState, WsEncoding } from '../model';
import { scenarioPositions } from '../engines/layouts';
import { DeviceScene } from '../scene/DeviceScene';
import { WEB_IDS } from '../timing/ids';
import { TimingRecorder, median } from '../timing/recorder';
import type { LiveEngine, StepOutcome } from '../engines/types';
import { WasmEngine } from '../engines/wasmEngine';
import { WsEngine } from '../engines/wsEngine';
import { programOutput, REFERENCE_PROGRAM } from '../engines/programs';

export interface LiveConfig {
  engine: EngineKind;
  pacing: Pacing;
  nodeCount: number;
  maxDistance: number;
  scenario: ScenarioKind;
  seed: number;
  wsUrl: string;
  encoding: WsEncoding;
  /** The aggregate program every device runs: a spec (docs/programs.md), default the reference program. */
  program: string;
  /**
   * Steps kept in flight under free pacing (1: the reference protocol). With k > 1 the loop sends until k steps
   * are unanswered and applies each reply in order, so the scene shows results k − 1 steps late (docs/network.md,
   * "Pipelining"). The in-page engine answers at once, so only the WebSocket engine ever has more than one.
   */
  inFlight?: number;
}

export const DEFAULT_CONFIG: LiveConfig = {
  engine: 'wasm', pacing: 'frame', nodeCount: 10, maxDistance: 3, scenario: 'random', seed: 1,
  wsUrl: 'ws://127.0.0.1:8787', encoding: 'json', program: REFERENCE_PROGRAM,
};

/** Target duration of one e2e block: long against the 5 µs clock tick, short enough to keep the page responsive. */
const BLOCK_TARGET_MS = 2;
const MAX_BLOCK_STEPS = 200;
/** Recent per-step e2e samples that size a block. */
const BLOCK_SIZING_WINDOW = 2000;

export class LiveRunner {
  readonly scene: DeviceScene;
  rec = new TimingRecorder();
  config: LiveConfig = { ...DEFAULT_CONFIG };
  positions: Float64Array = new Float64Array(0);
  sources = new Set<number>([0]);
  engine: LiveEngine | null = null;
  /** Last applied state (what the scene shows). */
  state: EngineState | null = null;
  steps = 0;
  running = false;
  error: string | null = null;
  /** When false the frame loop skips drawing (floors are measured without a large scene's render in the way). */
  drawing = true;

  /** Start times (performance.now()) of the steps sent and not yet applied, oldest first. */
  private starts: number[] = [];
  private ready: StepOutcome | null = null;
  private raf = 0;
  private readonly channel = new MessageChannel();
  private target = Infinity;
  private finished: (() => void) | null = null;
  private generation = 0;
  private dirtyPositions = false;
  /** Inside measureE2eBlocks: steps are driven by its loop, not scheduled, and listeners are not notified. */
  private inBlock = false;
  private readonly listeners = new Set<() => void>();

  constructor(canvas: HTMLCanvasElement) {
    this.scene = new DeviceScene(canvas);
    this.channel.port1.onmessage = () => this.freeTick();
    const frame = () => { this.raf = requestAnimationFrame(frame); this.frameTick(); };
    this.raf = requestAnimationFrame(frame);
  }

  /** Called after every applied state and on configuration changes (UI refresh is throttled by the caller). */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private notify(): void {
    for (const fn of this.listeners) fn();
  }

  /**
   * Applies a configuration: new engine and/or new simulation when needed. Stops stepping while it sets up.
   * Resolves false when a later configure() superseded this one (its caller must not start steps then).
   */
  async configure(next: Partial<LiveConfig>, { keepSources = false } = {}): Promise<boolean> {
    const prev = this.config;
    const c = { ...prev, ...next };
    this.config = c;
    const generation = ++this.generation;
    const wasRunning = this.running;
    this.pause();
    this.starts = [];
    this.ready = null;
    try {
      const engineChanged = !this.engine || c.engine !== prev.engine || c.wsUrl !== prev.wsUrl || c.encoding !== prev.encoding;
      if (engineChanged) {
        this.engine?.close();
        this.engine = c.engine === 'wasm' ? new WasmEngine() : new WsEngine(c.wsUrl, c.encoding);
      }
      if (!keepSources) this.sources = new Set([0]);
      // The layout is the engine's (engines/layouts.ts): the first scene of a WebSocket engine waits for its module.
      const positions = scenarioPositions(await this.engine!.layouts(), c);
      if (generation !== this.generation) return false;
      this.positions = positions;
      await this.engine!.create(c.nodeCount, c.maxDistance, this.sources, c.program);
      if (generation !== this.generation) return false;
      this.scene.reset(this.positions, this.sources);
      this.scene.output = programOutput(c.program);
      this.state = null;
      this.steps = 0;
      this.error = null;
      this.rec = new TimingRecorder(); // timings of different configurations are never mixed
    } catch (e) {
      this.error = e instanceof Error ? e.message : String(e);
      this.notify();
      throw e;
    }
    if (wasRunning) this.start();
    this.notify();
    return true;
  }

  private get inFlight(): boolean {
    return this.starts.length > 0;
  }

  /** Steps to keep in flight now: the configured k under free pacing (never past a runSteps target), else 1. */
  private window(): number {
    const k = this.config.pacing === 'free' && !this.inBlock ? Math.max(1, this.config.inFlight ?? 1) : 1;
    return Math.max(1, Math.min(k, this.target - this.steps));
  }

  start(): void {
    this.running = true;
    this.target = Infinity;
    if (this.config.pacing === 'free') this.scheduleFree();
    this.notify();
  }

  /** Stops stepping; a runSteps still waiting resolves (its steps will not all run). */
  pause(): void {
    this.running = false;
    const f = this.finished;
    this.finished = null;
    f?.();
    this.notify();
  }

  /** Runs exactly `rounds` more steps under the current pacing; resolves once the last state is applied (or on pause). */
  runSteps(rounds: number): Promise<void> {
    return new Promise((resolve) => {
      this.target = this.steps + rounds;
      this.finished = resolve;
      this.running = true;
      if (this.config.pacing === 'free') this.scheduleFree();
    });
  }

  toggleSource(node: number): void {
    if (this.sources.has(node)) this.sources.delete(node); else this.sources.add(node);
    this.engine?.setSource(node, this.sources.has(node));
    this.scene.setSources(this.sources);
    this.notify();
  }

  moveDevice(node: number, x: number, y: number, z = this.positions[3 * node + 2]): void {
    this.positions[3 * node] = x;
    this.positions[3 * node + 1] = y;
    this.positions[3 * node + 2] = z;
    this.scene.moveDevice(node, x, y, z, this.sources);
    this.dirtyPositions = true;
  }

  /** Measures both floors available in this page (the current engine's, and the other one's if reachable). */
  async measureFloors(rec: TimingRecorder, samples: number, kinds: EngineKind[]): Promise<void> {
    for (const kind of kinds) {
      const e = kind === 'wasm' ? new WasmEngine() : new WsEngine(this.config.wsUrl, 'json');
      try { await e.floor(rec, samples); } finally { e.close(); }
    }
  }

  /**
   * `step.web.e2e.block`: `blocks` samples, each the mean e2e of `k` back-to-back steps run in one task through the
   * same startStep → apply path as free pacing (the per-step samples go to a scratch recorder). The page clock ticks
   * every 5 µs, so a step of a few µs is only resolved as a mean over a block, as the no-op floor is. Needs an
   * engine that answers synchronously (the in-page one); steps advance the simulation like any other. K defaults to
   * a block of ≈ 2 ms (1..200 steps) from the recent per-step e2e median, or from a 10-step probe when there is none.
   * Resolves with the K used.
   */
  async measureE2eBlocks(rec: TimingRecorder, blocks: number, k?: number): Promise<number> {
    if (this.engine?.kind !== 'wasm') throw new Error('block timing needs the in-page (Wasm) engine');
    if (k === undefined) {
      let e2eMs = median(this.rec.durations(WEB_IDS.e2e, BLOCK_SIZING_WINDOW));
      if (!Number.isFinite(e2eMs)) {
        const probe = new TimingRecorder();
        await this.measureE2eBlocks(probe, 1, 10);
        e2eMs = median(probe.durations(WEB_IDS.e2eBlock));
      }
      k = Math.max(1, Math.min(MAX_BLOCK_STEPS, Math.round(BLOCK_TARGET_MS / Math.max(e2eMs, 1e-3))));
    }
    if (!Number.isInteger(blocks) || blocks < 1 || !Number.isInteger(k) || k < 1) throw new Error(`bad block size ${blocks} × ${k}`);
    const main = this.rec;
    const scratch = new TimingRecorder();
    const generation = this.generation;
    this.pause();
    this.rec = scratch;
    this.inBlock = true;
    try {
      for (let b = 0; b < blocks; b++) {
        const t0 = performance.now();
        for (let i = 0; i < k; i++) {
          this.startStep();
          if (this.inFlight || this.error) throw new Error(this.error ?? 'the engine did not answer synchronously');
        }
        const t1 = performance.now();
        rec.add(WEB_IDS.e2eBlock, t0, t0 + (t1 - t0) / k);
        scratch.clear();
        // Between blocks the page gets to render and handle input, as between free-paced steps.
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (generation !== this.generation) throw new Error('reconfigured during block timing');
      }
    } finally {
      this.inBlock = false;
      if (this.rec === scratch) this.rec = main;
      this.notify();
    }
    return k;
  }

  // --- the step loop -------------------------------------------------------------------------------------------

  private startStep(): void {
    const engine = this.engine;
    if (!engine) return;
    this.starts.push(performance.now());
    const generation = this.generation;
    try {
      engine.step(this.positions, this.rec, (o) => {
        if (generation !== this.generation) return;
        this.ready = o;
        if (this.config.pacing === 'free' || this.inBlock) this.applyReady();
      });
    } catch (e) {
      this.starts = [];
      this.running = false;
      this.error = e instanceof Error ? e.message : String(e);
      this.notify();
    }
  }

  private applyReady(): void {
    const o = this.ready;
    if (!o) return;
    this.ready = null;
    const pickup = performance.now();
    this.rec.add(WEB_IDS.frameWait, o.readyAt, pickup);
    this.scene.apply(o.state);
    const applied = performance.now();
    this.rec.add(WEB_IDS.apply, pickup, applied);
    this.rec.add(WEB_IDS.e2e, this.starts.shift() ?? pickup, applied);
    this.state = o.state;
    this.steps += 1;
    if (this.steps >= this.target) {
      this.running = false;
      this.target = Infinity;
      const f = this.finished;
      this.finished = null;
      f?.();
    } else if (this.config.pacing === 'free' && this.running) {
      this.scheduleFree();
    }
    if (!this.inBlock) this.notify();
  }

  private scheduleFree(): void {
    if (this.starts.length < this.window()) this.channel.port2.postMessage(0);
  }

  private freeTick(): void {
    if (!this.running || this.config.pacing !== 'free' || this.starts.length >= this.window()) return;
    this.startStep();
    // Pipelined: the next request goes out in its own task, so replies already arrived are handled in between.
    if (this.running && this.starts.length < this.window() && !this.error) this.scheduleFree();
  }

  private frameTick(): void {
    if (this.config.pacing === 'frame') {
      // A response that arrived since the last frame is applied now (its wait is frame quantization);
      // then one step per frame; the in-page engine answers at once and is applied in this same frame.
      if (this.ready) this.applyReady();
      if (this.running && !this.inFlight) {
        this.startStep();
        if (this.ready) this.applyReady();
      }
    }
    if (this.dirtyPositions && !this.running && this.state) {
      this.scene.apply(this.state);
      this.dirtyPositions = false;
    }
    if (this.drawing) this.scene.render();
  }

  dispose(): void {
    cancelAnimationFrame(this.raf);
    this.generation += 1;
    this.running = false;
    this.channel.port1.close();
    this.engine?.close();
    this.scene.dispose();
  }
}
