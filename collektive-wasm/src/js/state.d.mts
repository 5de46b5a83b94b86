// Types of state.mjs: an engine state and its readers (collektive-wasm/README.md).

/**
 * An engine state as flat typed arrays (copies: later calls never change them); Kotlin and C# call it EngineState
 * too. Node i has value `values[i]` (+Infinity when unreachable) and neighbours
 * `neighborIds.subarray(neighborOffsets[i], neighborOffsets[i + 1])`, ascending, self excluded.
 */
export interface EngineState {
  nodeCount: number;
  values: Float64Array;
  /** nodeCount + 1 entries. */
  neighborOffsets: Int32Array;
  neighborIds: Int32Array;
}

/** Decodes the binary state buffer (docs/reference-study.md) into an EngineState; throws on truncated or trailing bytes. */
export function decodeStateBuffer(bytes: Uint8Array | ArrayBuffer): EngineState;

/** The batched positions buffer (LE int32 n, then xyz as float64), `n` by default the devices in `xyz`. */
export function encodePositionsBuffer(xyz: ArrayLike<number>, n?: number): Uint8Array;

/** A binary step request, the positions inside it (docs/protocol.md, "Binary messages (Node)"). */
export function encodeStepBuffer(rid: number, xyz: ArrayLike<number>, options?: { stepCount?: number; n?: number; reserved?: number }): Uint8Array;

/** The `values` array of a JSON step reply (`[{ value, neighbors }]`, Infinity already numeric) as an EngineState. */
export function stateFromJsonValues(entries: ReadonlyArray<{ value: number; neighbors: ArrayLike<number> }>): EngineState;

/** JSON.parse of a step reply that may hold bare `Infinity` (docs/protocol.md). */
export function parseJsonWithInfinity(text: string): unknown;
