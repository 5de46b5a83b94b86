// The in-process path: the engine compiled to Kotlin/Wasm, loaded in this page (collektive-wasm facade).
import { WEB_IDS } from '../timing/ids';
import type { TimingRecorder } from '../timing/recorder';
import { loadFacade, type Facade, type FacadeSim } from './wasmFacade';
import type { LiveEngine, StepOutcome } from './types';
import type { SceneLayouts } from './layouts';
import { isReferenceProgram, ProgramError, REFERENCE_PROGRAM } from './programs';

/** Calls per floor sample: performance.now() ticks every 5 µs, a single no-op call lasts tens of ns. */
export const NOOP_BATCH = 10_000;

export class WasmEngine implements LiveEngine {
  readonly kind = 'wasm' as const;
  private facade: Facade | null = null;
  private sim: FacadeSim | null = null;

  async create(nodeCount: number, maxDistance: number, sources: Iterable<number>, program: string = REFERENCE_PROGRAM): Promise<void> {
    this.facade ??= await loadFacade();
    // The registry's check first: a refused spec leaves the running simulation as it was.
    const problem = this.facade.checkProgram(program, nodeCount);
    if (problem !== null) throw new ProgramError(program, problem);
    const sim = isReferenceProgram(program) ? this.facade.create(nodeCount, maxDistance) : this.facade.create(nodeCount, maxDistance, program);
    this.sim?.destroy();
    this.sim = sim;
    for (const s of sources) this.sim.setSource(s, true);
  }

  /** The facade this engine runs in holds the layouts too. */
  async layouts(): Promise<SceneLayouts> {
    this.facade ??= await loadFacade();
    return this.facade;
  }

  setSource(node: number, isSource: boolean): void {
    this.sim?.setSource(node, isSource);
  }

  step(positions: Float64Array, rec: TimingRecorder, done: (o: StepOutcome) => void): void {
    const sim = this.sim;
    if (!sim) throw new Error('no simulation');
    sim.updatePositions(positions);
    const t0 = performance.now();
    // The facade copies the state out of Wasm memory inside the call, already as the model's EngineState: nothing
    // is left to parse, and wasmParse records the (empty) hand-over, kept for symmetry with the ws path.
    const state = sim.stepAndGetState(1);
    const t1 = performance.now();
    const t2 = performance.now();
    rec.add(WEB_IDS.wasmCall, t0, t1);
    rec.add(WEB_IDS.wasmParse, t1, t2);
    done({ state, readyAt: t2 });
  }

  async floor(rec: TimingRecorder, samples: number): Promise<void> {
    this.facade ??= await loadFacade();
    const f = this.facade;
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      for (let k = 0; k < NOOP_BATCH; k++) f.noop();
      const t1 = performance.now();
      // One sample = mean duration of one call over the batch (the clock cannot resolve a single call).
      rec.add(WEB_IDS.wasmNoop, t0, t0 + (t1 - t0) / NOOP_BATCH);
    }
  }

  backendCsv(): string | null {
    return this.facade?.timingsCsv() ?? null;
  }

  clearBackendTimings(): void {
    this.facade?.clearTimings();
  }

  close(): void {
    this.sim?.destroy();
    this.sim = null;
  }
}
