// Types of engine.mjs: the engine facade shared by the Kotlin/Wasm and Kotlin/JS builds (collektive-wasm/README.md).
import type { EngineState } from './state.mjs';

export type { EngineState } from './state.mjs';
export { decodeStateBuffer } from './state.mjs';

/**
 * Aggregate program every device runs: a spec (`name` or `name:key=value,...`, names ignore case: `euclidean`,
 * `hop`, `gossipMax`, `boundedElection:bound=3`, `countDevices`, `channel:destination=9,width=1`,
 * `neighborCounter`, see docs/programs.md) or an index into the registry's order.
 */
export type Program = string | number;

/**
 * One loaded engine module. Engines are addressed by integer handles. Every method throws an `Error` carrying the
 * engine's message (naming the argument and the value) on bad input or an unknown handle; none leaves the
 * engine half-updated.
 */
export interface EngineFacade {
  /** Which build is behind the facade. */
  readonly kind: 'wasm' | 'js';
  /** Does nothing: the floor of one JS → engine call. */
  noop(): void;
  /** A new engine of `nodeCount` devices at (0, 0, 0), neighbour radius `maxDistance`; returns its handle. */
  create(nodeCount: number, maxDistance: number, program?: Program): number;
  destroy(handle: number): void;
  /** null when `spec` names a program an engine of `nodeCount` devices can run, else the engine's reason. */
  checkProgram(spec: string, nodeCount: number): string | null;
  /** The registered program names, in registry order. */
  programs(): string[];
  /** Number of live engines. */
  liveCount(): number;
  nodeCount(handle: number): number;
  roundsRun(handle: number): number;
  setSource(handle: number, node: number, isSource?: boolean): void;
  isSource(handle: number, node: number): boolean;
  clearSources(handle: number): void;
  maxDistance(handle: number): number;
  /** Applies from the next round. */
  setMaxDistance(handle: number, maxDistance: number): void;
  /** Link budget of each round: a round with more neighbour links fails (error, engine unchanged) before allocating. */
  setMaxLinks(handle: number, maxLinks: number): void;
  updatePosition(handle: number, node: number, x: number, y: number, z: number): void;
  /** All devices in one call: x0 y0 z0 x1 … (3 × nodeCount finite numbers). */
  updatePositions(handle: number, xyz: Float64Array | ArrayLike<number>): void;
  /** Runs `rounds` (default 1) aggregate rounds; timed (step.service, step.compute). */
  step(handle: number, rounds?: number): void;
  /** Runs `rounds` (default 1) rounds and returns the state; timed. */
  stepAndGetState(handle: number, rounds?: number): EngineState;
  /** The state of the last round (no step, not timed). */
  state(handle: number): EngineState;
  /** Runs `rounds` rounds and returns the binary state buffer of docs/reference-study.md (LE: int32 n, per node f64 value, int32 k, k × int32). */
  stepAndGetStateBuffer(handle: number, rounds?: number): Uint8Array;
  /** The binary state buffer of the last round (no step, not timed). */
  stateBuffer(handle: number): Uint8Array;
  value(handle: number, node: number): number;
  neighbors(handle: number, node: number): Int32Array;
  /** Seeded random layout of the scalable scenario (same bits on every build). */
  randomPositions(nodeCount: number, seed: number, meanDegree?: number, maxDistance?: number): Float64Array;
  /** The reference study's BFS-tree layout. */
  referencePositions(nodeCount?: number, maxDistance?: number): Float64Array;
  /** Back-end timings kept in memory as CSV `t_ns,id,duration_ns` (ids step.service, step.compute). */
  timingsCsv(): string;
  timingCount(): number;
  clearTimings(): void;
  setTimingEnabled(enabled: boolean): void;
}

/** The generated Kotlin/Wasm loader module (`collektive-wasm.uninstantiated.mjs`). */
export interface WasmLoaderModule {
  instantiate(imports?: object, runInitializer?: boolean): Promise<{ instance: WebAssembly.Instance; exports: Record<string, unknown> }>;
}

/**
 * Loads the Kotlin/Wasm build (needs WasmGC + exception handling: Chromium, Node >= 22): from the `.wasm` URL/path
 * (its loader beside it; default build/wasm/collektive-wasm.wasm) or from the loader module itself.
 */
export function loadWasmEngine(wasmUrlOrPathOrLoader?: string | URL | WasmLoaderModule): Promise<EngineFacade>;

/** Loads the Kotlin/JS build (any JS runtime). Default: build/js/collektive-wasm.mjs. */
export function loadJsEngine(moduleUrlOrPath?: string | URL): Promise<EngineFacade>;

