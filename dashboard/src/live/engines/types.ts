// What the Live view needs from an engine, whichever side of a process boundary it lives on.
import type { EngineKind, EngineState } from '../model';
import type { TimingRecorder } from '../timing/recorder';
import type { SceneLayouts } from './layouts';

/** A finished step: the parsed state and when it became available to the frame loop (performance.now(), ms). */
export interface StepOutcome {
  state: EngineState;
  readyAt: number;
}

export interface LiveEngine {
  readonly kind: EngineKind;
  /**
   * (Re)creates the simulation: nodeCount devices, radius maxDistance, the given sources, every device running
   * `program` (a spec, docs/programs.md; default the reference program, euclidean). Rejects with a ProgramError
   * (engines/programs.ts) when the engine refuses the spec, leaving the previous simulation as it was.
   */
  create(nodeCount: number, maxDistance: number, sources: Iterable<number>, program?: string): Promise<void>;
  /** Where this engine's scenes take their layout: the engine's own (engines/layouts.ts). */
  layouts(): Promise<SceneLayouts>;
  setSource(node: number, isSource: boolean): void;
  /**
   * Sends the current positions and runs one round; `done` is called with the parsed state, synchronously for
   * the in-page engine, from the message event for the WebSocket. Records the engine-side front-end timings
   * (call/parse or send/wait/parse) in `rec`.
   */
  step(positions: Float64Array, rec: TimingRecorder, done: (outcome: StepOutcome) => void): void;
  /** Measures this engine's floor (no-op call or echo round trip) `samples` times into `rec`. */
  floor(rec: TimingRecorder, samples: number): Promise<void>;
  /** The back-end timing CSV kept by the engine in this page (Wasm facade), or null (the server writes its own). */
  backendCsv(): string | null;
  close(): void;
}
